import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, administrationSnapshot, codeOf, graphql, staffWith } from './graphql-support';
import {
  createPicklist,
  heldOf,
  order,
  product,
  statusOf,
  stockRow,
  world,
} from './picklists-support';

// The packing station (issue 15): a shipment books the shipped quantities out of stock —
// reserved stock first, then first expiry first out — with one stock change (reason
// shipment, reference the shipment id) per touched stock row; partial keeps the order
// processing, all shipped completes it; more than open, short stock, a missing tracking
// number or a stale version is refused and changes nothing.

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t.close());

const SHIP = `mutation($o: ID!, $v: Int!, $p: [ShipmentPackageInput!]!) {
  createShipment(orderId: $o, version: $v, packages: $p) {
    id createdAt order { id status version items { id orderedQuantity shippedQuantity } }
    packages { id weightKg trackingNumber items { item { id } quantity } } } }`;
const SHIP_ALL = `mutation($o: ID!, $v: Int!, $t: String) {
  shipAll(orderId: $o, version: $v, trackingNumber: $t) {
    id order { id status version items { shippedQuantity } } packages { trackingNumber items { quantity } } } }`;
const PACKING = `query($n: String!) { orderForPacking(number: $n) { id number status version
  items { id sku orderedQuantity shippedQuantity } } }`;

const ledger = (productId: number) =>
  t.db.query<{
    placeId: number;
    delta: number;
    quantityAfter: number;
    reason: string;
    reference: string;
  }>(
    `SELECT place_id AS "placeId", delta, quantity_after AS "quantityAfter", reason, reference
       FROM stock_changes WHERE product_id = $1 ORDER BY id`,
    [productId],
  );

test('partial shipment from reserved stock, then ship all: stock changes, reservations, order status', async () => {
  const w = await world(t.db);
  const soap = await product(t.db, w, { sku: 'SOAP', ean: '4006381333931' });
  const sponge = await product(t.db, w, { sku: 'SPONGE' });
  await stockRow(t.db, w, soap, w.placeIds[0]!, 2, { ageDays: 1 });
  await stockRow(t.db, w, soap, w.placeIds[1]!, 10, { ageDays: 9 });
  await stockRow(t.db, w, sponge, w.placeIds[2]!, 5);
  const o = await order(boss, w, [
    [soap, 4],
    [sponge, 2],
  ]);
  await createPicklist(boss, { clientId: String(w.clientId) });
  // The oldest booking (P02) was reserved: 4 soap; P03: 2 sponges.
  expect(await heldOf(t.db, soap)).toEqual([
    { placeId: w.placeIds[0], quantity: 2, locked: 0, reserved: 0 },
    { placeId: w.placeIds[1], quantity: 10, locked: 4, reserved: 4 },
  ]);

  const packing = (await graphql(boss, PACKING, { n: o.number.toLowerCase() })).data!
    .orderForPacking;
  expect(packing).toMatchObject({ id: o.id, status: 'PROCESSING' });
  const [soapItem, spongeItem] = packing.items;

  const partial = await graphql(boss, SHIP, {
    o: o.id,
    v: packing.version,
    p: [
      {
        weightKg: 1.25,
        trackingNumber: 'TRK-1',
        items: [{ orderItemId: soapItem.id, quantity: 3 }],
      },
      { trackingNumber: '', items: [{ orderItemId: spongeItem.id, quantity: 1 }] },
    ],
  });
  expect(partial.errors).toBeUndefined();
  const shipment = partial.data!.createShipment;
  expect(shipment.order.status).toBe('PROCESSING');
  expect(shipment.order.items.map((i: { shippedQuantity: number }) => i.shippedQuantity)).toEqual([
    3, 1,
  ]);
  expect(shipment.packages).toEqual([
    {
      id: expect.any(String),
      weightKg: 1.25,
      trackingNumber: 'TRK-1',
      items: [{ item: { id: soapItem.id }, quantity: 3 }],
    },
    {
      id: expect.any(String),
      weightKg: null,
      trackingNumber: '',
      items: [{ item: { id: spongeItem.id }, quantity: 1 }],
    },
  ]);
  // Taken from the reserved row: quantity and locked down by 3, one reserved left.
  expect(await heldOf(t.db, soap)).toEqual([
    { placeId: w.placeIds[0], quantity: 2, locked: 0, reserved: 0 },
    { placeId: w.placeIds[1], quantity: 7, locked: 1, reserved: 1 },
  ]);
  expect(await ledger(soap)).toEqual([
    {
      placeId: w.placeIds[1],
      delta: -3,
      quantityAfter: 7,
      reason: 'shipment',
      reference: shipment.id,
    },
  ]);
  expect(await ledger(sponge)).toEqual([
    {
      placeId: w.placeIds[2],
      delta: -1,
      quantityAfter: 4,
      reason: 'shipment',
      reference: shipment.id,
    },
  ]);

  const all = await graphql(boss, SHIP_ALL, { o: o.id, v: shipment.order.version, t: 'TRK-2' });
  expect(all.errors).toBeUndefined();
  expect(all.data!.shipAll.order.status).toBe('COMPLETE');
  expect(all.data!.shipAll.packages).toEqual([
    { trackingNumber: 'TRK-2', items: [{ quantity: 1 }, { quantity: 1 }] },
  ]);
  expect(await heldOf(t.db, soap)).toEqual([
    { placeId: w.placeIds[0], quantity: 2, locked: 0, reserved: 0 },
    { placeId: w.placeIds[1], quantity: 6, locked: 0, reserved: 0 },
  ]);
  expect(await heldOf(t.db, sponge)).toEqual([
    { placeId: w.placeIds[2], quantity: 3, locked: 0, reserved: 0 },
  ]);
  const [left] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stock_reservations r JOIN order_items i ON i.id = r.order_item_id
      WHERE i.order_id = $1`,
    [Number(o.id)],
  );
  expect(left!.n).toBe(0);
  // Every shipped unit is in the ledger: 4 soap and 2 sponges out.
  const out = await t.db.query<{ sum: number }>(
    `SELECT sum(delta)::int AS sum FROM stock_changes WHERE product_id = any($1::int[]) AND reason = 'shipment'`,
    [[soap, sponge]],
  );
  expect(out[0]!.sum).toBe(-6);
  const details = await graphql(
    boss,
    'query($id: ID!) { order(id: $id) { packages { trackingNumber } history { kind toStatus } } }',
    { id: o.id },
  );
  expect(
    details.data!.order.packages.map((p: { trackingNumber: string }) => p.trackingNumber),
  ).toEqual(['TRK-1', '', 'TRK-2']);
  expect(details.data!.order.history.slice(-2)).toEqual([
    { kind: 'shipment', toStatus: null },
    { kind: 'status', toStatus: 'COMPLETE' },
  ]);
  // Nothing left: ship all is refused.
  const nothing = await graphql(boss, SHIP_ALL, { o: o.id, v: all.data!.shipAll.order.version });
  expect(codeOf(nothing)).toBe('CONFLICT');
});

test('a pending order without a picklist ships first expiry first out from available stock', async () => {
  const w = await world(t.db);
  const jam = await product(t.db, w, { sku: 'JAM', bestBefore: true });
  await stockRow(t.db, w, jam, w.placeIds[0]!, 5, { bestBefore: '2027-09-01' });
  await stockRow(t.db, w, jam, w.placeIds[1]!, 2, { bestBefore: '2027-02-01' });
  const o = await order(boss, w, [[jam, 3]]);
  const all = await graphql(boss, SHIP_ALL, { o: o.id, v: o.version });
  expect(all.data!.shipAll.order.status).toBe('COMPLETE');
  expect(await ledger(jam)).toEqual([
    {
      placeId: w.placeIds[1],
      delta: -2,
      quantityAfter: 0,
      reason: 'shipment',
      reference: all.data!.shipAll.id,
    },
    {
      placeId: w.placeIds[0],
      delta: -1,
      quantityAfter: 4,
      reason: 'shipment',
      reference: all.data!.shipAll.id,
    },
  ]);
});

test("refusals change nothing: more than open, another order's position, short stock, missing tracking, stale", async () => {
  const w = await world(t.db, 4, true);
  const nail = await product(t.db, w, { sku: 'NAIL' });
  await stockRow(t.db, w, nail, w.placeIds[0]!, 5);
  const o = await order(boss, w, [[nail, 3]]);
  const other = await order(boss, w, [[nail, 1]]);
  const item = o.items[0]!.id;
  const before = await administrationSnapshot(t);

  const tooMany = await graphql(boss, SHIP, {
    o: o.id,
    v: o.version,
    p: [
      { trackingNumber: 'A', items: [{ orderItemId: item, quantity: 2 }] },
      {
        trackingNumber: 'B',
        items: [
          { orderItemId: item, quantity: 2 },
          { orderItemId: other.items[0]!.id, quantity: 1 },
        ],
      },
    ],
  });
  expect(tooMany.errors![0]!.extensions!.fieldErrors).toEqual({
    'packages.1.items.0.quantity': ['At most 1 of NAIL are open.'],
    'packages.1.items.1.orderItemId': [`The position is not one of order ${o.number}.`],
  });

  const noTracking = await graphql(boss, SHIP, {
    o: o.id,
    v: o.version,
    p: [{ items: [{ orderItemId: item, quantity: 1 }] }],
  });
  expect(noTracking.errors![0]!.extensions!.fieldErrors).toEqual({
    'packages.0.trackingNumber': [
      `The shipping method of order ${o.number} needs a tracking number for every package.`,
    ],
  });

  const stale = await graphql(boss, SHIP_ALL, { o: o.id, v: o.version + 1, t: 'X' });
  expect(stale.errors![0]!.extensions!.reason).toBe('stale');

  // Someone took the stock meanwhile: 2 left for 3 open.
  await t.db.query('UPDATE stock SET quantity = 2 WHERE product_id = $1', [nail]);
  const mid = await administrationSnapshot(t);
  const short = await graphql(boss, SHIP_ALL, { o: o.id, v: o.version, t: 'X' });
  expect(short.errors![0]!.extensions!.fieldErrors).toEqual({
    'packages.0.items.0.quantity': ['Not enough stock of NAIL: only 2 can be booked out.'],
  });
  expect(await administrationSnapshot(t)).toBe(mid);
  await t.db.query('UPDATE stock SET quantity = 5 WHERE product_id = $1', [nail]);
  expect(await administrationSnapshot(t)).toBe(before);
  expect(await statusOf(t.db, o.id)).toBe('pending');

  const bad = await graphql(boss, SHIP, {
    o: o.id,
    v: o.version,
    p: [{ items: [{ orderItemId: item, quantity: 0 }] }],
  });
  expect(bad.errors![0]!.extensions!.fieldErrors).toEqual({
    'packages.0.items.0.quantity': ['The quantity must be at least 1.'],
  });
  expect(await administrationSnapshot(t)).toBe(before);
});

test('orderForPacking: an unknown number is null', async () => {
  const answer = await graphql(boss, PACKING, { n: 'NO-SUCH-ORDER' });
  expect(answer.data!.orderForPacking).toBeNull();
  const empty = await graphql(boss, PACKING, { n: '  ' });
  expect(empty.errors![0]!.extensions!.fieldErrors).toEqual({
    number: ['The number field is required.'],
  });
});

test('documents: delivery note, label and picklist PDFs; 404 for unknown ids, 403 without permission', async () => {
  const w = await world(t.db);
  const tin = await product(t.db, w, { sku: 'TIN', ean: '4006381333931' });
  await stockRow(t.db, w, tin, w.placeIds[0]!, 5);
  const o = await order(boss, w, [[tin, 2]]);
  const { picklist } = (await createPicklist(boss, { clientId: String(w.clientId) })).data!
    .createPicklist;
  const version = (await graphql(boss, PACKING, { n: o.number })).data!.orderForPacking.version;
  const shipped = await graphql(boss, SHIP, {
    o: o.id,
    v: version,
    p: [
      {
        weightKg: 0.5,
        trackingNumber: '00340434161094015902',
        items: [{ orderItemId: o.items[0]!.id, quantity: 2 }],
      },
    ],
  });
  const shipment = shipped.data!.createShipment;
  for (const url of [
    `/spa/shipments/${shipment.id}/delivery-note.pdf`,
    `/spa/shipments/packages/${shipment.packages[0].id}/label.pdf`,
    `/spa/picklists/${picklist.id}.pdf`,
  ]) {
    const response = await boss.request({ method: 'GET', url });
    expect({ url, status: response.statusCode, type: response.headers['content-type'] }).toEqual({
      url,
      status: 200,
      type: 'application/pdf',
    });
    expect(response.body.startsWith('%PDF')).toBe(true);
  }
  expect(
    (await boss.request({ method: 'GET', url: '/spa/shipments/999999/delivery-note.pdf' }))
      .statusCode,
  ).toBe(404);
  expect(
    (await boss.request({ method: 'GET', url: '/spa/shipments/packages/x/label.pdf' })).statusCode,
  ).toBe(404);
  const stranger = await staffWith(t, ['stock:view']);
  expect(
    (await stranger.browser.request({ method: 'GET', url: `/spa/picklists/${picklist.id}.pdf` }))
      .statusCode,
  ).toBe(403);
  expect(
    (
      await stranger.browser.request({
        method: 'GET',
        url: `/spa/shipments/${shipment.id}/delivery-note.pdf`,
      })
    ).statusCode,
  ).toBe(403);
});
