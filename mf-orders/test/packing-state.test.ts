import {
  addPackage,
  applyScan,
  backToAssign,
  blocker,
  forward,
  initial,
  nextStep,
  orderLoaded,
  orderRefusal,
  parseWeight,
  quantityProblem,
  refusedFields,
  remainingOf,
  removePackage,
  serverProblem,
  setQuantity,
  setTracking,
  setWeight,
  shipmentPackages,
  type Order,
  type PackingState,
} from '../src/shipments/packing-state';

// The packing station's logic as the person at the station meets it: an order scanned, EANs
// scanned into packages, quantities typed, 'Weiter' and what the server is sent.

const order = (fields: Partial<Order> = {}): Order =>
  ({
    id: '1',
    number: 'K-2026-000001',
    status: 'PENDING',
    version: 3,
    client: { id: '1', name: 'Gartenwelt' },
    shippingMethod: null,
    shippingAddress: {},
    items: [
      {
        id: '11',
        position: 1,
        sku: 'TASSE',
        name: 'Tasse blau',
        orderedQuantity: 2,
        shippedQuantity: 0,
        product: { id: '5', ean: '4000000000011' },
      },
      {
        id: '12',
        position: 2,
        sku: 'BUCH',
        name: 'Kochbuch',
        orderedQuantity: 3,
        shippedQuantity: 2,
        product: { id: '6', ean: '4000000000028' },
      },
      {
        id: '13',
        position: 3,
        sku: 'OHNE-EAN',
        name: 'Gutschein',
        orderedQuantity: 1,
        shippedQuantity: 0,
        product: { id: '7', ean: null },
      },
    ],
    ...fields,
  }) as unknown as Order;

const scanned = (state: PackingState, ...codes: string[]) =>
  codes.reduce((s, code) => applyScan(s, code).state, state);

const item = (state: PackingState, sku: string) => state.order!.items.find((i) => i.sku === sku)!;

describe('looking up an order', () => {
  it('refuses an unknown number, a shipped order and one that is not pending or processing', () => {
    expect(orderRefusal(null, 'X-1')).toEqual(['orders:shipment.unknownOrder', { number: 'X-1' }]);
    const shipped = order({
      items: order().items.map((i) => ({ ...i, shippedQuantity: i.orderedQuantity })),
    });
    expect(orderRefusal(shipped, 'K-2026-000001')?.[0]).toBe('orders:shipment.allShipped');
    expect(orderRefusal(order({ status: 'CANCELLED' }), 'K')).toEqual([
      'orders:shipment.notPackable',
      { number: 'K-2026-000001', status: 'CANCELLED' },
    ]);
    expect(orderRefusal(order({ status: 'PROCESSING' }), 'K')).toBeNull();
  });

  it('refuses a pending order with a fulfillment error, naming it (docs/domain.md "Outbound")', () => {
    const stray = order({ fulfillmentError: 'The order has no shipping method.' });
    expect(orderRefusal(stray, 'K')).toEqual([
      'orders:shipment.fulfillmentProblem',
      { number: 'K-2026-000001', reason: 'The order has no shipping method.' },
    ]);
    // Reserved on a picklist (processing): its stock is held, the packer goes on.
    expect(orderRefusal({ ...stray, status: 'PROCESSING' }, 'K')).toBeNull();
    expect(orderRefusal(order({ fulfillmentError: null }), 'K')).toBeNull();
  });

  it("names the fulfillment problem in the reader's language where the server sent it as a message", () => {
    const stray = order({
      fulfillmentError: 'The order has no shipping method.',
      fulfillmentProblems: [
        {
          key: 'fulfillment.shippingMethod',
          params: null,
          text: 'The order has no shipping method.',
        },
      ],
    } as Partial<Order>);
    expect(orderRefusal(stray, 'K')?.[1]).toEqual({
      number: 'K-2026-000001',
      reason: 'Die Bestellung hat keine Versandart.',
    });
  });

  it('a packable order goes to step 2 with one empty package', () => {
    const state = orderLoaded(order());
    expect(state.step).toBe('assign');
    expect(state.packages).toHaveLength(1);
    expect(state.current).toBe(0);
    expect(remainingOf(state, item(state, 'TASSE'))).toBe(2);
    expect(remainingOf(state, item(state, 'BUCH'))).toBe(1);
  });
});

describe('scanning EANs', () => {
  it('each scan puts one unit into the current package and says how many of how many', () => {
    const first = applyScan(orderLoaded(order()), '4000000000011');
    expect(first.ok).toBe(true);
    expect(first.text).toEqual([
      'orders:shipment.scanned',
      { sku: 'TASSE', n: 1, assigned: 1, open: 2 },
    ]);
    const second = applyScan(first.state, '4000000000011');
    expect(second.state.packages[0]!.quantities).toEqual({ '11': 2 });
    expect(second.text[1]).toMatchObject({ assigned: 2, open: 2 });
    expect(remainingOf(second.state, item(second.state, 'TASSE'))).toBe(0);
  });

  it('refuses a further unit when everything open is assigned, and changes nothing', () => {
    const full = scanned(orderLoaded(order()), '4000000000011', '4000000000011');
    const third = applyScan(full, '4000000000011');
    expect(third.ok).toBe(false);
    expect(third.text).toEqual(['orders:shipment.eanDone', { ean: '4000000000011', sku: 'TASSE' }]);
    expect(third.state).toBe(full);
  });

  it('refuses an EAN on no position of the order', () => {
    const state = orderLoaded(order());
    const wrong = applyScan(state, '4000000000000');
    expect(wrong).toEqual({
      state,
      ok: false,
      text: ['orders:shipment.wrongEan', { ean: '4000000000000', number: 'K-2026-000001' }],
    });
  });

  it('a product without an EAN is scanned by its sku; only what is still open counts', () => {
    const state = scanned(orderLoaded(order()), 'OHNE-EAN', '4000000000028');
    expect(state.packages[0]!.quantities).toEqual({ '13': 1, '12': 1 });
    expect(applyScan(state, '4000000000028').ok).toBe(false); // 3 ordered, 2 shipped before
  });

  it('after "Paket hinzufügen" the scans go into the new package', () => {
    const two = addPackage(scanned(orderLoaded(order()), '4000000000011'));
    expect(two.current).toBe(1);
    const after = applyScan(two, '4000000000011');
    expect(after.text).toEqual([
      'orders:shipment.scanned',
      { sku: 'TASSE', n: 2, assigned: 2, open: 2 },
    ]);
    expect(after.state.packages.map((p) => p.quantities)).toEqual([{ '11': 1 }, { '11': 1 }]);
  });

  it('removing a package takes its units back; the last package stays', () => {
    const two = scanned(addPackage(scanned(orderLoaded(order()), '4000000000011')), 'OHNE-EAN');
    const one = removePackage(two, 1);
    expect(one.packages).toHaveLength(1);
    expect(one.current).toBe(0);
    expect(remainingOf(one, item(one, 'OHNE-EAN'))).toBe(1);
    expect(removePackage(one, 0)).toBe(one);
  });
});

describe('typed quantities and weights', () => {
  it('more than open is marked at the quantity', () => {
    const state = setQuantity(orderLoaded(order()), 0, '11', 3);
    expect(quantityProblem(state, 0, item(state, 'TASSE'))).toEqual([
      'orders:shipment.tooMuch',
      { open: 2 },
    ]);
    // Split over two packages, the sum counts.
    const split = setQuantity(
      addPackage(setQuantity(orderLoaded(order()), 0, '11', 1)),
      1,
      '11',
      2,
    );
    expect(quantityProblem(split, 1, item(split, 'TASSE'))?.[0]).toBe('orders:shipment.tooMuch');
  });

  it('a fraction or a negative number is no quantity', () => {
    expect(
      quantityProblem(setQuantity(orderLoaded(order()), 0, '11', 1.5), 0, order().items[0]!),
    ).toEqual(['orders:shipment.badQuantity']);
    expect(
      quantityProblem(setQuantity(orderLoaded(order()), 0, '11', -1), 0, order().items[0]!),
    ).toEqual(['orders:shipment.badQuantity']);
  });

  it('weights take a decimal comma or point; anything else is marked', () => {
    expect(parseWeight('1,5')).toBe(1.5);
    expect(parseWeight(' 2.25 ')).toBe(2.25);
    expect(parseWeight('')).toBeNull();
    expect(parseWeight('1,5 kg')).toBeNaN();
  });
});

describe("'Weiter' and finishing", () => {
  it('nothing assigned: refused with the reason, still step 2', () => {
    const state = orderLoaded(order());
    expect(forward(state)).toEqual({ state, problem: ['orders:shipment.nothingAssigned'] });
  });

  it('a marked entry or an empty package blocks; fixed, step 3 follows', () => {
    const base = scanned(orderLoaded(order()), '4000000000011');
    expect(blocker(setWeight(base, 0, 'schwer'))).toEqual(['orders:shipment.fixFirst']);
    expect(blocker(setQuantity(base, 0, '11', 5))).toEqual(['orders:shipment.fixFirst']);
    expect(blocker(addPackage(base))).toEqual(['orders:shipment.packageEmpty', { n: 2 }]);
    const on = forward(base);
    expect(on.problem).toBeNull();
    expect(on.state.step).toBe('finish');
    expect(backToAssign(on.state).step).toBe('assign');
  });

  it('sends per package its weight, tracking number and the items with units, in order', () => {
    let state = scanned(orderLoaded(order()), 'OHNE-EAN', '4000000000011', '4000000000011');
    state = setTracking(setWeight(state, 0, '1,5'), 0, '  TRK-1 ');
    state = scanned(addPackage(state), '4000000000028');
    expect(shipmentPackages(state)).toEqual([
      {
        weightKg: 1.5,
        trackingNumber: 'TRK-1',
        items: [
          { orderItemId: '11', quantity: 2 },
          { orderItemId: '13', quantity: 1 },
        ],
      },
      { weightKg: null, trackingNumber: null, items: [{ orderItemId: '12', quantity: 1 }] },
    ]);
  });

  it("a server refusal is placed at the package's position it names, with its sku", () => {
    const state = scanned(orderLoaded(order()), 'OHNE-EAN', '4000000000011');
    const { state: after, places } = refusedFields(state, state.packages, {
      'packages.0.items.1.quantity': 'Nicht genug Bestand im Lager.',
      trackingNumber: 'zu lang',
    });
    expect(places).toEqual([
      { name: 'packages.0.items.1.quantity', package: 1, sku: 'OHNE-EAN' },
      { name: 'trackingNumber' },
    ]);
    expect(serverProblem(after, 0, '13')).toBe('Nicht genug Bestand im Lager.');
    expect(serverProblem(after, 0, '11')).toBeUndefined();
    // Any change clears the server's marks.
    expect(serverProblem(setWeight(after, 0, '1'), 0, '13')).toBeUndefined();
  });
});

describe('the next step spelled out', () => {
  it('scan the order, then the next item with units left, then Weiter, then Fertigstellen', () => {
    expect(nextStep(initial)).toEqual(['orders:shipment.nextScanOrder']);
    let state = orderLoaded(order());
    expect(nextStep(state)).toEqual([
      'orders:shipment.nextItem',
      { sku: 'TASSE', name: 'Tasse blau', remaining: 2, n: 1 },
    ]);
    state = scanned(state, '4000000000011', '4000000000011');
    expect(nextStep(state)[1]).toMatchObject({ sku: 'BUCH', remaining: 1 });
    state = scanned(state, '4000000000028', 'OHNE-EAN');
    expect(nextStep(state)).toEqual(['orders:shipment.nextForward']);
    expect(nextStep(forward(state).state)).toEqual(['orders:shipment.nextFinish']);
  });
});
