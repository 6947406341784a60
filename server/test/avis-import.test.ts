// The avis file import (issue 13): a supplier's CSV/XLSX, one row per line, grouped by delivery
// note number into avis (announced) for a chosen supplier, client and warehouse, through the
// job queue; every row checked before anything is written (sku of the client, quantity, lot
// where lot-tracked, best-before where needed, dates, one date per delivery note), a report of
// the bad rows, and idempotent by supplier + delivery note number.
import ExcelJS from 'exceljs';
import { baseUrl, startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith } from './graphql-support';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp({ jobs: { workers: 1, pollIntervalMs: 20, workerTimeoutMs: 60_000 } });
  boss = await admin(t.app);
});
afterAll(() => t?.close());

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

const PREVIEW = `query($id: ID!) { avisImportPreview(uploadId: $id) {
  fileName columns { index header field } rows fields { key required } } }`;
const IMPORT = `mutation($id: ID!, $s: ID!, $c: ID!, $w: ID!, $mapping: [ColumnMappingInput!]!, $mode: ImportMode!) {
  importAvis(uploadId: $id, supplierId: $s, clientId: $c, warehouseId: $w, mapping: $mapping, mode: $mode) {
    id state kind summary } }`;
const JOB = `query($id: ID!) { job(id: $id) { state error
  result { created updated unchanged rejectedTotal rejected { row field column value reason rule params { row } } } } }`;

type Mode = 'ALL_OR_NOTHING' | 'GOOD_ROWS';

/** A supplier, a client with products (A-1 plain, L-1 lot-tracked, M-1 best-before) and a warehouse. */
async function setting() {
  const [supplier] = await t.db.query<{ id: number }>(
    `INSERT INTO suppliers (name, number, street, house_number, postcode, city)
     VALUES ('Nordholz', $1, 'Weg', '1', '28199', 'Bremen') RETURNING id`,
    [`S-${Math.random()}`],
  );
  const clientId = await newClient(t.db, 'Avis-Import');
  const products = {
    plain: await newProduct(t.db, clientId, { sku: 'A-1' }),
    lot: await newProduct(t.db, clientId, { sku: 'L-1', lotTracked: true }),
    mhd: await newProduct(t.db, clientId, { sku: 'M-1', bestBefore: true }),
  };
  const otherClient = await newClient(t.db, 'Fremd');
  await newProduct(t.db, otherClient, { sku: 'X-1' });
  const { warehouseId } = await warehouseWithPlaces(t.db, 1);
  return { supplierId: supplier!.id, clientId, warehouseId, products };
}
type Setting = Awaited<ReturnType<typeof setting>>;

async function guessed(id: string) {
  const answer = await graphql(boss, PREVIEW, { id });
  expect(answer.errors).toBeUndefined();
  return (answer.data!.avisImportPreview.columns as { index: number; field: string | null }[]).map(
    (c) => ({ column: c.index, field: c.field }),
  );
}

/** Uploads a file, starts its import with the guessed mapping, waits for the job's end. */
async function importFile(s: Setting, mode: Mode, name: string, content: Buffer | string) {
  const id = await upload(boss, name, content);
  const started = await graphql(boss, IMPORT, {
    id,
    s: s.supplierId,
    c: s.clientId,
    w: s.warehouseId,
    mapping: await guessed(id),
    mode,
  });
  expect(started.errors).toBeUndefined();
  expect(started.data!.importAvis).toMatchObject({ kind: 'avis.import', state: 'WAITING' });
  const jobId = started.data!.importAvis.id as string;
  for (let i = 0; i < 2000; i += 1) {
    const job = (await graphql(boss, JOB, { id: jobId })).data?.job;
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(job?.state)) return job;
    await sleep(30);
  }
  throw new Error('the import did not end');
}

/** The supplier's avis with their lines, as stored. */
const avisOf = (supplierId: number) =>
  t.db.query<Record<string, unknown>>(
    `SELECT a.delivery_note_number AS note, to_char(a.delivery_date, 'YYYY-MM-DD') AS date,
            a.status, a.client_id AS "clientId", a.warehouse_id AS "warehouseId",
            (SELECT count(*)::int FROM avis_events e WHERE e.avis_id = a.id AND e.kind = 'created') AS created,
            json_agg(json_build_object('sku', p.sku, 'quantity', l.announced_quantity, 'lot', l.lot,
              'bestBefore', to_char(l.best_before, 'YYYY-MM-DD')) ORDER BY l.position) AS lines
       FROM avis a JOIN avis_lines l ON l.avis_id = a.id JOIN products p ON p.id = l.product_id
      WHERE a.supplier_id = $1 GROUP BY a.id ORDER BY a.delivery_note_number`,
    [supplierId],
  );

// German headers; two delivery notes, the second with a lot-tracked and a best-before product.
const GOOD = [
  'Lieferscheinnummer;Lieferdatum;Artikelnummer;Menge;Charge;MHD',
  'LS-100;01.12.2026;A-1;10;;',
  'LS-100;01.12.2026;a-1;5;;',
  'LS-200;2026-12-03;L-1;4;CH-7;',
  'ls-200;03.12.2026;M-1;6;;31.03.2027',
].join('\n');

describe('avis import', () => {
  test('the preview guesses the mapping from German headers', async () => {
    const id = await upload(boss, 'avis.csv', `\ufeff${GOOD}\n`);
    const answer = await graphql(boss, PREVIEW, { id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.avisImportPreview.columns.map((c: { field: string }) => c.field)).toEqual([
      'deliveryNoteNumber',
      'deliveryDate',
      'sku',
      'quantity',
      'lot',
      'bestBefore',
    ]);
    expect(answer.data!.avisImportPreview.rows[0]).toEqual([
      'LS-100',
      '01.12.2026',
      'A-1',
      '10',
      '',
      '',
    ]);
  });

  test('a good file becomes one announced avis per delivery note; importing it again creates nothing', async () => {
    const s = await setting();
    const job = await importFile(s, 'ALL_OR_NOTHING', 'avis.csv', `\ufeff${GOOD}\n`);
    expect(job.state).toBe('COMPLETED');
    expect(job.result).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      rejectedTotal: 0,
      rejected: [],
    });
    const stored = await avisOf(s.supplierId);
    expect(stored).toEqual([
      {
        note: 'LS-100',
        date: '2026-12-01',
        status: 'announced',
        clientId: s.clientId,
        warehouseId: s.warehouseId,
        created: 1,
        lines: [
          { sku: 'A-1', quantity: 10, lot: '', bestBefore: null },
          { sku: 'A-1', quantity: 5, lot: '', bestBefore: null },
        ],
      },
      {
        note: 'LS-200',
        date: '2026-12-03',
        status: 'announced',
        clientId: s.clientId,
        warehouseId: s.warehouseId,
        created: 1,
        lines: [
          { sku: 'L-1', quantity: 4, lot: 'CH-7', bestBefore: null },
          { sku: 'M-1', quantity: 6, lot: '', bestBefore: '2027-03-31' },
        ],
      },
    ]);
    // The same file again (and once more in GOOD_ROWS): nothing new, the notes counted as unchanged.
    const again = await importFile(s, 'ALL_OR_NOTHING', 'avis.csv', `\ufeff${GOOD}\n`);
    expect(again.result).toMatchObject({ created: 0, unchanged: 2, rejectedTotal: 0 });
    const third = await importFile(s, 'GOOD_ROWS', 'avis.csv', `\ufeff${GOOD}\n`);
    expect(third.result).toMatchObject({ created: 0, unchanged: 2, rejectedTotal: 0 });
    expect(await avisOf(s.supplierId)).toEqual(stored);
  });

  const BAD = [
    'Delivery note number,Delivery date,SKU,Quantity,Lot,Best before',
    'N-1,2026-12-01,A-1,3,,', // good: N-1 is written in GOOD_ROWS
    'N-2,2026-12-01,X-1,3,,', // row 3: a product of another client
    'N-2,2026-12-01,A-1,2,,', // row 4: good, but its note has a bad row
    'N-3,2026-12-02,L-1,1,,', // row 5: lot-tracked without a lot
    'N-4,2026-02-30,A-1,0,,', // row 6: no such day, quantity 0
    'N-5,2026-12-05,M-1,1.5,,', // row 7: not a whole number, best-before missing
    'N-6,2026-12-05,A-1,2,LOT,', // row 8: a lot on a product without lots
    'N-7,2026-12-05,A-1,2,,', // row 9
    'N-7,2026-12-06,A-1,2,,', // row 10: another date for N-7
    ',2026-12-05,A-1,2,,', // row 11: no delivery note number
  ].join('\n');

  test('bad rows are reported with row, column, value and reason; ALL_OR_NOTHING writes nothing', async () => {
    const s = await setting();
    const job = await importFile(s, 'ALL_OR_NOTHING', 'avis.csv', BAD);
    expect(job.state).toBe('COMPLETED');
    expect(job.result.created).toBe(0);
    const byRow = (job.result.rejected as { row: number; field: string; rule: string }[]).map(
      (r) => `${r.row} ${r.field} ${r.rule}`,
    );
    expect(byRow).toEqual([
      '3 sku warehouse:avisImport.unknownSku',
      '5 lot warehouse:avisImport.lotRequired',
      '6 deliveryDate date',
      '6 quantity min',
      '7 quantity integer',
      '7 bestBefore warehouse:avisImport.bestBeforeRequired',
      '8 lot warehouse:avisImport.lotProhibited',
      '10 deliveryDate warehouse:avisImport.dateDiffers',
      '11 deliveryNoteNumber required',
      '4 deliveryNoteNumber warehouse:avisImport.noteRejected',
      '9 deliveryNoteNumber warehouse:avisImport.noteRejected',
    ]);
    const unknown = job.result.rejected[0];
    expect(unknown).toMatchObject({
      column: 'SKU',
      value: 'X-1',
      reason: 'The sku X-1 is no product of the client.',
    });
    expect(job.result.rejected.find((r: { row: number }) => r.row === 10).params).toEqual({
      row: 9,
    });
    expect(await avisOf(s.supplierId)).toEqual([]);
  });

  test('GOOD_ROWS writes the delivery notes whose rows are all good, and only those', async () => {
    const s = await setting();
    const job = await importFile(s, 'GOOD_ROWS', 'avis.csv', BAD);
    expect(job.result).toMatchObject({ created: 1, unchanged: 0, rejectedTotal: 11 });
    expect((await avisOf(s.supplierId)).map((a) => a.note)).toEqual(['N-1']);
  });

  test('an XLSX file with date cells is read like a CSV', async () => {
    const s = await setting();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Avis');
    sheet.addRow(['Lieferschein', 'Lieferdatum', 'SKU', 'Menge', 'Charge', 'MHD']);
    sheet.addRow([
      'X-500',
      new Date(Date.UTC(2026, 11, 9)),
      'M-1',
      12,
      '',
      new Date(Date.UTC(2027, 5, 30)),
    ]);
    // The delivery date as a formatted date cell, the best-before as a bare serial day number.
    sheet.getColumn(2).numFmt = 'dd.mm.yyyy';
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const job = await importFile(s, 'ALL_OR_NOTHING', 'avis.xlsx', content);
    expect(job.result.rejected).toEqual([]);
    expect(job.result).toMatchObject({ created: 1, rejectedTotal: 0 });
    expect(await avisOf(s.supplierId)).toMatchObject([
      {
        note: 'X-500',
        date: '2026-12-09',
        lines: [{ sku: 'M-1', quantity: 12, bestBefore: '2027-06-30' }],
      },
    ]);
  });

  test('the start refuses bad arguments with field errors and queues nothing', async () => {
    const s = await setting();
    const id = await upload(boss, 'avis.csv', GOOD);
    const [{ count: before }] = (await t.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM jobs WHERE kind = 'avis.import'`,
    )) as [{ count: number }];
    const answer = await graphql(boss, IMPORT, {
      id,
      s: '999999',
      c: 'x',
      w: s.warehouseId,
      mapping: [
        { column: 0, field: 'deliveryNoteNumber' },
        { column: 1, field: 'sku' },
        { column: 2, field: 'sku' },
        { column: 3, field: 'colour' },
      ],
      mode: 'GOOD_ROWS',
    });
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(Object.keys(answer.errors![0]!.extensions!.fieldErrors!).sort()).toEqual([
      'clientId',
      'mapping',
      'mapping.3.field',
      'supplierId',
    ]);
    const [{ count: after }] = (await t.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM jobs WHERE kind = 'avis.import'`,
    )) as [{ count: number }];
    expect(after).toBe(before);
    // Someone else's upload is no upload of yours.
    const other = await staffWith(t, ['avis:import']);
    const theirs = await graphql(other.browser, PREVIEW, { id });
    expect(Object.keys(theirs.errors![0]!.extensions!.fieldErrors!)).toEqual(['uploadId']);
  });
});
