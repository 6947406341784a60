import { Button, Callout, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import {
  AvisPlaceByBarcodeDocument,
  AvisPlacesDocument,
  BookAvisDocument,
  type AvisFieldsFragment,
} from '../graphql/generated';
import {
  errorText,
  graphqlProblem,
  problemText,
  ruleMessage,
  showToast,
  TableScroll,
  useApolloClient,
  useConfirm,
  useTranslation,
  useFocusRequest,
} from '../shared-session';
import { number } from './common';

// The booking of an avis (SPEC §3 "book action"), made for the keyboard and a hand scanner:
// per line the quantity received now → Enter → the place's barcode (or a part of its path)
// → Enter → lot and best-before where the product needs them → Enter → the next line. Enter
// in the last line's last field (or Ctrl+Enter anywhere, or "Buchen") books every line with a
// quantity as one goods receipt. More than announced asks first, then books it marked as
// over-delivery. The server decides every rule; its field errors show at their fields.

type Avis = AvisFieldsFragment;
type Line = Avis['lines'][number];
type Field = 'quantity' | 'place' | 'lot' | 'bestBefore';

interface Place {
  id: string;
  path: string;
}

interface Row {
  quantity: string;
  placeCode: string;
  place: Place | null;
  candidates: Place[];
  lot: string;
  bestBefore: string;
}

const rowOf = (line: Line): Row => ({
  quantity: '',
  placeCode: '',
  place: null,
  candidates: [],
  lot: line.lot ?? '',
  bestBefore: line.bestBefore ?? '',
});

/** The server's field of a booking line → the form's. */
const FIELD_OF: Record<string, Field> = {
  quantity: 'quantity',
  placeId: 'place',
  lot: 'lot',
  bestBefore: 'bestBefore',
  lineId: 'quantity',
};

/** Rules with their own text in warehouse:avis.rules (others: the toolkit's or the server's). */
const AVIS_RULES = ['overDelivery', 'warehouse', 'positive'];

/** A field's key: the line's id and the field. */
const key = (line: Line, field: Field) => `${line.id}:${field}`;

/** The fields a line shows, in the order the keyboard walks them. */
const fieldsOf = (line: Line): Field[] => [
  'quantity',
  'place',
  ...(line.product.lotTracked ? (['lot'] as const) : []),
  ...(line.product.bestBefore ? (['bestBefore'] as const) : []),
];

export function AvisBooking({ avis, onClose }: { avis: Avis; onClose: () => void }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const client = useApolloClient();
  const { confirm, dialog } = useConfirm();
  const [rows, setRowsState] = useState<Record<string, Row>>(() =>
    Object.fromEntries(avis.lines.map((line) => [line.id, rowOf(line)])),
  );
  // The rows as last changed: a scan's place is set and booked in one keystroke (Enter).
  const latestRows = useRef(rows);
  const setRows = (next: Record<string, Row>) => {
    latestRows.current = next;
    setRowsState(next);
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement | null>());
  const bookButton = useRef<HTMLButtonElement>(null);
  const setFocusOn = useFocusRequest<string>(
    avis.lines[0] ? `${avis.lines[0].id}:quantity` : null,
    (name) => (name === 'book' ? bookButton.current : inputs.current.get(name)),
  );

  const change = (line: Line, values: Partial<Row>) => {
    const current = latestRows.current;
    setRows({ ...current, [line.id]: { ...current[line.id]!, ...values } });
  };

  /** The field after `field` of `line`: its next one, the next line's quantity, or the button. */
  const nextOf = (line: Line, field: Field): string => {
    const fields = fieldsOf(line);
    const at = fields.indexOf(field);
    if (at < fields.length - 1) return key(line, fields[at + 1]!);
    const following = avis.lines[avis.lines.indexOf(line) + 1];
    return following ? key(following, 'quantity') : 'book';
  };

  const isLast = (line: Line, field: Field) =>
    line === avis.lines[avis.lines.length - 1] && fieldsOf(line).at(-1) === field;

  /** Finds the place scanned or typed: by barcode, else the one place of the warehouse matching. */
  const lookUpPlace = async (line: Line): Promise<boolean> => {
    const code = latestRows.current[line.id]!.placeCode.trim();
    if (!code) return true;
    const fieldKey = key(line, 'place');
    const byBarcode = await client.query({
      query: AvisPlaceByBarcodeDocument,
      variables: { barcode: code },
      fetchPolicy: 'network-only',
    });
    const found = byBarcode.data?.placeByBarcode;
    if (found && String(found.warehouse.id) !== String(avis.warehouse.id)) {
      setErrors({
        [fieldKey]: t('warehouse:avis.otherWarehouse', { warehouse: found.warehouse.name }),
      });
      setFocusOn(fieldKey);
      return false;
    }
    if (found) {
      change(line, { place: { id: String(found.id), path: found.path }, candidates: [] });
      setErrors((current) => ({ ...current, [fieldKey]: '' }));
      return true;
    }
    const searched = await client.query({
      query: AvisPlacesDocument,
      variables: { search: code, warehouseId: String(avis.warehouse.id) },
      fetchPolicy: 'network-only',
    });
    const matches = (searched.data?.places.items ?? []).map((p) => ({
      id: String(p.id),
      path: p.path,
    }));
    const exact = matches.filter((p) => p.path.toLowerCase() === code.toLowerCase());
    const only = matches.length === 1 ? matches[0]! : exact.length === 1 ? exact[0]! : null;
    if (only) {
      change(line, { place: only, candidates: [] });
      setErrors((current) => ({ ...current, [fieldKey]: '' }));
      return true;
    }
    change(line, { place: null, candidates: matches.slice(0, 8) });
    setErrors({
      [fieldKey]: matches.length === 0 ? t('warehouse:avis.unknownPlace', { code }) : '',
    });
    setFocusOn(matches.length === 0 ? fieldKey : `${line.id}:candidate`);
    return false;
  };

  const book = async (confirmOverDelivery = false) => {
    if (busy) return;
    const rows = latestRows.current;
    const chosen = avis.lines.filter((line) => rows[line.id]!.quantity.trim() !== '');
    if (chosen.length === 0) {
      setProblem(t('warehouse:avis.nothingToBook'));
      setFocusOn(avis.lines[0] ? key(avis.lines[0], 'quantity') : null);
      return;
    }
    const input = {
      lines: chosen.map((line) => {
        const row = rows[line.id]!;
        return {
          lineId: String(line.id),
          // A number the server judges: letters or '1.5' are refused there, at their field.
          quantity: Number(row.quantity.trim()),
          placeId: row.place?.id ?? '',
          lot: line.product.lotTracked ? row.lot.trim() || null : null,
          bestBefore: line.product.bestBefore ? row.bestBefore || null : null,
        };
      }),
      confirmOverDelivery,
    };
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await client.mutate({
        mutation: BookAvisDocument,
        variables: { id: String(avis.id), input },
      });
      const receipts = data?.bookAvis.receipts ?? [];
      const receipt = receipts[receipts.length - 1];
      showToast(t('warehouse:avis.booked', { number: receipt?.number ?? '' }), 'success');
      setErrors({});
      const after = data?.bookAvis;
      if (after && (after.status === 'ANNOUNCED' || after.status === 'PARTIALLY_BOOKED')) {
        setRows(Object.fromEntries(after.lines.map((line) => [line.id, rowOf(line)])));
        setFocusOn(after.lines[0] ? `${after.lines[0].id}:quantity` : null);
      } else {
        onClose();
      }
    } catch (error) {
      const found = graphqlProblem(error);
      const shown: Record<string, string> = {};
      const over: string[] = [];
      let other = false;
      for (const [path, list] of Object.entries(found.fieldRules)) {
        const match = /^lines\.(\d+)\.(\w+)$/.exec(path);
        const line = match ? chosen[Number(match[1])] : undefined;
        const field = match ? FIELD_OF[match[2]!] : undefined;
        const first = list[0];
        if (!line || !field || !first) {
          other = true;
          continue;
        }
        if (first.rule === 'overDelivery' || first.params?.rule === 'overDelivery') {
          const open = Number(first.params?.open ?? 0);
          over.push(
            t('warehouse:avis.overDeliveryLine', {
              sku: line.product.sku,
              over: number(Number(rows[line.id]!.quantity) - open),
            }),
          );
        } else other = true;
        const rule = AVIS_RULES.includes(first.rule)
          ? `warehouse:avis.rules.${first.rule}`
          : first.rule;
        shown[key(line, field)] =
          errorText(ruleMessage(rule, first.params ?? undefined, first.message)) ?? '';
      }
      setBusy(false);
      // Only over-deliveries: asked once, then booked marked as such.
      if (!confirmOverDelivery && over.length > 0 && !other) {
        const yes = await confirm(
          t('warehouse:avis.overDeliveryQuestion', { lines: over.join(', ') }),
          t('warehouse:avis.overDeliveryConfirm'),
        );
        if (yes) return book(true);
      }
      setErrors(shown);
      const first = Object.keys(shown)[0];
      if (first) setFocusOn(first);
      else setProblem(problemText(found));
      if (Object.keys(shown).length === 0) showToast(problemText(found), 'danger');
      return;
    }
    setBusy(false);
  };

  const onKey = (line: Line, field: Field) => async (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) {
      if (field === 'place' && !(await lookUpPlace(line))) return;
      return void book();
    }
    if (field === 'place' && !(await lookUpPlace(line))) return;
    if (isLast(line, field)) return void book();
    setFocusOn(nextOf(line, field));
  };

  const input = (line: Line, field: Field, label: string, value: string, type = 'text') => {
    const id = `avis-book-${line.id}-${field}`;
    const error = errors[key(line, field)];
    return (
      <InputGroup
        id={id}
        inputRef={(element) => {
          inputs.current.set(key(line, field), element);
        }}
        aria-label={`${label}: ${line.product.sku}`}
        aria-invalid={error ? true : undefined}
        type={type}
        value={value}
        intent={error ? Intent.DANGER : Intent.NONE}
        autoComplete="off"
        placeholder={
          field === 'quantity'
            ? number(Math.max(0, line.announcedQuantity - line.receivedQuantity))
            : undefined
        }
        onChange={(event) => {
          const text = event.target.value;
          if (field === 'place') change(line, { placeCode: text, place: null, candidates: [] });
          else change(line, { [field]: text } as Partial<Row>);
        }}
        onKeyDown={(event) => void onKey(line, field)(event)}
      />
    );
  };

  const message = (line: Line, field: Field) => {
    const error = errors[key(line, field)];
    return error ? (
      <div className="kontor-avis-book-error" role="alert">
        {error}
      </div>
    ) : null;
  };

  return (
    <section
      className="kontor-avis-section kontor-avis-booking"
      aria-label={t('warehouse:avis.sections.booking')}
    >
      <h3 className="bp6-heading">{t('warehouse:avis.sections.booking')}</h3>
      <p className="bp6-text-muted">{t('warehouse:avis.bookHint')}</p>
      {problem ? (
        <Callout intent={Intent.DANGER} role="alert">
          {problem}
        </Callout>
      ) : null}
      <TableScroll label={t('warehouse:avis.sections.booking')}>
        <HTMLTable compact aria-label={t('warehouse:avis.sections.booking')}>
          <thead>
            <tr>
              <th>{t('warehouse:avis.fields.sku')}</th>
              <th>{t('warehouse:avis.fields.product')}</th>
              <th>{t('warehouse:avis.fields.open')}</th>
              <th>{t('warehouse:avis.fields.receivedNow')}</th>
              <th>{t('warehouse:avis.fields.placeScan')}</th>
              <th>{t('warehouse:avis.fields.lot')}</th>
              <th>{t('warehouse:avis.fields.bestBefore')}</th>
            </tr>
          </thead>
          <tbody>
            {avis.lines.map((line) => {
              const row = rows[line.id] ?? rowOf(line);
              return (
                <tr key={line.id}>
                  <td className="kontor-avis-nowrap kontor-avis-book-sku">{line.product.sku}</td>
                  <td className="kontor-avis-book-name">{line.product.name}</td>
                  <td data-label={t('warehouse:avis.fields.open')}>
                    {number(Math.max(0, line.announcedQuantity - line.receivedQuantity))}
                  </td>
                  <td
                    className="kontor-avis-book-quantity"
                    data-label={t('warehouse:avis.fields.receivedNow')}
                  >
                    {input(
                      line,
                      'quantity',
                      t('warehouse:avis.fields.receivedNow'),
                      row.quantity,
                      'number',
                    )}
                    {message(line, 'quantity')}
                  </td>
                  <td
                    className="kontor-avis-book-place"
                    data-label={t('warehouse:avis.fields.placeScan')}
                  >
                    {input(line, 'place', t('warehouse:avis.fields.place'), row.placeCode)}
                    {row.place ? (
                      <div className="kontor-avis-book-path">{row.place.path}</div>
                    ) : null}
                    {row.candidates.length > 0 ? (
                      <div
                        className="kontor-avis-book-candidates"
                        role="group"
                        aria-label={t('warehouse:avis.pickPlace')}
                      >
                        {row.candidates.map((candidate, index) => (
                          <Button
                            key={candidate.id}
                            size="small"
                            text={candidate.path}
                            ref={
                              index === 0
                                ? (element: HTMLButtonElement | null) => {
                                    inputs.current.set(
                                      `${line.id}:candidate`,
                                      element as unknown as HTMLInputElement,
                                    );
                                  }
                                : undefined
                            }
                            onClick={() => {
                              change(line, {
                                place: candidate,
                                placeCode: candidate.path,
                                candidates: [],
                              });
                              setFocusOn(isLast(line, 'place') ? 'book' : nextOf(line, 'place'));
                            }}
                          />
                        ))}
                      </div>
                    ) : null}
                    {message(line, 'place')}
                  </td>
                  <td
                    data-label={
                      line.product.lotTracked ? t('warehouse:avis.fields.lot') : undefined
                    }
                  >
                    {line.product.lotTracked
                      ? input(line, 'lot', t('warehouse:avis.fields.lot'), row.lot)
                      : null}
                    {message(line, 'lot')}
                  </td>
                  <td
                    data-label={
                      line.product.bestBefore ? t('warehouse:avis.fields.bestBefore') : undefined
                    }
                  >
                    {line.product.bestBefore
                      ? input(
                          line,
                          'bestBefore',
                          t('warehouse:avis.fields.bestBefore'),
                          row.bestBefore,
                          'date',
                        )
                      : null}
                    {message(line, 'bestBefore')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </TableScroll>
      <div className="kontor-avis-actions">
        <Button
          ref={bookButton}
          intent={Intent.PRIMARY}
          icon="log-in"
          text={t('warehouse:avis.book')}
          loading={busy}
          onClick={() => void book()}
        />
        <Button variant="minimal" text={t('warehouse:avis.cancelBooking')} onClick={onClose} />
      </div>
      {dialog}
    </section>
  );
}
