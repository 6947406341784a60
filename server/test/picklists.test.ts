import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, administrationSnapshot, codeOf, graphql } from './graphql-support';
import {
  createPicklist,
  heldOf,
  order,
  product,
  statusOf,
  stockRow,
  world,
} from './picklists-support';

// Picklists (issue 15): creation reserves stock first-expiry-first-out (stock.locked_qty and
// stock_reservations in one statement) and moves the orders to processing; an order that
// cannot be reserved fully keeps nothing and gets its fulfillment error; a place locked by a
// running stocktaking is never reserved; picking checks place and EAN; cancelling releases.

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t.close());

const PICK = `mutation($l: ID!, $p: String!, $e: String!, $q: Int!) {
  pickLine(lineId: $l, placeBarcode: $p, ean: $e, quantity: $q) { id status version pickedCount lineCount } }`;
const CANCEL = `mutation($id: ID!, $v: Int!) { cancelPicklist(id: $id, version: $v) { id status version } }`;

test('FEFO: earliest best-before first, rows without one last; lines in walking order; orders processing', async () => {
  const w = await world(t.db);
  const milk = await product(t.db, w, { sku: 'MILK', ean: '4006381333931', bestBefore: true });
  // P01: late expiry; P02: earliest expiry; P03: no best-before (old booking); P04: middle.
  await stockRow(t.db, w, milk, w.placeIds[0]!, 10, { bestBefore: '2027-06-01' });
  await stockRow(t.db, w, milk, w.placeIds[1]!, 3, { bestBefore: '2027-01-01' });
  await stockRow(t.db, w, milk, w.placeIds[2]!, 10, { bestBefore: null, ageDays: 100 });
  await stockRow(t.db, w, milk, w.placeIds[3]!, 2, { bestBefore: '2027-03-01' });
  const o = await order(boss, w, [[milk, 7]]);

  const answer = await createPicklist(boss, { clientId: String(w.clientId) });
  expect(answer.errors).toBeUndefined();
  const { picklist, errors } = answer.data!.createPicklist;
  expect(errors).toEqual([]);
  expect(picklist.number).toMatch(/^PL-\d{4}-\d{6}$/);
  expect(picklist.status).toBe('OPEN');
  expect(picklist.orders).toEqual([{ id: o.id, number: o.number, status: 'PROCESSING' }]);
  // 3 from P02 (2027-01-01), 2 from P04 (2027-03-01), 2 from P01 (2027-06-01); P03 untouched.
  // Listed in walking order P01, P02, P04.
  expect(
    picklist.lines.map((l: { place: { id: string }; quantity: number; bestBefore: string }) => [
      Number(l.place.id),
      l.quantity,
      l.bestBefore,
    ]),
  ).toEqual([
    [w.placeIds[0], 2, '2027-06-01'],
    [w.placeIds[1], 3, '2027-01-01'],
    [w.placeIds[3], 2, '2027-03-01'],
  ]);
  expect(picklist.lines[0].orders).toEqual([
    { order: { id: o.id, number: o.number }, quantity: 2 },
  ]);
  expect(await heldOf(t.db, milk)).toEqual([
    { placeId: w.placeIds[0], quantity: 10, locked: 2, reserved: 2 },
    { placeId: w.placeIds[1], quantity: 3, locked: 3, reserved: 3 },
    { placeId: w.placeIds[2], quantity: 10, locked: 0, reserved: 0 },
    { placeId: w.placeIds[3], quantity: 2, locked: 2, reserved: 2 },
  ]);
  const [totals] = await t.db.query<{ locked: string }>(
    'SELECT locked_qty::text AS locked FROM stock_totals WHERE product_id = $1',
    [milk],
  );
  expect(totals!.locked).toBe('7');
  expect(await statusOf(t.db, o.id)).toBe('processing');
  const history = await graphql(
    boss,
    'query($id: ID!) { order(id: $id) { history { kind fromStatus toStatus } } }',
    {
      id: o.id,
    },
  );
  expect(history.data!.order.history.at(-1)).toEqual({
    kind: 'status',
    fromStatus: 'PENDING',
    toStatus: 'PROCESSING',
  });
  // Another picklist finds nothing more to take.
  const again = await createPicklist(boss, { clientId: String(w.clientId) });
  expect(again.data!.createPicklist).toEqual({ picklist: null, errors: [] });
});

test('without best-before: the oldest booking goes first', async () => {
  const w = await world(t.db);
  const screw = await product(t.db, w, { sku: 'SCREW' });
  await stockRow(t.db, w, screw, w.placeIds[0]!, 5, { ageDays: 1 });
  await stockRow(t.db, w, screw, w.placeIds[1]!, 5, { ageDays: 30 });
  await order(boss, w, [[screw, 4]]);
  const answer = await createPicklist(boss, { clientId: String(w.clientId) });
  expect(
    answer.data!.createPicklist.picklist.lines.map((l: { place: { id: string } }) =>
      Number(l.place.id),
    ),
  ).toEqual([w.placeIds[1]]);
});

test('an order that cannot be reserved fully keeps nothing, stays pending and gets its fulfillment error', async () => {
  const w = await world(t.db);
  const cup = await product(t.db, w, { sku: 'CUP' });
  const plate = await product(t.db, w, { sku: 'PLATE' });
  await stockRow(t.db, w, cup, w.placeIds[0]!, 5);
  await stockRow(t.db, w, plate, w.placeIds[1]!, 10);
  const first = await order(boss, w, [[cup, 4]]);
  // Created while 5 were available; the first order takes 4, so its 4 cups can't be reserved.
  const second = await order(boss, w, [
    [plate, 2],
    [cup, 4],
  ]);
  const answer = await createPicklist(boss, { clientId: String(w.clientId) });
  const { picklist, errors } = answer.data!.createPicklist;
  expect(picklist.orders.map((o: { id: string }) => o.id)).toEqual([first.id]);
  expect(errors).toEqual([
    {
      order: {
        id: second.id,
        number: second.number,
        status: 'PENDING',
        fulfillmentError: 'Not enough stock of CUP to reserve: 4 needed, 1 available.',
      },
      reason: 'Not enough stock of CUP to reserve: 4 needed, 1 available.',
    },
  ]);
  // The second order's plates were not reserved either (all or nothing per order).
  expect(await heldOf(t.db, plate)).toEqual([
    { placeId: w.placeIds[1], quantity: 10, locked: 0, reserved: 0 },
  ]);
  expect(await heldOf(t.db, cup)).toEqual([
    { placeId: w.placeIds[0], quantity: 5, locked: 4, reserved: 4 },
  ]);
  // An order with a fulfillment error is not taken into the next picklist.
  const again = await createPicklist(boss, { clientId: String(w.clientId) });
  expect(again.data!.createPicklist).toEqual({ picklist: null, errors: [] });
});

test('stock on a place locked by a running stocktaking is not reserved', async () => {
  const w = await world(t.db);
  const jar = await product(t.db, w, { sku: 'JAR' });
  await stockRow(t.db, w, jar, w.placeIds[0]!, 10);
  await stockRow(t.db, w, jar, w.placeIds[1]!, 2);
  const big = await order(boss, w, [[jar, 5]]);
  const [st] = await t.db.query<{ id: number; number: string }>(
    `INSERT INTO stocktakings (warehouse_id, status, started_at) VALUES ($1, 'counting', now()) RETURNING id, number`,
    [w.warehouseId],
  );
  await t.db.query('INSERT INTO stocktaking_locks (place_id, stocktaking_id) VALUES ($1, $2)', [
    w.placeIds[0],
    st!.id,
  ]);
  const refused = await createPicklist(boss, { clientId: String(w.clientId), maxOrders: 1 });
  expect(refused.data!.createPicklist.picklist).toBeNull();
  expect(refused.data!.createPicklist.errors[0].reason).toBe(
    'Not enough stock of JAR to reserve: 5 needed, 2 available (places in a running stocktaking are locked).',
  );
  expect(await heldOf(t.db, jar)).toEqual([
    { placeId: w.placeIds[0], quantity: 10, locked: 0, reserved: 0 },
    { placeId: w.placeIds[1], quantity: 2, locked: 0, reserved: 0 },
  ]);
  expect(await statusOf(t.db, big.id)).toBe('pending');
  await t.db.query('DELETE FROM stocktaking_locks WHERE stocktaking_id = $1', [st!.id]);
});

test('picking: wrong place or EAN and too many are field errors; first pick in progress, last done', async () => {
  const w = await world(t.db);
  const tea = await product(t.db, w, { sku: 'TEA', ean: '4000417025005' });
  const bag = await product(t.db, w, { sku: 'BAG' });
  await stockRow(t.db, w, tea, w.placeIds[1]!, 5);
  await stockRow(t.db, w, bag, w.placeIds[2]!, 5);
  await order(boss, w, [
    [tea, 3],
    [bag, 1],
  ]);
  const { picklist } = (await createPicklist(boss, { clientId: String(w.clientId) })).data!
    .createPicklist;
  const [teaLine, bagLine] = picklist.lines;
  const pick = (line: string, p: string, e: string, q: number) =>
    graphql(boss, PICK, { l: line, p, e, q });

  const before = await administrationSnapshot(t);
  const wrongPlace = await pick(teaLine.id, w.barcodes[0]!, '4000417025005', 1);
  expect(wrongPlace.errors![0]!.extensions!.fieldErrors).toEqual({
    placeBarcode: [`Wrong place: this line is picked from ${teaLine.place.path}.`],
  });
  const wrongEan = await pick(teaLine.id, w.barcodes[1]!, '4006381333931', 1);
  expect(wrongEan.errors![0]!.extensions!.fieldErrors).toEqual({
    ean: ['Wrong product: this line is TEA (EAN 4000417025005).'],
  });
  const tooMany = await pick(teaLine.id, w.barcodes[1]!, '4000417025005', 4);
  expect(tooMany.errors![0]!.extensions!.fieldErrors).toEqual({
    quantity: ['At most 3 are left to pick on this line.'],
  });
  expect(await administrationSnapshot(t)).toBe(before);

  const first = await pick(teaLine.id, w.barcodes[1]!, '4000417025005', 3);
  expect(first.data!.pickLine).toMatchObject({
    status: 'IN_PROGRESS',
    pickedCount: 1,
    lineCount: 2,
  });
  // A product without an EAN is confirmed by its sku (any case).
  const last = await pick(bagLine.id, w.barcodes[2]!, 'bag', 1);
  expect(last.data!.pickLine).toMatchObject({ status: 'DONE', pickedCount: 2 });
  const late = await pick(bagLine.id, w.barcodes[2]!, 'BAG', 1);
  expect(codeOf(late)).toBe('CONFLICT');
});

test('cancelling releases the reservations and returns the orders to pending; a stale version is refused', async () => {
  const w = await world(t.db);
  const pen = await product(t.db, w, { sku: 'PEN' });
  await stockRow(t.db, w, pen, w.placeIds[0]!, 6);
  const o1 = await order(boss, w, [[pen, 2]]);
  const o2 = await order(boss, w, [[pen, 3]]);
  const { picklist } = (await createPicklist(boss, { clientId: String(w.clientId) })).data!
    .createPicklist;
  expect(await heldOf(t.db, pen)).toEqual([
    { placeId: w.placeIds[0], quantity: 6, locked: 5, reserved: 5 },
  ]);

  const before = await administrationSnapshot(t);
  const stale = await graphql(boss, CANCEL, { id: picklist.id, v: picklist.version + 1 });
  expect(stale.errors![0]!.extensions!.reason).toBe('stale');
  expect(await administrationSnapshot(t)).toBe(before);

  const cancelled = await graphql(boss, CANCEL, { id: picklist.id, v: picklist.version });
  expect(cancelled.data!.cancelPicklist.status).toBe('CANCELLED');
  expect(await heldOf(t.db, pen)).toEqual([
    { placeId: w.placeIds[0], quantity: 6, locked: 0, reserved: 0 },
  ]);
  expect(await statusOf(t.db, o1.id)).toBe('pending');
  expect(await statusOf(t.db, o2.id)).toBe('pending');
  const [totals] = await t.db.query<{ locked: string }>(
    'SELECT locked_qty::text AS locked FROM stock_totals WHERE product_id = $1',
    [pen],
  );
  expect(totals!.locked).toBe('0');
  // The orders can go onto a new picklist.
  const again = await createPicklist(boss, { clientId: String(w.clientId) });
  expect(again.data!.createPicklist.picklist.orderCount).toBe(2);
});

test('cancelling an order on a picklist gives its reserved stock back; the other order keeps its own', async () => {
  const w = await world(t.db);
  const ink = await product(t.db, w, { sku: 'INK' });
  await stockRow(t.db, w, ink, w.placeIds[0]!, 6);
  const o1 = await order(boss, w, [[ink, 2]]);
  await order(boss, w, [[ink, 3]]);
  await createPicklist(boss, { clientId: String(w.clientId) });
  expect(await heldOf(t.db, ink)).toEqual([
    { placeId: w.placeIds[0], quantity: 6, locked: 5, reserved: 5 },
  ]);
  const cancelled = await graphql(
    boss,
    'mutation($ids: [ID!]!) { cancelOrders(ids: $ids) { id status } }',
    { ids: [o1.id] },
  );
  expect(cancelled.data!.cancelOrders).toEqual([{ id: o1.id, status: 'CANCELLED' }]);
  expect(await heldOf(t.db, ink)).toEqual([
    { placeId: w.placeIds[0], quantity: 6, locked: 3, reserved: 3 },
  ]);
});

test('bad input: field errors named, nothing written', async () => {
  const before = await administrationSnapshot(t);
  const bad = await createPicklist(boss, { clientId: '999999', maxOrders: 0 });
  expect(bad.errors![0]!.extensions!.fieldErrors).toEqual({
    maxOrders: ['The max orders field must be at least 1.'],
  });
  const unknown = await createPicklist(boss, { clientId: '999999' });
  expect(unknown.errors![0]!.extensions!.fieldErrors).toEqual({
    clientId: ['The selected client is invalid.'],
  });
  expect(await administrationSnapshot(t)).toBe(before);
});

const SKIPPED = `mutation($i: PicklistInput!) { createPicklist(input: $i) {
  picklist { id orders { id } } errors { order { id } reason }
  skipped { rule order { id number status fulfillmentError } } skippedTotal } }`;

/** An order of the world without a shipping method (a fresh Kontor has none to choose). */
async function orderWithoutMethod(w: Awaited<ReturnType<typeof world>>, productId: number) {
  const answer = await graphql(
    boss,
    `
      mutation ($i: OrderInput!) {
        createOrder(input: $i) {
          id
          number
          fulfillmentError
        }
      }
    `,
    {
      i: {
        clientId: String(w.clientId),
        shippingAddress: {
          lastName: 'Mustermann',
          street: 'Hafenstraße',
          houseNumber: '7',
          postcode: '20457',
          city: 'Hamburg',
          countryCode: 'DE',
        },
        items: [{ productId: String(productId), quantity: 1 }],
      },
    },
  );
  return answer.data!.createOrder as { id: string; number: string; fulfillmentError: string };
}

test('the pending orders a picklist leaves out for their fulfillment error are named with it', async () => {
  const w = await world(t.db);
  const cup = await product(t.db, w, { sku: 'CUP' });
  await stockRow(t.db, w, cup, w.placeIds[0]!, 5);
  const stray = await orderWithoutMethod(w, cup);
  expect(stray.fulfillmentError).toBe('The order has no shipping method.');

  const none = await graphql(boss, SKIPPED, { i: { clientId: String(w.clientId) } });
  expect(none.data!.createPicklist).toEqual({
    picklist: null,
    errors: [],
    skipped: [
      {
        rule: 'FULFILLMENT',
        order: {
          id: stray.id,
          number: stray.number,
          status: 'PENDING',
          fulfillmentError: 'The order has no shipping method.',
        },
      },
    ],
    skippedTotal: 1,
  });

  // Beside a picklist made: the order it took, the one it left out named.
  const fine = await order(boss, w, [[cup, 2]]);
  const made = await graphql(boss, SKIPPED, { i: { clientId: String(w.clientId) } });
  expect(made.data!.createPicklist.picklist.orders).toEqual([{ id: fine.id }]);
  expect(
    made.data!.createPicklist.skipped.map((s: { order: { id: string } }) => s.order.id),
  ).toEqual([stray.id]);
  // Another client's filter matches none of them: nothing named.
  const other = await world(t.db);
  const elsewhere = await graphql(boss, SKIPPED, { i: { clientId: String(other.clientId) } });
  expect(elsewhere.data!.createPicklist).toMatchObject({ skipped: [], skippedTotal: 0 });
});

test('a picklist for the chosen orders takes only them and says why a chosen one was left out', async () => {
  const w = await world(t.db);
  const cup = await product(t.db, w, { sku: 'CUP' });
  await stockRow(t.db, w, cup, w.placeIds[0]!, 20);
  const older = await order(boss, w, [[cup, 1]]);
  const chosen = await order(boss, w, [[cup, 2]]);
  const stray = await orderWithoutMethod(w, cup);

  const one = await graphql(boss, SKIPPED, { i: { orderIds: [chosen.id] } });
  expect(one.errors).toBeUndefined();
  expect(one.data!.createPicklist.picklist.orders).toEqual([{ id: chosen.id }]);
  expect(one.data!.createPicklist.skipped).toEqual([]);
  // The older order was not chosen: still pending, nothing of it reserved.
  expect(await statusOf(t.db, older.id)).toBe('pending');

  // Chosen again (now processing), with the order without a shipping method: both named.
  const again = await graphql(boss, SKIPPED, { i: { orderIds: [chosen.id, stray.id] } });
  expect(again.data!.createPicklist.picklist).toBeNull();
  expect(
    again.data!.createPicklist.skipped.map((s: { rule: string; order: { id: string } }) => [
      s.order.id,
      s.rule,
    ]),
  ).toEqual(
    [
      [chosen.id, 'STATUS'],
      [stray.id, 'FULFILLMENT'],
    ].sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  // A chosen order the filters exclude.
  const filtered = await graphql(boss, SKIPPED, {
    i: { orderIds: [older.id], clientId: String((await world(t.db)).clientId) },
  });
  expect(filtered.data!.createPicklist.skipped).toEqual([
    expect.objectContaining({ rule: 'FILTER' }),
  ]);

  // An order that does not exist: a field error, nothing written.
  const before = await administrationSnapshot(t);
  const unknown = await graphql(boss, SKIPPED, { i: { orderIds: [older.id, '999999'] } });
  expect(unknown.errors![0]!.extensions!.fieldErrors).toEqual({
    orderIds: ['A chosen order does not exist.'],
  });
  const empty = await graphql(boss, SKIPPED, { i: { orderIds: [] } });
  expect(empty.errors![0]!.extensions!.fieldErrors).toEqual({
    orderIds: ['Choose at least one order.'],
  });
  expect(await administrationSnapshot(t)).toBe(before);
  expect(await statusOf(t.db, older.id)).toBe('pending');
});
