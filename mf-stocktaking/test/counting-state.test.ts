import {
  countInput,
  foundProducts,
  initial,
  linesMatching,
  nextStep,
  reduce,
  stepKey,
  stepsOf,
  type CountingEvent,
  type CountingState,
  type CountLine,
  type CountPlace,
  type CountProduct,
} from '../src/stocktakings/counting-state';

// The counting screen's steps as a counter walks them with a hand scanner: place → product →
// (pick, lot, best-before) → quantity → saved; an empty Enter → the next place; refusals mark
// their field and say why once.

const plain: CountProduct = {
  id: 1,
  sku: 'A-1',
  name: 'Ware A',
  ean: '4000000000017',
  lotTracked: false,
  bestBefore: false,
  client: { id: 7 },
};
const lotted: CountProduct = {
  id: 2,
  sku: 'L-2',
  name: 'Ware L',
  ean: '4000000000024',
  lotTracked: true,
  bestBefore: true,
  client: { id: 7 },
};
const line = (id: number, product: CountProduct, lot = '', bestBefore: string | null = null) =>
  ({ id, product, lot, bestBefore, expectedQuantity: 10, found: false }) satisfies CountLine;

const place: CountPlace = {
  place: { id: 11, path: 'W1/S1/R01/P01', barcode: 'W1-S1-R01-P01' },
  lines: [
    line(101, plain),
    line(102, lotted, 'CH-1', '2027-01-31'),
    line(103, lotted, 'CH-2', '2027-03-31'),
  ],
};
const empty: CountPlace = { place: { id: 12, path: 'W1/S1/R01/P02' }, lines: [] };

const run = (events: CountingEvent[], from: CountingState = initial) => events.reduce(reduce, from);

/** A place scanned and found. */
const onPlace = (p: CountPlace = place) =>
  run([
    { type: 'placeScanned', barcode: 'CODE' },
    { type: 'placeFound', barcode: 'CODE', place: p },
  ]);

describe('the counting state', () => {
  test('starts at the place, its field focused', () => {
    expect(initial.step).toBe('place');
    expect(initial.focus).toEqual({ on: 'place' });
    expect(nextStep(initial)).toEqual({ key: 'stocktaking:counting.next.place' });
  });

  test('a scanned place waits for the server, then the product is next', () => {
    const scanned = reduce(initial, { type: 'placeScanned', barcode: 'CODE' });
    expect(scanned.step).toBe('place');
    expect(scanned.barcode).toBe('CODE');
    expect(scanned.place).toBeNull();
    const found = reduce(scanned, { type: 'placeFound', barcode: 'CODE', place });
    expect(found.place).toBe(place);
    expect(found.step).toBe('product');
    expect(found.focus).toEqual({ on: 'product' });
    expect(found.message).toEqual({
      kind: 'ok',
      words: { key: 'stocktaking:counting.placeConfirmed', params: { place: 'W1/S1/R01/P01' } },
    });
    expect(nextStep(found)).toEqual({
      key: 'stocktaking:counting.next.product',
      params: { place: 'W1/S1/R01/P01' },
    });
  });

  test('an answer for an earlier scanned place is ignored', () => {
    const state = run([
      { type: 'placeScanned', barcode: 'OLD' },
      { type: 'placeScanned', barcode: 'NEW' },
      { type: 'placeFound', barcode: 'OLD', place: empty },
    ]);
    expect(state.place).toBeNull();
    expect(state.barcode).toBe('NEW');
  });

  test('an unknown place goes back to the place field with the reason, said once', () => {
    const state = run([
      { type: 'placeScanned', barcode: 'NIX' },
      { type: 'placeUnknown', barcode: 'NIX' },
    ]);
    expect(state.step).toBe('place');
    expect(state.focus).toEqual({ on: 'place' });
    expect(state.invalid).toEqual({ place: true });
    expect(state.message).toEqual({
      kind: 'wrong',
      words: { key: 'stocktaking:counting.unknownPlace', params: { barcode: 'NIX' } },
    });
    // A server refusal's own text is said as it is.
    const refused = run([
      { type: 'placeScanned', barcode: 'X' },
      { type: 'placeUnknown', barcode: 'X', words: 'Nicht im Umfang.' },
    ]);
    expect(refused.message).toEqual({ kind: 'wrong', words: 'Nicht im Umfang.' });
  });

  test('a product scanned before any place asks for the place', () => {
    const state = reduce(initial, { type: 'productWithoutPlace' });
    expect(state.step).toBe('place');
    expect(state.invalid).toEqual({ place: true });
    expect(state.message?.words).toEqual({ key: 'stocktaking:counting.missing.place' });
  });

  test('an EAN or a SKU in any case names the place line', () => {
    expect(linesMatching(place, '4000000000017').map((c) => c.key)).toEqual(['line-101']);
    expect(linesMatching(place, 'a-1').map((c) => c.key)).toEqual(['line-101']);
    expect(linesMatching(place, '999')).toEqual([]);
  });

  test('a plain product of the place: straight to its quantity, saved with Enter', () => {
    const placed = onPlace();
    const chosen = reduce(placed, {
      type: 'matched',
      code: 'A-1',
      candidates: linesMatching(place, 'A-1'),
    });
    expect(chosen.step).toBe('quantity');
    expect(chosen.focus).toEqual({ on: 'quantity' });
    expect(stepsOf(chosen)).toEqual(['place', 'product', 'quantity']);
    expect(nextStep(chosen)).toEqual({
      key: 'stocktaking:counting.next.quantity',
      params: { sku: 'A-1' },
    });
    const typed = reduce(chosen, { type: 'typed', field: 'quantity', value: '8' });
    const saving = reduce(typed, { type: 'save' });
    expect(saving.saving).toBe(true);
    expect(countInput(saving)).toEqual({
      placeId: '11',
      productId: '1',
      lot: '',
      bestBefore: null,
      quantity: 8,
    });
    // A second Enter while the first is on its way saves nothing more.
    expect(reduce(saving, { type: 'save' })).toBe(saving);
    const saved = reduce(saving, { type: 'saved', quantity: 8 });
    expect(saved.step).toBe('product');
    expect(saved.focus).toEqual({ on: 'product' });
    expect(saved.place).toBe(place);
    expect(saved.chosen).toBeNull();
    expect(saved.count).toBe('');
    expect(saved.saving).toBe(false);
    expect(saved.message).toEqual({
      kind: 'ok',
      words: {
        key: 'stocktaking:counting.counted',
        params: { quantity: 8, sku: 'A-1', place: 'W1/S1/R01/P01' },
      },
    });
  });

  test('a lot the place holds is offered: several lots are picked from, plus another lot', () => {
    const candidates = linesMatching(place, lotted.ean!);
    expect(candidates.map((c) => [c.key, c.lot])).toEqual([
      ['line-102', 'CH-1'],
      ['line-103', 'CH-2'],
      ['product-2', ''],
    ]);
    const picking = reduce(onPlace(), { type: 'matched', code: lotted.ean!, candidates });
    expect(picking.step).toBe('pick');
    expect(picking.focus).toEqual({ on: 'pick' });
    expect(stepKey(picking)).toBe('product');
    expect(nextStep(picking)).toEqual({ key: 'stocktaking:counting.next.pick' });
    // Picking a lot of the place: lot and best-before taken from it, the quantity is next.
    const second = reduce(picking, { type: 'chosen', candidate: candidates[1]! });
    expect(second.step).toBe('quantity');
    expect(second.lot).toBe('CH-2');
    expect(second.bestBefore).toBe('2027-03-31');
    expect(second.candidates).toEqual([]);
    expect(stepsOf(second)).toEqual(['place', 'product', 'lot', 'quantity']);
    expect(nextStep(second)).toEqual({
      key: 'stocktaking:counting.next.quantityLot',
      params: { sku: 'L-2', lot: 'CH-2' },
    });
  });

  test('one lot on the place is taken without asking', () => {
    const single: CountPlace = { ...place, lines: [line(104, lotted, 'CH-9')] };
    const chosen = reduce(onPlace(single), {
      type: 'matched',
      code: 'l-2',
      candidates: linesMatching(single, 'l-2'),
    });
    expect(chosen.step).toBe('quantity');
    expect(chosen.lot).toBe('CH-9');
    // The lot field shows (another lot found there is typed over it).
    expect(stepsOf(chosen)).toContain('lot');
  });

  test('another lot (found stock): lot, then best-before, then quantity; a lot is required', () => {
    const [another] = foundProducts([lotted], 7);
    const state = reduce(onPlace(), { type: 'chosen', candidate: another! });
    expect(state.step).toBe('lot');
    expect(state.focus).toEqual({ on: 'lot' });
    expect(nextStep(state)).toEqual({
      key: 'stocktaking:counting.next.lot',
      params: { sku: 'L-2' },
    });
    const noLot = reduce(state, { type: 'entered', field: 'lot' });
    expect(noLot.step).toBe('lot');
    expect(noLot.invalid).toEqual({ lot: true });
    expect(noLot.message).toEqual({
      kind: 'wrong',
      words: { key: 'stocktaking:counting.missing.lot' },
    });
    const lot = run(
      [
        { type: 'typed', field: 'lot', value: 'CH-NEU' },
        { type: 'entered', field: 'lot' },
      ],
      noLot,
    );
    expect(lot.invalid).toEqual({});
    expect(lot.step).toBe('bestBefore');
    expect(lot.focus).toEqual({ on: 'bestBefore' });
    const date = run(
      [
        { type: 'typed', field: 'bestBefore', value: '2028-05-01' },
        { type: 'entered', field: 'bestBefore' },
        { type: 'typed', field: 'quantity', value: '3' },
        { type: 'save' },
      ],
      lot,
    );
    expect(countInput(date)).toEqual({
      placeId: '11',
      productId: '2',
      lot: 'CH-NEU',
      bestBefore: '2028-05-01',
      quantity: 3,
    });
  });

  test("the server's products of a code: only the stocktaking's client's", () => {
    const other = { ...plain, id: 9, client: { id: 8 } };
    expect(foundProducts([plain, other], 7).map((c) => c.key)).toEqual(['product-1']);
    expect(foundProducts([plain, other], null).map((c) => c.key)).toEqual([
      'product-1',
      'product-9',
    ]);
    // Nothing: the product field says so and keeps the focus.
    const none = reduce(onPlace(), { type: 'matched', code: '123', candidates: [] });
    expect(none.step).toBe('product');
    expect(none.focus).toEqual({ on: 'product' });
    expect(none.invalid).toEqual({ product: true });
    expect(none.message?.words).toEqual({
      key: 'stocktaking:counting.unknownEan',
      params: { ean: '123' },
    });
  });

  test('Enter without a quantity, or with no whole number, is refused in the quantity field', () => {
    const chosen = reduce(onPlace(), {
      type: 'matched',
      code: 'A-1',
      candidates: linesMatching(place, 'A-1'),
    });
    const none = reduce(chosen, { type: 'save' });
    expect(none.saving).toBe(false);
    expect(none.invalid).toEqual({ quantity: true });
    expect(none.message?.words).toEqual({ key: 'stocktaking:counting.missing.quantity' });
    const broken = run(
      [{ type: 'typed', field: 'quantity', value: '2,5' }, { type: 'save' }],
      chosen,
    );
    expect(broken.saving).toBe(false);
    expect(broken.message?.words).toEqual({ key: 'stocktaking:counting.wholeNumber' });
    expect(countInput(broken)).toBeNull();
    // Typing again clears the mark (the message stays until the next one).
    expect(reduce(broken, { type: 'typed', field: 'quantity', value: '2' }).invalid).toEqual({});
  });

  test("the server's refusal marks its fields, focuses the first and keeps what was typed", () => {
    const saving = run(
      [
        { type: 'matched', code: 'A-1', candidates: linesMatching(place, 'A-1') },
        { type: 'typed', field: 'quantity', value: '4' },
        { type: 'save' },
      ],
      onPlace(),
    );
    const refused = reduce(saving, {
      type: 'refused',
      fields: ['lot', 'quantity'],
      words: 'Die Charge fehlt.',
    });
    expect(refused.saving).toBe(false);
    expect(refused.step).toBe('lot');
    expect(refused.focus).toEqual({ on: 'lot' });
    expect(refused.invalid).toEqual({ lot: true, quantity: true });
    expect(refused.message).toEqual({ kind: 'wrong', words: 'Die Charge fehlt.' });
    expect(refused.count).toBe('4');
    expect(refused.chosen?.key).toBe('line-101');
    // A refusal naming no field: only the message.
    const general = reduce(saving, { type: 'refused', fields: [], words: 'Gesperrt.' });
    expect(general.saving).toBe(false);
    expect(general.step).toBe('quantity');
    expect(general.message).toEqual({ kind: 'wrong', words: 'Gesperrt.' });
  });

  test('Escape after a product was chosen goes back to the product, the place kept', () => {
    const back = run(
      [
        { type: 'matched', code: 'A-1', candidates: linesMatching(place, 'A-1') },
        { type: 'typed', field: 'quantity', value: '8' },
        { type: 'otherProduct' },
      ],
      onPlace(),
    );
    expect(back.step).toBe('product');
    expect(back.place).toBe(place);
    expect(back.chosen).toBeNull();
    expect(back.count).toBe('');
    expect(back.focus).toEqual({ on: 'product' });
  });

  test('an empty Enter in the product field goes to the next place', () => {
    const next = run(
      [
        { type: 'matched', code: 'A-1', candidates: linesMatching(place, 'A-1') },
        { type: 'typed', field: 'quantity', value: '8' },
        { type: 'save' },
        { type: 'saved', quantity: 8 },
        { type: 'nextPlace' },
      ],
      onPlace(),
    );
    expect(next.step).toBe('place');
    expect(next.place).toBeNull();
    expect(next.barcode).toBeNull();
    expect(next.focus).toEqual({ on: 'place' });
    // The last count's message stays until the next scan.
    expect(next.message?.kind).toBe('ok');
  });

  test('an empty place is confirmed once, then the next place', () => {
    expect(reduce(initial, { type: 'confirmEmpty' }).invalid).toEqual({ place: true });
    const asking = reduce(onPlace(empty), { type: 'confirmEmpty' });
    expect(asking.saving).toBe(true);
    expect(reduce(asking, { type: 'confirmEmpty' })).toBe(asking);
    const done = reduce(asking, { type: 'emptyConfirmed' });
    expect(done.step).toBe('place');
    expect(done.saving).toBe(false);
    expect(done.message).toEqual({
      kind: 'ok',
      words: { key: 'stocktaking:counting.emptyConfirmed', params: { place: 'W1/S1/R01/P02' } },
    });
  });

  test("another counter's count refreshes the place being counted, not another one", () => {
    const placed = onPlace();
    const counted = { ...place, lines: [{ ...place.lines[0]!, found: true }] };
    expect(reduce(placed, { type: 'placeRefreshed', place: counted }).place).toBe(counted);
    expect(reduce(placed, { type: 'placeRefreshed', place: empty }).place).toBe(place);
  });
});
