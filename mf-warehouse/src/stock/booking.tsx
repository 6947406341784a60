import {
  Button,
  Callout,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  SegmentedControl,
} from '@blueprintjs/core';
import { useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import {
  StockBookDocument,
  StockCorrectDocument,
  StockMoveDocument,
  StockPlaceByBarcodeDocument,
  StockProductsByEanDocument,
  StockWarehouseChoicesDocument,
  type StockPlaceByBarcodeQuery,
  type StockProductsByEanQuery,
} from '../graphql/generated';
import {
  can,
  errorText,
  graphqlProblem,
  Page,
  problemText,
  ruleMessage,
  ScannerField,
  useApolloClient,
  useQuery,
  useTranslation,
  type PageProps,
  useFocusRequest,
} from '../shared-session';
import './stock.css';

// /stockchange, the booking screen, made for a hand scanner (a scanner is a keyboard that
// types the code and presses Enter): scan the place → Enter → scan the product's EAN →
// Enter (several products with that EAN: pick one) → lot / best-before when the product
// needs them → quantity → Enter books. Then the result shows and the place field has the
// focus again for the next booking. The server decides every rule; its field errors show
// at their fields.

type Mode = 'in' | 'out' | 'move' | 'correct';
type Place = NonNullable<StockPlaceByBarcodeQuery['placeByBarcode']>;
type Product = StockProductsByEanQuery['productByEan'][number];
type FieldName =
  'warehouse' | 'place' | 'toPlace' | 'ean' | 'lot' | 'bestBefore' | 'quantity' | 'comment';

/** The server's input field → the screen's field. */
const FIELD_OF: Record<string, FieldName> = {
  warehouseId: 'warehouse',
  placeId: 'place',
  toPlaceId: 'toPlace',
  productId: 'ean',
  lot: 'lot',
  bestBefore: 'bestBefore',
  quantity: 'quantity',
  comment: 'comment',
};

/** Rules of the stock area with their own text (others: the toolkit's, or the server's English). */
const STOCK_RULES = [
  'available',
  'warehouse',
  'unchanged',
  'locked',
  'prohibited',
  'bestBefore',
  'exists',
  'different',
];

const WAREHOUSE_KEY = 'kontor.stock.warehouse';

export function StockChangeScreen({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const client = useApolloClient();
  const warehouses = useQuery(StockWarehouseChoicesDocument).data?.warehouses.items ?? [];
  const [mode, setMode] = useState<Mode>('in');
  const [warehouseId, setWarehouseId] = useState(() => localStorage.getItem(WAREHOUSE_KEY) ?? '');
  const [place, setPlace] = useState<Place | null>(null);
  const [toPlace, setToPlace] = useState<Place | null>(null);
  const [candidates, setCandidates] = useState<Product[]>([]);
  const [product, setProduct] = useState<Product | null>(null);
  const [lot, setLot] = useState('');
  const [bestBefore, setBestBefore] = useState('');
  const [quantity, setQuantity] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [result, setResult] = useState<{ intent: Intent; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const refs: Record<FieldName | 'pick', RefObject<HTMLElement | null>> = {
    warehouse: useRef<HTMLElement>(null),
    place: useRef<HTMLElement>(null),
    toPlace: useRef<HTMLElement>(null),
    ean: useRef<HTMLElement>(null),
    pick: useRef<HTMLElement>(null),
    lot: useRef<HTMLElement>(null),
    bestBefore: useRef<HTMLElement>(null),
    quantity: useRef<HTMLElement>(null),
    comment: useRef<HTMLElement>(null),
  };
  const setFocusOn = useFocusRequest<FieldName | 'pick'>('place', (name) => refs[name].current);

  // The first warehouse is chosen until the user picks one (kept for the next visit).
  const chosenWarehouse = warehouses.some((w) => String(w.id) === warehouseId)
    ? warehouseId
    : String(warehouses[0]?.id ?? '');
  const needsBestBefore = product?.bestBefore === true && (mode === 'in' || mode === 'correct');

  /** A field's error, the focus there; false: a scan refused (its field shows it again). */
  const fieldError = (name: FieldName, text: string) => {
    setErrors({ [name]: text });
    setFocusOn(name);
    return false as const;
  };

  /** The field after the product: its lot, its best-before date, or the quantity. */
  const afterProduct = (chosen: Product) =>
    chosen.lotTracked
      ? 'lot'
      : chosen.bestBefore && (mode === 'in' || mode === 'correct')
        ? 'bestBefore'
        : 'quantity';

  // The places and the product come from scanner fields (ui's ScannerField): a code is handed
  // on and its field cleared; what it found shows under the field.
  const lookUpPlace = async (barcode: string, target: 'place' | 'toPlace') => {
    if (target === 'place') setPlace(null);
    else setToPlace(null);
    // A scanner types on at once: the next field has the focus before the server answers
    // (an unknown place takes it back with the reason).
    const next =
      target === 'place' && mode === 'move' ? 'toPlace' : product ? afterProduct(product) : 'ean';
    refs[next].current?.focus();
    const { data } = await client.query({
      query: StockPlaceByBarcodeDocument,
      variables: { barcode },
      fetchPolicy: 'network-only',
    });
    const found = data?.placeByBarcode ?? null;
    if (!found) return fieldError(target, t('warehouse:stock.unknownPlace', { barcode }));
    if (String(found.warehouse.id) !== chosenWarehouse)
      return fieldError(
        target,
        t('warehouse:stock.otherWarehouse', { warehouse: found.warehouse.name }),
      );
    setErrors({});
    if (target === 'place') setPlace(found);
    else setToPlace(found);
  };

  const choose = (chosen: Product) => {
    setProduct(chosen);
    setCandidates([]);
    setErrors({});
    setFocusOn(afterProduct(chosen));
  };

  const lookUpProduct = async (code: string) => {
    setProduct(null);
    setCandidates([]);
    const { data } = await client.query({
      query: StockProductsByEanDocument,
      variables: { ean: code },
      fetchPolicy: 'network-only',
    });
    const found = data?.productByEan ?? [];
    if (found.length === 0)
      return fieldError('ean', t('warehouse:stock.unknownEan', { ean: code }));
    if (found.length === 1) return choose(found[0]!);
    setProduct(null);
    setCandidates(found);
    setFocusOn('pick');
  };

  /** Starts the next booking: everything but the mode and the warehouse is cleared. */
  const reset = () => {
    setPlace(null);
    setToPlace(null);
    setCandidates([]);
    setProduct(null);
    setLot('');
    setBestBefore('');
    setQuantity('');
    setComment('');
    setErrors({});
    setFocusOn('place');
  };

  const book = async () => {
    if (busy) return;
    if (!place) return fieldError('place', t('ui:rules.required'));
    if (mode === 'move' && !toPlace) return fieldError('toPlace', t('ui:rules.required'));
    if (!product) return fieldError('ean', t('ui:rules.required'));
    if (quantity.trim() === '') return fieldError('quantity', t('ui:rules.required'));
    if (mode === 'correct' && comment.trim() === '')
      return fieldError('comment', t('ui:rules.required'));
    const common = {
      warehouseId: chosenWarehouse,
      placeId: String(place.id),
      productId: String(product.id),
      // A number the server can judge: '' or letters are refused there as the quantity.
      quantity: Number(quantity.trim()),
      lot: lot.trim() || null,
      comment: comment.trim() || null,
    };
    const bestBeforeValue = needsBestBefore ? bestBefore || null : null;
    setBusy(true);
    try {
      let text: string;
      if (mode === 'move') {
        const { data } = await client.mutate({
          mutation: StockMoveDocument,
          variables: { input: { ...common, toPlaceId: String(toPlace!.id) } },
        });
        text = t('warehouse:stock.booked.move', {
          quantity: common.quantity,
          sku: product.sku,
          from: place.path,
          to: toPlace!.path,
        });
        void data;
      } else if (mode === 'correct') {
        const { data } = await client.mutate({
          mutation: StockCorrectDocument,
          variables: { input: { ...common, bestBefore: bestBeforeValue, comment: comment.trim() } },
        });
        text = t('warehouse:stock.booked.correct', {
          sku: product.sku,
          place: place.path,
          after: data?.correctStock.quantityAfter,
        });
      } else {
        const { data } = await client.mutate({
          mutation: StockBookDocument,
          variables: {
            input: { ...common, kind: mode === 'in' ? 'IN' : 'OUT', bestBefore: bestBeforeValue },
          },
        });
        text = t(`warehouse:stock.booked.${mode}`, {
          quantity: common.quantity,
          sku: product.sku,
          place: place.path,
          after: data?.bookStock.quantityAfter,
        });
      }
      setResult({ intent: Intent.SUCCESS, text });
      reset();
    } catch (error) {
      const problem = graphqlProblem(error);
      const shown: Partial<Record<FieldName, string>> = {};
      for (const [serverField, list] of Object.entries(problem.fieldRules)) {
        const name = FIELD_OF[serverField];
        const first = list[0];
        if (!name || !first) continue;
        const rule = STOCK_RULES.includes(first.rule)
          ? `warehouse:stock.rules.${first.rule}`
          : first.rule;
        shown[name] = errorText(ruleMessage(rule, first.params ?? undefined, first.message));
      }
      const names = Object.keys(shown) as FieldName[];
      setErrors(shown);
      setResult({
        intent: Intent.DANGER,
        text: names.length > 0 ? names.map((name) => shown[name]).join(' ') : problemText(problem),
      });
      if (names[0]) setFocusOn(names[0]);
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
      labelFor={`stock-${name}`}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name] ?? extra.hint}
    >
      <InputGroup
        id={`stock-${name}`}
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

  /** A field the scanner types into (the places, the product). */
  const scanner = (
    name: 'place' | 'toPlace' | 'ean',
    label: string,
    onScan: (code: string) => Promise<false | void>,
    hint?: string,
  ) => (
    <FormGroup
      label={label}
      labelFor={`stock-${name}`}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name] ?? hint}
    >
      <ScannerField
        id={`stock-${name}`}
        label={label}
        large={false}
        inputRef={refs[name] as RefObject<HTMLInputElement>}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
        onScan={onScan}
      />
    </FormGroup>
  );

  const modes: { value: Mode; label: string }[] = [
    { value: 'in', label: t('warehouse:stock.modes.in') },
    { value: 'out', label: t('warehouse:stock.modes.out') },
    { value: 'move', label: t('warehouse:stock.modes.move') },
    ...(can('stock:correct')
      ? [{ value: 'correct' as const, label: t('warehouse:stock.modes.correct') }]
      : []),
  ];

  return (
    <Page title={t(route.pageTitle!)}>
      <div className="kontor-stock-booking">
        <p className="bp6-text-muted">{t('warehouse:stock.scanHint')}</p>
        <div className="kontor-stock-row">
          <FormGroup label={t('warehouse:stock.modes.label')}>
            <SegmentedControl
              aria-label={t('warehouse:stock.modes.label')}
              options={modes}
              value={mode}
              onValueChange={(value) => {
                setMode(value as Mode);
                setErrors({});
                setResult(null);
                setFocusOn('place');
              }}
            />
          </FormGroup>
          <FormGroup label={t('warehouse:stock.fields.warehouse')} labelFor="stock-warehouse">
            <HTMLSelect
              id="stock-warehouse"
              value={chosenWarehouse}
              options={warehouses.map((w) => ({ value: String(w.id), label: w.name }))}
              onChange={(event) => {
                setWarehouseId(event.target.value);
                localStorage.setItem(WAREHOUSE_KEY, event.target.value);
                reset();
              }}
            />
          </FormGroup>
        </div>
        {result ? (
          <Callout
            intent={result.intent}
            role={result.intent === Intent.DANGER ? 'alert' : 'status'}
          >
            {result.text}
          </Callout>
        ) : null}
        <div className="kontor-stock-fields">
          {scanner(
            'place',
            t('warehouse:stock.fields.place'),
            (code) => lookUpPlace(code, 'place'),
            place?.path,
          )}
          {mode === 'move'
            ? scanner(
                'toPlace',
                t('warehouse:stock.fields.toPlace'),
                (code) => lookUpPlace(code, 'toPlace'),
                toPlace?.path,
              )
            : null}
          {scanner(
            'ean',
            t('warehouse:stock.fields.ean'),
            lookUpProduct,
            product ? `${product.sku} – ${product.name} (${product.client.name})` : undefined,
          )}
          {candidates.length > 0 ? (
            <RadioGroup
              label={t('warehouse:stock.pickProduct')}
              selectedValue={undefined}
              onChange={(event) => {
                const chosen = candidates.find((c) => String(c.id) === event.currentTarget.value);
                if (chosen) choose(chosen);
              }}
            >
              {candidates.map((candidate, index) => (
                <Radio
                  key={candidate.id}
                  value={String(candidate.id)}
                  inputRef={index === 0 ? (refs.pick as RefObject<HTMLInputElement>) : undefined}
                  label={`${candidate.sku} – ${candidate.name} (${candidate.client.name})`}
                  onKeyDown={onEnter(() => choose(candidate))}
                />
              ))}
            </RadioGroup>
          ) : null}
          {product?.lotTracked
            ? field('lot', t('warehouse:stock.fields.lot'), lot, setLot, () =>
                setFocusOn(needsBestBefore ? 'bestBefore' : 'quantity'),
              )
            : null}
          {needsBestBefore
            ? field(
                'bestBefore',
                t('warehouse:stock.fields.bestBefore'),
                bestBefore,
                setBestBefore,
                () => setFocusOn('quantity'),
                { type: 'date' },
              )
            : null}
          {field(
            'quantity',
            mode === 'correct'
              ? t('warehouse:stock.fields.countedQuantity')
              : t('warehouse:stock.fields.quantity'),
            quantity,
            setQuantity,
            () => (mode === 'correct' && comment.trim() === '' ? setFocusOn('comment') : book()),
            { type: 'number' },
          )}
          {field(
            'comment',
            mode === 'correct'
              ? t('warehouse:stock.fields.commentRequired')
              : t('warehouse:stock.fields.comment'),
            comment,
            setComment,
            book,
          )}
        </div>
        <div className="kontor-stock-actions">
          <Button
            intent={Intent.PRIMARY}
            text={t('warehouse:stock.book')}
            loading={busy}
            onClick={() => void book()}
          />
          <Button variant="minimal" text={t('warehouse:stock.reset')} onClick={reset} />
        </div>
      </div>
    </Page>
  );
}
