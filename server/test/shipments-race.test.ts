import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql, type GraphqlAnswer } from './graphql-support';
import { createPicklist, heldOf, order, product, stockRow, world } from './picklists-support';

// Two stations at once, on PostgreSQL with several connections (server/scripts/
// test-postgres.sh); on PGlite the requests are serialized and the outcomes must be the same.
// The order row is locked first and its version checked, the open quantities and the stock
// rows are read after their locks: a position is never shipped twice, stock never goes below
// zero, and two picklists made at once never reserve one order twice.

let t: TestApp;
let station1: Browser;
let station2: Browser;
beforeAll(async () => {
  t = await startTestApp();
  station1 = await admin(t.app);
  station2 = await admin(t.app);
});
afterAll(() => t.close());

const SHIP = `mutation($o: ID!, $v: Int!, $p: [ShipmentPackageInput!]!) {
  createShipment(orderId: $o, version: $v, packages: $p) { id order { status } } }`;
const SHIP_ALL = `mutation($o: ID!, $v: Int!) { shipAll(orderId: $o, version: $v) { id order { status } } }`;

const outcome = (answers: GraphqlAnswer[]) => answers.map((a) => codeOf(a) ?? 'OK').sort();

test('two stations finish the same order at once: shipped once, booked out once', async () => {
  const w = await world(t.db);
  const box = await product(t.db, w, { sku: 'BOX' });
  await stockRow(t.db, w, box, w.placeIds[0]!, 5);
  await stockRow(t.db, w, box, w.placeIds[1]!, 5);
  for (let round = 0; round < 5; round += 1) {
    const o = await order(station1, w, [[box, 1]]);
    await createPicklist(station1, { clientId: String(w.clientId) });
    const version = (
      await t.db.query<{ version: number }>('SELECT version FROM orders WHERE id = $1', [
        Number(o.id),
      ])
    )[0]!.version;
    const item = o.items[0]!.id;
    const answers = await Promise.all([
      graphql(station1, SHIP, {
        o: o.id,
        v: version,
        p: [{ items: [{ orderItemId: item, quantity: 1 }] }],
      }),
      graphql(station2, SHIP_ALL, { o: o.id, v: version }),
    ]);
    expect(outcome(answers)).toEqual(['CONFLICT', 'OK']);
    const [row] = await t.db.query<{ shipped: number; shipments: number; changes: number }>(
      `SELECT i.shipped_quantity AS shipped,
              (SELECT count(*)::int FROM shipments s WHERE s.order_id = i.order_id) AS shipments,
              (SELECT count(*)::int FROM stock_changes c JOIN shipments s ON c.reference = s.id::text
                 AND c.reason = 'shipment' WHERE s.order_id = i.order_id) AS changes
         FROM order_items i WHERE i.id = $1`,
      [Number(item)],
    );
    expect(row).toEqual({ shipped: 1, shipments: 1, changes: 1 });
  }
  const held = await heldOf(t.db, box);
  expect(held.reduce((sum, r) => sum + r.quantity, 0)).toBe(5);
  expect(held.every((r) => r.locked === 0 && r.reserved === 0)).toBe(true);
});

test('two stations ship two orders competing for the last stock: one ships, the other is refused', async () => {
  const w = await world(t.db);
  const cap = await product(t.db, w, { sku: 'CAP' });
  await stockRow(t.db, w, cap, w.placeIds[0]!, 2);
  await stockRow(t.db, w, cap, w.placeIds[1]!, 3);
  const a = await order(station1, w, [[cap, 4]]);
  const b = await order(station2, w, [[cap, 4]]);
  const answers = await Promise.all([
    graphql(station1, SHIP_ALL, { o: a.id, v: a.version }),
    graphql(station2, SHIP_ALL, { o: b.id, v: b.version }),
  ]);
  expect(outcome(answers)).toEqual(['BAD_USER_INPUT', 'OK']);
  const refused = answers.find((x) => x.errors)!;
  expect(refused.errors![0]!.extensions!.fieldErrors).toEqual({
    'packages.0.items.0.quantity': ['Not enough stock of CAP: only 1 can be booked out.'],
  });
  const held = await heldOf(t.db, cap);
  expect(held.reduce((sum, r) => sum + r.quantity, 0)).toBe(1);
});

test('two picklists made at once never take one order twice', async () => {
  const w = await world(t.db);
  const lid = await product(t.db, w, { sku: 'LID' });
  await stockRow(t.db, w, lid, w.placeIds[0]!, 100);
  const orders = [];
  for (let i = 0; i < 6; i += 1) orders.push(await order(station1, w, [[lid, 2]]));
  const answers = await Promise.all([
    createPicklist(station1, { clientId: String(w.clientId), maxOrders: 4 }),
    createPicklist(station2, { clientId: String(w.clientId), maxOrders: 4 }),
  ]);
  expect(answers.map((a) => a.errors)).toEqual([undefined, undefined]);
  const taken = answers.flatMap((a) =>
    (a.data!.createPicklist.picklist?.orders ?? []).map((o: { id: string }) => o.id),
  );
  expect(taken.length).toBe(6);
  expect(new Set(taken).size).toBe(6);
  expect(await heldOf(t.db, lid)).toEqual([
    { placeId: w.placeIds[0], quantity: 100, locked: 12, reserved: 12 },
  ]);
});
