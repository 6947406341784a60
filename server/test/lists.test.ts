// Lists at scale (issue 10): a page of 100,000 users costs what a page of 100 does — sorted
// and searched on indexes, the total counted no further than 10,000, deep pages by cursor.
// Runs on PGlite and, with server/scripts/test-postgres.sh, on PostgreSQL.
import {
  knownAboveCap,
  pageStatement,
  parseFilter,
  rowsStatement,
  totalStatement,
} from '../src/lists/list';
import { userList } from '../src/users/list';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql } from './graphql-support';

const USERS = 100_000;
const PAGE =
  'query($p: PageInput, $s: UserSort, $f: UserFilter) { users(page: $p, sortBy: $s, filter: $f) { total totalIsLowerBound nextCursor page items { id name email } } }';

let t: TestApp;
let boss: Browser;
let auditorRoleId: number;

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  // One statement; the names' order is not the ids' (7919 is prime to 100,000).
  await t.db.query(
    `INSERT INTO users (name, email, password_hash)
     SELECT 'Scale ' || (n * 7919 % ${USERS}), 'scale' || n || '@lists.test', 'x'
       FROM generate_series(1, ${USERS}) AS n`,
  );
  const [role] = await t.db.query<{ id: number }>(
    "INSERT INTO roles (name) VALUES ('scale auditor') RETURNING id",
  );
  auditorRoleId = role!.id;
  await t.db.query(
    `INSERT INTO user_roles (user_id, role_id)
     SELECT id, $1 FROM users WHERE email LIKE 'scale%000@lists.test'`,
    [auditorRoleId],
  );
  await t.db.query('ANALYZE users');
  await t.db.query('ANALYZE user_roles');
}, 180_000);
afterAll(() => t.close());

async function usersPage(p: Record<string, unknown>, s = 'NAME', f?: Record<string, unknown>) {
  const answer = await graphql(boss, PAGE, { p, s, f });
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data!.users as {
    total: number;
    totalIsLowerBound: boolean;
    nextCursor: string | null;
    items: { id: string; name: string; email: string }[];
  };
}

/** The plan PostgreSQL (or PGlite) chooses for a statement, as text. */
async function planOf(statement: { text: string; params: unknown[] }): Promise<string> {
  const rows = await t.db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN ${statement.text}`,
    statement.params as never[],
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

test('a page of 50 out of 100,000 users comes sorted by name and says "more than 10,000"', async () => {
  const page = await usersPage({ pageSize: 50 });
  const expected = await t.db.query<{ id: number }>(
    'SELECT id FROM users ORDER BY lower(name), id LIMIT 50',
  );
  expect(page.items.map((u) => Number(u.id))).toEqual(expected.map((row) => row.id));
  expect(page).toMatchObject({ total: 10_000, totalIsLowerBound: true });
  expect(page.nextCursor).toEqual(expect.any(String));
});

test('searching 100,000 users by part of a name or an e-mail finds exactly the matches, with an exact total', async () => {
  const [target] = await t.db.query<{ name: string }>(
    "SELECT name FROM users WHERE email = 'scale4242@lists.test'",
  );
  const fragment = target!.name.toUpperCase();
  const byName = await usersPage({ search: fragment });
  expect(byName.items.map((u) => u.email)).toContain('scale4242@lists.test');
  expect(byName.items.every((u) => u.name.toUpperCase().includes(fragment))).toBe(true);
  const [matching] = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE name ILIKE $1 OR email ILIKE $1',
    [`%${fragment}%`],
  );
  expect(byName).toMatchObject({ total: matching!.n, totalIsLowerBound: false });
  expect(byName.items).toHaveLength(matching!.n);

  const byEmail = await usersPage({ search: 'scale9999@' }, 'EMAIL');
  expect(byEmail.items.map((u) => u.email)).toEqual(['scale9999@lists.test']);
  expect(byEmail.total).toBe(1);
});

test('the page reads its order from the sort index and its search from the trigram index, not every row', async () => {
  const read = { sortBy: 'NAME' as const, direction: 'ASC' as const };
  const sorted = await planOf(rowsStatement(userList, read, userList.select, 51));
  expect(sorted).toMatch(/Index Scan using users_name_lower_idx/);
  expect(sorted).not.toMatch(/Seq Scan on users/);

  const byEmailDesc = await planOf(
    rowsStatement(userList, { sortBy: 'EMAIL', direction: 'DESC' }, userList.select, 51),
  );
  expect(byEmailDesc).toMatch(/Index Scan Backward using users_email_sort_idx/);
  // The statement a page runs (rows with their capped total) keeps the index order; its count
  // stops after 10,001 rows.
  const page = await planOf(pageStatement(userList, read, 51));
  expect(page).toMatch(/Index Scan using users_name_lower_idx/);
  expect(page).toMatch(/Limit[\s\S]*Seq Scan on users/);

  const searched = { ...read, search: 'scale 4242' };
  // A searched page in sort order (beyond 10,000 matches, and the CSV export) reads an index:
  // the trigram one, or the sort's with the search as its filter when the planner expects many
  // matches (ANALYZE's random sample decides which) — never every row.
  expect(await planOf(rowsStatement(userList, searched, userList.select, 51))).toMatch(
    /users_(name|email)_trgm_idx|Index Scan using users_name_lower_idx/,
  );
  expect(await planOf(rowsStatement(userList, searched, userList.select, 51))).not.toMatch(
    /Seq Scan on users/,
  );
  expect(await planOf(totalStatement(userList, searched))).toMatch(/users_(name|email)_trgm_idx/);
  expect(await planOf(totalStatement(userList, searched))).not.toMatch(/Seq Scan on users/);
  expect(await planOf(pageStatement(userList, searched, 51))).not.toMatch(/Seq Scan on users/);
});

test('paging with the cursor returns the same rows as page numbers, in both directions', async () => {
  for (const [sort, direction] of [
    ['NAME', 'ASC'],
    ['EMAIL', 'DESC'],
    ['ID', 'DESC'],
  ] as const) {
    const byNumber: string[] = [];
    const byCursor: string[] = [];
    let after: string | null = null;
    for (let page = 1; page <= 3; page++) {
      const numbered = await usersPage({ page, pageSize: 40, sortDirection: direction }, sort);
      byNumber.push(...numbered.items.map((u) => u.id));
      const cursored = await usersPage({ pageSize: 40, sortDirection: direction, after }, sort);
      byCursor.push(...cursored.items.map((u) => u.id));
      after = cursored.nextCursor;
    }
    expect(new Set(byCursor).size).toBe(120);
    expect(byCursor).toEqual(byNumber);
  }
});

test('page numbers reach the first 10,000 rows; beyond, the refusal names the page field and the cursor goes on', async () => {
  const last = await usersPage({ page: 100, pageSize: 100 }, 'EMAIL');
  expect(last.items).toHaveLength(100);
  const tooDeep = await graphql(boss, PAGE, { p: { page: 101, pageSize: 100 }, s: 'EMAIL' });
  expect(codeOf(tooDeep)).toBe('BAD_USER_INPUT');
  expect(Object.keys(tooDeep.errors![0]!.extensions!.fieldErrors!)).toEqual(['page']);

  const next = await usersPage({ pageSize: 100, after: last.nextCursor }, 'EMAIL');
  const expected = await t.db.query<{ id: number }>(
    'SELECT id FROM users ORDER BY lower(email), id OFFSET 10000 LIMIT 100',
  );
  expect(next.items.map((u) => Number(u.id))).toEqual(expected.map((row) => row.id));
});

test('a cursor of another sort order, or a made-up one, is refused on the after field', async () => {
  const { nextCursor } = await usersPage({ pageSize: 10 }, 'NAME');
  for (const [after, sort] of [
    [nextCursor, 'EMAIL'],
    ['bm90IGEgY3Vyc29y', 'NAME'],
  ]) {
    const answer = await graphql(boss, PAGE, { p: { after }, s: sort });
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(Object.keys(answer.errors![0]!.extensions!.fieldErrors!)).toEqual(['after']);
  }
});

test("the user list filtered by role holds exactly the role's 100 users, counted exactly", async () => {
  const page = await usersPage({ pageSize: 100 }, 'EMAIL', { roleId: String(auditorRoleId) });
  expect(page).toMatchObject({ total: 100, totalIsLowerBound: false, nextCursor: null });
  expect(page.items.every((u) => /^scale\d*000@/.test(u.email))).toBe(true);

  const searched = await usersPage({ search: 'scale5000@' }, 'EMAIL', {
    roleId: String(auditorRoleId),
  });
  expect(searched.items.map((u) => u.email)).toEqual(['scale5000@lists.test']);
});

test('a filter naming no valid id is refused on its field', async () => {
  const answer = await graphql(boss, PAGE, { p: {}, s: 'NAME', f: { roleId: 'packer' } });
  expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  expect(answer.errors![0]!.extensions!.fieldErrors).toEqual({
    'filter.roleId': ['The roleId field must be the id of a role.'],
  });
  expect(() => parseFilter(userList, { roleId: '0' })).toThrow('id of a role');
});

test("departments filtered by client show only that client's departments", async () => {
  const [a] = await t.db.query<{ id: number }>(
    "INSERT INTO clients (name, street) VALUES ('Filter A', 'x') RETURNING id",
  );
  const [b] = await t.db.query<{ id: number }>(
    "INSERT INTO clients (name, street) VALUES ('Filter B', 'x') RETURNING id",
  );
  await t.db.query(
    `INSERT INTO departments (client_id, name, customer_number)
     VALUES ($1, 'Nord', 'A-1'), ($1, 'Süd', 'A-2'), ($2, 'Nord', 'B-1')`,
    [a!.id, b!.id],
  );
  const answer = await graphql(
    boss,
    'query($f: DepartmentFilter) { departments(filter: $f, page: {search: "Nord"}) { total items { customerNumber client { name } } } }',
    { f: { clientId: String(a!.id) } },
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data!.departments).toEqual({
    total: 1,
    items: [{ customerNumber: 'A-1', client: { name: 'Filter A' } }],
  });
});

test('a short list is counted exactly and has no next page', async () => {
  const answer = await graphql(
    boss,
    '{ roles(page: {pageSize: 100}) { total totalIsLowerBound nextCursor items { id } } }',
  );
  const [count] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM roles');
  expect(answer.data!.roles).toMatchObject({
    total: count!.n,
    totalIsLowerBound: false,
    nextCursor: null,
  });
  expect(answer.data!.roles.items).toHaveLength(count!.n);
});

test('a bad cursor, page and filter are refused together, each on its field', async () => {
  const answer = await graphql(boss, PAGE, {
    p: { after: 'bm90IGEgY3Vyc29y', pageSize: 500 },
    s: 'NAME',
    f: { roleId: '-1' },
  });
  expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  expect(Object.keys(answer.errors![0]!.extensions!.fieldErrors!).sort()).toEqual([
    'filter.roleId',
    'pageSize',
  ]);
});

test('a page past the end is empty and still says how many rows there are', async () => {
  const filtered = await usersPage({ pageSize: 50 }, 'NAME', { roleId: String(auditorRoleId) });
  const beyond = await usersPage({ page: 3, pageSize: 50 }, 'NAME', {
    roleId: String(auditorRoleId),
  });
  expect(beyond.items).toEqual([]);
  expect(beyond.total).toBe(filtered.total);
  expect(beyond.totalIsLowerBound).toBe(false);
});

test('unfiltered, a large table is "more than 10,000" by the planner\'s estimate: the count never runs', async () => {
  const read = { sortBy: 'NAME' as const, direction: 'ASC' as const };
  const analyzed = async (statement: { text: string; params: unknown[] }) =>
    (
      await t.db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${statement.text}`,
        statement.params as never[],
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  // The count's scan of users shows as never executed; a search still counts exactly.
  expect(await analyzed(pageStatement(userList, read, 51))).toMatch(
    /Seq Scan on users[^\n]*\(never executed\)/,
  );
  // A search still counts exactly: its matches, found once (in the CTE) by one scan, are
  // counted and sorted into the page.
  const searched = await analyzed(pageStatement(userList, { ...read, search: 'scale 4242' }, 51));
  expect(searched).toMatch(/CTE matching\n\s+->  Limit \(actual rows=11(\.00)? loops=1\)/);
  expect(searched.match(/(Seq|Bitmap Heap) Scan on users \w+ \(actual rows/g)).toHaveLength(1);
  const page = await usersPage({ pageSize: 50 });
  expect(page).toMatchObject({ total: 10_000, totalIsLowerBound: true });
});

test('a read found beyond 10,000 rows is not counted again for 10 s; another read is, and so is it after', async () => {
  const read = { sortBy: 'NAME' as const, direction: 'ASC' as const, search: 'lists.test' };
  // The statement listPage sends for the read: without the count while it is remembered.
  const counts = (r: typeof read) =>
    /count\(\*\)/.test(pageStatement(userList, r, 51, 0, knownAboveCap(userList, r)).text);
  expect(counts(read)).toBe(true);
  const first = await usersPage({ search: 'lists.test', pageSize: 50 });
  const counted = Date.now();
  expect(first).toMatchObject({ total: 10_000, totalIsLowerBound: true });
  // The first 50 of all 100,000 matches by name, not of the 10,001 that were counted.
  const firstByName = await t.db.query<{ name: string }>(
    `SELECT name FROM users WHERE email LIKE '%@lists.test' ORDER BY lower(name), id LIMIT 50`,
  );
  expect(first.items.map((user) => user.name)).toEqual(firstByName.map((user) => user.name));
  // Asked again within 10 s: the same page and "more than 10,000", without the count.
  expect(counts(read)).toBe(false);
  const again = await usersPage({ search: 'lists.test', pageSize: 50 });
  expect(again).toMatchObject({ total: 10_000, totalIsLowerBound: true });
  expect(again.items).toEqual(first.items);
  // Another search is counted as ever.
  expect(counts({ ...read, search: 'scale1' })).toBe(true);
  // Ten seconds after it was counted (asking again did not prolong it), the read is counted
  // again. Only Date moves; the database's timers run on.
  jest.useFakeTimers({ now: counted + 10_001, doNotFake: [...NOT_DATE] });
  try {
    expect(counts(read)).toBe(true);
  } finally {
    jest.useRealTimers();
  }
});

/** Every timer jest can fake except Date. */
const NOT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;
