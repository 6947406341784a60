import type { Db } from '../src/db';
import { transition, type OrderStatus } from '../src/orders/orders';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, countRows, graphql, type GraphqlAnswer } from './graphql-support';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

// Orders (issue 14) through the API as the screens use it: create with server-computed
// totals, edit (stale, only pending/on hold), the state machine, bulk hold/release/cancel
// all or nothing, fulfillment errors and retry, the list's search/filters and CSV export.

let t: TestApp;
let boss: Browser;
let clientId: number;
let otherClientId: number;
let warehouse: { warehouseId: number; placeIds: number[] };
const products: Record<string, number> = {};
let methodId: number;
let hazmatMethodId: number;

const ORDER_FIELDS = `id number status heldFromStatus version orderDate shop editable
  subtotal vat total fulfillmentError fulfillmentErrorAt billingSameAsShipping
  shippingAddress { lastName street postcode city } billingAddress { lastName city }
  client { id } shippingMethod { id name }
  items { id position sku name orderedQuantity shippedQuantity itemPrice vatRate lineTotal lineVat product { id } }
  attributes { key value }
  history { kind fromStatus toStatus userName detail }
  packages { id }`;
const CREATE = `mutation($i: OrderInput!) { createOrder(input: $i) { ${ORDER_FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $v: Int!, $i: OrderInput!) { updateOrder(id: $id, version: $v, input: $i) { ${ORDER_FIELDS} } }`;
const ORDER = `query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;

const address = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Hafenstraße',
  houseNumber: '7',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
};

async function setVat(db: Db, productId: number, rate: number) {
  await db.query('UPDATE products SET vat_rate = $2 WHERE id = $1', [productId, rate]);
}

/** Puts `quantity` of a product on the first place (the trigger keeps stock_totals). */
async function putStock(productId: number, quantity: number) {
  await t.db.query(
    `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (product_id, place_id, lot) DO UPDATE SET quantity = stock.quantity + EXCLUDED.quantity`,
    [productId, warehouse.placeIds[0], clientId, warehouse.warehouseId, quantity],
  );
}

/** A value of an answer: tests read answers freely. */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers freely

const ok = (answer: GraphqlAnswer): Json => {
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return Object.values(answer.data!)[0];
};

/** An order input with one item of `productId` (default: the stocked plain product). */
function input(overrides: Record<string, unknown> = {}) {
  return {
    clientId: String(clientId),
    shippingMethodId: String(methodId),
    shippingAddress: address,
    items: [{ productId: String(products.plain), quantity: 1 }],
    ...overrides,
  };
}

const create = async (overrides: Record<string, unknown> = {}) =>
  ok(await graphql(boss, CREATE, { i: input(overrides) }));

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  clientId = await newClient(t.db, 'Order GmbH');
  otherClientId = await newClient(t.db, 'Andere GmbH');
  warehouse = await warehouseWithPlaces(t.db, 2);
  products.plain = await newProduct(t.db, clientId, { sku: 'PLAIN-1', priceNetCents: 200 });
  products.shirt = await newProduct(t.db, clientId, { sku: 'SHIRT-1', priceNetCents: 1999 });
  products.book = await newProduct(t.db, clientId, { sku: 'BOOK-1', priceNetCents: 50 });
  products.food = await newProduct(t.db, clientId, { sku: 'FOOD-1', priceNetCents: 50 });
  products.paint = await newProduct(t.db, clientId, { sku: 'PAINT-1', priceNetCents: 1000 });
  products.foreign = await newProduct(t.db, otherClientId, { sku: 'FREMD-1' });
  await setVat(t.db, products.plain, 0);
  await setVat(t.db, products.book, 7);
  await setVat(t.db, products.food, 7);
  await t.db.query(
    `INSERT INTO product_hazmat (product_id, un_number, hazmat_class) VALUES ($1, '1263', '3')`,
    [products.paint],
  );
  for (const id of Object.values(products)) if (id !== products.foreign) await putStock(id, 1000);
  const [shipper] = await t.db.query<{ id: number }>(
    "INSERT INTO shippers (name) VALUES ('DHL') RETURNING id",
  );
  [{ id: methodId }, { id: hazmatMethodId }] = await t.db.query<{ id: number }>(
    `INSERT INTO shipping_methods (shipper_id, name, hazmat_allowed)
     VALUES ($1, 'Paket', false), ($1, 'Gefahrgut', true) RETURNING id`,
    [shipper!.id],
  );
});
afterAll(() => t.close());

describe('create', () => {
  test('the server computes each line and the sums: VAT per line rounded half-up', async () => {
    const order = await create({
      items: [
        // 3 × 19.99 at 19 %: net 59.97, VAT 11.3943 → 11.39
        { productId: String(products.shirt), quantity: 3, itemPrice: 19.99 },
        // 0.50 at 7 %: VAT 0.035 → 0.04, twice (on the sum of both lines it would be 0.07)
        { productId: String(products.book), quantity: 1 },
        { productId: String(products.food), quantity: 1 },
        // no price given: the product's net price 2.00 at 0 %
        { productId: String(products.plain), quantity: 2 },
      ],
      attributes: [{ key: 'channel', value: 'phone' }],
    });
    expect(order.number).toMatch(/^K-\d{4}-\d{6}$/);
    expect(order.status).toBe('PENDING');
    expect(order.editable).toBe(true);
    expect(
      order.items.map((i: Json) => [
        i.position,
        i.sku,
        i.itemPrice,
        i.vatRate,
        i.lineTotal,
        i.lineVat,
      ]),
    ).toEqual([
      [1, 'SHIRT-1', 19.99, 19, 59.97, 11.39],
      [2, 'BOOK-1', 0.5, 7, 0.5, 0.04],
      [3, 'FOOD-1', 0.5, 7, 0.5, 0.04],
      [4, 'PLAIN-1', 2, 0, 4, 0],
    ]);
    expect([order.subtotal, order.vat, order.total]).toEqual([64.97, 11.47, 76.44]);
    expect(order.billingSameAsShipping).toBe(true);
    expect(order.billingAddress.lastName).toBe('Mustermann');
    expect(order.attributes).toEqual([{ key: 'channel', value: 'phone' }]);
    expect(order.history).toEqual([
      { kind: 'created', fromStatus: null, toStatus: 'PENDING', userName: 'Admin', detail: null },
    ]);
    expect(order.fulfillmentError).toBeNull();
  });

  test('a given number is kept; the same number again for the client and shop is a field error', async () => {
    const first = await create({ number: 'SHOP-1001', shop: 'Shopify' });
    expect(first.number).toBe('SHOP-1001');
    expect(first.shop).toBe('Shopify');
    const before = await countRows(t, 'orders');
    const again = await graphql(boss, CREATE, {
      i: input({ number: 'SHOP-1001', shop: 'Shopify' }),
    });
    expect(codeOf(again)).toBe('BAD_USER_INPUT');
    expect(again.errors![0]!.extensions!.fieldErrors).toEqual({
      number: ['The number has already been taken for this client and shop.'],
    });
    // Another shop of the same client may have that number.
    expect((await create({ number: 'SHOP-1001', shop: 'Amazon' })).number).toBe('SHOP-1001');
    expect(await countRows(t, 'orders')).toBe(before + 1);
  });

  test('bad input names each field and writes nothing', async () => {
    const tables = ['orders', 'order_items', 'order_attributes', 'order_events'];
    const before = await Promise.all(tables.map((table) => countRows(t, table)));
    const answer = await graphql(boss, CREATE, {
      i: input({
        shippingMethodId: '999999',
        orderDate: '2026-02-30',
        shippingAddress: { ...address, postcode: '123' },
        items: [
          { productId: String(products.foreign), quantity: 1 },
          { productId: String(products.plain), quantity: 0 },
          { productId: String(products.plain), quantity: 1, itemPrice: 1.999 },
        ],
        attributes: [
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ],
      }),
    });
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(Object.keys(answer.errors![0]!.extensions!.fieldErrors!).sort()).toEqual([
      'attributes.1.key',
      'items.1.quantity',
      'items.2.itemPrice',
      'orderDate',
      'shippingAddress.postcode',
    ]);
    // The database checks come once the rules pass: another client's product, an unknown method.
    const references = await graphql(boss, CREATE, {
      i: input({
        shippingMethodId: '999999',
        items: [{ productId: String(products.foreign), quantity: 1 }],
      }),
    });
    expect(references.errors![0]!.extensions!.fieldErrors).toEqual({
      shippingMethodId: ['The selected shipping method is invalid.'],
      'items.0.productId': ['The product is not one of the client’s products.'],
    });
    const empty = await graphql(boss, CREATE, { i: input({ items: [] }) });
    expect(empty.errors![0]!.extensions!.fieldErrors).toEqual({
      items: ['The order needs at least one item.'],
    });
    expect(await Promise.all(tables.map((table) => countRows(t, table)))).toEqual(before);
  });
});

describe('update', () => {
  test('an edit recomputes the sums, keeps position ids, names the changed fields; a stale edit is refused', async () => {
    const order = await create({
      items: [
        { productId: String(products.shirt), quantity: 1, itemPrice: 10 },
        { productId: String(products.plain), quantity: 1 },
      ],
    });
    const saved = ok(
      await graphql(boss, UPDATE, {
        id: order.id,
        v: order.version,
        i: input({
          number: order.number,
          billingAddress: { ...address, lastName: 'Rechnung', city: 'Bremen', postcode: '28195' },
          items: [{ productId: String(products.shirt), quantity: 2, itemPrice: 10 }],
        }),
      }),
    );
    expect(saved.version).toBe(order.version + 1);
    expect(saved.items).toHaveLength(1);
    expect(saved.items[0].id).toBe(order.items[0].id);
    expect([saved.subtotal, saved.vat, saved.total]).toEqual([20, 3.8, 23.8]);
    expect(saved.billingSameAsShipping).toBe(false);
    expect(saved.billingAddress).toEqual({ lastName: 'Rechnung', city: 'Bremen' });
    const updated = saved.history.at(-1);
    expect(updated.kind).toBe('updated');
    expect(JSON.parse(updated.detail).changed).toEqual(['billingAddress', 'items']);

    const stale = await graphql(boss, UPDATE, { id: order.id, v: order.version, i: input() });
    expect(codeOf(stale)).toBe('CONFLICT');
    expect(stale.errors![0]!.extensions!.reason).toBe('stale');
    expect(ok(await graphql(boss, ORDER, { id: order.id })).total).toBe(23.8);
  });

  test('only pending orders and those held while pending can be edited', async () => {
    const held = await create();
    const [onHold] = ok(
      await graphql(boss, 'mutation($ids: [ID!]!) { holdOrders(ids: $ids) { id version } }', {
        ids: [held.id],
      }),
    );
    const edited = await graphql(boss, UPDATE, {
      id: held.id,
      v: onHold.version,
      i: input({
        number: held.number,
        items: [{ productId: String(products.plain), quantity: 5 }],
      }),
    });
    expect(ok(edited).items[0].orderedQuantity).toBe(5);

    const paths: OrderStatus[][] = [['processing'], ['cancelled'], ['processing', 'on_hold']];
    for (const path of paths) {
      const order = await create();
      for (const to of path) await transition(t.db, null, Number(order.id), to);
      const current = ok(await graphql(boss, ORDER, { id: order.id }));
      expect(current.editable).toBe(false);
      const answer = await graphql(boss, UPDATE, { id: order.id, v: current.version, i: input() });
      expect(codeOf(answer)).toBe('CONFLICT');
      expect(answer.errors![0]!.extensions!.reason).toBe('status');
      expect(answer.errors![0]!.message).toContain(order.number);
      expect(ok(await graphql(boss, ORDER, { id: order.id })).version).toBe(current.version);
    }
  });
});

describe('the state machine', () => {
  const STATES: OrderStatus[] = ['pending', 'processing', 'complete', 'on_hold', 'cancelled'];

  /** A new order brought to a state by allowed transitions (on hold: held from `heldFrom`). */
  async function orderIn(state: string): Promise<number> {
    const id = Number((await create()).id);
    const path: Record<string, OrderStatus[]> = {
      pending: [],
      processing: ['processing'],
      complete: ['processing', 'complete'],
      'on_hold<pending': ['on_hold'],
      'on_hold<processing': ['processing', 'on_hold'],
      cancelled: ['cancelled'],
    };
    for (const to of path[state]!) await transition(t.db, null, id, to);
    return id;
  }

  const ALLOWED: Record<string, OrderStatus[]> = {
    pending: ['processing', 'on_hold', 'cancelled'],
    // back to pending: a cancelled picklist (issue 15)
    processing: ['complete', 'on_hold', 'cancelled', 'pending'],
    'on_hold<pending': ['pending', 'cancelled'],
    'on_hold<processing': ['processing', 'cancelled'],
    complete: [],
    cancelled: [],
  };

  test.each(Object.keys(ALLOWED))('from %s: exactly the allowed transitions pass', async (from) => {
    const outcomes: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const to of STATES) {
      const id = await orderIn(from);
      const state = async () =>
        (
          await t.db.query<{ status: string; events: number; last: string | null }>(
            `SELECT status, (SELECT count(*)::int FROM order_events WHERE order_id = $1) AS events,
                    (SELECT from_status || '>' || to_status FROM order_events WHERE order_id = $1
                      ORDER BY id DESC LIMIT 1) AS last
               FROM orders WHERE id = $1`,
            [id],
          )
        )[0]!;
      const before = await state();
      const refused = await transition(t.db, null, id, to).then(
        () => null,
        (error: { code: string; reason: string }) => `${error.code} ${error.reason}`,
      );
      const after = await state();
      outcomes[to] = { refused, ...after };
      expected[to] = ALLOWED[from]!.includes(to)
        ? { refused: null, status: to, events: before.events + 1, last: `${before.status}>${to}` }
        : { refused: 'CONFLICT status', ...before };
    }
    expect(outcomes).toEqual(expected);
  });

  test('hold remembers where from; release returns there', async () => {
    const id = await orderIn('on_hold<processing');
    const order = ok(await graphql(boss, ORDER, { id: String(id) }));
    expect([order.status, order.heldFromStatus]).toEqual(['ON_HOLD', 'PROCESSING']);
    const [released] = ok(
      await graphql(
        boss,
        'mutation($ids: [ID!]!) { releaseOrders(ids: $ids) { status heldFromStatus } }',
        {
          ids: [String(id)],
        },
      ),
    );
    expect(released).toEqual({ status: 'PROCESSING', heldFromStatus: null });
  });
});

describe('bulk hold, release, cancel: all or nothing', () => {
  const HOLD =
    'mutation($ids: [ID!]!) { holdOrders(ids: $ids) { id number status history { kind userName } } }';
  const RELEASE = 'mutation($ids: [ID!]!) { releaseOrders(ids: $ids) { id status } }';
  const CANCEL =
    'mutation($ids: [ID!]!) { cancelOrders(ids: $ids) { id status fulfillmentError } }';

  async function states(ids: string[]) {
    return t.db.query<{ status: string; version: number; events: number }>(
      `SELECT status, version, (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id) AS events
         FROM orders o WHERE id = any($1::int[]) ORDER BY id`,
      [ids.map(Number)],
    );
  }

  test('one refused order changes none, and the error names it', async () => {
    const a = await create();
    const b = await create();
    const c = await create();
    await transition(t.db, null, Number(c.id), 'cancelled');
    const ids = [a.id, b.id, c.id];
    const before = await states(ids);
    const answer = await graphql(boss, HOLD, { ids });
    expect(codeOf(answer)).toBe('CONFLICT');
    expect(answer.errors![0]!.message).toBe(
      `Nothing was changed: order ${c.number} cannot be held.`,
    );
    expect(answer.errors![0]!.extensions!.text).toEqual({
      key: 'orders.bulkRefused',
      params: { count: 1, numbers: { list: [c.number] }, done: { term: 'done.held' } },
    });
    expect(await states(ids)).toEqual(before);

    const held = ok(await graphql(boss, HOLD, { ids: [b.id, a.id] }));
    expect(held.map((o: Json) => [o.id, o.status])).toEqual([
      [a.id, 'ON_HOLD'],
      [b.id, 'ON_HOLD'],
    ]);
    expect(held[0].history.at(-1)).toEqual({ kind: 'status', userName: 'Admin' });

    // Releasing a pending order with held ones: refused as a whole.
    const d = await create();
    const mixed = await graphql(boss, RELEASE, { ids: [a.id, d.id] });
    expect(codeOf(mixed)).toBe('CONFLICT');
    expect(mixed.errors![0]!.message).toBe(
      `Nothing was changed: order ${d.number} cannot be released.`,
    );
    expect((await states([a.id]))[0]!.status).toBe('on_hold');

    expect(
      ok(await graphql(boss, RELEASE, { ids: [a.id, b.id] })).map((o: Json) => o.status),
    ).toEqual(['PENDING', 'PENDING']);
    // An on-hold order may be cancelled too; a cancelled one stays out of /order/error.
    await graphql(boss, HOLD, { ids: [a.id] });
    expect(
      ok(await graphql(boss, CANCEL, { ids: [a.id, b.id, d.id] })).map((o: Json) => o.status),
    ).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
  });

  test('an unknown or malformed id: NOT_FOUND / field error, nothing changed', async () => {
    const a = await create();
    const before = await states([a.id]);
    expect(codeOf(await graphql(boss, HOLD, { ids: [a.id, '999999'] }))).toBe('NOT_FOUND');
    const bad = await graphql(boss, HOLD, { ids: [a.id, '0x1'] });
    expect(Object.keys(bad.errors![0]!.extensions!.fieldErrors!)).toEqual(['ids.1']);
    expect(await states([a.id])).toEqual(before);
  });
});

describe('fulfillment errors', () => {
  const RETRY = `mutation($id: ID!) { retryOrder(id: $id) { ${ORDER_FIELDS} } }`;
  const ERRORS = `query { orders(filter: {hasError: true}, page: {pageSize: 100}) { items { id fulfillmentError } } }`;

  test('not enough stock: the order is created with the reason; retry after booking clears it', async () => {
    const scarce = await newProduct(t.db, clientId, { sku: 'SCARCE-1', priceNetCents: 100 });
    await putStock(scarce, 2);
    const order = await create({ items: [{ productId: String(scarce), quantity: 5 }] });
    expect(order.fulfillmentError).toBe('Not enough stock of SCARCE-1: 5 needed, 2 available.');
    expect(order.fulfillmentErrorAt).not.toBeNull();
    expect(order.history.map((e: Json) => e.kind)).toEqual(['created', 'fulfillment_error']);
    const listed = ok(
      await graphql(
        boss,
        `
          query {
            orders(filter: { hasError: true }) {
              items {
                id
              }
            }
          }
        `,
      ),
    );
    expect(listed.items.map((o: Json) => o.id)).toContain(order.id);

    // Still short: retrying keeps the reason.
    expect(ok(await graphql(boss, RETRY, { id: order.id })).fulfillmentError).toContain('SCARCE-1');
    await putStock(scarce, 3);
    const retried = ok(await graphql(boss, RETRY, { id: order.id }));
    expect(retried.fulfillmentError).toBeNull();
    expect(retried.fulfillmentErrorAt).toBeNull();
    expect(retried.history.at(-1).kind).toBe('fulfillment_ok');
    const errors = ok(await graphql(boss, ERRORS));
    expect(errors.items.map((o: Json) => o.id)).not.toContain(order.id);
  });

  test('locked stock is not available', async () => {
    const locked = await newProduct(t.db, clientId, { sku: 'LOCKED-1' });
    await putStock(locked, 4);
    await t.db.query('UPDATE stock SET locked_qty = 3 WHERE product_id = $1', [locked]);
    const order = await create({ items: [{ productId: String(locked), quantity: 2 }] });
    expect(order.fulfillmentError).toBe('Not enough stock of LOCKED-1: 2 needed, 1 available.');
  });

  test('hazmat on a method that may not carry it; fixed by editing the method', async () => {
    const order = await create({ items: [{ productId: String(products.paint), quantity: 1 }] });
    expect(order.fulfillmentError).toBe(
      'The shipping method DHL Paket may not carry hazardous goods (PAINT-1).',
    );
    const fixed = ok(
      await graphql(boss, UPDATE, {
        id: order.id,
        v: order.version,
        i: input({
          number: order.number,
          shippingMethodId: String(hazmatMethodId),
          items: [{ productId: String(products.paint), quantity: 1 }],
        }),
      }),
    );
    expect(fixed.fulfillmentError).toBeNull();
    expect(fixed.history.map((e: Json) => e.kind)).toEqual([
      'created',
      'fulfillment_error',
      'updated',
      'fulfillment_ok',
    ]);
  });

  test('an address without a name, no shipping method, a deleted product', async () => {
    const temporary = await newProduct(t.db, clientId, { sku: 'GONE-1' });
    await putStock(temporary, 1);
    const order = await create({
      shippingMethodId: null,
      shippingAddress: { ...address, firstName: '', lastName: '' },
      items: [{ productId: String(temporary), quantity: 1 }],
    });
    expect(order.fulfillmentError).toBe(
      'The shipping address is incomplete: name missing. The order has no shipping method.',
    );
    await t.db.query('UPDATE products SET deleted_at = now() WHERE id = $1', [temporary]);
    const retried = ok(await graphql(boss, RETRY, { id: order.id }));
    expect(retried.fulfillmentError).toBe(
      'Unknown product GONE-1 (position 1). The shipping address is incomplete: name missing. The order has no shipping method.',
    );
    const detail = JSON.parse(retried.history.at(-1).detail);
    expect(detail.reason).toBe(retried.fulfillmentError);
    const problems = detail.problems;
    expect(problems.map((p: { rule: string }) => p.rule)).toEqual([
      'product',
      'address',
      'shippingMethod',
    ]);
  });

  test('a finished order cannot be retried', async () => {
    const order = await create();
    await transition(t.db, null, Number(order.id), 'cancelled');
    const answer = await graphql(boss, RETRY, { id: order.id });
    expect(codeOf(answer)).toBe('CONFLICT');
    expect(answer.errors![0]!.message).toContain(order.number);
  });
});

describe('the list', () => {
  const LIST = `query($p: PageInput, $f: OrderFilter, $s: OrderSort) {
    orders(page: $p, filter: $f, sortBy: $s) { total items { number status total } } }`;
  let listClient: number;
  let product: number;

  beforeAll(async () => {
    listClient = await newClient(t.db, 'Liste GmbH');
    product = await newProduct(t.db, listClient, { sku: 'LIST-SKU-77', priceNetCents: 1000 });
    const order = (number: string, orderDate: string, quantity: number, lastName = 'Meier') =>
      create({
        clientId: String(listClient),
        number,
        orderDate,
        shippingAddress: { ...address, lastName },
        items: [{ productId: String(product), quantity }],
      });
    const a = await order('L-1', '2026-03-01', 1, 'Schulze');
    await order('L-2', '2026-03-05', 3);
    const c = await order('L-3', '2026-03-09', 2);
    await transition(t.db, null, Number(a.id), 'on_hold');
    await transition(t.db, null, Number(c.id), 'cancelled');
  });

  const numbers = async (variables: Record<string, unknown>) =>
    ok(await graphql(boss, LIST, variables)).items.map((o: { number: string }) => o.number);
  const mine = (f: Record<string, unknown> = {}) => ({ clientId: String(listClient), ...f });

  test('filters: several states, date range, client', async () => {
    expect(await numbers({ f: mine() })).toEqual(['L-1', 'L-2', 'L-3']);
    expect(await numbers({ f: mine({ status: ['PENDING', 'ON_HOLD'] }) })).toEqual(['L-1', 'L-2']);
    expect(await numbers({ f: mine({ from: '2026-03-05', to: '2026-03-09' }) })).toEqual([
      'L-2',
      'L-3',
    ]);
    const bad = await graphql(boss, LIST, { f: mine({ from: '2026-13-01' }) });
    expect(Object.keys(bad.errors![0]!.extensions!.fieldErrors!)).toEqual(['filter.from']);
  });

  test('search by number, shipping name and an item sku; sort by total', async () => {
    expect(await numbers({ p: { search: 'schulz' } })).toEqual(['L-1']);
    expect(await numbers({ p: { search: 'list-sku-77' }, s: 'TOTAL' })).toEqual([
      'L-1',
      'L-3',
      'L-2',
    ]);
    expect(await numbers({ p: { search: 'L-3' }, f: mine() })).toEqual(['L-3']);
  });

  test('the search finds orders by their words, the last one typed by its start', async () => {
    const words = await newClient(t.db, 'Wörter GmbH');
    const sku = await newProduct(t.db, words, { sku: 'WS-SKU/4711', priceNetCents: 100 });
    const order = (number: string, firstName: string, lastName: string, company = '') =>
      create({
        clientId: String(words),
        number,
        shippingAddress: { ...address, firstName, lastName, company },
        items: [{ productId: String(sku), quantity: 1 }],
      });
    await order('W-100', 'Greta', 'Müller-Lüdenscheidt', "O'Brien & Söhne");
    await order('W-1001', 'Paul', 'Hofmann');
    await order('W-200', 'Anna', 'Hofmann', 'Hofmann\\Partner');
    const found = (search: string) =>
      numbers({ p: { search }, f: { clientId: String(words) }, s: 'NUMBER' });
    // The start of a name, of a number, of a sku; case and umlauts do not matter.
    expect(await found('hofm')).toEqual(['W-1001', 'W-200']);
    expect(await found('w-100')).toEqual(['W-100', 'W-1001']);
    expect(await found('LÜDENSCHEIDT')).toEqual(['W-100']);
    expect(await found('ws-sku/4711')).toEqual(['W-100', 'W-1001', 'W-200']);
    // Every typed word, in any order; each but the last one typed a whole word.
    expect(await found('Hofmann paul')).toEqual(['W-1001']);
    expect(await found('greta hofmann')).toEqual([]);
    expect(await found('greta müller-lüd')).toEqual(['W-100']);
    expect(await found('gre müller-lüdenscheidt')).toEqual([]);
    // From after a punctuation mark inside a word.
    expect(await found('lüd')).toEqual(['W-100']);
    expect(await found('1001')).toEqual(['W-1001']);
    expect(await found('sku/47')).toEqual(['W-100', 'W-1001', 'W-200']);
    expect(await found('partner')).toEqual(['W-200']);
    // Not from the middle of a word.
    expect(await found('üller')).toEqual([]);
    // Punctuation at a typed word's ends is no part of it; quotes and backslashes are text.
    expect(await found('(greta),')).toEqual(['W-100']);
    expect(await found("o'brien söhne")).toEqual(['W-100']);
    expect(await found('hofmann\\p')).toEqual(['W-200']);
    expect(await found("' & | ! :*")).toEqual([]);
    // The CSV export searches the same way.
    const csv = await boss.request({ url: `/export/orders.csv?clientId=${words}&search=hofm` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('W-1001');
    expect(csv.body).toContain('W-200');
    expect(csv.body).not.toContain('W-100,');
  });

  test('CSV export of the filtered list', async () => {
    const response = await boss.request({
      url: `/export/orders.csv?clientId=${listClient}&status=pending,on_hold&lang=en`,
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Order number,Date,Status');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      'L-1,01/03/2026,on_hold',
      'L-2,05/03/2026,pending',
    ]);
    expect(lines[2]).toContain(',30.00,5.70,35.70,');
    const bad = await boss.request({ url: '/export/orders.csv?status=lost' });
    expect(bad.statusCode).toBe(422);
  });
});
