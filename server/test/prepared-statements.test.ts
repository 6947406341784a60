import {
  createSession,
  endSessions,
  findSessionOfRequest,
  type SessionLifetime,
} from '../src/auth/sessions';
import { lifetimeOf } from '../src/auth/cookies';
import { testConfig } from '../src/config';
import { MAX_PREPARED, prepared, type Db } from '../src/db';
import { clientsByIds } from '../src/clients/clients';
import { listUsers } from '../src/users/directory';
import { listPage } from '../src/lists/list';
import { orderList } from '../src/orders/list';
import { listInventory } from '../src/stock/inventory';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';
import { startTestApp, type TestApp } from './helpers';

// Hot statements run as named prepared statements on PostgreSQL (planned once per connection,
// not per request): the session lookup of every request and the first page of an unfiltered
// list. What must not change: answers, and a session ended is refused at once.

let t: TestApp;
let lifetime: SessionLifetime;
beforeAll(async () => {
  t = await startTestApp();
  lifetime = lifetimeOf(testConfig());
});
afterAll(() => t.close());

const onPostgres = () => t.db.kind === 'postgres';

/** The named statements of one connection. */
async function preparedOn(db: Db) {
  return db.query<{ name: string; statement: string; generic_plans: number; runs: number }>(
    `SELECT name, statement, generic_plans::int AS generic_plans,
            (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements`,
  );
}

describe('prepared statements', () => {
  test('the session lookup is prepared once per connection, and an ended session is refused at once', async () => {
    const { token, session } = await createSession(t.db, { userId: 1 }, lifetime);
    const check = async (db: Db) => {
      // More runs than PostgreSQL's five custom plans: the generic plan is in use after.
      for (let i = 0; i < 8; i += 1)
        expect((await findSessionOfRequest(db, token, lifetime))?.user?.id).toBe(1);
      // PGlite (one connection, no names) prepares nothing; PostgreSQL keeps the lookup.
      const statements = await preparedOn(db);
      const lookup = statements.find((s) => s.statement.includes('FROM sessions s LEFT JOIN'));
      expect(
        lookup
          ? { named: /^k_[0-9a-f]{24}$/.test(lookup.name), generic: lookup.generic_plans > 0 }
          : null,
      ).toEqual(onPostgres() ? { named: true, generic: true } : null);
      await endSessions(db, { sessionId: session.id });
      expect(await findSessionOfRequest(db, token, lifetime)).toBeNull();
    };
    // One connection for all of it (withLock holds one client of the pool), so the
    // connection's own view pg_prepared_statements shows what it prepared.
    await t.db.withLock(0x4b50, check);
  });

  test('an unfiltered first page is prepared; a filtered or searched one is not', async () => {
    await t.db.withLock(0x4b51, async (db) => {
      const plain = await listUsers(db, { pageSize: 7 }, 'NAME');
      const filtered = await listUsers(db, { pageSize: 7 }, 'NAME', { roleId: '1' });
      const searched = await listUsers(db, { pageSize: 7, search: 'admin' }, 'NAME');
      expect(plain.items.length).toBeGreaterThan(0);
      expect(filtered.items.length).toBeGreaterThan(0);
      expect(searched.items.map((u) => u.email)).toContain('admin@kontor.test');
      const pages = (await preparedOn(db)).filter((s) => s.statement.includes('FROM users u'));
      expect(
        pages.map((page) => /LIMIT 8 OFFSET 0/.test(page.statement) && !/\$1/.test(page.statement)),
      ).toEqual(onPostgres() ? [true] : []);
    });
  });

  test('a page filtered by status alone is prepared per status, each answering its own', async () => {
    const clientId = await newClient(t.db, 'Vorbereitete Aufträge GmbH');
    await t.db.query(
      `INSERT INTO orders (client_id, number, order_date, status, held_from_status)
       VALUES ($1, 'PS-1', '2026-01-01', 'pending', NULL), ($1, 'PS-2', '2026-01-02', 'on_hold', 'pending'),
              ($1, 'PS-3', '2026-01-03', 'pending', NULL)`,
      [clientId],
    );
    await t.db.withLock(0x4b54, async (db) => {
      const numbers = async (status: string) =>
        (
          await listPage<{ number: string }, 'DATE', 'status' | 'clientId'>(
            db,
            orderList,
            { pageSize: 5 },
            'DATE',
            { status, clientId: String(clientId) },
          )
        ).items.map((order) => order.number);
      // The client filter is an id: a parameter. The status alone names its statement.
      expect(await numbers('pending')).toEqual(['PS-1', 'PS-3']);
      expect(await numbers('on_hold')).toEqual(['PS-2']);
      const byStatus = async (status: string) =>
        (
          await listPage<{ number: string }, 'DATE', 'status'>(
            db,
            orderList,
            { pageSize: 5 },
            'DATE',
            {
              status,
            },
          )
        ).items
          .filter((order) => order.number.startsWith('PS-'))
          .map((order) => order.number);
      for (let i = 0; i < 7; i += 1) {
        expect(await byStatus('pending')).toEqual(['PS-1', 'PS-3']);
        expect(await byStatus('on_hold')).toEqual(['PS-2']);
        expect(await byStatus('pending,on_hold')).toEqual(['PS-1', 'PS-2', 'PS-3']);
      }
      const pages = (await preparedOn(db)).filter((s) => s.statement.includes('FROM orders o'));
      expect(
        pages
          .map((page) => page.statement.match(/string_to_array\('([a-z_,]+)'/)?.[1] ?? '?')
          .sort(),
      ).toEqual(onPostgres() ? ['on_hold', 'pending', 'pending,on_hold'] : []);
    });
  });

  test('an inventory page of one warehouse is prepared per warehouse, each answering its own', async () => {
    const clientId = await newClient(t.db, 'Vorbereiteter Bestand GmbH');
    const small = await warehouseWithPlaces(t.db, 1);
    const large = await warehouseWithPlaces(t.db, 1);
    // The small warehouse holds one product, the large one three.
    for (const [warehouse, skus] of [
      [small, ['PI-A']],
      [large, ['PI-B', 'PI-C', 'PI-D']],
    ] as const)
      for (const sku of skus) {
        const productId = await newProduct(t.db, clientId, { sku });
        await t.db.query(
          `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity)
           VALUES ($1, $2, $3, $4, 5)`,
          [productId, warehouse.placeIds[0], clientId, warehouse.warehouseId],
        );
      }
    await t.db.withLock(0x4b56, async (db) => {
      const skus = async (warehouseId: number) =>
        (
          await listInventory(db, { pageSize: 5 }, 'SKU', { warehouseId: String(warehouseId) })
        ).items.map((row) => row.productId);
      const answers = new Set<string>();
      for (let i = 0; i < 7; i += 1) {
        answers.add(JSON.stringify([await skus(small.warehouseId), await skus(large.warehouseId)]));
      }
      // Every run the same: one product in the small warehouse, three in the large one.
      expect([...answers].map((a) => (JSON.parse(a) as number[][]).map((x) => x.length))).toEqual([
        [1, 3],
      ]);
      // The warehouse is a literal of the statement, one statement (and plan) per warehouse.
      const pages = (await preparedOn(db)).filter((s) =>
        s.statement.includes('FROM stock_totals st'),
      );
      expect(
        pages.map((page) => page.statement.match(/st\.warehouse_id = (\d+)/)?.[1]).sort(),
      ).toEqual(onPostgres() ? [String(large.warehouseId), String(small.warehouseId)].sort() : []);
      expect(pages.every((page) => !/\$1/.test(page.statement))).toBe(true);
    });
  });

  test('a first page searched by words alone is prepared when its last word has 3 letters or more, and finds each search its own', async () => {
    const clientId = await newClient(t.db, 'Gesuchte Aufträge GmbH');
    await t.db.query(
      `INSERT INTO orders (client_id, number, order_date, status, ship_first_name, ship_last_name)
       VALUES ($1, 'PW-1', '2026-02-01', 'pending', 'Greta', 'Vorbereit'),
              ($1, 'PW-2', '2026-02-02', 'complete', 'Paul', 'Vorbereit'),
              ($1, 'PW-3', '2026-02-03', 'pending', 'Greta', 'Planmann')`,
      [clientId],
    );
    await t.db.withLock(0x4b55, async (db) => {
      const numbers = async (search: string, status?: string) =>
        (
          await listPage<{ number: string }, 'DATE', 'status'>(
            db,
            orderList,
            { pageSize: 5, search },
            'DATE',
            status ? { status } : undefined,
          )
        ).items.map((order) => order.number);
      // More runs than PostgreSQL's five custom plans: the generic plan is in use after.
      for (let i = 0; i < 7; i += 1) {
        expect(await numbers('vorbereit')).toEqual(['PW-1', 'PW-2']);
        expect(await numbers('greta vorb')).toEqual(['PW-1']);
        expect(await numbers('planm')).toEqual(['PW-3']);
        expect(await numbers('greta', 'pending')).toEqual(['PW-1', 'PW-3']);
        // Two letters: planned for itself, never by the prepared statement of the same shape.
        expect(await numbers('pw')).toEqual(['PW-1', 'PW-2', 'PW-3']);
      }
      const searched = (await preparedOn(db)).filter((s) => s.statement.includes('search_words'));
      expect(
        searched
          .map((s) => (s.statement.includes("string_to_array('pending'") ? 'pending' : 'all'))
          .sort(),
      ).toEqual(onPostgres() ? ['all', 'pending'] : []);
      // Each ran 7 times per search of its shape: "pw" never ran as the prepared one.
      expect(searched.map((s) => s.runs).sort()).toEqual(onPostgres() ? [21, 7] : []);
    });
  });

  test('a search planned once keeps one generic plan, though the statistics find its words rare, and is one statement', async () => {
    // 600 orders of other names, analyzed: PostgreSQL's statistics estimate a name they do
    // not list below the 0.5 % a generic plan assumes, so a plan of each search's own looks
    // cheaper and, without `searchAtRun`, every run was planned anew (custom_plans).
    const clientId = await newClient(t.db, 'Seltene Namen GmbH');
    await t.db.query(
      `INSERT INTO orders (client_id, number, order_date, status, ship_first_name, ship_last_name)
       SELECT $1, 'RN-' || n, date '2025-01-01' + n % 300, 'complete', 'Anna', 'Häufigmann' || n % 3
         FROM generate_series(1, 600) AS n`,
      [clientId],
    );
    await t.db.query(
      `INSERT INTO orders (client_id, number, order_date, status, ship_first_name, ship_last_name)
       VALUES ($1, 'RS-1', '2026-03-01', 'pending', 'Selma', 'Seltenbach'),
              ($1, 'RS-2', '2026-03-02', 'pending', 'Selma', 'Seltenmeier')`,
      [clientId],
    );
    await t.db.query('ANALYZE orders');
    await t.db.withLock(0x4b56, async (db) => {
      // The pool may give the connection of an earlier test: its statements are not these.
      const earlier = new Set((await preparedOn(db)).map((s) => s.name));
      const statements: string[] = [];
      const recording: Db = {
        ...db,
        query: (sql, params) => {
          statements.push(sql);
          return db.query(sql, params);
        },
      };
      const numbers = async (search: string) =>
        (
          await listPage<{ number: string }, 'DATE'>(
            recording,
            orderList,
            { pageSize: 5, search, sortDirection: 'DESC' },
            'DATE',
          )
        ).items.map((order) => order.number);
      for (let i = 0; i < 8; i += 1) {
        statements.length = 0;
        // The last word's words are looked up in the same statement: one a page.
        expect(await numbers('selma selten')).toEqual(['RS-2', 'RS-1']);
        expect(statements).toHaveLength(1);
        expect(await numbers('selma seltenmeier')).toEqual(['RS-2']);
      }
      const searched = (await preparedOn(db)).filter(
        (s) => s.statement.includes('search_words') && !earlier.has(s.name),
      );
      expect(searched.map((s) => ({ runs: s.runs, generic: s.generic_plans > 0 }))).toEqual(
        onPostgres() ? [{ runs: 16, generic: true }] : [],
      );
    });
  });

  test('the clients by-id lookup every page naming clients runs is prepared, and answers as before', async () => {
    await t.db.withLock(0x4b53, async (db) => {
      const [first] = await db.query<{ id: number; name: string }>(
        `INSERT INTO clients (name) VALUES ('Vorbereitet ' || gen_random_uuid()) RETURNING id, name`,
      );
      for (let i = 0; i < 3; i += 1)
        expect((await clientsByIds(db, [first!.id, 2_000_000_000])).map((c) => c.name)).toEqual([
          first!.name,
        ]);
      const lookups = (await preparedOn(db)).filter((s) => /from "clients"/i.test(s.statement));
      expect(lookups.length).toBe(onPostgres() ? 1 : 0);
    });
  });

  test(`no more than ${MAX_PREPARED} texts are ever named (each connection keeps every one)`, async () => {
    await t.db.withLock(0x4b52, async (db) => {
      for (let i = 0; i < MAX_PREPARED + 50; i += 1) {
        const [row] = await db.query<{ n: number }>(prepared(`SELECT ${i}::int AS n`));
        expect(row!.n).toBe(i);
      }
      expect((await preparedOn(db)).length).toBeLessThanOrEqual(MAX_PREPARED);
    });
  });
});
