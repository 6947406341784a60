// The orders list by a rare status (or with a fulfillment error) whose orders are all old:
// the page is read from a partial index on the list's sort (migration 0111), not by walking
// every newer order backwards (bench/orders.mjs found 995,000 rows read for one page of on-hold
// orders over 1,000,000). Runs on PGlite and, with server/scripts/test-postgres.sh, on PostgreSQL.
import type { Db } from '../src/db';
import {
  listPage,
  pageStatement,
  rowsStatement,
  withLastWords,
  TOTAL_CAP,
  type ListRead,
} from '../src/lists/list';
import { orderList } from '../src/orders/list';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql } from './graphql-support';
import { newClient } from './stock-support';

const ORDERS = 100_000;
/** The oldest HELD orders are on hold, the oldest HELD after them have a fulfillment error. */
const HELD = 1_000;

let t: TestApp;
let boss: Browser;
let clientId: number;

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  clientId = await newClient(t.db, 'Index GmbH');
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

/** The plan of a statement as PostgreSQL's JSON tree, run (ANALYZE). */
async function jsonPlanOf(statement: { text: string; params: unknown[] }): Promise<PlanNode> {
  const [row] = await t.db.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (ANALYZE, FORMAT JSON, COSTS OFF, TIMING OFF) ${statement.text}`,
    statement.params as never[],
  );
  const explained = row!['QUERY PLAN'];
  const parsed = (typeof explained === 'string' ? JSON.parse(explained) : explained) as {
    Plan: PlanNode;
  }[];
  return parsed[0]!.Plan;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops': number;
  'Actual Rows': number;
  Filter?: string;
  'Recheck Cond'?: string;
  'Index Cond'?: string;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The scans of a table that ran and matched the search text (`search_words @@ …` in a plan). */
const searchScans = (plan: PlanNode) =>
  nodesOf(plan).filter(
    (node) =>
      node['Relation Name'] !== undefined &&
      node['Actual Loops'] > 0 &&
      [node.Filter, node['Recheck Cond'], node['Index Cond']].some((c) =>
        c?.includes('search_words @@'),
      ),
  );

test('several statuses: the newest page merges one index scan per status instead of filtering the date order', async () => {
  // The on-hold orders are the oldest 1,000, the pending ones the next 1,000: the newest 25 are
  // pending; 98,000 complete orders are newer than all of them.
  const answer = await graphql(boss, PAGE, { f: { status: ['ON_HOLD', 'PENDING'] } });
  expect(answer.errors).toBeUndefined();
  const page = answer.data!.orders as { total: number; items: { number: string }[] };
  expect(page.total).toBe(2 * HELD);
  expect(page.items.map((o) => o.number)).toEqual(
    Array.from({ length: 25 }, (_, i) => `IX-${2 * HELD - i}`),
  );
  // Page 39 of 26 crosses from the pending orders into the on-hold ones; oldest first, the
  // on-hold ones come first.
  const crossing = await graphql(
    boss,
    `
      query ($f: OrderFilter) {
        orders(page: { page: 39, pageSize: 26, sortDirection: DESC }, sortBy: DATE, filter: $f) {
          items {
            number
          }
        }
      }
    `,
    { f: { status: ['PENDING', 'ON_HOLD'] } },
  );
  expect(
    (crossing.data!.orders as { items: { number: string }[] }).items.map((o) => o.number),
  ).toEqual(Array.from({ length: 26 }, (_, i) => `IX-${2 * HELD - 38 * 26 - i}`));
  const oldest = await graphql(
    boss,
    `
      query ($f: OrderFilter) {
        orders(page: { pageSize: 3, sortDirection: ASC }, sortBy: DATE, filter: $f) {
          items {
            number
          }
        }
      }
    `,
    { f: { status: ['PENDING', 'ON_HOLD'] } },
  );
  expect((oldest.data!.orders as { items: { number: string }[] }).items).toEqual([
    { number: 'IX-1' },
    { number: 'IX-2' },
    { number: 'IX-3' },
  ]);
  // The page's rows: each status's newest 26 from an index in date order, then the newest 26
  // of those — no node reads more than that or throws rows away.
  const rows = rowsStatement(
    orderList,
    { sortBy: 'DATE', direction: 'DESC', filter: { status: 'on_hold,pending' } },
    orderList.select,
    26,
  );
  const plan = await jsonPlanOf(rows);
  const nodes = nodesOf(plan);
  expect(Math.max(...nodes.map((node) => node['Actual Rows']))).toBeLessThanOrEqual(52);
  expect(nodes.filter((node) => node['Relation Name'] === 'orders')).toHaveLength(2);
  expect(nodes.some((node) => node.Filter?.includes('status'))).toBe(false);
}, 60_000);

test('a searched page searches once: its matches give the total and the page', async () => {
  // IX-1999 and IX-19990 … IX-19999: 11 orders, newest first.
  const answer = await graphql(
    boss,
    `
      query ($p: PageInput) {
        orders(page: $p, sortBy: DATE) {
          total
          totalIsLowerBound
          items {
            number
          }
        }
      }
    `,
    { p: { pageSize: 5, sortDirection: 'DESC', search: 'ix-1999' } },
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data!.orders).toEqual({
    total: 11,
    totalIsLowerBound: false,
    items: ['IX-19999', 'IX-19998', 'IX-19997', 'IX-19996', 'IX-19995'].map((number) => ({
      number,
    })),
  });
  const read = { sortBy: 'DATE' as const, direction: 'DESC' as const, search: 'ix-1999' };
  expect(searchScans(await jsonPlanOf(pageStatement(orderList, read, 6)))).toHaveLength(1);
  // With several statuses too.
  const both = { ...read, filter: { status: 'complete,pending' } };
  expect(searchScans(await jsonPlanOf(pageStatement(orderList, both, 6)))).toHaveLength(1);
}, 60_000);

test('a search among the pending orders reads the open orders’ words, not every pending order', async () => {
  // "ix-150" starts IX-150 (on hold), IX-1500 … IX-1509 (pending) and IX-15000 … IX-15099
  // (complete): the pending ones, newest first (one day, so by id).
  const answer = await graphql(
    boss,
    `
      query ($p: PageInput, $f: OrderFilter) {
        orders(page: $p, sortBy: DATE, filter: $f) {
          total
          items {
            number
            status
          }
        }
      }
    `,
    { p: { pageSize: 3, sortDirection: 'DESC', search: 'ix-150' }, f: { status: 'PENDING' } },
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data!.orders).toEqual({
    total: 10,
    items: ['IX-1509', 'IX-1508', 'IX-1507'].map((number) => ({ number, status: 'PENDING' })),
  });
  const read = {
    sortBy: 'DATE' as const,
    direction: 'DESC' as const,
    search: 'ix-150',
    filter: { status: 'pending' },
  };
  const plan = await jsonPlanOf(pageStatement(orderList, read, 4));
  // On PostgreSQL (PGlite's planner reads the pending orders by their status index): from the
  // words of the open orders (migration 0153), not the pending orders' rows one by one.
  if (t.db.kind !== 'postgres') return;
  expect(nodesOf(plan).some((node) => node['Index Name'] === 'orders_open_search_words_idx')).toBe(
    true,
  );
  expect(
    Math.max(0, ...nodesOf(plan).map((node) => node['Rows Removed by Filter'] ?? 0)),
  ).toBeLessThan(100);
}, 60_000);

test('a word the statistics find in 15,000 orders or more is “more than 10,000” without counting; a rarer one is counted', async () => {
  // Of the IX orders, 20,000 go to Häufig and 12,000 to Mittelmaß; ANALYZE makes the statistics.
  await t.db.query(
    `UPDATE orders SET ship_last_name = CASE WHEN substr(number, 4)::int % 5 = 0 THEN 'Häufig' ELSE 'Mittelmaß' END
      WHERE client_id = $1 AND number LIKE 'IX-%'
        AND (substr(number, 4)::int % 5 = 0 OR substr(number, 4)::int % 25 IN (1, 2, 3))`,
    [clientId],
  );
  await t.db.query('ANALYZE orders');
  const statements: string[] = [];
  // A Db of its own: the statistics it reads are its own, not those read before ANALYZE.
  const recording: Db = {
    ...t.db,
    query: (sql, params) => {
      statements.push(sql);
      return t.db.query(sql, params);
    },
  };
  const searched = async (search: string, filter?: { status: string }) => {
    statements.length = 0;
    const page = await listPage<{ number: string }, 'DATE', 'status'>(
      recording,
      orderList,
      { pageSize: 3, search, sortDirection: 'DESC' },
      'DATE',
      filter,
    );
    return {
      search,
      total: page.total,
      totalIsLowerBound: page.totalIsLowerBound,
      numbers: page.items.map((order) => order.number),
      counted: statements.some((sql) => sql.includes(`LIMIT ${TOTAL_CAP + 1}`)),
    };
  };
  for (const search of ['Häufig', 'häuf'])
    expect(await searched(search)).toEqual({
      search,
      total: TOTAL_CAP,
      totalIsLowerBound: true,
      numbers: ['IX-100000', 'IX-99995', 'IX-99990'],
      counted: false,
    });
  // Rarer than ESTIMATED_ABOVE_CAP, filtered, or two words: counted.
  expect(await searched('Mittelmaß')).toEqual({
    search: 'Mittelmaß',
    total: TOTAL_CAP,
    totalIsLowerBound: true,
    numbers: ['IX-99978', 'IX-99977', 'IX-99976'],
    counted: true,
  });
  expect(await searched('häufig', { status: 'complete' })).toMatchObject({
    totalIsLowerBound: true,
    counted: true,
  });
  expect(await searched('häufig ix-99990')).toMatchObject({
    total: 1,
    totalIsLowerBound: false,
    numbers: ['IX-99990'],
    counted: true,
  });
}, 120_000);

describe('a search’s last word is searched as the words of the orders it starts (migration 0154)', () => {
  type Read = ListRead<'DATE', 'status'>;
  const read = (search: string): Read => ({ sortBy: 'DATE', direction: 'DESC', search });
  /** The numbers of a page (newest first) of a read as it is given. */
  const numbersOf = async (given: Read, limit = 30) => {
    const statement = pageStatement(orderList, given, limit);
    const rows = await t.db.query<{ number: string; _total: number }>(
      statement.text,
      statement.params as never[],
    );
    return { total: rows[0]?._total ?? 0, numbers: rows.map((row) => row.number) };
  };
  /** The numbers the list finds for a search (GraphQL, as the page asks). */
  const found = async (search: string) => {
    const answer = await graphql(
      boss,
      `
        query ($p: PageInput) {
          orders(page: $p, sortBy: DATE) {
            items {
              number
            }
          }
        }
      `,
      { p: { search, sortDirection: 'DESC' } },
    );
    expect(answer.errors).toBeUndefined();
    return (answer.data!.orders as { items: { number: string }[] }).items.map((o) => o.number);
  };

  /** Orders of `names` ([number, first name, last name]), dated today, one after the other. */
  const ordersOf = async (names: [string, string, string][]) => {
    for (const [number, first, last] of names)
      await t.db.query(
        `INSERT INTO orders (client_id, number, order_date, status, ship_first_name, ship_last_name)
         VALUES ($1, $2, current_date, 'pending', $3, $4)`,
        [clientId, number, first, last],
      );
  };

  /** 40 orders (`<number>-0` …) to Vera `<start>aa` … `<start>bn`: a start of many words. */
  const fortyStarting = (number: string, start: string) =>
    Array.from({ length: 40 }, (_, n): [string, string, string] => [
      `${number}-${n}`,
      'Vera',
      `${start}${String.fromCharCode(97 + Math.floor(n / 26))}${String.fromCharCode(97 + (n % 26))}`,
    ]);

  test('a start of few words is searched as those words, finding what the start finds', async () => {
    await ordersOf([
      ['LW-1', 'Leandra', 'Zylka'],
      ['LW-2', 'Leandra', 'Zyllner'],
      ['LW-3', 'Paul', 'Zylka'],
      ['LW-4', 'Leandra', 'Zymanski'],
      ['LW-5', 'Leandra', 'Abel'],
    ]);
    const searched = await withLastWords(t.db, orderList, read('Leandra ZY'));
    expect(searched.lastWords).toEqual(['zylka', 'zyllner', 'zymanski']);
    const page = pageStatement(orderList, searched, 26);
    expect(page.params[0]).not.toContain(':*');
    const scans = searchScans(await jsonPlanOf(page));
    expect(scans).toHaveLength(1);
    expect(JSON.stringify(scans[0])).not.toContain(':*');
    expect(await numbersOf(searched)).toEqual({ total: 3, numbers: ['LW-4', 'LW-2', 'LW-1'] });
    expect(await numbersOf(read('Leandra ZY'))).toEqual(await numbersOf(searched));
    expect(await found('leandra zy')).toEqual(['LW-4', 'LW-2', 'LW-1']);
    // A whole word typed last is one word.
    const whole = await withLastWords(t.db, orderList, read('zylka'));
    expect(whole.lastWords).toEqual(['zylka']);
    expect(await numbersOf(whole)).toEqual({ total: 2, numbers: ['LW-3', 'LW-1'] });
  }, 60_000);

  test('a start of many words, with a digit or of a word with one stays a start', async () => {
    // 40 names that start "vielna".
    await ordersOf(fortyStarting('VN', 'Vielna'));
    const many = await withLastWords(t.db, orderList, read('vielna'));
    expect(many.lastWords).toBeUndefined();
    expect((await numbersOf(many, 50)).total).toBe(40);
    // Order numbers: "ix-1999" has a digit; "ix" starts "ix-", the part of every IX number
    // before its digits. Both are starts, and find what they start.
    for (const search of ['IX-1999', 'ix', 'ix-'])
      expect((await withLastWords(t.db, orderList, read(search))).lastWords).toBeUndefined();
    expect((await numbersOf(read('IX-1999'))).total).toBe(11);
    expect((await numbersOf(read('ix'))).total).toBe(10_001);
    expect(await found('lw')).toEqual(['LW-5', 'LW-4', 'LW-3', 'LW-2', 'LW-1']);
    // A start of no word finds nothing.
    const none = await withLastWords(t.db, orderList, read('qqzz'));
    expect(none.lastWords).toBeUndefined();
    expect(await numbersOf(none)).toEqual({ total: 0, numbers: [] });
    // LIKE's wildcards typed are text: "z%a" and "z_lka" start no word.
    for (const search of ['z%a', 'z_lka']) {
      expect(await withLastWords(t.db, orderList, read(search))).toEqual(read(search));
      expect(await found(search)).toEqual([]);
    }
  }, 60_000);

  test('a search planned once looks its last word’s words up as it runs, finding what a lookup before finds', async () => {
    // Few words of a start, many (40 "Yselb…"), numbers ("sc" starts the numbered "sc-"), and
    // words with a quote and a backslash (the SQL quotes them as lexeme() does).
    await ordersOf([
      ['SC-1', 'Leonore', 'Zorbach'],
      ['SC-2', 'Leonore', 'Zorbeck'],
      ['SC-3', 'Paul', 'Zorbach'],
      ['SC-4', 'Olga', "O'Zylinski"],
      ['SC-5', 'Olga', 'Zy\\Strich'],
      ...fortyStarting('SQ', 'Yselb'),
    ]);
    for (const search of [
      'Leonore ZOR',
      'leonore zorbach',
      'zorbach',
      "o'zy",
      "olga o'zylinski",
      'zy\\st',
      'yselb',
      'vera yselbab',
      'z%a',
      'z_rbach',
      'sc-1',
      'sc',
      'qqzz',
    ]) {
      const before = await numbersOf(await withLastWords(t.db, orderList, read(search)), 50);
      expect({ search, ...(await numbersOf({ ...read(search), searchAtRun: true }, 50)) }).toEqual({
        search,
        ...before,
      });
    }
    const planned = async (search: string) =>
      (await numbersOf({ ...read(search), searchAtRun: true }, 50)).numbers;
    expect(await planned('Leonore ZOR')).toEqual(['SC-2', 'SC-1']);
    expect(await planned("o'zy")).toEqual(['SC-4']);
    expect(await planned('zy\\st')).toEqual(['SC-5']);
    expect(await planned('sc')).toHaveLength(5);
    expect(await planned('yselb')).toHaveLength(40);
  }, 60_000);

  test('an order brings its words; an edit its new ones, and the order is found by them', async () => {
    const [order] = await t.db.query<{ id: number }>(
      `INSERT INTO orders (client_id, number, order_date, status, ship_last_name)
       VALUES ($1, 'WX-1', current_date, 'pending', 'Zwack') RETURNING id`,
      [clientId],
    );
    expect((await withLastWords(t.db, orderList, read('zwa'))).lastWords).toEqual(['zwack']);
    expect(await found('zwa')).toEqual(['WX-1']);
    await t.db.query(`UPDATE orders SET ship_last_name = 'Zwackelmann' WHERE id = $1`, [order!.id]);
    // The old word stays (it finds nothing now); the new one comes with the edit.
    expect((await withLastWords(t.db, orderList, read('zwa'))).lastWords).toEqual([
      'zwack',
      'zwackelmann',
    ]);
    expect(await found('zwa')).toEqual(['WX-1']);
    expect(await found('zwack')).toEqual(['WX-1']);
    expect(await found('zwackel')).toEqual(['WX-1']);
  }, 60_000);

  test('two writers adding the same new words in opposite order both commit, neither waiting', async () => {
    // On PostgreSQL (PGlite has one connection: one writer at a time). With a unique key on
    // the words, the second word of each would wait for the other's commit: a deadlock.
    if (t.db.kind !== 'postgres') return;
    let firstWritten = 0;
    let bothWritten!: () => void;
    const both = new Promise<void>((resolve) => (bothWritten = resolve));
    const writer = (n: number, first: string, second: string) =>
      t.db.transaction(async (tx) => {
        const insert = (number: string, lastName: string) =>
          tx.query(
            `INSERT INTO orders (client_id, number, order_date, status, ship_last_name)
             VALUES ($1, $2, current_date, 'pending', $3)`,
            [clientId, number, lastName],
          );
        await insert(`QW-${n}-1`, first);
        if ((firstWritten += 1) === 2) bothWritten();
        await both;
        await insert(`QW-${n}-2`, second);
      });
    await Promise.all([writer(1, 'Quoll', 'Quark'), writer(2, 'Quark', 'Quoll')]);
    expect((await withLastWords(t.db, orderList, read('qu'))).lastWords).toEqual([
      'quark',
      'quoll',
    ]);
    expect((await found('quo')).sort()).toEqual(['QW-1-1', 'QW-2-2']);
  }, 60_000);
});
