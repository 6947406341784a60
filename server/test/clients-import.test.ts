// The clients import (issue 11): an uploaded CSV or XLSX becomes clients through a background
// job — upsert by name in batches, idempotent, rejected rows as the job's report.
import ExcelJS from 'exceljs';
import { BATCH_ROWS } from '../src/clients/import';
import { baseUrl, startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, countRows, graphql, staffWith } from './graphql-support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let boss: Browser;

beforeAll(async () => {
  t = await startTestApp({ jobs: { workers: 1, pollIntervalMs: 20, workerTimeoutMs: 60_000 } });
  boss = await admin(t.app);
});
afterAll(() => t.close());

async function upload(browser: Browser, name: string, content: Buffer | string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${baseUrl(t.app)}/spa/uploads`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!),
    },
    body: form,
  });
  const body = (await response.json()) as { id: string };
  if (response.status !== 201)
    throw new Error(`upload: ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}

const IMPORT = `mutation($id: ID!) { importClients(uploadId: $id) { id state kind summary } }`;
const JOB = `query($id: ID!) { job(id: $id) { state error attempts maxAttempts progress { done total }
  result { created updated rejectedTotal rejected { row field reason rule params { max min row } } } } }`;

/** Starts the import of a file and waits for its job to end; returns the job. */
async function importFile(browser: Browser, name: string, content: Buffer | string) {
  const started = await graphql(browser, IMPORT, { id: await upload(browser, name, content) });
  expect(started.errors).toBeUndefined();
  expect(started.data?.importClients).toMatchObject({ kind: 'clients.import', state: 'WAITING' });
  const id = started.data!.importClients.id as string;
  for (let i = 0; i < 1000; i += 1) {
    const job = (await graphql(browser, JOB, { id })).data?.job;
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(job?.state)) return { id, ...job };
    await sleep(30);
  }
  throw new Error('the import did not end');
}

const clientsNamed = (prefix: string) =>
  t.db.query<{ name: string; city: string; version: number }>(
    `SELECT name, city, version FROM clients WHERE name LIKE $1 ORDER BY name`,
    [`${prefix}%`],
  );

describe('clients import', () => {
  test('a CSV with German headers: rows become clients; re-running updates, never duplicates', async () => {
    const rows = Array.from(
      { length: BATCH_ROWS + 50 },
      (_, i) => `Import ${String(i).padStart(3, '0')};Hafenstraße;${i + 1};20457;Hamburg;DE`,
    );
    const csv = `\ufeffName;Straße;Hausnummer;PLZ;Ort;Land\n${rows.join('\n')}\n`;
    const first = await importFile(boss, 'kunden.csv', csv);
    expect(first).toMatchObject({
      state: 'COMPLETED',
      progress: { done: BATCH_ROWS + 50, total: BATCH_ROWS + 50 },
      result: { created: BATCH_ROWS + 50, updated: 0, rejectedTotal: 0, rejected: [] },
    });
    expect(await clientsNamed('Import ')).toHaveLength(BATCH_ROWS + 50);

    // The same file again (a retry after a crash does just this): nothing new, nothing changed.
    const again = await importFile(boss, 'kunden.csv', csv);
    expect(again.result).toMatchObject({ created: 0, updated: 0, rejectedTotal: 0 });
    const changed = csv.replace(
      'Import 007;Hafenstraße;8;20457;Hamburg',
      'import 007;Hafenstraße;8;20457;Altona',
    );
    const third = await importFile(boss, 'kunden.csv', changed);
    expect(third.result).toMatchObject({ created: 0, updated: 1 });
    const all = await clientsNamed('');
    expect(all.filter((c) => c.name.toLowerCase() === 'import 007')).toEqual([
      { name: 'import 007', city: 'Altona', version: 2 },
    ]);
    expect(await clientsNamed('Import ')).toHaveLength(BATCH_ROWS + 49);
  });

  test('rejected rows are the report: row number, field and reason; the good rows are imported', async () => {
    const csv = [
      'name,street,houseNumber,postcode,city,countryCode,email',
      'Report Good,Weg,1,20457,Hamburg,DE,',
      'Report Bad Postcode,Weg,2,ABC,Hamburg,DE,',
      ',Weg,3,20457,Hamburg,DE,',
      'Report Bad Mail,Weg,4,20457,Hamburg,DE,not-a-mail',
      'report good,Weg,5,20457,Hamburg,DE,',
    ].join('\r\n');
    const job = await importFile(boss, 'report.csv', csv);
    expect(job.state).toBe('COMPLETED');
    expect(job.result).toEqual({
      created: 1,
      updated: 0,
      rejectedTotal: 4,
      rejected: [
        // The rule and its numbers let the screen say it in the user's language.
        {
          row: 3,
          field: 'postcode',
          reason: 'The postcode is not valid for DE.',
          rule: 'postcode',
          params: null,
        },
        {
          row: 4,
          field: 'name',
          reason: 'The name field is required.',
          rule: 'required',
          params: null,
        },
        {
          row: 5,
          field: 'email',
          reason: 'The email field must be a valid email address.',
          rule: 'email',
          params: null,
        },
        {
          row: 6,
          field: 'name',
          reason: 'The name is already in row 2 of the file.',
          rule: 'admin:import.duplicateName',
          params: { max: null, min: null, row: 2 },
        },
      ],
    });
    expect(await clientsNamed('Report')).toHaveLength(1);
    // The notification and /horizon say it in the reader's language (German or English).
    const [note] = await t.db.query<{ data: { message: string; messages: object } }>(
      `SELECT data FROM notifications WHERE data->>'jobId' = $1`,
      [job.id],
    );
    expect(note!.data.messages).toEqual({
      de: 'Mandanten-Import: report.csv: fertig (1 angelegt, 0 aktualisiert, 4 abgelehnt).',
      en: 'Clients import: report.csv: done (1 created, 0 updated, 4 rejected).',
    });
    expect(note!.data.message).toBe(note!.data.messages['en' as keyof object]);
    const summaries = await graphql(
      boss,
      `
        query ($id: ID!) {
          job(id: $id) {
            summary
            de: summary(lang: "de")
            en: summary(lang: "en")
          }
        }
      `,
      { id: job.id },
    );
    expect(summaries.data?.job).toEqual({
      summary: 'Clients import: report.csv',
      de: 'Mandanten-Import: report.csv',
      en: 'Clients import: report.csv',
    });
  });

  test('an XLSX with English headers is read from its first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clients');
    sheet.addRow(['Name', 'Street', 'House number', 'Postcode', 'City', 'Country', 'Company']);
    sheet.addRow(['Xlsx One', 'Main Road', '1', '1010', 'Wien', 'AT', 'One GmbH']);
    sheet.addRow(['Xlsx Two', 'Main Road', 2, '8001', 'Zürich', 'CH', '']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const job = await importFile(boss, 'clients.xlsx', file);
    expect(job.result).toMatchObject({ created: 2, rejectedTotal: 0 });
    const [one] = await t.db.query(
      `SELECT company, country_code FROM clients WHERE name = 'Xlsx One'`,
    );
    expect(one).toEqual({ company: 'One GmbH', country_code: 'AT' });
  });

  test('a file without a Name column imports nothing and says so', async () => {
    const before = await countRows(t, 'clients');
    const job = await importFile(boss, 'falsch.csv', 'Strasse;Ort\nWeg;Hamburg\n');
    expect(job.result).toMatchObject({
      created: 0,
      rejectedTotal: 1,
      rejected: [{ row: 1, field: 'name', rule: 'admin:import.noNameColumn' }],
    });
    expect(await countRows(t, 'clients')).toBe(before);
  });

  test('client:create is needed, and only your own upload can be imported', async () => {
    const viewer = await staffWith(t, ['client:view']);
    const creator = await staffWith(t, ['client:create']);
    const theirs = await upload(boss, 'kunden.csv', 'Name\nA\n');
    expect(codeOf(await graphql(viewer.browser, IMPORT, { id: theirs }))).toBe('FORBIDDEN');
    const other = await graphql(creator.browser, IMPORT, { id: theirs });
    expect(codeOf(other)).toBe('BAD_USER_INPUT');
    expect(other.errors?.[0]?.extensions?.fieldErrors?.uploadId?.[0]).toMatch(/does not exist/);
    const jobs = await t.db.query(`SELECT 1 FROM jobs WHERE created_by = $1`, [creator.id]);
    expect(jobs).toHaveLength(0);
  });

  test('a file that cannot be read fails at once, without retrying the same error', async () => {
    // A zip named .xlsx passes the upload's check, but holds no workbook.
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 7)]);
    const started = Date.now();
    const job = await importFile(boss, 'kaputt.xlsx', broken);
    expect(job).toMatchObject({ state: 'FAILED', attempts: 1 });
    expect(job.error).toMatch(/^The file could not be read: /);
    // The kind allows 3 attempts 10 s apart: none was spent on a file that stays unreadable.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
