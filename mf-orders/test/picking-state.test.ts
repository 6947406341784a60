import {
  allPicked,
  currentLine,
  initial,
  nextLine,
  nextStep,
  pickRefusal,
  pickRequest,
  picked,
  scanEan,
  scanPlace,
  setQuantity,
  stepOf,
  type Line,
  type PickingState,
} from '../src/picklists/picking-state';

// Picking by hand scanner as the picker meets it: place → EAN → quantity proposed → Enter;
// a wrong scan is refused with its reason and the focus stays at the field to scan again.

const line = (
  id: string,
  place: string,
  sku: string,
  ean: string | null,
  quantity: number,
  pickedQuantity = 0,
): Line =>
  ({
    id,
    lot: '',
    bestBefore: null,
    quantity,
    pickedQuantity,
    pickedByName: null,
    pickedAt: null,
    product: { id: `p${id}`, sku, ean, name: `${sku} name` },
    place: { id: `pl${place}`, barcode: `B-${place}`, path: `Lager / Halle / ${place}` },
    orders: [],
  }) as unknown as Line;

const lines = [
  line('1', 'P01', 'TASSE', '4000000000011', 3),
  line('2', 'P02', 'BUCH', '4000000000028', 2),
  line('3', 'P02', 'GUTSCHEIN', null, 1),
  line('4', 'P03', 'ALT', '4000000000035', 1, 1),
];

const run = (state: PickingState, ...steps: ((s: PickingState) => PickingState)[]) =>
  steps.reduce((s, step) => step(s), state);
const place = (code: string) => (s: PickingState) => scanPlace(s, lines, code).state;
const ean = (code: string) => (s: PickingState) => scanEan(s, lines, code).state;

describe('scanning the place', () => {
  it('a place with an open line is confirmed and the EAN is next', () => {
    const outcome = scanPlace(initial, lines, 'B-P01');
    expect(outcome).toMatchObject({
      ok: true,
      focus: 'ean',
      text: ['orders:picklist.placeConfirmed', { place: 'Lager / Halle / P01' }],
    });
    expect(outcome.state.place).toBe('B-P01');
    expect(stepOf(outcome.state)).toBe('ean');
  });

  it('a place without an open line (or unknown) is refused, the place field marked', () => {
    for (const code of ['B-P03', 'B-P99']) {
      const outcome = scanPlace(initial, lines, code);
      expect(outcome.ok).toBe(false);
      expect(outcome.text).toEqual(['orders:picklist.wrongPlace', { barcode: code }]);
      expect(outcome.focus).toBe('place');
      expect(outcome.state).toMatchObject({ place: null, wrong: 'place' });
    }
  });

  it('a new place scan starts over (the EAN and quantity of the last one are gone)', () => {
    const state = run(initial, place('B-P01'), ean('4000000000011'), place('B-P02'));
    expect(state).toMatchObject({ place: 'B-P02', lineId: null, quantity: '', ean: '' });
  });
});

describe('scanning the EAN', () => {
  it('the right EAN at the place confirms the line and proposes what is open on it', () => {
    const outcome = scanEan(run(initial, place('B-P01')), lines, '4000000000011');
    expect(outcome).toMatchObject({
      ok: true,
      focus: 'quantity',
      text: ['orders:picklist.productConfirmed', { sku: 'TASSE', quantity: 3 }],
    });
    expect(outcome.state).toMatchObject({ lineId: '1', quantity: '3', wrong: null });
    expect(currentLine(outcome.state, lines)?.product.sku).toBe('TASSE');
  });

  it("another place's EAN is refused naming the place; the place stays, the focus at the EAN", () => {
    const at = run(initial, place('B-P01'));
    const outcome = scanEan(at, lines, '4000000000028');
    expect(outcome.ok).toBe(false);
    expect(outcome.text).toEqual([
      'orders:picklist.wrongEan',
      { ean: '4000000000028', place: 'Lager / Halle / P01' },
    ]);
    expect(outcome.focus).toBe('ean');
    expect(outcome.state).toMatchObject({ place: 'B-P01', lineId: null, wrong: 'ean' });
  });

  it('the barcode of another place of the picklist in the EAN field moves the picker there', () => {
    const outcome = scanEan(run(initial, place('B-P01')), lines, 'B-P02');
    expect(outcome).toMatchObject({ ok: true, focus: 'ean' });
    expect(outcome.state.place).toBe('B-P02');
    // A place with nothing open there is refused as a place.
    expect(scanEan(run(initial, place('B-P01')), lines, 'B-P03').text).toEqual([
      'orders:picklist.wrongPlace',
      { barcode: 'B-P03' },
    ]);
  });

  it('an EAN before any place is refused at the place', () => {
    const outcome = scanEan(initial, lines, '4000000000011');
    expect(outcome.text).toEqual(['orders:picklist.placeFirst']);
    expect(outcome.focus).toBe('place');
  });

  it('a product without an EAN is confirmed by its sku', () => {
    const state = run(initial, place('B-P02'), ean('GUTSCHEIN'));
    expect(state).toMatchObject({ lineId: '3', quantity: '1' });
  });
});

describe('confirming the pick', () => {
  it('sends line, place, EAN and the quantity as typed; afterwards the place is next', () => {
    const state = setQuantity(run(initial, place('B-P01'), ean('4000000000011')), ' 2 ');
    expect(pickRequest(state, lines)).toEqual({
      lineId: '1',
      placeBarcode: 'B-P01',
      ean: '4000000000011',
      quantity: 2,
    });
    const after = picked(state, lines);
    expect(after.text).toEqual([
      'orders:picklist.pickedLine',
      { quantity: 2, sku: 'TASSE', place: 'Lager / Halle / P01' },
    ]);
    expect(after.state).toEqual(initial);
    expect(after.focus).toBe('place');
  });

  it('without a confirmed line nothing is sent', () => {
    const request = pickRequest(run(initial, place('B-P01')), lines);
    expect('refused' in request && request.refused.text).toEqual(['orders:picklist.placeFirst']);
  });

  it("the server's refusal marks its fields in the screen's words, the first one to fix", () => {
    const state = run(initial, place('B-P01'), ean('4000000000011'));
    expect(
      pickRefusal(state, lines, {
        quantity: [{ rule: 'max', message: 'too much', params: { open: 1 } }],
        ean: [{ rule: 'match', message: 'wrong' }],
      }),
    ).toEqual({
      fields: {
        quantity: ['orders:picklist.tooMuch', { open: 1 }],
        ean: ['orders:picklist.wrongEan', { ean: '4000000000011', place: 'Lager / Halle / P01' }],
      },
      first: 'ean',
    });
    expect(pickRefusal(state, lines, {})).toBeNull();
  });
});

describe('the next step spelled out', () => {
  it('where to go, then which product, then the quantity; finally everything is picked', () => {
    expect(nextStep(initial, lines)).toEqual([
      'orders:picklist.next',
      { place: 'Lager / Halle / P01', quantity: 3, sku: 'TASSE', name: 'TASSE name' },
    ]);
    const atPlace = run(initial, place('B-P02'));
    expect(nextStep(atPlace, lines)).toEqual([
      'orders:picklist.nextEan',
      { sku: 'BUCH', name: 'BUCH name' },
    ]);
    expect(nextStep(run(atPlace, ean('4000000000028')), lines)).toEqual([
      'orders:picklist.nextQuantity',
      { quantity: 2, sku: 'BUCH' },
    ]);
    const done = lines.map((l) => ({ ...l, pickedQuantity: l.quantity }));
    expect(nextLine(done)).toBeNull();
    expect(allPicked(done)).toBe(true);
    expect(allPicked(lines)).toBe(false);
    expect(nextStep(initial, done)).toEqual(['orders:picklist.allPicked']);
  });
});
