import type { Db } from '../src/db';
import { COMPACT_ABOVE, dashboard, sharedDashboard } from '../src/dashboard/dashboard';
import { startTestApp, type TestApp } from './helpers';
import { newClient } from './stock-support';

// The dashboard's counters (migration 0112): kept by statement triggers on orders and
// shipments as rows of changes, they must equal a count of the tables after any mix of writes
// — several transactions at once included (on PostgreSQL with server/scripts/test-postgres.sh
// they really overlap; on PGlite they are serialized) — and folding them changes no figure.
// Viewers asking at the same time share one read, and none gets figures older than its request.

let t: TestApp;
let clientId: number;
beforeAll(async () => {
  t = await startTestApp();
  clientId = await newClient(t.db, 'Zähler GmbH');
});
afterAll(() => t.close());

type Figures = Record<string, number>;

/** Orders by status and by day, shipments by Berlin day: counted from the tables themselves. */
async function counted(): Promise<Figures> {
  const rows = await t.db.query<{ key: string; n: number }>(
    `SELECT 'status ' || status AS key, count(*)::int AS n FROM orders GROUP BY status
     UNION ALL
     SELECT 'order ' || order_date, count(*)::int FROM orders GROUP BY order_date
     UNION ALL
     SELECT 'shipment ' || (created_at AT TIME ZONE 'Europe/Berlin')::date, count(*)::int
       FROM shipments GROUP BY 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.n]));
}

/** The same figures from the counters (keys whose changes sum to 0 left out). */
async function fromCounters(): Promise<Figures> {
  const rows = await t.db.query<{ key: string; n: number }>(
    `SELECT 'status ' || status AS key, sum(n)::int AS n FROM order_status_counts GROUP BY status
     UNION ALL
     SELECT 'order ' || day, sum(n)::int FROM order_day_counts GROUP BY day
     UNION ALL
     SELECT 'shipment ' || day, sum(n)::int FROM shipment_day_counts GROUP BY day`,
  );
  return Object.fromEntries(rows.filter((row) => row.n !== 0).map((row) => [row.key, row.n]));
}

/** How many counter rows there are (one per key once folded). */
async function counterRows(): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM order_status_counts) + (SELECT count(*) FROM order_day_counts)
          + (SELECT count(*) FROM shipment_day_counts) AS n`,
  );
  return Number(row!.n);
}

let unique = 0;
/** `count` orders in one statement: status, order date and held-from as given. */
async function orders(
  db: Db,
  count: number,
  status: string,
  orderDate = '2026-03-10',
): Promise<number[]> {
  // The numbers are taken before the statement runs: callers run at the same time.
  const first = unique;
  unique += count;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO orders (client_id, number, order_date, status, held_from_status)
     SELECT $1, 'C-' || ($2 + n), $3, $4, CASE WHEN $4 = 'on_hold' THEN 'pending' END
       FROM generate_series(1, $5) n RETURNING id`,
    [clientId, first, orderDate, status, count],
  );
  return rows.map((row) => row.id);
}

test('inserts, updates of status and date, upserts, deletes and a rollback: the counters equal a count', async () => {
  // The demo's orders go first (deleting counts too), so the figures below are ours alone.
  await t.db.query('DELETE FROM shipments');
  await t.db.query('DELETE FROM orders');
  expect(await fromCounters()).toEqual({});
  const pending = await orders(t.db, 30, 'pending');
  await orders(t.db, 5, 'complete', '2026-03-11');
  const single = await orders(t.db, 1, 'processing');
  expect(await fromCounters()).toEqual(await counted());

  // Many rows change status in one statement; an edit that changes neither status nor date.
  await t.db.query(`UPDATE orders SET status = 'processing' WHERE id = any($1)`, [
    pending.slice(0, 10),
  ]);
  await t.db.query(`UPDATE orders SET ship_city = 'Kiel' WHERE id = any($1)`, [pending]);
  await t.db.query(`UPDATE orders SET order_date = '2026-03-12' WHERE id = any($1)`, [
    pending.slice(20),
  ]);
  // Put on hold and released, as the state machine does.
  await t.db.query(
    `UPDATE orders SET status = 'on_hold', held_from_status = 'processing' WHERE id = $1`,
    [single[0]],
  );
  // An upsert: one order updated (to complete), one inserted.
  const [taken] = await t.db.query<{ number: string }>('SELECT number FROM orders WHERE id = $1', [
    pending[25],
  ]);
  await t.db.query(
    `INSERT INTO orders (client_id, number, status) VALUES ($1, $2, 'complete'), ($1, 'C-new', 'pending')
     ON CONFLICT (client_id, coalesce(shop, ''), number) DO UPDATE SET status = excluded.status`,
    [clientId, taken!.number],
  );
  await t.db.query('DELETE FROM orders WHERE id = any($1)', [pending.slice(26, 29)]);
  // A transaction that fails changes no counter.
  await expect(
    t.db.transaction(async (tx) => {
      await orders(tx, 7, 'pending');
      await tx.query(`UPDATE orders SET status = 'cancelled' WHERE id = any($1)`, [pending]);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');

  // Shipments: made, one moved to another day, one deleted.
  const [shipped] = await t.db.query<{ id: number }>(
    `INSERT INTO shipments (order_id, created_at)
     SELECT id, timestamptz '2026-03-29T21:50:00Z' + n * interval '10 minutes'
       FROM unnest($1::int[]) WITH ORDINALITY AS s(id, n) RETURNING id`,
    [pending.slice(0, 5)],
  );
  await t.db.query(
    `UPDATE shipments SET created_at = created_at - interval '2 days' WHERE id = $1`,
    [shipped!.id],
  );
  await t.db.query('DELETE FROM shipments WHERE id = $1 + 1', [shipped!.id]);

  const expected = await counted();
  expect(expected).toMatchObject({
    'status pending': 17, // 30 − 10 processing − 1 completed by the upsert − 3 deleted, + C-new
    'status processing': 10,
    'status on_hold': 1,
    'status complete': 5 + 1,
    // 22:00Z … 22:40Z on 29 March are 00:00 … 00:40 on the 30th in Berlin (summer time since
    // that night); the first moved back two days is 23:00 on the 27th (winter time); the
    // second deleted.
    'shipment 2026-03-27': 1,
    'shipment 2026-03-30': 3,
  });
  expect(await fromCounters()).toEqual(expected);

  // Folding leaves one row per key and every figure as it was.
  expect(await counterRows()).toBeGreaterThan(Object.keys(expected).length);
  await t.db.query('SELECT dashboard_compact_counts()');
  expect(await fromCounters()).toEqual(expected);
  expect(await counterRows()).toBe(Object.keys(expected).length);
});

test('the dashboard folds the counters once changes pile up, its figures unchanged', async () => {
  await t.db.query('SELECT dashboard_compact_counts()');
  const before = await dashboard(t.db);
  // One order a statement, as orders are made one by one: a counter row each.
  for (let i = 0; i <= COMPACT_ABOVE; i += 1) await orders(t.db, 1, 'pending');
  expect(await counterRows()).toBeGreaterThan(COMPACT_ABOVE);
  const after = await dashboard(t.db);
  expect(after.pending).toBe(before.pending + COMPACT_ABOVE + 1);
  expect(after.totalOrders).toBe(before.totalOrders + COMPACT_ABOVE + 1);
  expect(await counterRows()).toBeLessThan(20);
  expect(await fromCounters()).toEqual(await counted());
});

test('8 transactions at once move orders between the same statuses both ways, fold and roll back: no deadlock, nothing lost', async () => {
  const WRITERS = 8;
  const mine = await Promise.all(
    Array.from({ length: WRITERS }, async () => ({
      pending: await orders(t.db, 10, 'pending'),
      processing: await orders(t.db, 10, 'processing'),
    })),
  );
  const outcomes = await Promise.allSettled([
    ...mine.map((own, i) =>
      t.db.transaction(async (tx) => {
        // Half the writers move pending → processing first, the other half the other way: a
        // counter row per status updated in place would lock them in opposite orders.
        const [first, second] = i % 2 === 0 ? ['pending', 'processing'] : ['processing', 'pending'];
        const ids = (status: string) => (status === 'pending' ? own.pending : own.processing);
        await tx.query('UPDATE orders SET status = $1 WHERE id = any($2)', [second, ids(first)]);
        await tx.query('SELECT pg_sleep(0.05)');
        await tx.query('UPDATE orders SET status = $1 WHERE id = any($2)', [first, ids(second)]);
        await orders(tx, 3, 'pending', '2026-03-20');
        await tx.query('DELETE FROM orders WHERE id = $1', [own.pending[9]]);
        await tx.query('SELECT pg_sleep(0.05)');
        if (i === WRITERS - 1) throw new Error('rolled back');
      }),
    ),
    ...Array.from({ length: 4 }, () => t.db.query('SELECT dashboard_compact_counts()')),
  ]);
  expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual([
    ...Array.from({ length: WRITERS - 1 }, () => 'ok'),
    'Error: rolled back',
    'ok',
    'ok',
    'ok',
    'ok',
  ]);
  expect(await fromCounters()).toEqual(await counted());
  await t.db.query('SELECT dashboard_compact_counts()');
  expect(await fromCounters()).toEqual(await counted());
}, 60_000);

test('viewers asking at once share a read; one asking after a change gets a read that sees it', async () => {
  let reads = 0;
  /** While set, a dashboard read's answer is held back until it resolves (a slow read). */
  let hold: Promise<void> | null = null;
  // The database, with its dashboard reads counted (the counters' statement names them).
  const counting: Db = Object.create(t.db, {
    query: {
      value: async (text: string, params?: unknown[]) => {
        const isRead = text.includes('order_status_counts');
        if (isRead) reads += 1;
        const rows = await t.db.query(text, params as never[]);
        if (isRead && hold) await hold;
        return rows;
      },
    },
  });
  const together = await Promise.all(Array.from({ length: 20 }, () => sharedDashboard(counting)));
  expect(reads).toBeLessThanOrEqual(2);
  expect(new Set(together.map((figures) => figures.totalOrders)).size).toBe(1);

  // A read under way when an order is made does not see it; a request made after the commit
  // (a viewer told of the change) must, though that read is still under way.
  const total = together[0]!.totalOrders;
  const release: (() => void)[] = [];
  hold = new Promise((resolve) => release.push(resolve));
  const early = sharedDashboard(counting);
  await new Promise((resolve) => setTimeout(resolve, 50)); // its statement has run
  await orders(t.db, 1, 'pending');
  const late = sharedDashboard(counting);
  hold = null;
  release[0]!();
  expect((await early).totalOrders).toBe(total);
  expect((await late).totalOrders).toBe(total + 1);
});
