import {
  bookingOf,
  booked,
  choosePlace,
  edit,
  enter,
  initial,
  nextText,
  nothingToBook,
  openLines,
  overDeliveries,
  placeLooked,
  refused,
  refusalFields,
  select,
  type AvisBookingState,
  type Line,
} from '../src/avis/avis-booking-state';
import type { LookedUpPlace } from '../src/floor/place-lookup';

// The avis booking's one keyboard path, as its hint states it: Enter goes field to field and
// line to line (a line without a quantity is skipped), Enter in the last field of the last
// line books — once; fully received lines take no input.

const line = (
  id: string,
  over: Partial<Line> = {},
  product: Partial<Line['product']> = {},
): Line => ({
  id,
  announcedQuantity: 10,
  receivedQuantity: 0,
  difference: -10,
  lot: '',
  bestBefore: null,
  ...over,
  product: {
    id: `p${id}`,
    sku: `SKU-${id}`,
    name: `Ware ${id}`,
    ean: '',
    lotTracked: false,
    bestBefore: false,
    ...product,
  },
});
const place = (id: string, warehouseId = '1'): LookedUpPlace => ({
  id,
  path: `W1/S1/R01/P${id}`,
  barcode: `PL-${id}`,
  warehouse: { id: warehouseId, name: `Lager ${warehouseId}` },
});

/** Types `value` into the current line's `field` and presses Enter (a place is looked up first). */
function type(s: AvisBookingState, field: 'quantity' | 'place' | 'lot', value: string) {
  let next = edit(s, field, value);
  if (field === 'place')
    next = placeLooked(next, value, { kind: 'found', place: place(value) }, '1');
  return enter(next, field);
}

const lines = [line('1'), line('2', {}, { lotTracked: true }), line('3')];

describe('the keyboard path', () => {
  it('Enter walks quantity → place → next line; the lot where the product has one', () => {
    let s = initial(lines);
    expect(s.current).toBe('1');
    expect(s.focus).toBe('quantity');
    let step = type(s, 'quantity', '4');
    expect(step.state.focus).toBe('place');
    step = type(step.state, 'place', '7');
    expect(step).toMatchObject({ book: false, state: { current: '2', focus: 'quantity' } });
    step = type(step.state, 'quantity', '5');
    step = type(step.state, 'place', '8');
    expect(step.state.focus).toBe('lot');
    step = type(step.state, 'lot', 'CH-1');
    expect(step).toMatchObject({ book: false, state: { current: '3', focus: 'quantity' } });
    s = step.state;
    expect(nextText(s)).toEqual(['warehouse:avis.next.quantity', { sku: 'SKU-3' }]);
  });

  it('a line without a quantity is skipped; Enter on the last line’s last field books', () => {
    let step = type(initial(lines), 'quantity', '4');
    step = type(step.state, 'place', '7');
    step = enter(step.state, 'quantity'); // line 2: nothing received
    expect(step).toMatchObject({ book: false, state: { current: '3', focus: 'quantity' } });
    step = type(step.state, 'quantity', '1');
    step = type(step.state, 'place', '9');
    expect(step.book).toBe(true);
    const booking = bookingOf(step.state);
    expect(booking).toEqual({
      chosen: [lines[0], lines[2]],
      lines: [
        { lineId: '1', quantity: 4, placeId: '7', lot: null, bestBefore: null },
        { lineId: '3', quantity: 1, placeId: '9', lot: null, bestBefore: null },
      ],
    });
  });

  it('a quantity without a place stays at the place and is not booked', () => {
    const step = type(initial(lines), 'quantity', '4');
    const stuck = enter(step.state, 'place');
    expect(stuck.book).toBe(false);
    expect(stuck.state.focus).toBe('place');
    expect(stuck.state.marked).toEqual(['1:place']);
    expect(bookingOf(step.state)).toEqual({ missing: ['1', 'place'] });
  });

  it('never says "nothing to book" when quantities were entered, nor right after a booking', () => {
    let step = type(initial([line('1')]), 'quantity', '4');
    step = type(step.state, 'place', '7');
    expect(step.book).toBe(true);
    expect(bookingOf(step.state)).not.toHaveProperty('nothing');
    // Booked: the avis as it is now; a Ctrl+Enter pressed after it does nothing.
    const after = booked(step.state, [line('1', { receivedQuantity: 4 })], 'AV-1-1');
    expect(after.message).toEqual({
      kind: 'ok',
      text: ['warehouse:avis.booked', { number: 'AV-1-1' }],
    });
    expect(bookingOf(after)).toEqual({ nothing: true });
    expect(nothingToBook(after)).toBe(after);
    // Once the user types again, an empty booking is said.
    const typed = edit(edit(after, 'quantity', '1'), 'quantity', '');
    expect(nothingToBook(typed).message?.text).toEqual(['warehouse:avis.nothingToBook']);
  });
});

describe('fully received lines', () => {
  it('take no input: the walk and the booking pass them by', () => {
    const mixed = [
      line('1', { receivedQuantity: 10 }),
      line('2'),
      line('3', { receivedQuantity: 12 }),
    ];
    const s = initial(mixed);
    expect(openLines(s).map((l) => l.id)).toEqual(['2']);
    expect(s.current).toBe('2');
    expect(select(s, '1')).toBe(s);
    let step = type(s, 'quantity', '3');
    step = type(step.state, 'place', '7');
    expect(step.book).toBe(true);
  });

  it('all received: nothing is current', () => {
    const s = initial([line('1', { receivedQuantity: 10 })]);
    expect(s.current).toBeNull();
    expect(nextText(s)).toEqual(['warehouse:avis.next.done']);
  });
});

describe('places', () => {
  it('of another warehouse or unknown: refused at the field', () => {
    const s = edit(initial(lines), 'place', 'PL-X');
    const other = placeLooked(s, 'PL-X', { kind: 'found', place: place('X', '2') }, '1');
    expect(other.focus).toBe('place');
    expect(other.rows['1']!.place).toBeNull();
    expect(other.message).toEqual({
      kind: 'wrong',
      text: ['warehouse:avis.otherWarehouse', { warehouse: 'Lager 2' }],
    });
    const unknown = placeLooked(s, 'NOPE', { kind: 'unknown' }, '1');
    expect(unknown.message?.text).toEqual(['warehouse:avis.unknownPlace', { code: 'NOPE' }]);
  });

  it('several matches are offered; a choice goes on (to the book button at the very end)', () => {
    const s = edit(edit(initial([line('1')]), 'quantity', '2'), 'place', 'R01');
    const offered = placeLooked(
      s,
      'R01',
      { kind: 'candidates', places: [place('1'), place('2')] },
      '1',
    );
    expect(offered.focus).toBe('candidate');
    const chosen = choosePlace(offered, place('2'));
    expect(chosen.rows['1']!.place?.id).toBe('2');
    expect(chosen.focus).toBe('book');
  });
});

describe('refusals', () => {
  const chosen = [lines[0]!, lines[2]!];

  it('the server’s line fields map to the screen’s, the first one’s line becomes current', () => {
    expect(refusalFields(chosen)['lines.1.placeId']).toBe('3:place');
    const s = refused(initial(lines), {
      fields: { '3:quantity': 'Muss positiv sein.' },
      first: '3:quantity',
      text: 'Muss positiv sein.',
    });
    expect(s).toMatchObject({ current: '3', focus: 'quantity', marked: ['3:quantity'] });
    expect(s.message).toEqual({ kind: 'wrong', text: 'Muss positiv sein.' });
  });

  it('over-deliveries only are asked about, with the units over', () => {
    let s = edit(initial(lines), 'quantity', '12');
    s = select(s, '3');
    s = edit(s, 'quantity', '10');
    const over = { rule: 'overDelivery', params: { open: 10 } };
    expect(overDeliveries(s, { 'lines.0.quantity': [over] }, chosen)).toEqual([
      { sku: 'SKU-1', over: 2 },
    ]);
    expect(
      overDeliveries(
        s,
        { 'lines.0.quantity': [over], 'lines.1.placeId': [{ rule: 'exists' }] },
        chosen,
      ),
    ).toBeNull();
  });
});
