import {
  Button,
  Callout,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  CancelPicklistDocument,
  PickLineDocument,
  PicklistDocument,
  type PicklistLineFieldsFragment,
} from '../graphql/generated';
import {
  can,
  graphqlProblem,
  Link,
  navigate,
  Page,
  problemText,
  ScannerField,
  TableScroll,
  showToast,
  useApolloClient,
  useConfirm,
  useQuery,
  useTranslation,
  type PageProps,
  useFocusRequest,
} from '../shared-session';
import { dateTime, day } from '../orders/format';
import { DocumentLink } from '../shipments/document-link';
import { beep } from '../shipments/sound';
import { PickProgress, PicklistStatusTag } from './common';
import './picklists.css';

type Line = PicklistLineFieldsFragment;
type Field = 'place' | 'ean' | 'quantity';

const openOf = (line: Line) => line.quantity - line.pickedQuantity;

/**
 * One picklist: its lines in walking order and, while it is open or in progress, the picking
 * made for a hand scanner: scan the place → Enter → scan the EAN → Enter → the quantity left
 * on that line is proposed → Enter confirms (`pickLine`: the server checks place, EAN and
 * quantity again). A wrong scan sounds and shows in red; nothing changes. The next line to
 * walk to is named above the fields. PDF with barcodes, print, cancel with confirmation.
 */
export function PicklistDetails({ route, id }: { route: PageProps['route']; id: string }) {
  const { t } = useTranslation(['orders', 'ui']);
  const client = useApolloClient();
  const { data, loading, error } = useQuery(PicklistDocument, { variables: { id } });
  const picklist = data?.picklist ?? null;
  const { confirm, dialog } = useConfirm();

  // The place and the EAN come from scanner fields (ui's ScannerField: a code is handed on and
  // the field cleared); what was scanned is kept here and shown under its field.
  const [eanCode, setEanCode] = useState('');
  const [quantity, setQuantity] = useState('');
  const [line, setLine] = useState<Line | null>(null);
  const [place, setPlace] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<{ intent: Intent; text: ReactNode } | null>(null);
  const [busy, setBusy] = useState(false);

  const refs = {
    place: useRef<HTMLInputElement>(null),
    ean: useRef<HTMLInputElement>(null),
    quantity: useRef<HTMLInputElement>(null),
  };
  const pickable =
    picklist !== null &&
    (picklist.status === 'OPEN' || picklist.status === 'IN_PROGRESS') &&
    can('picklist:pick');
  const setFocusOn = useFocusRequest<Field>('place', (name) => refs[name].current, pickable);

  if (loading && !picklist)
    return (
      <Page title={t(route.pageTitle!)}>
        <Spinner />
      </Page>
    );
  if (!picklist)
    return (
      <Page title={t(route.pageTitle!)}>
        <NonIdealState
          icon="search"
          title={error ? problemText(graphqlProblem(error)) : t('orders:picklist.notFound')}
          action={<Link to="/picklist">{t('orders:picklist.back')}</Link>}
        />
      </Page>
    );

  const lines = picklist.lines;
  const next = lines.find((l) => openOf(l) > 0) ?? null;

  const wrong = (field: Field, text: string) => {
    setErrors({ [field]: text });
    setMessage({ intent: Intent.DANGER, text });
    beep('error');
    setFocusOn(field);
  };

  const reset = () => {
    setEanCode('');
    setQuantity('');
    setLine(null);
    setPlace(null);
    setErrors({});
    setFocusOn('place');
  };

  const scanPlace = (code: string) => {
    const at = lines.filter((l) => l.place.barcode === code && openOf(l) > 0);
    setEanCode('');
    setLine(null);
    setQuantity('');
    if (at.length === 0) {
      setPlace(null);
      return wrong('place', t('orders:picklist.wrongPlace', { barcode: code }));
    }
    setPlace(code);
    setErrors({});
    setMessage(null);
    setFocusOn('ean');
  };

  const scanEan = (code: string) => {
    setEanCode(code);
    if (!place) return wrong('place', t('orders:picklist.placeFirst'));
    // A product without an EAN is confirmed by its sku (as the server does).
    const found = lines.find(
      (l) =>
        l.place.barcode === place &&
        (l.product.ean ? l.product.ean === code : l.product.sku === code) &&
        openOf(l) > 0,
    );
    if (!found) {
      setLine(null);
      const path = lines.find((l) => l.place.barcode === place)?.place.path ?? place;
      return wrong('ean', t('orders:picklist.wrongEan', { ean: code, place: path }));
    }
    setLine(found);
    setQuantity(String(openOf(found)));
    setErrors({});
    setMessage(null);
    beep('ok');
    setFocusOn('quantity');
  };

  const pick = async () => {
    if (busy) return;
    if (!line || !place) return wrong('place', t('orders:picklist.placeFirst'));
    setBusy(true);
    try {
      await client.mutate({
        mutation: PickLineDocument,
        variables: {
          lineId: String(line.id),
          placeBarcode: place,
          ean: eanCode.trim(),
          quantity: Number(quantity.trim()),
        },
      });
      beep('ok');
      setMessage({
        intent: Intent.SUCCESS,
        text: t('orders:picklist.pickedLine', {
          quantity: Number(quantity.trim()),
          sku: line.product.sku,
          place: line.place.path,
        }),
      });
      reset();
    } catch (failure) {
      const problem = graphqlProblem(failure);
      const shown: Partial<Record<Field, string>> = {};
      for (const [name, list] of Object.entries(problem.fieldRules)) {
        const rule = list[0];
        if (!rule) continue;
        if (name === 'placeBarcode')
          shown.place = t('orders:picklist.wrongPlace', { barcode: place });
        else if (name === 'ean')
          shown.ean = t('orders:picklist.wrongEan', {
            ean: eanCode.trim(),
            place: line.place.path,
          });
        else if (name === 'quantity')
          shown.quantity =
            rule.rule === 'max'
              ? t('orders:picklist.tooMuch', { open: rule.params?.open ?? openOf(line) })
              : rule.message;
      }
      const first = (['place', 'ean', 'quantity'] as Field[]).find((f) => shown[f]);
      setErrors(shown);
      setMessage({
        intent: Intent.DANGER,
        text: first ? Object.values(shown).join(' ') : problemText(problem),
      });
      beep('error');
      setFocusOn(first ?? 'place');
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (
      !(await confirm(
        t('orders:picklist.cancelConfirm', { number: picklist.number }),
        t('orders:picklist.cancel'),
      ))
    )
      return;
    try {
      await client.mutate({
        mutation: CancelPicklistDocument,
        variables: { id: String(picklist.id), version: picklist.version },
      });
      showToast(t('orders:picklist.cancelled', { number: picklist.number }), 'success');
    } catch (failure) {
      showToast(problemText(graphqlProblem(failure)), 'danger');
    }
  };

  const onEnter = (action: () => unknown) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void action();
  };

  const group = (name: Field, label: string, hint: string | undefined, input: ReactNode) => (
    <FormGroup
      label={label}
      labelFor={`pick-${name}`}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      helperText={errors[name] ?? hint}
    >
      {input}
    </FormGroup>
  );
  /** A field the scanner types into: the code is handed on and the field cleared. */
  const scanner = (name: 'place' | 'ean', label: string, onScan: (code: string) => void) => (
    <ScannerField
      id={`pick-${name}`}
      label={label}
      inputRef={refs[name]}
      intent={errors[name] ? Intent.DANGER : Intent.NONE}
      onScan={onScan}
    />
  );

  const placePath = place ? lines.find((l) => l.place.barcode === place)?.place.path : undefined;

  return (
    <Page
      title={`${t(route.pageTitle!)} ${picklist.number}`}
      actions={
        <>
          <Button
            icon="arrow-left"
            text={t('orders:picklist.back')}
            onClick={() => navigate('/picklist')}
          />
          <DocumentLink
            icon="document"
            href={`/spa/picklists/${picklist.id}.pdf`}
            text={t('orders:picklist.pdf')}
          />
          <Button icon="print" text={t('orders:picklist.print')} onClick={() => window.print()} />
          {can('picklist:create') &&
          (picklist.status === 'OPEN' || picklist.status === 'IN_PROGRESS') ? (
            <Button
              icon="disable"
              intent={Intent.DANGER}
              variant="outlined"
              text={t('orders:picklist.cancel')}
              onClick={() => void cancel()}
            />
          ) : null}
        </>
      }
    >
      <div className="kontor-pick">
        <dl className="kontor-pick-head">
          <dt>{t('orders:picklist.fields.status')}</dt>
          <dd>
            <PicklistStatusTag status={picklist.status} />
          </dd>
          <dt>{t('orders:picklist.fields.progress')}</dt>
          <dd>
            <PickProgress picked={picklist.pickedCount} total={picklist.lineCount} />
          </dd>
          <dt>{t('orders:picklist.fields.orders')}</dt>
          <dd className="kontor-pick-orders">
            {picklist.orders.map((o, index) => (
              <span key={o.id}>
                {index > 0 ? ', ' : ''}
                <Link to={`/order/${o.id}/edit`}>{o.number}</Link>
              </span>
            ))}
          </dd>
          <dt>{t('orders:picklist.fields.createdAt')}</dt>
          <dd>
            {dateTime(picklist.createdAt)}
            {picklist.createdByName ? ` · ${picklist.createdByName}` : ''}
          </dd>
        </dl>

        <div aria-live="assertive" className="kontor-pick-message">
          {message ? (
            <Callout
              intent={message.intent}
              role={message.intent === Intent.DANGER ? 'alert' : 'status'}
              className={
                message.intent === Intent.DANGER ? 'kontor-scan-wrong' : 'kontor-scan-right'
              }
            >
              {message.text}
            </Callout>
          ) : null}
        </div>

        {pickable ? (
          <section className="kontor-pick-form" aria-label={t('orders:picklist.pickTitle')}>
            <h3 className="bp6-heading">{t('orders:picklist.pickTitle')}</h3>
            <p className="bp6-text-muted">{t('orders:picklist.pickHint')}</p>
            <p className="kontor-pick-next" role="status">
              {next
                ? t('orders:picklist.next', {
                    place: next.place.path,
                    quantity: openOf(next),
                    sku: next.product.sku,
                    name: next.product.name,
                  })
                : t('orders:picklist.allPicked')}
            </p>
            <div className="kontor-pick-fields">
              {group(
                'place',
                t('orders:picklist.scanPlace'),
                placePath,
                scanner('place', t('orders:picklist.scanPlace'), scanPlace),
              )}
              {group(
                'ean',
                t('orders:picklist.scanEan'),
                line ? `${line.product.sku} – ${line.product.name}` : undefined,
                scanner('ean', t('orders:picklist.scanEan'), scanEan),
              )}
              {group(
                'quantity',
                t('orders:picklist.pickQuantity'),
                line ? `≤ ${openOf(line)}` : undefined,
                <InputGroup
                  id="pick-quantity"
                  inputRef={refs.quantity}
                  large
                  type="number"
                  value={quantity}
                  autoComplete="off"
                  intent={errors.quantity ? Intent.DANGER : Intent.NONE}
                  onChange={(event) => setQuantity(event.target.value)}
                  onKeyDown={onEnter(pick)}
                />,
              )}
            </div>
            <Button
              intent={Intent.PRIMARY}
              icon="tick"
              loading={busy}
              disabled={!line}
              text={t('orders:picklist.confirmPick')}
              onClick={() => void pick()}
            />
          </section>
        ) : picklist.status === 'DONE' || picklist.status === 'CANCELLED' ? (
          <Callout intent={Intent.NONE} className="kontor-pick-readonly">
            {t('orders:picklist.readOnly', {
              status: t(`orders:picklist.status.${picklist.status}`),
            })}
          </Callout>
        ) : null}

        <TableScroll label={t('orders:picklist.fields.lines')}>
          <HTMLTable
            compact
            striped
            className="kontor-order-table kontor-pick-lines"
            aria-label={t('orders:picklist.fields.lines')}
          >
            <thead>
              <tr>
                <th>{t('orders:picklist.fields.place')}</th>
                <th>{t('orders:picklist.fields.sku')}</th>
                <th>{t('orders:picklist.fields.product')}</th>
                <th>{t('orders:picklist.fields.ean')}</th>
                <th>{t('orders:picklist.fields.lot')}</th>
                <th>{t('orders:picklist.fields.bestBefore')}</th>
                <th className="kontor-number">{t('orders:picklist.fields.quantity')}</th>
                <th className="kontor-number">{t('orders:picklist.fields.picked')}</th>
                <th>{t('orders:picklist.fields.orders')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr
                  key={l.id}
                  className={
                    openOf(l) === 0
                      ? 'kontor-pick-done'
                      : line?.id === l.id
                        ? 'kontor-pick-current'
                        : undefined
                  }
                  aria-current={line?.id === l.id ? 'true' : undefined}
                >
                  <td className="kontor-nowrap">{l.place.path}</td>
                  <td>{l.product.sku}</td>
                  <td>{l.product.name}</td>
                  <td>{l.product.ean}</td>
                  <td>{l.lot}</td>
                  <td className="kontor-nowrap">{l.bestBefore ? day(l.bestBefore) : ''}</td>
                  <td className="kontor-number">{l.quantity}</td>
                  <td className="kontor-number">
                    {l.pickedQuantity}
                    {openOf(l) === 0 ? ' ✓' : ''}
                  </td>
                  <td>{l.orders.map((o) => `${o.order.number} (${o.quantity})`).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      </div>
      {dialog}
    </Page>
  );
}
