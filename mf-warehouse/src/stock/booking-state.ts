import type { StockProductsByEanQuery } from '../graphql/generated';
import type { LookedUpPlace, PlaceLookup } from '../floor/place-lookup';
import type { Message, Text } from '../floor/message';

// The stock change screen's logic without React (the view is booking.tsx): the place, the
// product, lot, best-before, quantity and comment of one booking, what each scan, Enter or
// choice does to them, and what is booked. Every function takes a state and returns the next
// one (or what to book / say) and never mutates; texts are i18n keys with their parameters
// (or a server's worded refusal), so the view translates them and the tests read them
// without a language.
//
// The warehouse is the scanned place's (its barcode says which it is in): the booking never
// asks for it. Before the first scan it is the one last worked in (remembered per user by the
// view), which a typed part of a path is looked for in.

export type Mode = 'in' | 'out' | 'move' | 'correct';
export type Product = StockProductsByEanQuery['productByEan'][number];
export type Place = LookedUpPlace;
export type FieldName =
  'place' | 'toPlace' | 'ean' | 'pick' | 'lot' | 'bestBefore' | 'quantity' | 'comment';
export interface Warehouse {
  id: string;
  name: string;
}
/** A lot the place holds of the product (a row of its stock). */
export interface HeldLot {
  lot: string;
  bestBefore: string | null;
  quantity: number;
}

export interface StockBookingState {
  mode: Mode;
  warehouse: Warehouse | null;
  place: Place | null;
  toPlace: Place | null;
  /** Products sharing the scanned EAN, to pick one from. */
  candidates: Product[];
  product: Product | null;
  /** The lots the place holds of the product (null: not looked up, or not needed). */
  lots: HeldLot[] | null;
  lot: string;
  bestBefore: string;
  quantity: string;
  comment: string;
  /** The fields a refusal named (shown red; the message says why). */
  marked: FieldName[];
  message: Message | null;
  /** Where the focus goes after this change (null: where it is). */
  focus: FieldName | null;
}

export const initial = (
  mode: Mode = 'in',
  warehouse: Warehouse | null = null,
): StockBookingState => ({
  mode,
  warehouse,
  place: null,
  toPlace: null,
  candidates: [],
  product: null,
  lots: null,
  lot: '',
  bestBefore: '',
  quantity: '',
  comment: '',
  marked: [],
  message: null,
  focus: 'place',
});

/** Taking from stock that is there: the lots the place holds are offered. */
const takesFromStock = (mode: Mode) => mode !== 'in';

/** The best-before date is asked when stock may come onto a new row. */
export const needsBestBefore = (s: StockBookingState) =>
  s.product?.bestBefore === true && (s.mode === 'in' || s.mode === 'correct');

/** The field after the product: its lot, its best-before date, or the quantity. */
export const afterProduct = (s: StockBookingState, product: Product): FieldName =>
  product.lotTracked
    ? 'lot'
    : product.bestBefore && (s.mode === 'in' || s.mode === 'correct')
      ? 'bestBefore'
      : 'quantity';

const afterLot = (s: StockBookingState): FieldName =>
  needsBestBefore(s) && s.bestBefore === '' ? 'bestBefore' : 'quantity';

/** Where a scan of `target` sends the focus at once (a scanner types on before the answer). */
export const afterPlace = (s: StockBookingState, target: 'place' | 'toPlace'): FieldName =>
  target === 'place' && s.mode === 'move'
    ? 'toPlace'
    : s.product
      ? afterProduct(s, s.product)
      : 'ean';

/** Enter in a typed field: the next field, or 'book'. */
export function nextAfter(s: StockBookingState, field: FieldName): FieldName | 'book' {
  switch (field) {
    case 'lot':
      return afterLot(s);
    case 'bestBefore':
      return 'quantity';
    case 'quantity':
      return s.mode === 'correct' && s.comment.trim() === '' ? 'comment' : 'book';
    default:
      return 'book';
  }
}

const refuse = (s: StockBookingState, field: FieldName, text: Text): StockBookingState => ({
  ...s,
  marked: [field],
  message: { kind: 'wrong', text },
  focus: field,
});

/** Another kind of booking: what is entered stays, the place field has the focus. */
export const withMode = (s: StockBookingState, mode: Mode): StockBookingState => ({
  ...s,
  mode,
  toPlace: mode === 'move' ? s.toPlace : null,
  lots: null,
  marked: [],
  message: null,
  focus: 'place',
});

/** The outcome of a place scanned (or typed) into `target`. */
export function placeLooked(
  s: StockBookingState,
  target: 'place' | 'toPlace',
  code: string,
  lookup: PlaceLookup,
): StockBookingState {
  const cleared = { ...s, [target]: null, lots: target === 'place' ? null : s.lots };
  if (lookup.kind === 'unknown')
    return refuse(cleared, target, ['warehouse:stock.unknownPlace', { barcode: code }]);
  if (lookup.kind === 'candidates')
    return refuse(cleared, target, [
      'warehouse:stock.severalPlaces',
      { code, paths: lookup.places.map((p) => p.path).join(', ') },
    ]);
  const place = lookup.place;
  if (target === 'toPlace') {
    const from = s.place?.warehouse;
    if (from && String(from.id) !== String(place.warehouse.id))
      return refuse(cleared, target, [
        'warehouse:stock.otherWarehouse',
        { warehouse: place.warehouse.name, from: from.name },
      ]);
    return {
      ...cleared,
      toPlace: place,
      marked: s.marked.filter((name) => name !== target),
      message: { kind: 'ok', text: ['warehouse:stock.placeOk', { path: place.path }] },
      focus: null,
    };
  }
  const warehouse = { id: String(place.warehouse.id), name: place.warehouse.name };
  // A target of another warehouse no longer fits the place just scanned.
  const toPlace = s.toPlace && String(s.toPlace.warehouse.id) === warehouse.id ? s.toPlace : null;
  return {
    ...cleared,
    place,
    toPlace,
    warehouse,
    marked: s.marked.filter((name) => name !== target),
    message: { kind: 'ok', text: ['warehouse:stock.placeOk', { path: place.path }] },
    focus: null,
  };
}

/** The chosen product: the focus goes to its lot, best-before date or the quantity. */
export const chooseProduct = (s: StockBookingState, product: Product): StockBookingState => ({
  ...s,
  product,
  candidates: [],
  lots: null,
  lot: '',
  bestBefore: '',
  marked: s.marked.filter((name) => name !== 'ean' && name !== 'pick'),
  message: {
    kind: 'ok',
    text: ['warehouse:stock.productOk', { sku: product.sku, name: product.name }],
  },
  focus: afterProduct(s, product),
});

/** The products a scanned EAN names: none is refused, one is taken, several are offered. */
export function productLooked(
  s: StockBookingState,
  ean: string,
  found: Product[],
): StockBookingState {
  const cleared = { ...s, product: null, candidates: [], lots: null };
  if (found.length === 0) return refuse(cleared, 'ean', ['warehouse:stock.unknownEan', { ean }]);
  if (found.length === 1) return chooseProduct(cleared, found[0]!);
  return {
    ...cleared,
    candidates: found,
    message: { kind: 'info', text: ['warehouse:stock.pickProduct'] },
    focus: 'pick',
  };
}

/** Whether the lots the place holds are to be looked up now (the view asks the server). */
export const wantsLots = (s: StockBookingState) =>
  s.lots === null && s.product?.lotTracked === true && s.place !== null && takesFromStock(s.mode);

/**
 * The stock rows of the product in the warehouse: the lots on the place are offered; one lot
 * is filled in at once (with its best-before date), and when the lot field is where the user
 * is (`focused`), the focus moves on. An answer for another place or product is dropped.
 */
export function lotsHeld(
  s: StockBookingState,
  placeId: string,
  productId: string,
  rows: {
    place: { id: string | number };
    lot: string;
    bestBefore?: string | null;
    quantity: number;
  }[],
  focused: FieldName | null,
): StockBookingState {
  if (String(s.place?.id) !== placeId || String(s.product?.id) !== productId) return s;
  const lots = rows
    .filter((row) => String(row.place.id) === placeId && row.lot !== '' && row.quantity > 0)
    .map((row) => ({ lot: row.lot, bestBefore: row.bestBefore ?? null, quantity: row.quantity }));
  if (lots.length !== 1 || s.lot.trim() !== '') return { ...s, lots, focus: null };
  return chooseLot({ ...s, lots }, lots[0]!, focused === 'lot' || focused === null);
}

/** A held lot chosen: its lot and best-before date filled in, on to the next field. */
export function chooseLot(s: StockBookingState, held: HeldLot, moveOn = true): StockBookingState {
  const next = {
    ...s,
    lot: held.lot,
    bestBefore: held.bestBefore ?? s.bestBefore,
    marked: s.marked.filter((name) => name !== 'lot'),
  };
  return { ...next, focus: moveOn ? afterLot(next) : null };
}

/** A typed field changed. */
export const edit = (
  s: StockBookingState,
  field: 'lot' | 'bestBefore' | 'quantity' | 'comment',
  value: string,
): StockBookingState => ({
  ...s,
  [field]: value,
  marked: s.marked.filter((name) => name !== field),
  focus: null,
});

export type Booking =
  | { kind: 'in' | 'out'; input: BookingCommon & { kind: 'IN' | 'OUT'; bestBefore: string | null } }
  | { kind: 'move'; input: BookingCommon & { toPlaceId: string } }
  | { kind: 'correct'; input: BookingCommon & { bestBefore: string | null; comment: string } };

interface BookingCommon {
  warehouseId: string;
  placeId: string;
  productId: string;
  quantity: number;
  lot: string | null;
  comment: string | null;
}

/** What "book" sends, or the first field still missing (refused here, before the server). */
export function bookingOf(s: StockBookingState): Booking | { missing: FieldName } {
  if (!s.place) return { missing: 'place' };
  if (s.mode === 'move' && !s.toPlace) return { missing: 'toPlace' };
  if (!s.product) return { missing: s.candidates.length > 0 ? 'pick' : 'ean' };
  if (s.quantity.trim() === '') return { missing: 'quantity' };
  if (s.mode === 'correct' && s.comment.trim() === '') return { missing: 'comment' };
  const common: BookingCommon = {
    warehouseId: String(s.place.warehouse.id),
    placeId: String(s.place.id),
    productId: String(s.product.id),
    // A number the server can judge: letters are refused there as the quantity.
    quantity: Number(s.quantity.trim()),
    lot: s.lot.trim() || null,
    comment: s.comment.trim() || null,
  };
  const bestBefore = needsBestBefore(s) ? s.bestBefore || null : null;
  if (s.mode === 'move')
    return { kind: 'move', input: { ...common, toPlaceId: String(s.toPlace!.id) } };
  if (s.mode === 'correct')
    return { kind: 'correct', input: { ...common, bestBefore, comment: s.comment.trim() } };
  return {
    kind: s.mode,
    input: { ...common, kind: s.mode === 'in' ? 'IN' : 'OUT', bestBefore },
  };
}

/** A field missing when booking: marked, with the focus there. */
export const missing = (s: StockBookingState, field: FieldName): StockBookingState =>
  refuse(s, field, ['ui:rules.required']);

/** What a booking did, in words: `after` is the stock row's quantity after it. */
export function bookedText(s: StockBookingState, after: number | undefined): Text {
  const sku = s.product?.sku ?? '';
  const quantity = Number(s.quantity.trim());
  if (s.mode === 'move')
    return [
      'warehouse:stock.booked.move',
      { quantity, sku, from: s.place?.path, to: s.toPlace?.path },
    ];
  if (s.mode === 'correct')
    return ['warehouse:stock.booked.correct', { sku, place: s.place?.path, after }];
  return [`warehouse:stock.booked.${s.mode}`, { quantity, sku, place: s.place?.path, after }];
}

/** The next booking: everything but the kind and the warehouse cleared; the place field next. */
export const reset = (s: StockBookingState, message: Message | null = null): StockBookingState => ({
  ...initial(s.mode, s.warehouse),
  message,
});

/** Booked: said, and the screen ready for the next booking. */
export const booked = (s: StockBookingState, after: number | undefined): StockBookingState =>
  reset(s, { kind: 'ok', text: bookedText(s, after) });

/** The server refused: the fields it named marked, the focus on the first, its reason said. */
export const refused = (
  s: StockBookingState,
  refusal: { fields: Partial<Record<FieldName, string>>; first?: FieldName; text: string },
): StockBookingState => ({
  ...s,
  marked: Object.keys(refusal.fields) as FieldName[],
  message: { kind: 'wrong', text: refusal.text },
  focus: refusal.first ?? null,
});

/** The step the booking is at (the kit's step list), and what to do next in words. */
export function stepOf(s: StockBookingState): 'place' | 'toPlace' | 'ean' | 'lot' | 'quantity' {
  if (!s.place) return 'place';
  if (s.mode === 'move' && !s.toPlace) return 'toPlace';
  if (!s.product) return 'ean';
  if (s.product.lotTracked && s.lot.trim() === '') return 'lot';
  return 'quantity';
}

export function nextText(s: StockBookingState): Text {
  const step = stepOf(s);
  if (step === 'ean' && s.candidates.length > 0) return ['warehouse:stock.next.pick'];
  if (step === 'lot' && s.lots && s.lots.length > 1) return ['warehouse:stock.next.pickLot'];
  if (step === 'quantity' && s.mode === 'correct') return ['warehouse:stock.next.correct'];
  return [`warehouse:stock.next.${step}`];
}
