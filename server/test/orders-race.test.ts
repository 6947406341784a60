import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql, type GraphqlAnswer } from './graphql-support';
import { newClient, newProduct } from './stock-support';

// Orders changed by several people at once. On PostgreSQL (server/scripts/test-postgres.sh:
// a pool of several connections) the requests really run together; on PGlite they are
// serialized and the outcomes must be the same.

let t: TestApp;
let boss: Browser;
let clientId: number;
let productId: number;

const address = {
  lastName: 'Mustermann',
  street: 'Hafenstraße',
  houseNumber: '7',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
};
const CREATE = 'mutation($i: OrderInput!) { createOrder(input: $i) { id number version } }';
const UPDATE =
  'mutation($id: ID!, $v: Int!, $i: OrderInput!) { updateOrder(id: $id, version: $v, input: $i) { id version } }';

const input = (overrides: Record<string, unknown> = {}) => ({
  clientId: String(clientId),
  shippingAddress: address,
  items: [{ productId: String(productId), quantity: 1 }],
  ...overrides,
});

const all = (times: number, query: string, variables: (i: number) => Record<string, unknown>) =>
  Promise.all(Array.from({ length: times }, (_, i) => graphql(boss, query, variables(i))));

const codes = (answers: GraphqlAnswer[]) => answers.map((answer) => codeOf(answer) ?? 'OK');

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  clientId = await newClient(t.db, 'Race GmbH');
  productId = await newProduct(t.db, clientId, { sku: 'RACE-1', priceNetCents: 100 });
  // Warm up the paths so the races below reach the database together.
  await all(3, CREATE, () => ({ i: input() }));
});
afterAll(() => t.close());

test('20 concurrent orders with one number: one order, 19 field errors on number', async () => {
  const answers = await all(20, CREATE, () => ({ i: input({ number: 'SAME-1', shop: 'Shop' }) }));
  const outcome = codes(answers);
  expect(outcome.filter((code) => code === 'OK')).toHaveLength(1);
  expect(outcome.filter((code) => code === 'BAD_USER_INPUT')).toHaveLength(19);
  for (const answer of answers.filter((a) => a.errors))
    expect(answer.errors![0]!.extensions!.fieldErrors).toEqual({
      number: ['The number has already been taken for this client and shop.'],
    });
  const [row] = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM orders WHERE number = 'SAME-1'",
  );
  expect(row!.n).toBe(1);
});

test('20 concurrent orders without a number get 20 different numbers', async () => {
  const answers = await all(20, CREATE, () => ({ i: input() }));
  expect(codes(answers)).toEqual(Array(20).fill('OK'));
  const numbers = answers.map((answer) => answer.data!.createOrder.number as string);
  expect(new Set(numbers).size).toBe(20);
});

test('10 concurrent edits of one version: one saved, 9 stale', async () => {
  const order = (await graphql(boss, CREATE, { i: input() })).data!.createOrder;
  const answers = await all(10, UPDATE, (i) => ({
    id: order.id,
    v: order.version,
    i: input({ number: order.number, items: [{ productId: String(productId), quantity: i + 1 }] }),
  }));
  const outcome = codes(answers);
  expect(outcome.filter((code) => code === 'OK')).toHaveLength(1);
  expect(outcome.filter((code) => code === 'CONFLICT')).toHaveLength(9);
  const [row] = await t.db.query<{ version: number; updates: number }>(
    `SELECT version, (SELECT count(*)::int FROM order_events WHERE order_id = $1 AND kind = 'updated') AS updates
       FROM orders WHERE id = $1`,
    [order.id],
  );
  expect(row).toEqual({ version: order.version + 1, updates: 1 });
});

test('hold and cancel of the same orders at once, named in opposite orders: no deadlock, all or nothing', async () => {
  for (let round = 0; round < 5; round += 1) {
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1)
      ids.push((await graphql(boss, CREATE, { i: input() })).data!.createOrder.id);
    const [hold, cancel] = await Promise.all([
      graphql(boss, 'mutation($ids: [ID!]!) { holdOrders(ids: $ids) { id } }', { ids }),
      graphql(boss, 'mutation($ids: [ID!]!) { cancelOrders(ids: $ids) { id } }', {
        ids: [...ids].reverse(),
      }),
    ]);
    // Cancel always passes (pending and on hold may be cancelled); hold passes only before it.
    expect(codeOf(cancel) ?? 'OK').toBe('OK');
    expect(['OK', 'CONFLICT']).toContain(codeOf(hold) ?? 'OK');
    const rows = await t.db.query<{ status: string; kinds: string }>(
      `SELECT o.status, string_agg(e.kind || ':' || coalesce(e.to_status, ''), ',' ORDER BY e.id) AS kinds
         FROM orders o JOIN order_events e ON e.order_id = o.id
        WHERE o.id = any($1::int[]) AND e.kind IN ('created', 'status') GROUP BY o.id`,
      [ids.map(Number)],
    );
    const expected = hold.errors
      ? 'created:pending,status:cancelled'
      : 'created:pending,status:on_hold,status:cancelled';
    expect(rows).toEqual(ids.map(() => ({ status: 'cancelled', kinds: expected })));
  }
});
