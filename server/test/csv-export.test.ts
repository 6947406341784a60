// CSV export of a whole filtered list (issue 10, contract 5): GET /export/<list>.csv streams
// every matching row (not one page), quoted so that no cell breaks the file or runs as a
// spreadsheet formula, with the header in German or English; the list's view permission is
// checked on the server. Runs on PGlite and, with server/scripts/test-postgres.sh, PostgreSQL.
import { parse } from 'csv-parse/sync';
import { baseUrl, send, startTestApp, type Browser, type TestApp } from './helpers';
import { admin, staffWith } from './graphql-support';

const ROWS = 10_000;

let t: TestApp;
let boss: Browser;
let exportRoleId: number;

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  const [role] = await t.db.query<{ id: number }>(
    "INSERT INTO roles (name) VALUES ('export clerk') RETURNING id",
  );
  exportRoleId = role!.id;
  // 10,000 clerks and 500 others, in one statement each.
  await t.db.query(
    `WITH made AS (
       INSERT INTO users (name, email, password_hash)
       SELECT 'Clerk ' || n, 'clerk' || lpad(n::text, 5, '0') || '@export.test', 'x'
         FROM generate_series(1, ${ROWS}) AS n RETURNING id)
     INSERT INTO user_roles (user_id, role_id) SELECT id, $1 FROM made`,
    [exportRoleId],
  );
  await t.db.query(
    `INSERT INTO users (name, email, password_hash)
     SELECT 'Other ' || n, 'other' || n || '@export.test', 'x' FROM generate_series(1, 500) AS n`,
  );
}, 120_000);
afterAll(() => t.close());

/** The first bytes of a download as the browser receives them (fetch's text() drops a BOM). */
async function firstBytes(browser: Browser, url: string): Promise<number[]> {
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(baseUrl(t.app) + url, { headers: { cookie } });
  return Array.from(new Uint8Array(await response.arrayBuffer()).subarray(0, 5));
}

test('the export of a list filtered to 10,000 users holds all of them, in the asked order, with English headers', async () => {
  const response = await boss.request({
    url: `/export/users.csv?roleId=${exportRoleId}&sort=EMAIL&dir=desc&lang=en&page=3`,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toBe('attachment; filename="users.csv"');
  // UTF-8 with a byte order mark, so that Excel reads the umlauts right.
  expect(await firstBytes(boss, '/export/users.csv?lang=en')).toEqual([0xef, 0xbb, 0xbf, 73, 68]);
  const rows = parse(response.body) as string[][];
  expect(rows[0]).toEqual(['ID', 'Name', 'Email', 'Roles']);
  const data = rows.slice(1);
  expect(data).toHaveLength(ROWS);
  expect(data[0]!.slice(1)).toEqual(['Clerk 10000', 'clerk10000@export.test', 'export clerk']);
  expect(data.at(-1)![2]).toBe('clerk00001@export.test');
  const emails = data.map((row) => row[2]!);
  expect(emails).toEqual(emails.toSorted().toReversed());
  expect(new Set(emails).size).toBe(ROWS);
});

test('the German export has German headers, semicolons, and the search of the list page', async () => {
  const response = await boss.request({ url: '/export/users.csv?search=clerk0000&lang=de' });
  expect(response.statusCode).toBe(200);
  const rows = parse(response.body, { delimiter: ';' }) as string[][];
  expect(rows[0]).toEqual(['ID', 'Name', 'E-Mail', 'Rollen']);
  expect(rows.slice(1).map((row) => row[2])).toEqual([
    'clerk00001@export.test',
    'clerk00002@export.test',
    'clerk00003@export.test',
    'clerk00004@export.test',
    'clerk00005@export.test',
    'clerk00006@export.test',
    'clerk00007@export.test',
    'clerk00008@export.test',
    'clerk00009@export.test',
  ]);
});

test("without ?lang the header follows the browser's language", async () => {
  const english = await boss.request({
    url: '/export/roles.csv',
    headers: { 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' },
  });
  expect(english.body.split('\r\n')[0]).toBe('ID,Name,Permissions,Users');
  const german = await boss.request({ url: '/export/roles.csv' });
  expect(german.body.split('\r\n')[0]).toBe('ID;Name;Berechtigungen;Benutzer');
});

test('quotes, separators and line breaks stay inside their cell, and formulas do not run', async () => {
  const name = 'Say "Hi"; then, go\nnow';
  await t.db.query(
    `INSERT INTO clients (name, first_name, last_name, phone, city, street) VALUES
       ($1, '=HYPERLINK("http://evil.test")', '@SUM(A1)', '+49 40 123', '-Hamburg', 'Weg 1')`,
    [name],
  );
  for (const [lang, delimiter] of [
    ['en', ','],
    ['de', ';'],
  ]) {
    const response = await boss.request({ url: `/export/clients.csv?search=Say&lang=${lang}` });
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body, { delimiter }) as string[][];
    expect(rows).toHaveLength(2);
    const cell = (header: string) => rows[1]![rows[0]!.indexOf(header)];
    expect(cell('Name')).toBe(name);
    expect(cell(lang === 'de' ? 'Vorname' : 'First name')).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(cell(lang === 'de' ? 'Nachname' : 'Last name')).toBe(`'@SUM(A1)`);
    expect(cell(lang === 'de' ? 'Telefon' : 'Phone')).toBe(`'+49 40 123`);
    expect(cell(lang === 'de' ? 'Ort' : 'City')).toBe(`'-Hamburg`);
  }
  const raw = await boss.request({ url: '/export/clients.csv?search=Say&lang=en' });
  expect(raw.body).toContain('"Say ""Hi""; then, go\nnow"');
});

test('bad parameters are refused with 422 naming each field, never a 500', async () => {
  const response = await boss.request({
    url: '/export/users.csv?sort=PASSWORD&dir=sideways&lang=fr&roleId=x',
  });
  expect(response.statusCode).toBe(422);
  expect(Object.keys(response.json().errors).sort()).toEqual(['dir', 'lang', 'roleId', 'sort']);
  const badRole = await boss.request({ url: '/export/users.csv?roleId=1%20OR%201=1' });
  expect(badRole.statusCode).toBe(422);
  expect(badRole.json().errors).toEqual({ roleId: ['The roleId field must be the id of a role.'] });
  const twice = await boss.request({ url: '/export/users.csv?search=a&search=b' });
  expect(twice.statusCode).toBe(422);
  expect(Object.keys(twice.json().errors)).toEqual(['search']);
  const nul = await boss.request({ url: '/export/users.csv?search=a%00b' });
  expect(nul.statusCode).toBe(422);
  expect(Object.keys(nul.json().errors)).toEqual(['search']);
});

test("the export needs the list's view permission: 401 logged out, 403 without it", async () => {
  const loggedOut = await send(t.app, { url: '/export/users.csv' });
  expect(loggedOut.statusCode).toBe(401);
  const clientViewer = await staffWith(t, ['client:view']);
  expect((await clientViewer.browser.request({ url: '/export/users.csv' })).statusCode).toBe(403);
  const clients = await clientViewer.browser.request({ url: '/export/clients.csv?lang=en' });
  expect(clients.statusCode).toBe(200);
  expect(clients.body.split('\r\n')[0]).toMatch(/^ID,Name,Company,/);
  const userViewer = await staffWith(t, ['user:view']);
  expect((await userViewer.browser.request({ url: '/export/users.csv' })).statusCode).toBe(200);
  expect((await userViewer.browser.request({ url: '/export/roles.csv' })).statusCode).toBe(403);
});
