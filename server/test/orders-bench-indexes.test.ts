// The orders list by a rare status (or with a fulfillment error) whose orders are all old:
// the page is read from a partial index on the list's sort (migration 0111), not by walking
// every newer order backwards (bench/orders.mjs found 995,000 rows read for one page of on-hold
// orders over 1,000,000). Runs on PGlite and, with server/scripts/test-postgres.sh, on PostgreSQL.
import { pageStatement } from '../src/lists/list';
import { orderList } from '../src/orders/list';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql } from './graphql-support';
import { newClient } from './stock-support';

const ORDERS = 100_000;
/** The oldest HELD orders are on hold, the oldest HELD after them have a fulfillment error. */
const HELD = 1_000;

let t: TestApp;
let boss: Browser;

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  const clientId = await newClient(t.db, 'Index GmbH');
  // Order n is n / 100 days after 2024-01-01 (the newest the last); all complete but the
  // oldest HELD (on hold) and the next HELD (pending with a fulfillment error).
  await t.db.query(
    `INSERT INTO orders (client_id, number, order_date, status, held_from_status, fulfillment_error)
     SELECT $1, 'IX-' || n, date '2024-01-01' + n / 100,
            CASE WHEN n <= ${HELD} THEN 'on_hold' WHEN n <= ${2 * HELD} THEN 'pending' ELSE 'complete' END,
            CASE WHEN n <= ${HELD} THEN 'pending' END,
            CASE WHEN n > ${HELD} AND n <= ${2 * HELD} THEN 'no stock' END
       FROM generate_series(1, ${ORDERS}) AS n`,
    [clientId],
  );
  await t.db.query('ANALYZE orders');
}, 300_000);
afterAll(() => t.close());

const PAGE = `query($f: OrderFilter) { orders(page: { pageSize: 25, sortDirection: DESC }, sortBy: DATE, filter: $f) {
  total items { number status orderDate } } }`;

/** The plan PostgreSQL (or PGlite) runs for the list's page of `filter`, with rows counted. */
async function planOf(filter: Record<string, string>): Promise<string> {
  const statement = pageStatement(orderList, { sortBy: 'DATE', direction: 'DESC', filter }, 26);
  const rows = await t.db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${statement.text}`,
    statement.params as never[],
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The most rows any node of a plan threw away by its filter. */
const removedByFilter = (plan: string) =>
  Math.max(0, ...[...plan.matchAll(/Rows Removed by Filter: (\d+)/g)].map((m) => Number(m[1])));

test('the newest page of on-hold orders, all of them old, is read from the on-hold index', async () => {
  const answer = await graphql(boss, PAGE, { f: { status: 'ON_HOLD' } });
  expect(answer.errors).toBeUndefined();
  const page = answer.data!.orders as { total: number; items: { number: string }[] };
  expect(page.total).toBe(HELD);
  expect(page.items.map((o) => o.number)).toEqual(
    Array.from({ length: 25 }, (_, i) => `IX-${HELD - i}`),
  );
  const plan = await planOf({ status: 'on_hold' });
  expect(plan).toMatch(/Index Scan Backward using orders_on_hold_date_idx/);
  expect(removedByFilter(plan)).toBeLessThan(100);
}, 60_000);

test('the newest page of orders with a fulfillment error is read from the error index', async () => {
  const answer = await graphql(boss, PAGE, { f: { hasError: true } });
  expect(answer.errors).toBeUndefined();
  const page = answer.data!.orders as { total: number; items: { number: string }[] };
  expect(page.total).toBe(HELD);
  expect(page.items.map((o) => o.number)).toEqual(
    Array.from({ length: 25 }, (_, i) => `IX-${2 * HELD - i}`),
  );
  const plan = await planOf({ hasError: 'true' });
  expect(plan).toMatch(/Index Scan Backward using orders_error_date_idx/);
  expect(removedByFilter(plan)).toBeLessThan(100);
}, 60_000);
