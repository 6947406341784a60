// The product import (issue 12): an uploaded CSV or XLSX becomes one client's products through
// a background job — every row checked with the product form's rules before anything is
// written, all-or-nothing or only the good rows, upsert by client + sku, re-import changes nothing.
import ExcelJS from 'exceljs';
import { baseUrl, startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith } from './graphql-support';
import { hazmatInput, productInput } from '../src/products/rules';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let boss: Browser;

beforeAll(async () => {
  t = await startTestApp({ jobs: { workers: 1, pollIntervalMs: 20, workerTimeoutMs: 60_000 } });
  boss = await admin(t.app);
});
afterAll(() => t?.close());

let clients = 0;
/** A new client (each test imports into its own). */
async function newClient(): Promise<number> {
  clients += 1;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO clients (name) VALUES ($1) RETURNING id`,
    [`Import client ${clients} ${process.pid}`],
  );
  return row!.id;
}

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

const PREVIEW = `query($id: ID!) { productImportPreview(uploadId: $id) {
  fileName columns { index header field } rows fields { key de en required } } }`;
const IMPORT = `mutation($id: ID!, $clientId: ID!, $mapping: [ColumnMappingInput!]!, $mode: ImportMode!) {
  importProducts(uploadId: $id, clientId: $clientId, mapping: $mapping, mode: $mode) { id state kind summary } }`;
const JOB = `query($id: ID!) { job(id: $id) { state error progress { done total phase }
  result { created updated rejectedTotal rejected { row field column value reason rule params { row } } } } }`;
const COUNTS = `query($id: ID!) { job(id: $id) {
  result { rows created updated rejectedRows rejectedTotal rejected { row sku field rule } } } }`;

type Mode = 'ALL_OR_NOTHING' | 'GOOD_ROWS';

/** The guessed mapping of an upload (what the page offers first). */
async function guessed(id: string) {
  const answer = await graphql(boss, PREVIEW, { id });
  expect(answer.errors).toBeUndefined();
  return (
    answer.data!.productImportPreview.columns as { index: number; field: string | null }[]
  ).map((c) => ({ column: c.index, field: c.field }));
}

/** Uploads a file, starts its import with the guessed mapping and waits for the job to end. */
async function importFile(
  clientId: number,
  mode: Mode,
  name: string,
  content: Buffer | string,
  mapping?: { column: number; field: string | null }[],
) {
  const id = await upload(boss, name, content);
  const started = await graphql(boss, IMPORT, {
    id,
    clientId,
    mapping: mapping ?? (await guessed(id)),
    mode,
  });
  expect(started.errors).toBeUndefined();
  expect(started.data?.importProducts).toMatchObject({ kind: 'products.import', state: 'WAITING' });
  const jobId = started.data!.importProducts.id as string;
  for (let i = 0; i < 2000; i += 1) {
    const job = (await graphql(boss, JOB, { id: jobId })).data?.job;
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(job?.state)) return { id: jobId, ...job };
    await sleep(30);
  }
  throw new Error('the import did not end');
}

/** A client's products as stored, with their hazmat data, ordered by sku. */
const productsOf = (clientId: number) =>
  t.db.query<Record<string, unknown>>(
    `SELECT p.sku, p.name, p.ean, p.price_net_cents::int AS "priceNetCents", p.vat_rate::int AS "vatRate",
            p.lot_tracked AS "lotTracked", p.weight_kg::float8 AS "weightKg", p.version,
            p.updated_at AS "updatedAt", h.un_number AS "unNumber", h.hazmat_class AS "hazmatClass",
            h.cas_number AS "casNumber", h.updated_at AS "hazmatUpdatedAt"
       FROM products p LEFT JOIN product_hazmat h ON h.product_id = p.id
      WHERE p.client_id = $1 ORDER BY lower(p.sku)`,
    [clientId],
  );

// German headers, as the product list's CSV export writes them; row 4 has a wrong EAN check digit.
const GERMAN = [
  'SKU;Name;EAN;Preis netto;MwSt.-Satz;Chargenpflicht;Gewicht (kg);UN-Nummer;Gefahrgutklasse;CAS-Nummer',
  'A-1;Schraube;4006381333931;1,50;19;nein;0,25;;;',
  'A-2;Farbe;;12,00;19;ja;2;1263;3;',
  'A-3;Nagel;4006381333932;0,10;7;nein;;;;',
  'A-4;Ethanol;;5;19;nein;1;1170;3;64-17-5',
].join('\n');

describe('product import', () => {
  test('the preview shows the headers, the first rows and the mapping guessed from German headers', async () => {
    const id = await upload(boss, 'produkte.csv', `\ufeff${GERMAN}\n`);
    const answer = await graphql(boss, PREVIEW, { id });
    expect(answer.errors).toBeUndefined();
    const preview = answer.data!.productImportPreview;
    expect(preview.fileName).toBe('produkte.csv');
    expect(preview.columns.map((c: { field: string }) => c.field)).toEqual([
      'sku',
      'name',
      'ean',
      'priceNet',
      'vatRate',
      'lotTracked',
      'weightKg',
      'hazmat.unNumber',
      'hazmat.hazmatClass',
      'hazmat.casNumber',
    ]);
    expect(preview.columns[0].header).toBe('SKU');
    expect(preview.rows).toHaveLength(4);
    expect(preview.rows[1]).toEqual([
      'A-2',
      'Farbe',
      '',
      '12,00',
      '19',
      'ja',
      '2',
      '1263',
      '3',
      '',
    ]);
    expect(preview.fields).toContainEqual({ key: 'sku', de: 'SKU', en: 'SKU', required: true });
    expect(preview.fields).toContainEqual({
      key: 'hazmat.unNumber',
      de: 'UN-Nummer',
      en: 'UN number',
      required: false,
    });

    // English headers and an unknown one: the unknown column is not imported.
    const english = await upload(
      boss,
      'products.csv',
      'Sku,Name,Net price,Colour\nB-1,Bolt,1.5,red\n',
    );
    const columns = (await graphql(boss, PREVIEW, { id: english })).data!.productImportPreview
      .columns;
    expect(columns.map((c: { field: string }) => c.field)).toEqual([
      'sku',
      'name',
      'priceNet',
      null,
    ]);
  });

  test('all or nothing: one bad row writes nothing, and the report names row, column, value and why', async () => {
    const clientId = await newClient();
    const job = await importFile(clientId, 'ALL_OR_NOTHING', 'produkte.csv', GERMAN);
    expect(job.state).toBe('COMPLETED');
    expect(job.result).toEqual({
      created: 0,
      updated: 0,
      rejectedTotal: 1,
      rejected: [
        {
          row: 4,
          field: 'ean',
          column: 'EAN',
          value: '4006381333932',
          reason: 'The EAN field has a wrong check digit.',
          rule: 'gtinCheckDigit',
          params: null,
        },
      ],
    });
    expect(await productsOf(clientId)).toEqual([]);
    expect(
      await t.db.query(
        `SELECT 1 FROM product_hazmat h JOIN products p ON p.id = h.product_id WHERE p.client_id = $1`,
        [clientId],
      ),
    ).toEqual([]);
  });

  test('only the good rows: they are written with their hazmat data, the bad one is reported', async () => {
    const clientId = await newClient();
    const job = await importFile(clientId, 'GOOD_ROWS', 'produkte.csv', GERMAN);
    expect(job.result).toMatchObject({ created: 3, updated: 0, rejectedTotal: 1 });
    expect(job.result.rejected[0]).toMatchObject({ row: 4, column: 'EAN', rule: 'gtinCheckDigit' });
    const stored = await productsOf(clientId);
    expect(stored.map(({ updatedAt: _u, hazmatUpdatedAt: _h, ...p }) => p)).toEqual([
      {
        sku: 'A-1',
        name: 'Schraube',
        ean: '4006381333931',
        priceNetCents: 150,
        vatRate: 19,
        lotTracked: false,
        weightKg: 0.25,
        version: 1,
        unNumber: null,
        hazmatClass: null,
        casNumber: null,
      },
      {
        sku: 'A-2',
        name: 'Farbe',
        ean: '',
        priceNetCents: 1200,
        vatRate: 19,
        lotTracked: true,
        weightKg: 2,
        version: 1,
        unNumber: '1263',
        hazmatClass: '3',
        casNumber: '',
      },
      {
        sku: 'A-4',
        name: 'Ethanol',
        ean: '',
        priceNetCents: 500,
        vatRate: 19,
        lotTracked: false,
        weightKg: 1,
        version: 1,
        unNumber: '1170',
        hazmatClass: '3',
        casNumber: '64-17-5',
      },
    ]);
  });

  test('importing the same file again changes nothing: same version, same updated_at', async () => {
    const clientId = await newClient();
    const first = await importFile(clientId, 'GOOD_ROWS', 'produkte.csv', GERMAN);
    expect(first.result).toMatchObject({ created: 3, updated: 0 });
    const before = await productsOf(clientId);
    const again = await importFile(clientId, 'GOOD_ROWS', 'produkte.csv', GERMAN);
    expect(again.result).toMatchObject({ created: 0, updated: 0, rejectedTotal: 1 });
    expect(await productsOf(clientId)).toEqual(before);

    // A changed price (sku in other case: the same product) and a changed hazmat class: two updates.
    const changed = GERMAN.replace(
      'A-1;Schraube;4006381333931;1,50',
      'a-1;Schraube;4006381333931;1,75',
    )
      .replace('A-2;Farbe;;12,00;19;ja;2;1263;3;', 'A-2;Farbe;;12,00;19;ja;2;1263;8;')
      .replace(/\nA-3[^\n]*/, '');
    const third = await importFile(clientId, 'ALL_OR_NOTHING', 'produkte.csv', changed);
    expect(third.result).toMatchObject({ created: 0, updated: 2, rejectedTotal: 0 });
    const after = await productsOf(clientId);
    expect(after.map((p) => [p.sku, p.priceNetCents, p.hazmatClass, p.version])).toEqual([
      ['a-1', 175, null, 2],
      ['A-2', 1200, '8', 2],
      ['A-4', 500, '3', 1],
    ]);
    expect(after[2]!.updatedAt).toEqual(before[2]!.updatedAt);
    // An emptied hazmat row removes the product's hazmat data.
    const noHazmat = changed.replace(
      'A-2;Farbe;;12,00;19;ja;2;1263;8;',
      'A-2;Farbe;;12,00;19;ja;2;;;',
    );
    const fourth = await importFile(clientId, 'ALL_OR_NOTHING', 'produkte.csv', noHazmat);
    expect(fourth.result).toMatchObject({ created: 0, updated: 1 });
    const [, paint] = await productsOf(clientId);
    expect(paint).toMatchObject({ sku: 'A-2', unNumber: null, version: 3 });
  });

  test('a file of several batches: a bad row after the first batches still writes nothing (all or nothing)', async () => {
    // 2,600 rows: on PostgreSQL the first two batches of 1,000 are written while later rows
    // are still being checked; the bad row 2,401 (file row 2,402) must undo them.
    const lines = ['SKU;Name;Preis netto;UN-Nummer;Gefahrgutklasse'];
    for (let n = 1; n <= 2600; n += 1) {
      const price = n === 2401 ? 'zwölf' : `${n % 100},50`;
      lines.push(`BIG-${n};Artikel ${n};${price};${n % 10 === 0 ? '1170;3' : ';'}`);
    }
    const file = `${lines.join('\n')}\n`;
    const clientId = await newClient();
    const all = await importFile(clientId, 'ALL_OR_NOTHING', 'gross.csv', file);
    expect(all.state).toBe('COMPLETED');
    expect(all.result).toMatchObject({ created: 0, updated: 0, rejectedTotal: 1 });
    expect(all.result.rejected[0]).toMatchObject({
      row: 2402,
      column: 'Preis netto',
      value: 'zwölf',
    });
    expect(await productsOf(clientId)).toEqual([]);

    // Only the good rows: the 2,599 others, with the hazmat data of every tenth.
    const good = await importFile(clientId, 'GOOD_ROWS', 'gross.csv', file);
    expect(good.result).toMatchObject({ created: 2599, updated: 0, rejectedTotal: 1 });
    expect(good.progress).toEqual({ done: 2599, total: 2599, phase: 'importing' });
    const [counts] = await t.db.query<{ products: number; hazmat: number; price: number }>(
      `SELECT count(*)::int AS products, count(h.product_id)::int AS hazmat,
              sum(p.price_net_cents)::int AS price
         FROM products p LEFT JOIN product_hazmat h ON h.product_id = p.id WHERE p.client_id = $1`,
      [clientId],
    );
    let price = 0;
    for (let n = 1; n <= 2600; n += 1) if (n !== 2401) price += (n % 100) * 100 + 50;
    expect(counts).toEqual({ products: 2599, hazmat: 260, price });

    // The same file again: nothing changes.
    const again = await importFile(clientId, 'GOOD_ROWS', 'gross.csv', file);
    expect(again.result).toMatchObject({ created: 0, updated: 0, rejectedTotal: 1 });
  });

  test('only mapped columns are written; the user may map a column the guess left out', async () => {
    const clientId = await newClient();
    await importFile(clientId, 'ALL_OR_NOTHING', 'produkte.csv', GERMAN.replace(/\nA-3[^\n]*/, ''));
    // "Artikel" is no known header: mapped by hand to sku; the price is not in this file.
    const csv = 'Artikel;Name;Kommentar\nA-1;Schraube M4;egal\nNEU-1;Neu;egal\n';
    const job = await importFile(clientId, 'ALL_OR_NOTHING', 'namen.csv', csv, [
      { column: 0, field: 'sku' },
      { column: 1, field: 'name' },
      { column: 2, field: null },
    ]);
    expect(job.result).toMatchObject({ created: 1, updated: 1, rejectedTotal: 0 });
    const stored = await productsOf(clientId);
    expect(stored.map((p) => [p.sku, p.name, p.priceNetCents, p.unNumber])).toEqual([
      ['A-1', 'Schraube M4', 150, null],
      ['A-2', 'Farbe', 1200, '1263'],
      ['A-4', 'Ethanol', 500, '1170'],
      ['NEU-1', 'Neu', 0, null],
    ]);
  });

  test('every rule of the product form applies to each row; duplicate skus in the file are refused', async () => {
    const clientId = await newClient();
    const csv = [
      'sku,name,ean,url,countryOfManufacture,priceNet,vatRate,lotTracked,hazmat.unNumber,hazmat.hazmatClass,hazmat.casNumber,hazmat.packingGroup',
      'R-1,Good,,https://example.com/p,DE,1.00,19,yes,,,,',
      ',No sku,,,,,,,,,,',
      'R-3,Bad url,,ftp://x,,,,,,,,',
      'R-4,Bad country,,,XX,,,,,,,',
      'R-5,Bad price,,,,1.234,,,,,,',
      'R-6,Bad vat,,,,,16,,,,,',
      'R-7,Bad flag,,,,,,maybe,,,,',
      'R-8,Bad UN,,,,,,,12,3,,',
      'R-9,Bad CAS,,,,,,,1170,3,64-17-6,',
      'R-10,Bad class,,,,,,,1170,3.5,,',
      'R-11,Bad group,,,,,,,1170,3,,IV',
      'r-1,Twice,,,,,,,,,,',
    ].join('\n');
    const job = await importFile(clientId, 'GOOD_ROWS', 'rules.csv', csv);
    expect(job.result.created).toBe(1);
    const seen = job.result.rejected.map(
      (r: { row: number; field: string; rule: string; column: string; value: string }) => [
        r.row,
        r.field,
        r.rule,
        r.column,
        r.value,
      ],
    );
    expect(seen).toEqual([
      [3, 'sku', 'required', 'sku', ''],
      [4, 'url', 'url', 'url', 'ftp://x'],
      [5, 'countryOfManufacture', 'country', 'countryOfManufacture', 'XX'],
      [6, 'priceNet', 'decimals', 'priceNet', '1.234'],
      [7, 'vatRate', 'in', 'vatRate', '16'],
      [8, 'lotTracked', 'boolean', 'lotTracked', 'maybe'],
      [9, 'hazmat.unNumber', 'unNumber', 'hazmat.unNumber', '12'],
      [10, 'hazmat.casNumber', 'casCheckDigit', 'hazmat.casNumber', '64-17-6'],
      [11, 'hazmat.hazmatClass', 'in', 'hazmat.hazmatClass', '3.5'],
      [12, 'hazmat.packingGroup', 'in', 'hazmat.packingGroup', 'IV'],
      [13, 'sku', 'warehouse:productImport.duplicateSku', 'sku', 'r-1'],
    ]);
    expect(job.result.rejected.at(-1).params).toEqual({ row: 2 });
    expect((await productsOf(clientId)).map((p) => p.sku)).toEqual(['R-1']);
  });

  test('an XLSX with English headers is read from its first sheet; skus are per client', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['SKU', 'Name', 'Net price', 'Lot tracked', 'UN number', 'Hazmat class']);
    sheet.addRow(['X-1', 'Xlsx one', 2.5, 'yes', '', '']);
    sheet.addRow(['X-2', 'Xlsx two', 3, 'no', 1203, 3]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const one = await newClient();
    const other = await newClient();
    expect((await importFile(one, 'ALL_OR_NOTHING', 'products.xlsx', file)).result).toMatchObject({
      created: 2,
      rejectedTotal: 0,
    });
    expect((await importFile(other, 'ALL_OR_NOTHING', 'products.xlsx', file)).result).toMatchObject(
      { created: 2 },
    );
    const stored = await productsOf(one);
    expect(stored.map((p) => [p.sku, p.priceNetCents, p.lotTracked, p.unNumber])).toEqual([
      ['X-1', 250, true, null],
      ['X-2', 300, false, '1203'],
    ]);
  });

  test('the report counts rows and problems apart: 300 rows, 3 rejected with 4 problems → 297 created, 3 rejected', async () => {
    const lines = ['SKU;Name;EAN;Preis netto;MwSt.-Satz'];
    for (let n = 1; n <= 300; n += 1) {
      // Row 10 has two problems (price and VAT rate), row 20 one (EAN), row 30 repeats a SKU.
      const sku = n === 30 ? 'C-1' : `C-${n}`;
      const ean = n === 20 ? '4006381333932' : '';
      const price = n === 10 ? 'zwölf' : '1,00';
      const vat = n === 10 ? '16' : '19';
      lines.push(`${sku};Artikel ${n};${ean};${price};${vat}`);
    }
    const file = `${lines.join('\n')}\n`;
    const clientId = await newClient();
    const good = await importFile(clientId, 'GOOD_ROWS', 'dreihundert.csv', file);
    const report = (await graphql(boss, COUNTS, { id: good.id })).data!.job.result;
    expect(report).toMatchObject({
      rows: 300,
      created: 297,
      updated: 0,
      rejectedRows: 3,
      rejectedTotal: 4,
    });
    // Each problem names the row's SKU.
    expect(report.rejected.map((r: { row: number; sku: string }) => [r.row, r.sku])).toEqual([
      [11, 'C-10'],
      [11, 'C-10'],
      [21, 'C-20'],
      [31, 'C-1'],
    ]);
    expect((await productsOf(clientId)).length).toBe(297);
    const nothing = await importFile(await newClient(), 'ALL_OR_NOTHING', 'dreihundert.csv', file);
    expect((await graphql(boss, COUNTS, { id: nothing.id })).data!.job.result).toMatchObject({
      rows: 300,
      created: 0,
      rejectedRows: 3,
      rejectedTotal: 4,
    });
  });

  test('every product field can be mapped, the "Gefahrgut" flag (ja/nein) too', async () => {
    const id = await upload(boss, 'alle.csv', 'SKU;Name\nA;B\n');
    const fields = (await graphql(boss, PREVIEW, { id })).data!.productImportPreview.fields.map(
      (f: { key: string }) => f.key,
    );
    const productKeys = Object.keys(
      (productInput as unknown as { in: { shape: object } }).in.shape,
    ).filter((key) => key !== 'hazmat');
    const hazmatKeys = Object.keys(hazmatInput.shape).map((key) => `hazmat.${key}`);
    expect([...fields].sort()).toEqual([...productKeys, 'hazmat', ...hazmatKeys].sort());
    expect(
      (
        await graphql(boss, PREVIEW, { id: await upload(boss, 'g.csv', 'SKU;Name;Gefahrgut\n') })
      ).data!.productImportPreview.columns.map((c: { field: string }) => c.field),
    ).toEqual(['sku', 'name', 'hazmat']);

    // ja: the hazmat data of the row's cells (checked as the form's); nein: none, whatever the
    // hazmat cells hold (an export with "Gefahrgut" changed to nein removes the data).
    const clientId = await newClient();
    const csv = [
      'SKU;Name;Gefahrgut;UN-Nummer;Gefahrgutklasse',
      'G-1;Benzin;ja;1203;3',
      'G-2;Wasser;nein;1203;3',
      'G-3;Leer;;;',
      'G-4;Unvollständig;ja;;',
      'G-5;Unklar;vielleicht;1203;3',
    ].join('\n');
    const job = await importFile(clientId, 'GOOD_ROWS', 'gefahrgut.csv', csv);
    const report = (await graphql(boss, COUNTS, { id: job.id })).data!.job.result;
    expect(report).toMatchObject({ rows: 5, created: 3, rejectedRows: 2, rejectedTotal: 3 });
    expect(
      report.rejected.map((r: { row: number; field: string; rule: string }) => [
        r.row,
        r.field,
        r.rule,
      ]),
    ).toEqual([
      [5, 'hazmat.unNumber', 'required'],
      [5, 'hazmat.hazmatClass', 'required'],
      [6, 'hazmat', 'boolean'],
    ]);
    expect((await productsOf(clientId)).map((p) => [p.sku, p.unNumber])).toEqual([
      ['G-1', '1203'],
      ['G-2', null],
      ['G-3', null],
    ]);
    // nein on a product with hazmat data removes it.
    const removed = await importFile(
      clientId,
      'GOOD_ROWS',
      'gefahrgut.csv',
      'SKU;Name;Gefahrgut\nG-1;Benzin;nein\n',
    );
    expect(removed.result).toMatchObject({ created: 0, updated: 1 });
    expect((await productsOf(clientId))[0]).toMatchObject({ sku: 'G-1', unNumber: null });
  });

  test("a price left empty is computed from the other and the VAT rate (the row's, else the product's own)", async () => {
    const clientId = await newClient();
    const prices = () =>
      t.db.query<{ sku: string; net: number; gross: number; vat: number }>(
        `SELECT sku, price_net_cents::int AS net, price_gross_cents::int AS gross, vat_rate::int AS vat
           FROM products WHERE client_id = $1 ORDER BY sku`,
        [clientId],
      );
    const csv = [
      'SKU;Name;Preis netto;Preis brutto;MwSt.-Satz',
      'P-1;Netto;10,00;;19',
      'P-2;Brutto;;10,70;7',
      'P-3;Beide;10,00;12,00;19',
      'P-4;Keiner;;;0',
      'P-5;Halb;0,50;;7',
    ].join('\n');
    await importFile(clientId, 'ALL_OR_NOTHING', 'preise.csv', csv);
    expect(await prices()).toEqual([
      { sku: 'P-1', net: 1000, gross: 1190, vat: 19 },
      { sku: 'P-2', net: 1000, gross: 1070, vat: 7 },
      { sku: 'P-3', net: 1000, gross: 1200, vat: 19 },
      { sku: 'P-4', net: 0, gross: 0, vat: 0 },
      { sku: 'P-5', net: 50, gross: 54, vat: 7 },
    ]);
    // No VAT column: the product's own rate (a new product's: 19 %); a file of net prices
    // writes the gross prices too.
    const netOnly = 'SKU;Name;Preis netto\nP-2;Brutto;20,00\nP-9;Neu;10,00\n';
    const job = await importFile(clientId, 'ALL_OR_NOTHING', 'netto.csv', netOnly);
    expect(job.result).toMatchObject({ created: 1, updated: 1, rejectedTotal: 0 });
    const gross = 'SKU;Name;Preis brutto\nP-1;Netto;23,80\n';
    await importFile(clientId, 'GOOD_ROWS', 'brutto.csv', gross);
    expect(await prices()).toEqual([
      { sku: 'P-1', net: 2000, gross: 2380, vat: 19 },
      { sku: 'P-2', net: 2000, gross: 2140, vat: 7 },
      { sku: 'P-3', net: 1000, gross: 1200, vat: 19 },
      { sku: 'P-4', net: 0, gross: 0, vat: 0 },
      { sku: 'P-5', net: 50, gross: 54, vat: 7 },
      { sku: 'P-9', net: 1000, gross: 1190, vat: 19 },
    ]);
    // The same file again changes nothing.
    const again = await importFile(clientId, 'ALL_OR_NOTHING', 'netto.csv', netOnly);
    expect(again.result).toMatchObject({ created: 0, updated: 0 });
  });

  test('the report downloads as CSV for the starter; others get 404', async () => {
    const clientId = await newClient();
    const job = await importFile(clientId, 'ALL_OR_NOTHING', 'produkte.csv', GERMAN);
    const german = await boss.request({ url: `/spa/jobs/${job.id}/report.csv?lang=de` });
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-type']).toMatch(/^text\/csv/);
    // (fetch's text() drops the byte order mark the file starts with); the reason in the
    // file's language, named by its column (issue 31).
    expect(german.body).toBe(
      'Zeile;SKU;Spalte;Feld;Wert;Grund\r\n4;A-3;EAN;ean;4006381333932;EAN: die Prüfziffer stimmt nicht.\r\n',
    );
    const english = await boss.request({ url: `/spa/jobs/${job.id}/report.csv?lang=en` });
    expect(english.body.split('\r\n')).toEqual([
      'Row,SKU,Column,Field,Value,Reason',
      '4,A-3,EAN,ean,4006381333932,EAN: the check digit is wrong.',
      '',
    ]);
    const stranger = await staffWith(t, ['product:import']);
    expect(
      (await stranger.browser.request({ url: `/spa/jobs/${job.id}/report.csv` })).statusCode,
    ).toBe(404);
  });

  test('product:import is needed; only your own upload; the mapping must name sku and name', async () => {
    const viewer = await staffWith(t, ['product:view']);
    const importer = await staffWith(t, ['product:import']);
    const clientId = await newClient();
    const theirs = await upload(boss, 'produkte.csv', GERMAN);
    const mapping = [
      { column: 0, field: 'sku' },
      { column: 1, field: 'name' },
    ];
    const vars = { id: theirs, clientId, mapping, mode: 'GOOD_ROWS' };
    expect(codeOf(await graphql(viewer.browser, PREVIEW, { id: theirs }))).toBe('FORBIDDEN');
    expect(codeOf(await graphql(viewer.browser, IMPORT, vars))).toBe('FORBIDDEN');
    const preview = await graphql(importer.browser, PREVIEW, { id: theirs });
    expect(preview.errors?.[0]?.extensions?.fieldErrors?.uploadId?.[0]).toMatch(/does not exist/);
    const other = await graphql(importer.browser, IMPORT, vars);
    expect(codeOf(other)).toBe('BAD_USER_INPUT');
    expect(other.errors?.[0]?.extensions?.fieldErrors?.uploadId?.[0]).toMatch(/does not exist/);

    const noName = await graphql(boss, IMPORT, { ...vars, mapping: [{ column: 0, field: 'sku' }] });
    expect(noName.errors?.[0]?.extensions?.fieldErrors?.mapping?.[0]).toBe(
      'The name field must be mapped to a column.',
    );
    const twice = await graphql(boss, IMPORT, {
      ...vars,
      mapping: [...mapping, { column: 2, field: 'name' }],
    });
    expect(twice.errors?.[0]?.extensions?.fieldErrors?.mapping?.[0]).toMatch(
      /more than one column/,
    );
    const unknown = await graphql(boss, IMPORT, {
      ...vars,
      mapping: [...mapping, { column: 2, field: 'colour' }],
    });
    // The entry that names it (the third of the mapping).
    expect(
      unknown.errors?.[0]?.extensions?.fieldErrors?.[`mapping.${mapping.length}.field`]?.[0],
    ).toMatch(/does not exist/);
    const noClient = await graphql(boss, IMPORT, { ...vars, clientId: 999999 });
    expect(noClient.errors?.[0]?.extensions?.fieldErrors?.clientId?.[0]).toBe(
      'The selected client is invalid.',
    );
    const jobs = await t.db.query(
      `SELECT 1 FROM jobs WHERE kind = 'products.import' AND created_by IN ($1, $2)`,
      [viewer.id, importer.id],
    );
    expect(jobs).toHaveLength(0);
  });
});
