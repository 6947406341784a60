import {
  bookingOf,
  booked,
  chooseLot,
  edit,
  initial,
  lotsHeld,
  nextAfter,
  nextText,
  placeLooked,
  productLooked,
  refused,
  wantsLots,
  withMode,
  type Product,
  type StockBookingState,
} from '../src/stock/booking-state';
import type { LookedUpPlace } from '../src/floor/place-lookup';

// The stock change screen's rules as the floor meets them: the warehouse comes from the scanned
// place (no refusal on the first scan of the day), a lot the place holds is offered (one lot:
// filled in), Enter walks the fields and books at the end.

const place = (id: string, warehouse = { id: '1', name: 'Hamburg' }): LookedUpPlace => ({
  id,
  path: `W${warehouse.id}/S1/R01/P${id}`,
  barcode: `PL-${id}`,
  warehouse: { ...warehouse },
});
const product = (over: Partial<Product> = {}): Product => ({
  id: '7',
  sku: 'MV-1',
  name: 'Farbe rot',
  ean: '4006381333931',
  lotTracked: false,
  bestBefore: false,
  client: { id: '3', name: 'Kunde' },
  ...over,
});
const found = (p: LookedUpPlace) => ({ kind: 'found' as const, place: p });

/** A state after scanning `p` and choosing `prod` in `mode`. */
const scanned = (mode: StockBookingState['mode'], p: LookedUpPlace, prod: Product) =>
  productLooked(placeLooked(initial(mode), 'place', p.barcode, found(p)), prod.ean!, [prod]);

describe('the warehouse', () => {
  it('is the scanned place’s, even when another one was worked in last', () => {
    const s = initial('in', { id: '2', name: 'Berlin' });
    const next = placeLooked(s, 'place', 'PL-5', found(place('5')));
    expect(next.place?.id).toBe('5');
    expect(next.warehouse).toEqual({ id: '1', name: 'Hamburg' });
    expect(next.message?.kind).toBe('ok');
    expect(next.marked).toEqual([]);
  });

  it('books in the place’s warehouse', () => {
    const s = edit(scanned('in', place('5'), product()), 'quantity', '12');
    expect(bookingOf(s)).toEqual({
      kind: 'in',
      input: {
        kind: 'IN',
        warehouseId: '1',
        placeId: '5',
        productId: '7',
        quantity: 12,
        lot: null,
        comment: null,
        bestBefore: null,
      },
    });
  });

  it('refuses a move target of another warehouse than the place’s, naming both', () => {
    const s = placeLooked(initial('move'), 'place', 'PL-5', found(place('5')));
    const next = placeLooked(s, 'toPlace', 'PL-9', found(place('9', { id: '2', name: 'Berlin' })));
    expect(next.toPlace).toBeNull();
    expect(next.marked).toEqual(['toPlace']);
    expect(next.focus).toBe('toPlace');
    expect(next.message).toEqual({
      kind: 'wrong',
      text: ['warehouse:stock.otherWarehouse', { warehouse: 'Berlin', from: 'Hamburg' }],
    });
  });

  it('refuses an unknown place at its field, and a typed path matching several', () => {
    const unknown = placeLooked(initial('in'), 'place', 'NIX', { kind: 'unknown' });
    expect(unknown.place).toBeNull();
    expect(unknown.focus).toBe('place');
    expect(unknown.message?.text).toEqual(['warehouse:stock.unknownPlace', { barcode: 'NIX' }]);
    const several = placeLooked(initial('in'), 'place', 'R01', {
      kind: 'candidates',
      places: [place('1'), place('2')],
    });
    expect(several.message?.kind).toBe('wrong');
    expect(several.place).toBeNull();
  });
});

describe('the product', () => {
  it('goes on to the quantity, its lot or its best-before date', () => {
    expect(scanned('in', place('5'), product()).focus).toBe('quantity');
    expect(scanned('in', place('5'), product({ lotTracked: true })).focus).toBe('lot');
    expect(scanned('in', place('5'), product({ bestBefore: true })).focus).toBe('bestBefore');
    // Taking out never asks for a best-before date.
    expect(scanned('out', place('5'), product({ bestBefore: true })).focus).toBe('quantity');
  });

  it('offers the products sharing an EAN and refuses an unknown one', () => {
    const s = placeLooked(initial('in'), 'place', 'PL-5', found(place('5')));
    const twins = productLooked(s, '400', [product(), product({ id: '8', sku: 'TWIN' })]);
    expect(twins.candidates).toHaveLength(2);
    expect(twins.focus).toBe('pick');
    expect(bookingOf(twins)).toEqual({ missing: 'pick' });
    const none = productLooked(s, '400', []);
    expect(none.focus).toBe('ean');
    expect(none.message).toEqual({
      kind: 'wrong',
      text: ['warehouse:stock.unknownEan', { ean: '400' }],
    });
  });
});

describe('the lots a place holds', () => {
  const tracked = product({ lotTracked: true, bestBefore: true });
  const row = (placeId: string, lot: string, quantity = 4, bestBefore: string | null = null) => ({
    place: { id: placeId },
    lot,
    bestBefore,
    quantity,
  });

  it('are looked up for a correction, a book-out and a move, not for a book-in', () => {
    expect(wantsLots(scanned('correct', place('5'), tracked))).toBe(true);
    expect(wantsLots(scanned('out', place('5'), tracked))).toBe(true);
    expect(wantsLots(scanned('in', place('5'), tracked))).toBe(false);
    expect(wantsLots(scanned('correct', place('5'), product()))).toBe(false);
  });

  it('one lot on the place: filled in with its best-before date, on to the quantity', () => {
    const s = scanned('correct', place('5'), tracked);
    const next = lotsHeld(s, '5', '7', [row('5', 'L-1', 4, '2027-01-31'), row('6', 'L-2')], 'lot');
    expect(next.lot).toBe('L-1');
    expect(next.bestBefore).toBe('2027-01-31');
    expect(next.lots).toHaveLength(1);
    expect(next.focus).toBe('quantity');
    expect(wantsLots(next)).toBe(false);
  });

  it('several lots: offered, nothing filled in; a choice fills it in', () => {
    const s = scanned('correct', place('5'), tracked);
    const next = lotsHeld(s, '5', '7', [row('5', 'L-1'), row('5', 'L-2', 2, '2027-03-01')], 'lot');
    expect(next.lot).toBe('');
    expect(next.lots?.map((l) => l.lot)).toEqual(['L-1', 'L-2']);
    expect(nextText(next)).toEqual(['warehouse:stock.next.pickLot']);
    const chosen = chooseLot(next, next.lots![1]!);
    expect(chosen.lot).toBe('L-2');
    expect(chosen.bestBefore).toBe('2027-03-01');
    expect(chosen.focus).toBe('quantity');
  });

  it('a lot typed already is kept, and an answer for another place is dropped', () => {
    const typed = edit(scanned('out', place('5'), tracked), 'lot', 'X-9');
    expect(lotsHeld(typed, '5', '7', [row('5', 'L-1')], 'quantity').lot).toBe('X-9');
    const s = scanned('out', place('5'), tracked);
    expect(lotsHeld(s, '6', '7', [row('6', 'L-1')], 'lot')).toBe(s);
  });
});

describe('Enter and the booking', () => {
  it('Enter on the quantity books; a correction asks for the comment first', () => {
    const s = edit(scanned('in', place('5'), product()), 'quantity', '3');
    expect(nextAfter(s, 'quantity')).toBe('book');
    const c = edit(scanned('correct', place('5'), product()), 'quantity', '4');
    expect(nextAfter(c, 'quantity')).toBe('comment');
    expect(nextAfter(edit(c, 'comment', 'Zählung'), 'quantity')).toBe('book');
    expect(bookingOf(c)).toEqual({ missing: 'comment' });
  });

  it('booked: said, everything cleared but the kind and the warehouse, the place field next', () => {
    const s = edit(scanned('out', place('5'), product()), 'quantity', '2');
    const next = booked(s, 10);
    expect(next.message).toEqual({
      kind: 'ok',
      text: [
        'warehouse:stock.booked.out',
        { quantity: 2, sku: 'MV-1', place: 'W1/S1/R01/P5', after: 10 },
      ],
    });
    expect(next.mode).toBe('out');
    expect(next.warehouse?.id).toBe('1');
    expect(next.place).toBeNull();
    expect(next.quantity).toBe('');
    expect(next.focus).toBe('place');
  });

  it('a refusal marks the fields the server named and says its reason once', () => {
    const s = edit(scanned('out', place('5'), product()), 'quantity', '100');
    const next = refused(s, {
      fields: { quantity: 'Nur 7 verfügbar.' },
      first: 'quantity',
      text: 'Nur 7 verfügbar.',
    });
    expect(next.marked).toEqual(['quantity']);
    expect(next.focus).toBe('quantity');
    expect(next.message).toEqual({ kind: 'wrong', text: 'Nur 7 verfügbar.' });
    // Typing again clears the mark.
    expect(edit(next, 'quantity', '7').marked).toEqual([]);
  });

  it('another kind of booking keeps what was scanned but a move’s target', () => {
    const s = placeLooked(initial('move'), 'place', 'PL-5', found(place('5')));
    const moved = placeLooked(s, 'toPlace', 'PL-6', found(place('6')));
    const next = withMode(moved, 'correct');
    expect(next.place?.id).toBe('5');
    expect(next.toPlace).toBeNull();
    expect(next.focus).toBe('place');
  });
});
