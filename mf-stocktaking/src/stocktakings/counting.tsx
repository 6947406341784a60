import {
  Button,
  ButtonGroup,
  Callout,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import {
  ConfirmEmptyPlaceDocument,
  CountStockDocument,
  StartStocktakingDocument,
  StocktakingDocument,
  StocktakingPlaceByBarcodeDocument,
  StocktakingPlaceDocument,
  StocktakingPlacesDocument,
  StocktakingProductsByEanDocument,
  type StocktakingFieldsFragment,
  type StocktakingLineFieldsFragment,
  type StocktakingPlaceFieldsFragment,
} from '../graphql/generated';
import {
  can,
  EmptyState,
  errorText,
  graphqlProblem,
  Link,
  navigate,
  Page,
  problemText,
  queryState,
  RecordPage,
  ScannerField,
  TableScroll,
  ruleMessage,
  showToast,
  useApolloClient,
  useConfirm,
  useQuery,
  useTranslation,
  type PageProps,
  useFocusRequest,
} from '../shared-session';
import { dateTime, Progress, quantity, scopeText, StatusTags } from './format';

// /stocktaking/:id/edit, the counting screen, made for a hand scanner (a scanner is a keyboard
// that types the code and presses Enter): scan the place → Enter → the place's lines show
// (without expected quantities in a blind count) → scan the product's EAN (or type its SKU) →
// Enter (several matches: arrow keys and Enter pick one) → lot / best-before when the product
// needs them → counted quantity → Enter saves the count. The product field has the focus
// again for the place's next product; an empty Enter there goes to the next place. Other
// counters' counts arrive by RecordChanged and show in the place's lines and the place list.

/** What a scanned code can mean on a place: one of its lines, or a product found there anew. */
interface Candidate {
  key: string;
  product: {
    id: string | number;
    sku: string;
    name: string;
    lotTracked: boolean;
    bestBefore: boolean;
  };
  lot: string;
  bestBefore: string | null;
  /** The line counted (an expected or an earlier found one); null for stock found anew. */
  line: StocktakingLineFieldsFragment | null;
}

type FieldName = 'place' | 'ean' | 'lot' | 'bestBefore' | 'quantity';

/** The server's input field → the screen's field. */
const FIELD_OF: Record<string, FieldName> = {
  placeId: 'place',
  barcode: 'place',
  productId: 'ean',
  lot: 'lot',
  bestBefore: 'bestBefore',
  quantity: 'quantity',
};

/** Rules with their own text in this module (others: the toolkit's, or the server's English). */
const OWN_RULES: Record<string, string> = {
  scope: 'stocktaking:rules.placeScope',
  client: 'stocktaking:rules.productClient',
};

/** A server refusal as texts per field of the screen (and the first one's name). */
function refusal(error: unknown): { fields: Partial<Record<FieldName, string>>; text: string } {
  const problem = graphqlProblem(error);
  const fields: Partial<Record<FieldName, string>> = {};
  for (const [serverField, list] of Object.entries(problem.fieldRules)) {
    const name = FIELD_OF[serverField.replace(/^input\./, '')];
    const first = list[0];
    if (!name || !first) continue;
    const rule = OWN_RULES[first.rule] ?? first.rule;
    fields[name] = errorText(ruleMessage(rule, first.params ?? undefined, first.message));
  }
  const texts = Object.values(fields);
  return { fields, text: texts.length > 0 ? texts.join(' ') : problemText(problem) };
}

/** The lines of the place being counted: expected ones (expected hidden when blind) and found. */
function PlaceLines({
  place,
  blind,
  onChoose,
}: {
  place: StocktakingPlaceFieldsFragment;
  blind: boolean;
  onChoose: (line: StocktakingLineFieldsFragment) => void;
}) {
  const { t } = useTranslation('stocktaking');
  const caption = `${t('stocktaking:counting.lines')}: ${place.place.path}`;
  return (
    <section className="kontor-stocktaking-place" aria-label={caption}>
      <h3 className="bp6-heading">
        {place.place.path}{' '}
        <Tag minimal intent={place.counted ? Intent.SUCCESS : Intent.NONE}>
          {place.counted
            ? `${t('stocktaking:counting.placeCounted')}${place.countedByName ? ` · ${place.countedByName}` : ''}`
            : t('stocktaking:counting.placeOpen')}
        </Tag>
      </h3>
      {place.lines.length === 0 ? (
        <p className="bp6-text-muted">{t('stocktaking:counting.noLines')}</p>
      ) : (
        <TableScroll label={caption}>
          <HTMLTable compact striped aria-label={caption}>
            <thead>
              <tr>
                <th>{t('stocktaking:fields.sku')}</th>
                <th>{t('stocktaking:fields.product')}</th>
                <th>{t('stocktaking:fields.lot')}</th>
                <th>{t('stocktaking:fields.bestBefore')}</th>
                {blind ? null : <th>{t('stocktaking:fields.expected')}</th>}
                <th>{t('stocktaking:fields.counted')}</th>
                <th>{t('stocktaking:fields.countedBy')}</th>
                <th aria-label={t('stocktaking:count')} />
              </tr>
            </thead>
            <tbody>
              {place.lines.map((line) => (
                <tr key={line.id}>
                  <td>{line.product.sku}</td>
                  <td>
                    {line.product.name}{' '}
                    {line.found ? (
                      <Tag minimal intent={Intent.WARNING}>
                        {t('stocktaking:counting.found')}
                      </Tag>
                    ) : null}
                  </td>
                  <td>{line.lot}</td>
                  <td>{line.bestBefore ?? ''}</td>
                  {blind ? null : (
                    <td>{line.expectedQuantity === null ? '' : quantity(line.expectedQuantity)}</td>
                  )}
                  <td>{line.countedQuantity === null ? '' : quantity(line.countedQuantity)}</td>
                  <td>
                    {line.countedByName ?? ''}
                    {line.countedAt ? ` · ${dateTime(line.countedAt)}` : ''}
                  </td>
                  <td>
                    <Button
                      size="small"
                      variant="minimal"
                      icon="numerical"
                      aria-label={t('stocktaking:counting.chooseLine', { sku: line.product.sku })}
                      title={t('stocktaking:counting.chooseLine', { sku: line.product.sku })}
                      onClick={() => onChoose(line)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
    </section>
  );
}

const PLACES_PAGE = 50;

/** The stocktaking's places in walking order, counted or open, with who counted them. */
function PlaceList({ stocktakingId, onChange }: { stocktakingId: string; onChange: () => void }) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const [onlyOpen, setOnlyOpen] = useState(false);
  const [page, setPage] = useState(1);
  const { data, loading } = useQuery(StocktakingPlacesDocument, {
    variables: {
      id: stocktakingId,
      page: { page, pageSize: PLACES_PAGE },
      filter: onlyOpen ? { counted: false } : null,
    },
  });
  const list = data?.stocktakingPlaces;
  // A count anywhere evicts the cached list pages: the new page means the progress moved too.
  useEffect(() => {
    if (list) onChange();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only a new answer counts
  }, [list]);
  const pages = Math.max(1, Math.ceil((list?.total ?? 0) / PLACES_PAGE));
  const title = t('stocktaking:counting.places');
  return (
    <section className="kontor-stocktaking-places" aria-label={title}>
      <div className="kontor-stocktaking-places-head">
        <h3 className="bp6-heading">{title}</h3>
        <Switch
          checked={onlyOpen}
          label={t('stocktaking:counting.onlyOpen')}
          onChange={(event) => {
            setOnlyOpen(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </div>
      {loading && !list ? <Spinner size={24} /> : null}
      {list && list.items.length === 0 ? <EmptyState /> : null}
      {list && list.items.length > 0 ? (
        <TableScroll label={title}>
          <HTMLTable compact striped aria-label={title}>
            <thead>
              <tr>
                <th>{t('stocktaking:fields.place')}</th>
                <th>{t('stocktaking:fields.status')}</th>
                <th>{t('stocktaking:counting.lines')}</th>
                <th>{t('stocktaking:fields.countedBy')}</th>
                <th>{t('stocktaking:fields.countedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  <td>{item.place.path}</td>
                  <td>
                    <Tag minimal intent={item.counted ? Intent.SUCCESS : Intent.NONE}>
                      {item.counted
                        ? t('stocktaking:counting.placeCounted')
                        : t('stocktaking:counting.placeOpen')}
                    </Tag>
                  </td>
                  <td>{quantity(item.lines.length)}</td>
                  <td>{item.countedByName ?? ''}</td>
                  <td>{dateTime(item.countedAt)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      ) : null}
      {pages > 1 ? (
        <ButtonGroup>
          <Button
            icon="chevron-left"
            disabled={page <= 1}
            aria-label={t('ui:previous')}
            onClick={() => setPage(page - 1)}
          />
          <Button disabled text={`${page} / ${pages}`} />
          <Button
            icon="chevron-right"
            disabled={page >= pages}
            aria-label={t('ui:next')}
            onClick={() => setPage(page + 1)}
          />
        </ButtonGroup>
      ) : null}
    </section>
  );
}

/** The field after the product: its lot, its best-before date, or the quantity. */
function afterChoice(candidate: Candidate): FieldName {
  if (candidate.line) return 'quantity';
  if (candidate.product.lotTracked) return 'lot';
  return candidate.product.bestBefore ? 'bestBefore' : 'quantity';
}

/** Arrow keys walk the choices; Enter (the button's own click) picks one. */
function onPickKey(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const buttons = [
    ...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('button') ?? []),
  ];
  const at = buttons.indexOf(event.currentTarget);
  const next =
    buttons[(at + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length];
  next?.focus();
}

/** The scanner form of a running stocktaking. */
function Counter({ stocktaking }: { stocktaking: StocktakingFieldsFragment }) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const client = useApolloClient();
  const stocktakingId = String(stocktaking.id);
  // The place scanned: its answer shows at once, then its own query keeps it current.
  const [scanned, setScanned] = useState<StocktakingPlaceFieldsFragment | null>(null);
  const placeId = scanned ? String(scanned.place.id) : null;
  const [candidates, setCandidates] = useState<Candidate[]>([]);
  const [chosen, setChosen] = useState<Candidate | null>(null);
  const [lot, setLot] = useState('');
  const [bestBefore, setBestBefore] = useState('');
  const [count, setCount] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [result, setResult] = useState<{ intent: Intent; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // The place as the server has it now: another counter's count refetches it (RecordChanged).
  const place =
    useQuery(StocktakingPlaceDocument, {
      variables: { stocktakingId, placeId: placeId ?? '' },
      skip: !placeId,
    }).data?.stocktakingPlace ?? scanned;
  // A scanner types the product's code before the place's answer is back: the product's
  // look-up waits for it and reads the newest place here.
  const pendingPlace = useRef<Promise<false | void> | null>(null);
  const currentPlace = useRef(place);
  currentPlace.current = place;

  const refs: Record<FieldName | 'pick', RefObject<HTMLElement | null>> = {
    place: useRef<HTMLElement>(null),
    ean: useRef<HTMLElement>(null),
    pick: useRef<HTMLElement>(null),
    lot: useRef<HTMLElement>(null),
    bestBefore: useRef<HTMLElement>(null),
    quantity: useRef<HTMLElement>(null),
  };
  const setFocusOn = useFocusRequest<FieldName | 'pick'>('place', (name) => refs[name].current);

  /** A field's error, the focus there; false: a scan refused (its field shows it again). */
  const fieldError = (name: FieldName, text: string) => {
    setErrors({ [name]: text });
    setResult(null);
    setFocusOn(name);
    return false as const;
  };

  /** Clears the product part: the next product of the same place. */
  const nextProduct = () => {
    setCandidates([]);
    setChosen(null);
    setLot('');
    setBestBefore('');
    setCount('');
    setErrors({});
    setFocusOn('ean');
  };

  /** Clears everything: the next place. */
  const nextPlace = () => {
    nextProduct();
    setScanned(null);
    currentPlace.current = null;
    setFocusOn('place');
  };

  // The place and the product come from scanner fields (ui's ScannerField): a code is handed
  // on and its field cleared; what it found shows under the field.
  const lookUpPlace = (barcode: string) => {
    setScanned(null);
    setChosen(null);
    setCandidates([]);
    // A scanner types on at once: the product field has the focus before the server answers
    // (an unknown place takes it back with the reason).
    refs.ean.current?.focus();
    pendingPlace.current = findPlace(barcode);
    return pendingPlace.current;
  };

  const findPlace = async (barcode: string) => {
    try {
      const { data } = await client.query({
        query: StocktakingPlaceByBarcodeDocument,
        variables: { stocktakingId, barcode },
        fetchPolicy: 'network-only',
      });
      const found = data?.stocktakingPlaceByBarcode ?? null;
      if (!found) return fieldError('place', t('stocktaking:counting.unknownPlace', { barcode }));
      currentPlace.current = found;
      setScanned(found);
      setErrors({});
    } catch (error) {
      const { fields, text } = refusal(error);
      return fieldError('place', fields.place ?? text);
    }
  };

  const choose = (candidate: Candidate) => {
    setChosen(candidate);
    setCandidates([]);
    setLot(candidate.lot);
    setBestBefore(candidate.bestBefore ?? '');
    setErrors({});
    setFocusOn(afterChoice(candidate));
  };

  const chooseLine = (line: StocktakingLineFieldsFragment) =>
    choose({
      key: `line-${line.id}`,
      product: line.product,
      lot: line.lot,
      bestBefore: line.bestBefore ?? null,
      line,
    });

  const lookUpProduct = async (typed: string) => {
    setChosen(null);
    setCandidates([]);
    await pendingPlace.current;
    const place = currentPlace.current;
    if (!place) return fieldError('place', t('ui:rules.required'));
    const lower = typed.toLowerCase();
    // The place's own lines first: a scanned EAN or a typed SKU names the line (and its lot).
    const lines = place.lines.filter(
      (line) => line.product.ean === typed || line.product.sku.toLowerCase() === lower,
    );
    if (lines.length === 1) return chooseLine(lines[0]!);
    if (lines.length > 1) {
      setChosen(null);
      setCandidates(
        lines.map((line) => ({
          key: `line-${line.id}`,
          product: line.product,
          lot: line.lot,
          bestBefore: line.bestBefore ?? null,
          line,
        })),
      );
      return setFocusOn('pick');
    }
    // Not expected here: stock found where none was expected.
    const { data } = await client.query({
      query: StocktakingProductsByEanDocument,
      variables: { ean: typed },
      fetchPolicy: 'network-only',
    });
    const products = (data?.productByEan ?? []).filter(
      (product) =>
        !stocktaking.client || String(product.client.id) === String(stocktaking.client.id),
    );
    const found: Candidate[] = products.map((product) => ({
      key: `product-${product.id}`,
      product,
      lot: '',
      bestBefore: null,
      line: null,
    }));
    if (found.length === 0)
      return fieldError('ean', t('stocktaking:counting.unknownEan', { ean: typed }));
    if (found.length === 1) return choose(found[0]!);
    setChosen(null);
    setCandidates(found);
    setFocusOn('pick');
  };

  const save = async () => {
    if (busy) return;
    if (!place) return fieldError('place', t('ui:rules.required'));
    if (!chosen) return fieldError('ean', t('ui:rules.required'));
    if (count.trim() === '') return fieldError('quantity', t('ui:rules.required'));
    setBusy(true);
    try {
      await client.mutate({
        mutation: CountStockDocument,
        variables: {
          stocktakingId,
          input: {
            placeId: String(place.place.id),
            productId: String(chosen.product.id),
            lot: lot.trim(),
            bestBefore: bestBefore || null,
            // A number the server can judge: letters are refused there as the quantity.
            quantity: Number(count.trim()),
          },
        },
      });
      setResult({
        intent: Intent.SUCCESS,
        text: t('stocktaking:counting.counted', {
          quantity: Number(count.trim()),
          sku: chosen.product.sku,
          place: place.place.path,
        }),
      });
      nextProduct();
    } catch (error) {
      const { fields, text } = refusal(error);
      setErrors(fields);
      setResult({ intent: Intent.DANGER, text });
      const first = Object.keys(fields)[0] as FieldName | undefined;
      setFocusOn(first ?? 'quantity');
    } finally {
      setBusy(false);
    }
  };

  const confirmEmpty = async () => {
    if (busy || !place) return;
    setBusy(true);
    try {
      await client.mutate({
        mutation: ConfirmEmptyPlaceDocument,
        variables: { stocktakingId, placeId: String(place.place.id) },
      });
      setResult({
        intent: Intent.SUCCESS,
        text: t('stocktaking:counting.emptyConfirmed', { place: place.place.path }),
      });
      nextPlace();
    } catch (error) {
      setResult({ intent: Intent.DANGER, text: refusal(error).text });
    } finally {
      setBusy(false);
    }
  };

  /** Enter in a field: the scanner's end of a code, or the user's "next". */
  const onEnter = (action: () => unknown) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void action();
  };

  const field = (
    name: FieldName,
    label: string,
    value: string,
    set: (value: string) => void,
    onEnterKey: () => unknown,
    extra: { type?: string; hint?: string } = {},
  ) => (
    <FormGroup
      label={label}
      labelFor={`count-${name}`}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name] ?? extra.hint}
    >
      <InputGroup
        id={`count-${name}`}
        inputRef={refs[name] as RefObject<HTMLInputElement>}
        type={extra.type ?? 'text'}
        value={value}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
        autoComplete="off"
        onChange={(event) => set(event.target.value)}
        onKeyDown={onEnter(onEnterKey)}
      />
    </FormGroup>
  );

  /** A field the scanner types into (the place, the product). */
  const scanner = (
    name: 'place' | 'ean',
    label: string,
    onScan: (code: string) => Promise<false | void>,
    hint?: string,
    onEmpty?: () => void,
  ) => (
    <FormGroup
      label={label}
      labelFor={`count-${name}`}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name] ?? hint}
    >
      <ScannerField
        id={`count-${name}`}
        label={label}
        large={false}
        inputRef={refs[name] as RefObject<HTMLInputElement>}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
        onScan={onScan}
        onEmpty={onEmpty}
      />
    </FormGroup>
  );

  const lotShown = chosen !== null && (chosen.product.lotTracked || chosen.lot !== '');
  const bestBeforeShown =
    chosen !== null && (chosen.product.bestBefore || chosen.bestBefore !== null);
  const candidateLabel = (candidate: Candidate) =>
    [
      `${candidate.product.sku} – ${candidate.product.name}`,
      candidate.lot ? `${t('stocktaking:fields.lot')} ${candidate.lot}` : '',
      candidate.bestBefore ? `${t('stocktaking:fields.bestBefore')} ${candidate.bestBefore}` : '',
      candidate.line
        ? candidate.line.found
          ? t('stocktaking:counting.found')
          : t('stocktaking:counting.expectedLine')
        : t('stocktaking:counting.found'),
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <div className="kontor-stocktaking-counting">
      <div className="kontor-stocktaking-scanner">
        <p className="bp6-text-muted">{t('stocktaking:counting.hint')}</p>
        {result ? (
          <Callout
            intent={result.intent}
            role={result.intent === Intent.DANGER ? 'alert' : 'status'}
          >
            {result.text}
          </Callout>
        ) : null}
        <div className="kontor-stocktaking-fields">
          {scanner('place', t('stocktaking:fields.placeBarcode'), lookUpPlace, place?.place.path)}
          {scanner(
            'ean',
            t('stocktaking:fields.ean'),
            lookUpProduct,
            chosen ? candidateLabel(chosen) : undefined,
            nextPlace,
          )}
          {candidates.length > 0 ? (
            <div
              className="kontor-stocktaking-pick"
              role="group"
              aria-label={t('stocktaking:counting.pickProduct')}
            >
              <p>{t('stocktaking:counting.pickProduct')}</p>
              {candidates.map((candidate, index) => (
                <Button
                  key={candidate.key}
                  alignText="start"
                  fill
                  variant="outlined"
                  ref={index === 0 ? (refs.pick as RefObject<HTMLButtonElement>) : undefined}
                  text={candidateLabel(candidate)}
                  onKeyDown={onPickKey}
                  onClick={() => choose(candidate)}
                />
              ))}
            </div>
          ) : null}
          {lotShown
            ? field('lot', t('stocktaking:fields.lot'), lot, setLot, () =>
                setFocusOn(bestBeforeShown && !bestBefore ? 'bestBefore' : 'quantity'),
              )
            : null}
          {bestBeforeShown
            ? field(
                'bestBefore',
                t('stocktaking:fields.bestBefore'),
                bestBefore,
                setBestBefore,
                () => setFocusOn('quantity'),
                { type: 'date' },
              )
            : null}
          {field('quantity', t('stocktaking:fields.quantity'), count, setCount, save, {
            type: 'number',
          })}
        </div>
        <div className="kontor-stocktaking-actions">
          <Button
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t('ui:save')}
            loading={busy}
            onClick={() => void save()}
          />
          <Button
            icon="disable"
            text={t('stocktaking:counting.confirmEmpty')}
            disabled={!place}
            onClick={() => void confirmEmpty()}
          />
          <Button
            variant="minimal"
            icon="arrow-right"
            text={t('stocktaking:counting.nextPlace')}
            onClick={nextPlace}
          />
        </div>
      </div>
      {place ? <PlaceLines place={place} blind={stocktaking.blind} onChoose={chooseLine} /> : null}
    </div>
  );
}

/**
 * /stocktaking/:id/edit: the header (number, status, scope, progress), the scanner form while
 * the stocktaking runs, and its places. A draft can be started here; a counted one links to
 * its summary.
 */
export function CountingPage({ route, params }: PageProps) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const id = params.id ?? '';
  const result = useQuery(StocktakingDocument, { variables: { id } });
  const title = t(route.pageTitle!);
  return (
    <RecordPage title={title} query={queryState(result)} pick={(data) => data.stocktaking}>
      {(stocktaking) => (
        <CountingView
          title={title}
          stocktaking={stocktaking}
          refresh={() => void result.refetch().catch(() => undefined)}
        />
      )}
    </RecordPage>
  );
}

/** The counting page of a loaded stocktaking. */
function CountingView({
  title,
  stocktaking,
  refresh,
}: {
  title: string;
  stocktaking: StocktakingFieldsFragment;
  refresh: () => void;
}) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const client = useApolloClient();
  const { confirm, dialog: question } = useConfirm();

  const start = async () => {
    const label = t('stocktaking:start');
    if (!(await confirm(t('stocktaking:questions.start', { name: stocktaking.name }), label)))
      return;
    try {
      await client.mutate({
        mutation: StartStocktakingDocument,
        variables: { id: String(stocktaking.id), version: stocktaking.version },
      });
      showToast(t('stocktaking:toasts.started'), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };

  return (
    <Page
      title={`${title}: ${stocktaking.number} ${stocktaking.name}`}
      actions={
        <>
          <Button
            icon="arrow-left"
            variant="minimal"
            text={t('stocktaking:backToList')}
            onClick={() => navigate('/stocktaking')}
          />
          {stocktaking.status !== 'DRAFT' ? (
            <Button
              icon="th-list"
              text={t('stocktaking:summaryAction')}
              onClick={() => navigate(`/stocktaking/${stocktaking.id}/summary`)}
            />
          ) : null}
        </>
      }
    >
      <div className="kontor-stocktaking-header">
        <StatusTags stocktaking={stocktaking} />
        <span>{scopeText(stocktaking)}</span>
        {stocktaking.status !== 'DRAFT' ? <Progress stocktaking={stocktaking} /> : null}
      </div>
      {stocktaking.status === 'DRAFT' ? (
        <Callout intent={Intent.PRIMARY} icon="info-sign">
          <p>{t('stocktaking:counting.startFirst')}</p>
          {can('stocktaking:update') ? (
            <Button
              intent={Intent.PRIMARY}
              icon="play"
              text={t('stocktaking:start')}
              onClick={() => void start()}
            />
          ) : null}
        </Callout>
      ) : stocktaking.status === 'COUNTING' && can('stocktaking:count') ? (
        <Counter stocktaking={stocktaking} />
      ) : (
        <Callout intent={Intent.NONE} icon="info-sign">
          {t('stocktaking:counting.notCounting', {
            status: t(`stocktaking:status.${stocktaking.status}`),
          })}{' '}
          <Link to={`/stocktaking/${stocktaking.id}/summary`}>
            {t('stocktaking:summaryAction')}
          </Link>
        </Callout>
      )}
      {stocktaking.status !== 'DRAFT' ? (
        <PlaceList stocktakingId={String(stocktaking.id)} onChange={refresh} />
      ) : null}
      {question}
    </Page>
  );
}
