import type { AvisLineFieldsFragment } from '../graphql/generated';
import type { LookedUpPlace, PlaceLookup } from '../floor/place-lookup';
import type { Message, Text } from '../floor/message';

// The avis booking's logic without React (the view is book.tsx): one line at a time is being
// entered (the current one), its quantity received now, the place, and its lot and best-before
// date where the product needs them. The keyboard path, exactly as the screen's hint says it:
// Enter goes to the next field, after a line's last field to the next open line (a line left
// without a quantity is skipped); Enter in the last field of the last line — or Ctrl+Enter
// anywhere — books every line with a quantity, once. Fully received lines take no input.
// Every function takes a state and returns the next one (or what to book) and never mutates;
// texts are i18n keys with their parameters (or a server's worded refusal).

export type Line = AvisLineFieldsFragment;
export type Field = 'quantity' | 'place' | 'lot' | 'bestBefore';
/** Where the focus goes: a field of the current line, its place choices, or the book button. */
export type Focus = Field | 'candidate' | 'book';

export interface Row {
  quantity: string;
  /** The place as scanned or typed; `place` once it is known. */
  placeCode: string;
  place: LookedUpPlace | null;
  /** Places a typed part of a path matched, to choose from. */
  candidates: LookedUpPlace[];
  lot: string;
  bestBefore: string;
}

export interface AvisBookingState {
  lines: Line[];
  rows: Record<string, Row>;
  /** The line being entered (null: nothing open to book). */
  current: string | null;
  /** `lineId:field` of the fields a refusal named (red; the message says why). */
  marked: string[];
  message: Message | null;
  focus: Focus | null;
  /** Booked, nothing entered since: a second "book" keystroke does nothing. */
  justBooked: boolean;
}

/** Units still expected on a line. */
export const openOf = (line: Line) => Math.max(0, line.announcedQuantity - line.receivedQuantity);

/** The lines still taking a booking, in their order (fully received ones show no inputs). */
export const openLines = (s: Pick<AvisBookingState, 'lines'>) =>
  s.lines.filter((line) => openOf(line) > 0);

/** The fields a line shows, in the order the keyboard walks them. */
export const fieldsOf = (line: Line): Field[] => [
  'quantity',
  'place',
  ...(line.product.lotTracked ? (['lot'] as const) : []),
  ...(line.product.bestBefore ? (['bestBefore'] as const) : []),
];

export const markOf = (lineId: string | number, field: Field) => `${lineId}:${field}`;

export const rowOf = (line: Line): Row => ({
  quantity: '',
  placeCode: '',
  place: null,
  candidates: [],
  lot: line.lot ?? '',
  bestBefore: line.bestBefore ?? '',
});

export function initial(lines: Line[], message: Message | null = null): AvisBookingState {
  const first = lines.find((line) => openOf(line) > 0);
  return {
    lines,
    rows: Object.fromEntries(lines.map((line) => [String(line.id), rowOf(line)])),
    current: first ? String(first.id) : null,
    marked: [],
    message,
    focus: first ? 'quantity' : null,
    justBooked: false,
  };
}

export const currentLine = (s: AvisBookingState) =>
  s.lines.find((line) => String(line.id) === s.current) ?? null;

export const rowAt = (s: AvisBookingState, lineId: string): Row => {
  const row = s.rows[lineId];
  if (row) return row;
  const line = s.lines.find((l) => String(l.id) === lineId);
  return line ? rowOf(line) : rowOf({ lot: null, bestBefore: null } as unknown as Line);
};

const withRow = (s: AvisBookingState, lineId: string, values: Partial<Row>): AvisBookingState => ({
  ...s,
  rows: { ...s.rows, [lineId]: { ...rowAt(s, lineId), ...values } },
});

/** The open line after `lineId`, or null at the last one. */
const lineAfter = (s: AvisBookingState, lineId: string) => {
  const open = openLines(s);
  const at = open.findIndex((line) => String(line.id) === lineId);
  return open[at + 1] ?? null;
};

/** Another line to enter (clicked in the list): its quantity next. */
export const select = (s: AvisBookingState, lineId: string): AvisBookingState =>
  openLines(s).some((line) => String(line.id) === lineId)
    ? { ...s, current: lineId, focus: 'quantity' }
    : s;

/** A field of the current line typed into; a changed place code is to be looked up again. */
export function edit(s: AvisBookingState, field: Field, value: string): AvisBookingState {
  if (!s.current) return s;
  const values: Partial<Row> =
    field === 'place' ? { placeCode: value, place: null, candidates: [] } : { [field]: value };
  return {
    ...withRow(s, s.current, values),
    marked: s.marked.filter((mark) => mark !== markOf(s.current!, field)),
    focus: null,
    justBooked: false,
  };
}

/** Whether the current line's place was typed and not looked up yet (Enter looks it up first). */
export const placeToLookUp = (s: AvisBookingState): string | null => {
  if (!s.current) return null;
  const row = rowAt(s, s.current);
  const code = row.placeCode.trim();
  return code !== '' && !row.place ? code : null;
};

const refuse = (
  s: AvisBookingState,
  lineId: string,
  field: Field,
  text: Text,
): AvisBookingState => ({
  ...s,
  current: lineId,
  marked: [markOf(lineId, field)],
  message: { kind: 'wrong', text },
  focus: field,
});

/**
 * The outcome of the current line's place lookup: found in the avis's warehouse it is taken;
 * in another warehouse, or nowhere, it is refused at the field; several matches are offered.
 */
export function placeLooked(
  s: AvisBookingState,
  code: string,
  lookup: PlaceLookup,
  warehouseId: string,
): AvisBookingState {
  const lineId = s.current;
  if (!lineId) return s;
  if (lookup.kind === 'unknown')
    return refuse(withRow(s, lineId, { place: null, candidates: [] }), lineId, 'place', [
      'warehouse:avis.unknownPlace',
      { code },
    ]);
  if (lookup.kind === 'candidates')
    return {
      ...withRow(s, lineId, { place: null, candidates: lookup.places }),
      message: { kind: 'info', text: ['warehouse:avis.pickPlace'] },
      focus: 'candidate',
    };
  const place = lookup.place;
  if (String(place.warehouse.id) !== String(warehouseId))
    return refuse(withRow(s, lineId, { place: null, candidates: [] }), lineId, 'place', [
      'warehouse:avis.otherWarehouse',
      { warehouse: place.warehouse.name },
    ]);
  return {
    ...withRow(s, lineId, { place, candidates: [] }),
    marked: s.marked.filter((mark) => mark !== markOf(lineId, 'place')),
    message: { kind: 'ok', text: ['warehouse:avis.placeOk', { path: place.path }] },
    focus: null,
  };
}

/** A place chosen among the matches: taken, and on to the line's next field. */
export function choosePlace(s: AvisBookingState, place: LookedUpPlace): AvisBookingState {
  if (!s.current) return s;
  const next = withRow(s, s.current, { place, placeCode: place.path, candidates: [] });
  const after = enter(next, 'place');
  // The last field of all: the book button, not the booking (a click is no Enter).
  return after.book ? { ...after.state, focus: 'book' } : after.state;
}

/**
 * Enter in a field of the current line (its place looked up already): the next field, the
 * next open line's quantity, or — at the last field of the last line — `book`. A line left
 * without a quantity is skipped at its quantity field; a quantity without a place stays at the
 * place.
 */
export function enter(
  s: AvisBookingState,
  field: Field,
): { state: AvisBookingState; book: boolean } {
  const line = currentLine(s);
  if (!line) return { state: s, book: true };
  const lineId = String(line.id);
  const row = rowAt(s, lineId);
  const fields = fieldsOf(line);
  const at = fields.indexOf(field);
  const skip = field === 'quantity' && row.quantity.trim() === '';
  if (!skip && field === 'place' && !row.place)
    return { state: refuse(s, lineId, 'place', ['ui:rules.required']), book: false };
  if (!skip && at < fields.length - 1)
    return { state: { ...s, focus: fields[at + 1]! }, book: false };
  const following = lineAfter(s, lineId);
  if (following)
    return { state: { ...s, current: String(following.id), focus: 'quantity' }, book: false };
  return { state: { ...s, focus: null }, book: true };
}

export interface BookingLine {
  lineId: string;
  quantity: number;
  placeId: string;
  lot: string | null;
  bestBefore: string | null;
}

/**
 * What "book" sends: every open line with a quantity. Nothing entered: `nothing` (said, unless
 * the last keystroke booked already); a quantity without a known place: that field `missing`.
 */
export function bookingOf(
  s: AvisBookingState,
): { lines: BookingLine[]; chosen: Line[] } | { nothing: true } | { missing: [string, Field] } {
  const chosen = openLines(s).filter((line) => rowAt(s, String(line.id)).quantity.trim() !== '');
  if (chosen.length === 0) return { nothing: true };
  const placeless = chosen.find((line) => !rowAt(s, String(line.id)).place);
  if (placeless) return { missing: [String(placeless.id), 'place'] };
  return {
    chosen,
    lines: chosen.map((line) => {
      const row = rowAt(s, String(line.id));
      return {
        lineId: String(line.id),
        // A number the server judges: letters or '1.5' are refused there, at their field.
        quantity: Number(row.quantity.trim()),
        placeId: String(row.place!.id),
        lot: line.product.lotTracked ? row.lot.trim() || null : null,
        bestBefore: line.product.bestBefore ? row.bestBefore || null : null,
      };
    }),
  };
}

/** "Book" with nothing entered: said once — right after a booking, not at all. */
export const nothingToBook = (s: AvisBookingState): AvisBookingState =>
  s.justBooked
    ? s
    : {
        ...s,
        message: { kind: 'wrong', text: ['warehouse:avis.nothingToBook'] },
        current: openLines(s)[0] ? String(openLines(s)[0]!.id) : null,
        focus: 'quantity',
      };

/** A line's quantity without its place when booking. */
export const missing = (s: AvisBookingState, lineId: string, field: Field): AvisBookingState =>
  refuse(s, lineId, field, ['ui:rules.required']);

/** Booked: the avis as it is now, every field empty again, the receipt said. */
export const booked = (s: AvisBookingState, lines: Line[], receipt: string): AvisBookingState => ({
  ...initial(lines, { kind: 'ok', text: ['warehouse:avis.booked', { number: receipt }] }),
  justBooked: true,
});

/** The server's input fields of a booking line → the screen's. */
export const FIELD_OF: Record<string, Field> = {
  quantity: 'quantity',
  placeId: 'place',
  lot: 'lot',
  bestBefore: 'bestBefore',
  lineId: 'quantity',
};

/** `lines.<i>.<field>` of the booked lines → `lineId:field` (for the kit's scanRefusal). */
export const refusalFields = (chosen: Line[]): Record<string, string> =>
  Object.fromEntries(
    chosen.flatMap((line, index) =>
      Object.entries(FIELD_OF).map(([server, field]) => [
        `lines.${index}.${server}`,
        markOf(line.id, field),
      ]),
    ),
  );

/** The server refused: the fields it named marked, the first one's line current, said once. */
export function refused(
  s: AvisBookingState,
  refusal: { fields: Partial<Record<string, string>>; first?: string; text: string },
): AvisBookingState {
  const [lineId, field] = (refusal.first ?? '').split(':') as [string, Field | undefined];
  return {
    ...s,
    marked: Object.keys(refusal.fields),
    message: { kind: 'wrong', text: refusal.text },
    current: field ? lineId : s.current,
    focus: field ?? null,
  };
}

interface FieldRule {
  rule: string;
  params?: Record<string, unknown> | null;
}

/**
 * The over-deliveries a refusal names (`sku +over` each), when over-deliveries are all it
 * names — then the user is asked once and the booking repeated, marked as such; else null.
 */
export function overDeliveries(
  s: AvisBookingState,
  fieldRules: Record<string, FieldRule[]>,
  chosen: Line[],
): { sku: string; over: number }[] | null {
  const found: { sku: string; over: number }[] = [];
  for (const [path, list] of Object.entries(fieldRules)) {
    const match = /^(?:input\.)?lines\.(\d+)\.\w+$/.exec(path);
    const line = match ? chosen[Number(match[1])] : undefined;
    const first = list[0];
    if (!line || !first) return null;
    if (first.rule !== 'overDelivery' && first.params?.rule !== 'overDelivery') return null;
    const open = Number(first.params?.open ?? 0);
    found.push({
      sku: line.product.sku,
      over: Number(rowAt(s, String(line.id)).quantity) - open,
    });
  }
  return found.length > 0 ? found : null;
}

/** What to do next, in words (the kit's "next" line). */
export function nextText(s: AvisBookingState): Text {
  const line = currentLine(s);
  if (!line) return ['warehouse:avis.next.done'];
  const row = rowAt(s, String(line.id));
  if (row.candidates.length > 0) return ['warehouse:avis.pickPlace'];
  if (row.quantity.trim() === '')
    return ['warehouse:avis.next.quantity', { sku: line.product.sku }];
  if (!row.place) return ['warehouse:avis.next.place'];
  if (line.product.lotTracked && row.lot.trim() === '') return ['warehouse:avis.next.lot'];
  if (line.product.bestBefore && row.bestBefore === '') return ['warehouse:avis.next.bestBefore'];
  return lineAfter(s, String(line.id))
    ? ['warehouse:avis.next.nextLine']
    : ['warehouse:avis.next.book'];
}
