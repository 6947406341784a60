import type Pusher from 'pusher-js';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith } from './graphql-support';
import { pusherClient, stateReached } from './realtime-support';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

// Stock over GraphQL and REST (issue 12): the permissions of booking, correcting and
// reading; field errors a screen can show; the inventory, its drill-down and the product's
// stock; the ledger with its filters; the CSV exports; RecordChanged for the inventory page.

let t: TestApp;
let boss: Browser;
let clientId: number;
const open: Pusher[] = [];
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  clientId = await newClient(t.db, 'Inventar GmbH');
});
afterAll(async () => {
  for (const client of open) client.disconnect();
  await t.close();
});

const BOOK = `mutation($i: BookingInput!) { bookStock(input: $i) {
  id delta quantityAfter reason lot bestBefore comment userName actingUserName createdAt
  product { id sku } place { id path } warehouse { id } client { id } } }`;
const MOVE = `mutation($i: MoveInput!) { moveStock(input: $i) {
  id from { place { id } delta quantityAfter reference } to { place { id } delta quantityAfter reference } } }`;
const CORRECT = `mutation($i: CorrectionInput!) { correctStock(input: $i) { id delta quantityAfter reason comment } }`;
const INVENTORY = `query($f: InventoryFilter, $p: PageInput) { inventory(filter: $f, page: $p) {
  total items { id quantity locked available value product { sku } warehouse { id } client { id } } } }`;
const DETAIL = `query($p: ID!, $w: ID!) { inventoryDetail(productId: $p, warehouseId: $w) {
  place { path } lot bestBefore quantity locked available } }`;
const CHANGES = `query($f: StockChangeFilter, $p: PageInput) { stockChanges(filter: $f, page: $p) {
  total items { id delta reason place { id } product { id } } } }`;

async function setup(options: Parameters<typeof newProduct>[2] = {}) {
  const w = await warehouseWithPlaces(t.db, 3);
  const productId = await newProduct(t.db, clientId, { priceNetCents: 1250, ...options });
  return { ...w, productId };
}

test('booking in by GraphQL answers the ledger row and shows in the inventory with its value', async () => {
  const s = await setup({ sku: 'INV-1' });
  const answer = await graphql(boss, BOOK, {
    i: {
      kind: 'IN',
      warehouseId: s.warehouseId,
      placeId: s.placeIds[1],
      productId: s.productId,
      quantity: 8,
    },
  });
  expect(answer.errors).toBeUndefined();
  expect(answer.data!.bookStock).toMatchObject({
    delta: 8,
    quantityAfter: 8,
    reason: 'BOOK_IN',
    userName: 'Admin',
    actingUserName: 'Admin',
    product: { sku: 'INV-1' },
    place: { path: `${s.code} / S1 / R01 / P02` },
  });
  await t.db.query('UPDATE stock SET locked_qty = 3 WHERE product_id = $1', [s.productId]);
  const inventory = await graphql(boss, INVENTORY, { f: { warehouseId: s.warehouseId } });
  expect(inventory.data!.inventory.items).toEqual([
    expect.objectContaining({
      quantity: 8,
      locked: 3,
      available: 5,
      value: 100,
      product: { sku: 'INV-1' },
    }),
  ]);
  const detail = await graphql(boss, DETAIL, { p: s.productId, w: s.warehouseId });
  expect(detail.data!.inventoryDetail).toEqual([
    {
      place: { path: `${s.code} / S1 / R01 / P02` },
      lot: '',
      bestBefore: null,
      quantity: 8,
      locked: 3,
      available: 5,
    },
  ]);
  // Everything booked out: the product leaves the inventory's page and its count, while a
  // product still held stays (the page has a row, so the total is counted, not inferred).
  const held = await newProduct(t.db, clientId, { sku: 'INV-2' });
  await graphql(boss, BOOK, {
    i: {
      kind: 'IN',
      warehouseId: s.warehouseId,
      placeId: s.placeIds[0],
      productId: held,
      quantity: 1,
    },
  });
  await t.db.query('UPDATE stock SET locked_qty = 0 WHERE product_id = $1', [s.productId]);
  const out = await graphql(boss, BOOK, {
    i: {
      kind: 'OUT',
      warehouseId: s.warehouseId,
      placeId: s.placeIds[1],
      productId: s.productId,
      quantity: 8,
    },
  });
  expect(out.errors).toBeUndefined();
  const emptied = await graphql(boss, INVENTORY, { f: { warehouseId: s.warehouseId } });
  expect(emptied.data!.inventory).toMatchObject({
    total: 1,
    items: [{ product: { sku: 'INV-2' } }],
  });
});

test("a product's stock lists its places in walking order, for holders of stock:view only", async () => {
  const s = await setup({ lotTracked: true });
  for (const [placeId, lot] of [
    [s.placeIds[2], 'B'],
    [s.placeIds[0], 'A'],
  ] as const)
    await graphql(boss, BOOK, {
      i: {
        kind: 'IN',
        warehouseId: s.warehouseId,
        placeId,
        productId: s.productId,
        quantity: 1,
        lot,
      },
    });
  const PRODUCT = `query($id: ID!) { product(id: $id) { sku stock { lot quantity place { code } } } }`;
  const answer = await graphql(boss, PRODUCT, { id: s.productId });
  expect(answer.data!.product.stock).toEqual([
    { lot: 'A', quantity: 1, place: { code: 'P01' } },
    { lot: 'B', quantity: 1, place: { code: 'P03' } },
  ]);
  const editor = await staffWith(t, ['product:view']);
  const refused = await graphql(editor.browser, PRODUCT, { id: s.productId });
  expect(codeOf(refused)).toBe('FORBIDDEN');
});

test('a refused booking names the field and the available quantity', async () => {
  const s = await setup();
  const other = await warehouseWithPlaces(t.db, 1);
  const base = { warehouseId: s.warehouseId, productId: s.productId };
  const wrongPlace = await graphql(boss, BOOK, {
    i: { ...base, kind: 'IN', placeId: other.placeIds[0], quantity: 1 },
  });
  expect(codeOf(wrongPlace)).toBe('BAD_USER_INPUT');
  expect(Object.keys(wrongPlace.errors![0]!.extensions!.fieldErrors!)).toEqual(['placeId']);
  await graphql(boss, BOOK, { i: { ...base, kind: 'IN', placeId: s.placeIds[0], quantity: 2 } });
  const tooMany = await graphql(boss, BOOK, {
    i: { ...base, kind: 'OUT', placeId: s.placeIds[0], quantity: 5 },
  });
  expect(tooMany.errors![0]!.message).toBe('Only 2 available on this place (5 requested).');
  expect(tooMany.errors![0]!.extensions!.fieldRules!.quantity![0]).toEqual({
    rule: 'available',
    message: 'Only 2 available on this place (5 requested).',
    params: { available: 2 },
    text: { key: 'stock.notAvailable', params: { available: 2, wanted: 5 } },
  });
  const zero = await graphql(boss, BOOK, {
    i: { ...base, kind: 'IN', placeId: s.placeIds[0], quantity: 0 },
  });
  expect(Object.keys(zero.errors![0]!.extensions!.fieldErrors!)).toEqual(['quantity']);
});

test('booking needs stock:book, correcting stock:correct, reading stock:view', async () => {
  const s = await setup();
  const book = {
    kind: 'IN',
    warehouseId: s.warehouseId,
    placeId: s.placeIds[0],
    productId: s.productId,
    quantity: 5,
  };
  const correction = { ...book, kind: undefined, quantity: 4, comment: 'Gezählt' };
  delete correction.kind;
  const viewer = await staffWith(t, ['stock:view']);
  const booker = await staffWith(t, ['stock:book']);
  const corrector = await staffWith(t, ['stock:correct']);
  expect(codeOf(await graphql(viewer.browser, BOOK, { i: book }))).toBe('FORBIDDEN');
  expect(codeOf(await graphql(booker.browser, INVENTORY, {}))).toBe('FORBIDDEN');
  expect((await graphql(booker.browser, BOOK, { i: book })).errors).toBeUndefined();
  expect(codeOf(await graphql(booker.browser, CORRECT, { i: correction }))).toBe('FORBIDDEN');
  expect(
    (await graphql(corrector.browser, CORRECT, { i: correction })).data!.correctStock,
  ).toMatchObject({
    delta: -1,
    quantityAfter: 4,
    reason: 'CORRECTION',
    comment: 'Gezählt',
  });
  expect(
    (await graphql(viewer.browser, INVENTORY, { f: { warehouseId: s.warehouseId } })).data!
      .inventory.total,
  ).toBe(1);
  const csv = await viewer.browser.request({ url: '/export/inventory.csv?lang=en' });
  expect(csv.statusCode).toBe(200);
  expect((await booker.browser.request({ url: '/export/inventory.csv' })).statusCode).toBe(403);
});

test('a move answers both rows with one reference; the ledger filters by reason, product, place and day', async () => {
  const s = await setup();
  const base = { warehouseId: s.warehouseId, productId: s.productId };
  await graphql(boss, BOOK, { i: { ...base, kind: 'IN', placeId: s.placeIds[0], quantity: 6 } });
  const move = await graphql(boss, MOVE, {
    i: { ...base, placeId: s.placeIds[0], toPlaceId: s.placeIds[2], quantity: 4 },
  });
  expect(move.errors).toBeUndefined();
  const { id, from, to } = move.data!.moveStock;
  expect(from).toEqual({
    place: { id: String(s.placeIds[0]) },
    delta: -4,
    quantityAfter: 2,
    reference: id,
  });
  expect(to).toEqual({
    place: { id: String(s.placeIds[2]) },
    delta: 4,
    quantityAfter: 4,
    reference: id,
  });
  const byProduct = await graphql(boss, CHANGES, {
    f: { productId: s.productId },
    p: { sortDirection: 'DESC' },
  });
  expect(
    byProduct.data!.stockChanges.items.map((c: { reason: string; delta: number }) => [
      c.reason,
      c.delta,
    ]),
  ).toEqual([
    ['MOVE', 4],
    ['MOVE', -4],
    ['BOOK_IN', 6],
  ]);
  const moves = await graphql(boss, CHANGES, {
    f: { productId: s.productId, reason: 'MOVE', placeId: s.placeIds[2] },
  });
  expect(moves.data!.stockChanges.total).toBe(1);
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
  const todays = await graphql(boss, CHANGES, {
    f: { productId: s.productId, from: today, to: today },
  });
  expect(todays.data!.stockChanges.total).toBe(3);
  // Who booked: the admin did all three; another user none.
  const [adminRow] = await t.db.query<{ id: number }>(
    "SELECT id FROM users WHERE email = 'admin@kontor.test'",
  );
  const [otherRow] = await t.db.query<{ id: number }>(
    "SELECT id FROM users WHERE email = 'packer@kontor.test'",
  );
  const byAdmin = await graphql(boss, CHANGES, {
    f: { productId: s.productId, userId: adminRow!.id },
  });
  expect(byAdmin.data!.stockChanges.total).toBe(3);
  const byOther = await graphql(boss, CHANGES, {
    f: { productId: s.productId, userId: otherRow!.id },
  });
  expect(byOther.data!.stockChanges.total).toBe(0);
  const yesterday = await graphql(boss, CHANGES, {
    f: { productId: s.productId, to: '2020-01-01' },
  });
  expect(yesterday.data!.stockChanges.total).toBe(0);
  const bad = await graphql(boss, CHANGES, { f: { from: '2026-13-01' } });
  expect(bad.errors![0]!.extensions!.fieldErrors).toEqual({
    'filter.from': ['The from filter must be a date (YYYY-MM-DD).'],
  });
  const csv = await boss.request({
    url: `/export/stock-changes.csv?productId=${s.productId}&reason=move&lang=de`,
  });
  expect(csv.statusCode).toBe(200);
  const lines = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toContain('Zeitpunkt;Grund;SKU;Produkt;Lagerplatz');
  expect(lines).toHaveLength(3);
  const badCsv = await boss.request({ url: '/export/stock-changes.csv?reason=stolen' });
  expect(badCsv.statusCode).toBe(422);
  expect(Object.keys(badCsv.json().errors)).toEqual(['reason']);
});

test('booking publishes RecordChanged on the stock channel, which the inventory page listens to', async () => {
  const s = await setup();
  const client = pusherClient(t.app, boss);
  open.push(client);
  const channel = client.subscribe('private-records.stock');
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
  });
  const heard: unknown[] = [];
  channel.bind('RecordChanged', (data: unknown) => heard.push(data));
  const booked = await graphql(boss, BOOK, {
    i: {
      kind: 'IN',
      warehouseId: s.warehouseId,
      placeId: s.placeIds[0],
      productId: s.productId,
      quantity: 1,
    },
  });
  const moved = await graphql(boss, MOVE, {
    i: {
      warehouseId: s.warehouseId,
      productId: s.productId,
      placeId: s.placeIds[0],
      toPlaceId: s.placeIds[1],
      quantity: 1,
    },
  });
  const deadline = Date.now() + 3000;
  while (heard.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(heard).toEqual([
    { typename: 'StockChange', id: booked.data!.bookStock.id, change: 'updated' },
    { typename: 'StockMove', id: moved.data!.moveStock.id, change: 'updated' },
  ]);
  // Without stock:view the channel is closed.
  const booker = await staffWith(t, ['stock:book']);
  const other = pusherClient(t.app, booker.browser);
  open.push(other);
  const refused = other.subscribe('private-records.stock');
  await expect(
    new Promise<void>((resolve, reject) => {
      refused.bind('pusher:subscription_succeeded', () => resolve());
      refused.bind('pusher:subscription_error', () => reject(new Error('refused')));
    }),
  ).rejects.toThrow('refused');
  client.disconnect();
  await stateReached(client, 'disconnected').catch(() => undefined);
});
