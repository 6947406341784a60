import type { JobProgressReport } from '../src/jobs/kinds';
import { PRODUCT_BATCH_ROWS, productsImport, quickProduct } from '../src/products/import';
import { productInput } from '../src/products/rules';
import { storeUpload } from '../src/uploads/uploads';
import { startTestApp, type TestApp } from './helpers';

// The product import's quick check of a row (products/import.ts) must answer exactly as the
// product rules do: the same product for every row it accepts, and no answer (productInput
// decides) for every row productInput refuses. Compared here on many values of every field,
// good ones and bad ones, in random rows (a fixed seed: the same rows every run).

/** Values a file's cell may hold, per field: good ones, near misses and bad ones. */
const TEXTS = ['', ' ', 'A', '  Widget  ', 'x'.repeat(64), 'x'.repeat(65), 'a\u0000b', 'Ä ß é'];
const NUMBERS = [
  '',
  ' ',
  '0',
  '-0',
  '1',
  '-1',
  '1,5',
  '1.5',
  '1.234,567',
  '1.234',
  '1.234.567',
  '12,3456',
  '0,001',
  '0,0001',
  '9999999,999',
  '10000000',
  '9.999,99',
  '10000',
  '99999999,99',
  '100000000',
  '1 234,5',
  'abc',
  '1e3',
  '1,2,3',
  ',5',
  '19',
  '7',
  '0',
  '20',
  '19,0',
  '7.00',
];
const VALUES: Record<string, string[]> = {
  sku: ['SKU-1', ' sku-2 ', 'A', ...TEXTS],
  altSku: TEXTS,
  ean: [
    '',
    ' ',
    '4006381333931',
    '40063813',
    '4006381333932',
    '96385074',
    '123',
    ' 4006381333931 ',
    '4006 3813 3393 1',
    '400638133393',
    '04006381333931',
    'abcdefghijklm',
    '4006381333931x',
    '1'.repeat(15),
  ],
  name: ['A', '  Widget  ', 'n'.repeat(255), ...TEXTS, 'n'.repeat(256)],
  url: [
    '',
    'https://example.com',
    'http://a.b/c?d',
    'ftp://x.y',
    'example.com',
    'http://',
    'https:// x',
    ' https://kontor.test ',
    'mailto:a@b.c',
    'http:example.com',
  ],
  weightKg: NUMBERS,
  widthCm: NUMBERS,
  heightCm: NUMBERS,
  lengthCm: NUMBERS,
  countryOfManufacture: ['', ' ', 'DE', 'de', ' at ', 'XX', 'D', 'DEU', 'ZZ', 'GB', 'UK', '1A'],
  priceNet: NUMBERS,
  priceGross: NUMBERS,
  vatRate: NUMBERS,
  lotTracked: [
    '',
    'ja',
    'Nein',
    ' X ',
    'true',
    'FALSE',
    '1',
    '0',
    'yes',
    'no',
    'maybe',
    '2',
    'j',
    'wahr',
    'off',
  ],
  bestBefore: ['', 'ja', 'nein', 'x', 'maybe'],
};
const HAZMAT_VALUES: Record<string, string[]> = {
  unNumber: [
    '1170',
    'UN1170',
    'un 1203',
    '',
    ' 1203 ',
    '117',
    '11700',
    'UN-1170',
    'abcd',
    '1170567890X',
  ],
  casNumber: [
    '',
    '64-17-5',
    '7732-18-5',
    '64-17-6',
    ' 7732 - 18 - 5 ',
    '7732185',
    '1-17-5',
    '12345678-12-1',
    'x',
  ],
  shippingName: TEXTS,
  description: TEXTS,
  hazmatClass: ['3', '2.1', ' 4.1 ', '', '1.7', '10', 'III', 'x'],
  riskClass: ['', '3', '8', '1.7'],
  packingGroup: ['', 'I', 'ii', ' III ', 'IV', '2'],
  hazardIdNumber: ['', '33', 'x423', 'X 423', '13', '3', '3333', '336'],
  classificationCode: ['', 'F1', 'F2', 'x'.repeat(21)],
  packingIdCode: ['', 'P001', 'P002'],
  tunnelRestrictionCode: ['', 'D/E', 'd / e', '(-)', '-', 'B', 'F', '( - )'],
  netWeightKg: NUMBERS,
  grossWeightKg: NUMBERS,
  factor: NUMBERS,
  additional: TEXTS,
};

/** A small deterministic random generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A row as the import builds it: some fields mapped (a cell each), the hazmat data or null. */
function rowOf(next: () => number, goodBias: number) {
  const pick = (values: string[]) =>
    // Mostly one of the first three values (good ones), so that whole rows are often valid.
    values[next() < goodBias ? Math.floor(next() * 3) : Math.floor(next() * values.length)]!;
  const row: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(VALUES))
    if (key === 'sku' || key === 'name' || next() < 0.7) row[key] = pick(values);
  if (next() < 0.4) {
    const hazmat: Record<string, string> = {};
    for (const [key, values] of Object.entries(HAZMAT_VALUES))
      if (key === 'unNumber' || key === 'hazmatClass' || next() < 0.6) hazmat[key] = pick(values);
    row.hazmat = hazmat;
  } else row.hazmat = null;
  return row;
}

/** Sorted keys at every level, so that two objects compare by content only. */
const canonical = (value: unknown): unknown =>
  value && typeof value === 'object'
    ? Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      )
    : value;

describe('the product import quick check', () => {
  test('answers as productInput on 20,000 random rows (accepts exactly what it accepts, with the same product)', () => {
    const next = random(12);
    let quick = 0;
    let valid = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const row = rowOf(next, i % 2 === 0 ? 0.95 : 0.5);
      const expected = productInput.safeParse(row);
      const fast = quickProduct(row);
      if (expected.success) valid += 1;
      if (fast === undefined) continue;
      quick += 1;
      if (!expected.success)
        throw new Error(
          `quick accepted a bad row: ${JSON.stringify(row)} (${expected.error.message})`,
        );
      expect({ row, product: canonical(fast) }).toEqual({ row, product: canonical(expected.data) });
      expect(Object.is(fast.weightKg, expected.data.weightKg)).toBe(true);
    }
    // The comparison means something: many rows are valid, and the quick check takes most.
    expect(valid).toBeGreaterThan(3000);
    expect(quick).toBeGreaterThan(valid * 0.8);
  });

  test('takes the rows of a typical file (German numbers, flags, hazmat) without productInput', () => {
    const row = {
      sku: 'SKU-0000001',
      name: 'Produkt 1 Edelstahl',
      ean: '4006381333931',
      weightKg: '1,001',
      countryOfManufacture: 'DE',
      priceNet: '1,01',
      priceGross: '1,20',
      vatRate: '19',
      lotTracked: 'nein',
      hazmat: {
        unNumber: '1170',
        casNumber: '64-17-5',
        hazmatClass: '3',
        packingGroup: 'II',
        tunnelRestrictionCode: 'D/E',
        factor: '3',
      },
    };
    const fast = quickProduct(row);
    expect(fast).toBeDefined();
    expect(canonical(fast)).toEqual(canonical(productInput.parse(row)));
  });
});

describe('the product import meeting a product added while it checks the file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  // A batch whose skus are all new when the file is checked is written with a plain INSERT;
  // here another writer adds one of its skus after the check (in the first progress report of
  // the writing: the second batch, the short one, is written after it — on PostgreSQL
  // ALL_OR_NOTHING the first was written while the file was checked). The import still upserts
  // it: nothing fails, the report counts it.
  test.each(['ALL_OR_NOTHING', 'GOOD_ROWS'] as const)(
    '%s: the import upserts the added sku instead of failing',
    async (mode) => {
      const [client] = await t.db.query<{ id: number }>(
        `INSERT INTO clients (name) VALUES ($1) RETURNING id`,
        [`Race ${mode} ${process.pid}`],
      );
      const [user] = await t.db.query<{ id: number }>(`SELECT id FROM users ORDER BY id LIMIT 1`);
      const rows = PRODUCT_BATCH_ROWS + 5; // two batches, the race in the second
      const lines = ['SKU;Name;Preis netto'];
      for (let n = 1; n <= rows; n += 1) lines.push(`R-${n};Race ${n};1,50`);
      const upload = await storeUpload(
        t.db,
        user!.id,
        'race.csv',
        (async function* () {
          yield Buffer.from(`${lines.join('\n')}\n`);
        })(),
        1024 * 1024,
      );
      const added = `R-${rows - 1}`;
      let raced = false;
      const report = await productsImport.handler({
        id: `race-${mode}`,
        kind: 'products.import',
        payload: {
          uploadId: upload.id,
          fileName: 'race.csv',
          clientId: client!.id,
          mapping: ['sku', 'name', 'priceNet'],
          mode,
        },
        userId: user!.id,
        attempt: 1,
        db: t.db,
        progress: async (progress: JobProgressReport) => {
          if (progress.phase === 'importing' && !raced) {
            raced = true;
            await t.db.query(
              `INSERT INTO products (client_id, sku, name) VALUES ($1, $2, 'Added meanwhile')`,
              [client!.id, added],
            );
          }
        },
      });
      expect(report).toMatchObject({ created: rows - 1, updated: 1, rejectedTotal: 0 });
      const products = await t.db.query<{ sku: string; name: string; price: number }>(
        `SELECT sku, name, price_net_cents::int AS price FROM products WHERE client_id = $1`,
        [client!.id],
      );
      expect(products).toHaveLength(rows);
      expect(products.find((p) => p.sku === added)).toEqual({
        sku: added,
        name: `Race ${rows - 1}`,
        price: 150,
      });
    },
  );
});
