import { z } from 'zod';
import { DEFAULT_VAT_RATE, parseDecimal, productPrices, msg } from '@kontor/contracts';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database, Db, SqlParam } from '../db';
import { InvalidInput, type FieldProblems } from '../domain/errors';
import { field as fieldRules } from '../domain/validation';
import { enqueue, type JobRecord } from '../jobs/jobs';
import {
  defineJobKind,
  importOutcome,
  JobRejected,
  type JobContext,
  type JobReport,
} from '../jobs/kinds';
import { fileRows, uploadTypeOf } from '../imports/files';
import { chosenMapping, type ImportField } from '../imports/mapping';
import { ImportReport } from '../imports/report';
import { importPreview, ownUpload, type ImportPreview } from '../imports/grouped';
import { HAZMAT_FLAG_SQL, productList } from './list';
import countries from 'i18n-iso-countries';
import {
  ADR_CLASSES,
  casCheckDigitValid,
  flagFromText,
  gtinCheckDigitValid,
  hasDecimals,
  PACKING_GROUPS,
  productInput,
  TUNNEL_CODES,
  VAT_RATES,
  type ValidHazmat,
  type ValidProduct,
} from './rules';

// The product import (issue 12): a CSV or XLSX file of one client's products, its columns
// mapped to the product's fields (guessed from the German or English headers of the product
// list's CSV export, changeable on the page), upserted by client + sku ignoring case. Every row
// is validated with the product form's rules (products/rules.ts) before anything is committed
// (ALL_OR_NOTHING on PostgreSQL writes while it checks, in a transaction committed only once
// every row is checked: see BatchFeed); ALL_OR_NOTHING then writes nothing when any row is
// bad, GOOD_ROWS writes the good ones. Only
// the mapped columns are written (a file of sku, name and price changes only those), and a row
// whose values are the product's already changes nothing — no new version, no updated_at — so
// importing the same file again, or running a job again after a crash, changes nothing.

/** Rows per statement (and per transaction of GOOD_ROWS, and per progress report). */
export const PRODUCT_BATCH_ROWS = 1000;

/** A product field (`sku`) or a hazmat field (`hazmat.unNumber`) a column may fill. */
type ProductKey = Exclude<keyof ValidProduct, 'hazmat' | 'priceNetCents' | 'priceGrossCents'>;
type FieldKey = ProductKey | 'priceNet' | 'priceGross' | `hazmat.${keyof ValidHazmat & string}`;
/** The "Gefahrgut" column (ja/nein): whether the product has hazmat data at all. */
const HAZMAT_FLAG = 'hazmat';
type ColumnKey = FieldKey | typeof HAZMAT_FLAG;

/** How a field is stored: its column and the array type its batch is sent as. */
interface Target {
  key: FieldKey;
  column: string;
  sqlType: 'text' | 'numeric' | 'bigint' | 'int2' | 'boolean';
  /** The export column's SQL expression that carries its labels (products/list.ts). */
  exportSql: string;
  required?: boolean;
}

const PRODUCT_TARGETS: Target[] = [
  { key: 'sku', column: 'sku', sqlType: 'text', exportSql: 'p.sku', required: true },
  { key: 'altSku', column: 'alt_sku', sqlType: 'text', exportSql: 'p.alt_sku' },
  { key: 'ean', column: 'ean', sqlType: 'text', exportSql: 'p.ean' },
  { key: 'name', column: 'name', sqlType: 'text', exportSql: 'p.name', required: true },
  { key: 'url', column: 'url', sqlType: 'text', exportSql: 'p.url' },
  { key: 'weightKg', column: 'weight_kg', sqlType: 'numeric', exportSql: 'p.weight_kg::float8' },
  { key: 'widthCm', column: 'width_cm', sqlType: 'numeric', exportSql: 'p.width_cm::float8' },
  { key: 'heightCm', column: 'height_cm', sqlType: 'numeric', exportSql: 'p.height_cm::float8' },
  { key: 'lengthCm', column: 'length_cm', sqlType: 'numeric', exportSql: 'p.length_cm::float8' },
  {
    key: 'countryOfManufacture',
    column: 'country_of_manufacture',
    sqlType: 'text',
    exportSql: 'p.country_of_manufacture',
  },
  {
    key: 'priceNet',
    column: 'price_net_cents',
    sqlType: 'bigint',
    exportSql: '(p.price_net_cents / 100.0)::float8',
  },
  {
    key: 'priceGross',
    column: 'price_gross_cents',
    sqlType: 'bigint',
    exportSql: '(p.price_gross_cents / 100.0)::float8',
  },
  { key: 'vatRate', column: 'vat_rate', sqlType: 'int2', exportSql: 'p.vat_rate::int' },
  { key: 'lotTracked', column: 'lot_tracked', sqlType: 'boolean', exportSql: 'p.lot_tracked' },
  { key: 'bestBefore', column: 'best_before', sqlType: 'boolean', exportSql: 'p.best_before' },
];

const HAZMAT_TARGETS: Target[] = (
  [
    ['unNumber', 'un_number', 'text'],
    ['casNumber', 'cas_number', 'text'],
    ['shippingName', 'shipping_name', 'text'],
    ['description', 'description', 'text'],
    ['hazmatClass', 'hazmat_class', 'text'],
    ['riskClass', 'risk_class', 'text'],
    ['packingGroup', 'packing_group', 'text'],
    ['hazardIdNumber', 'hazard_id_number', 'text'],
    ['classificationCode', 'classification_code', 'text'],
    ['packingIdCode', 'packing_id_code', 'text'],
    ['tunnelRestrictionCode', 'tunnel_restriction_code', 'text'],
    ['netWeightKg', 'net_weight_kg', 'numeric'],
    ['grossWeightKg', 'gross_weight_kg', 'numeric'],
    ['factor', 'factor', 'numeric'],
    ['additional', 'additional', 'text'],
  ] as const
).map(([key, column, sqlType]) => ({
  key: `hazmat.${key}` as const,
  column,
  sqlType,
  exportSql: `h.${column}${sqlType === 'numeric' ? '::float8' : ''}`,
}));

/** Extra headers that name a field (besides its key and the export's labels). */
const ALIASES: Partial<Record<ColumnKey, string[]>> = {
  hazmat: ['Gefahrgut (ja/nein)', 'Hazmat', 'ADR', 'Dangerous goods', 'Gefahrstoff'],
  sku: ['Artikelnummer', 'Art.-Nr.', 'Item number'],
  ean: ['GTIN', 'Barcode'],
  name: ['Bezeichnung', 'Produktname', 'Product name'],
  weightKg: ['Gewicht', 'Weight'],
  countryOfManufacture: ['Ursprungsland', 'Country of origin', 'Herkunftsland'],
  priceNet: ['Nettopreis', 'Netto', 'Price net'],
  priceGross: ['Bruttopreis', 'Brutto', 'Price gross'],
  vatRate: ['MwSt', 'VAT'],
  'hazmat.unNumber': ['UN', 'UN-Nr.', 'UN number'],
  'hazmat.hazmatClass': ['Klasse', 'Class', 'ADR-Klasse'],
};

/**
 * Every field a file's column may fill, labelled as the product list's CSV export heads it:
 * the product's, the "Gefahrgut" flag before the hazmat data, the hazmat data's.
 */
export const PRODUCT_IMPORT_FIELDS: (ImportField<ColumnKey> & { required: boolean })[] = (
  [
    ...PRODUCT_TARGETS,
    { key: HAZMAT_FLAG, exportSql: HAZMAT_FLAG_SQL },
    ...HAZMAT_TARGETS,
  ] satisfies (Pick<Target, 'exportSql' | 'required'> & { key: ColumnKey })[]
).map((target: Pick<Target, 'exportSql' | 'required'> & { key: ColumnKey }) => {
  const column = productList.csv?.columns.find((c) => c.sql === target.exportSql);
  return {
    key: target.key,
    de: column?.de ?? target.key,
    en: column?.en ?? target.key,
    aliases: ALIASES[target.key] ?? [],
    required: target.required ?? false,
  };
});

const TARGETS = new Map<string, Target>(
  [...PRODUCT_TARGETS, ...HAZMAT_TARGETS].map((target) => [target.key, target]),
);

/** The keys a column may be mapped to. */
const COLUMN_KEYS = new Set<string>(PRODUCT_IMPORT_FIELDS.map((field) => field.key));

/** How the user chose to treat bad rows. */
export type ImportMode = 'ALL_OR_NOTHING' | 'GOOD_ROWS';

/** The job's payload: the upload, the client, each column's field (null: not imported), the mode. */
const importPayload = z.object({
  uploadId: z.uuid(),
  fileName: z.string(),
  clientId: z.number().int().positive(),
  /** The field of each column by its position in the file (null: the column is not imported). */
  mapping: z.array(z.string().nullable()),
  mode: z.enum(['ALL_OR_NOTHING', 'GOOD_ROWS']),
});
type ImportPayload = z.output<typeof importPayload>;

/** The header and first rows of one of the user's uploads, with the guessed mapping. */
export async function productImportPreview(
  db: Db,
  uploadId: string,
  userId: number,
): Promise<ImportPreview> {
  return importPreview(db, uploadId, userId, PRODUCT_IMPORT_FIELDS);
}

/** What importProducts gets (the GraphQL arguments). */
export interface ImportProductsArgs {
  uploadId: string;
  clientId: string | number;
  mapping: readonly { column: number; field?: string | null }[];
  mode: ImportMode;
}

const clientIdRule = fieldRules.id('client');

/**
 * Starts a product import of one of the user's uploads for a client. The mapping names a
 * known field at most once and maps the sku and name; a bad one is a field error on `mapping`.
 */
export async function importProducts(
  db: Db,
  args: ImportProductsArgs,
  userId: number,
): Promise<JobRecord> {
  const problems: FieldProblems = {};
  const clientId = clientIdRule.safeParse(args.clientId);
  if (!clientId.success)
    problems.clientId = [{ message: 'The client field must be the id of a client.', rule: 'id' }];
  else {
    const [client] = await db.query('SELECT 1 FROM clients WHERE id = $1', [clientId.data]);
    if (!client)
      problems.clientId = [{ message: 'The selected client is invalid.', rule: 'exists' }];
  }
  const mapping = chosenMapping(
    args.mapping,
    COLUMN_KEYS,
    'warehouse:productImport.fieldTwice',
    problems,
  );
  for (const required of ['sku', 'name'])
    if (!mapping.includes(required))
      problems.mapping ??= [
        {
          message: `The ${required} field must be mapped to a column.`,
          rule: 'warehouse:productImport.requiredField',
        },
      ];
  const upload = await ownUpload(db, args.uploadId, userId).catch((error: unknown) => {
    if (!(error instanceof InvalidInput)) throw error;
    Object.assign(problems, error.problems);
    return null;
  });
  if (!upload || Object.keys(problems).length > 0) throw new InvalidInput(problems);
  return enqueue(
    db,
    productsImport,
    {
      uploadId: upload.id,
      fileName: upload.name,
      clientId: clientId.data!,
      mapping,
      mode: args.mode,
    },
    { userId },
  );
}

/** A validated row kept for writing: its file row and the product. */
interface GoodRow {
  row: number;
  product: ValidProduct;
  /** Which prices the row gave (an empty one is computed from the other). */
  given: { net: boolean; gross: boolean };
}

/** The row's input of the "Gefahrgut" flag when it is no flag (the row is rejected). */
export const BAD_HAZMAT_FLAG = Symbol('bad hazmat flag');

/**
 * The product input of a data row, for a mapping: the mapped cells; hazmat data when the
 * "Gefahrgut" column says ja (its cells, checked as the form's), none when it says nein, else
 * when any hazmat cell is filled. A "Gefahrgut" cell that is no flag gives BAD_HAZMAT_FLAG. The
 * mapping is read once, not for every row.
 */
export function inputReader(mapping: readonly (string | null)[]) {
  const fields: [number, string][] = [];
  const hazmatFields: [number, string][] = [];
  let flagColumn: number | undefined;
  mapping.forEach((key, index) => {
    if (!key) return;
    if (key === HAZMAT_FLAG) flagColumn = index;
    else if (key.startsWith('hazmat.')) hazmatFields.push([index, key.slice(7)]);
    else fields.push([index, key]);
  });
  return (cells: readonly string[]): Record<string, unknown> | typeof BAD_HAZMAT_FLAG => {
    const product: Record<string, unknown> = {};
    for (const [index, key] of fields) product[key] = cells[index] ?? '';
    const flag = flagColumn === undefined ? undefined : (cells[flagColumn] ?? '').trim();
    const isHazmat =
      flag === undefined || flag === ''
        ? hazmatFields.some(([index]) => (cells[index] ?? '').trim() !== '')
        : flagFromText(flag);
    if (isHazmat === undefined) return BAD_HAZMAT_FLAG;
    let hazmat: Record<string, string> | null = null;
    if (isHazmat) {
      hazmat = {};
      for (const [index, key] of hazmatFields) hazmat[key] = cells[index] ?? '';
    }
    product.hazmat = hazmat;
    return product;
  };
}

// The quick check of a row (an import checks 100,000 rows; zod's generic machinery spends
// ~50 µs on each): the product rules (rules.ts) written out for a file's texts. It only says
// yes — it returns exactly the ValidProduct productInput.parse returns — or "not sure": any
// value it does not accept (every bad one, and a few good ones it does not know) sends the row
// to productInput itself, which accepts it or names every problem as always. So the reports of
// bad rows are productInput's, word for word; server/test/products-import-quick.test.ts
// compares the two on many values of every field.

/** A text of a file: trimmed, when it has at most `max` characters and no NUL; else undefined. */
function text(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return '';
  const trimmed = value.trim();
  return trimmed.length <= max && !trimmed.includes('\u0000') ? trimmed : undefined;
}

/** A required text (requiredString); undefined when absent, empty, too long or with NUL. */
function requiredText(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = text(value, max);
  return trimmed === '' ? undefined : trimmed;
}

const NOT_SURE = Symbol('not sure');

/** The product's url rule: an http(s) address with a host. */
function webAddress(value: string): boolean {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** optionalDecimal: null for '', the number when ≥ 0, ≤ max, at most `decimals` places. */
function decimal(value: string | undefined, max: number, decimals: number) {
  if (value === undefined) return null;
  const number = parseDecimal(value);
  if (number === null) return null;
  if (number === undefined || !(number >= 0) || number > max || !hasDecimals(number, decimals))
    return NOT_SURE;
  return number;
}

/** euroCents: whole cents of an amount of EUR (null for ''). */
function cents(value: string | undefined) {
  const euro = decimal(value, 99_999_999.99, 2);
  return euro === NOT_SURE ? NOT_SURE : euro === null ? null : Math.round(euro * 100);
}

/** flag: true/false from a file's text (false when absent). */
function flagOf(value: string | undefined) {
  if (value === undefined) return false;
  return flagFromText(value) ?? NOT_SURE;
}

/** choice: '' or the listed value a text names (ignoring case and spaces). */
function choiceOf<T extends string>(
  value: string | undefined,
  choices: ReadonlyMap<string, T>,
  required: boolean,
): T | '' | typeof NOT_SURE {
  const trimmed = text(value, 20);
  if (trimmed === undefined) return NOT_SURE;
  const normal = trimmed.toUpperCase().replace(/\s/g, '');
  if (normal === '') return required ? NOT_SURE : '';
  return choices.get(normal) ?? NOT_SURE;
}

const choicesOf = <T extends string>(list: readonly T[], alias: Record<string, T> = {}) =>
  new Map<string, T>([...list.map((c) => [c.toUpperCase(), c] as const), ...Object.entries(alias)]);
const CLASS_CHOICES = choicesOf(ADR_CLASSES);
const PACKING_CHOICES = choicesOf(PACKING_GROUPS);
const TUNNEL_CHOICES = choicesOf(TUNNEL_CODES, { '(-)': '-' });

/** Country codes checked so far (i18n-iso-countries' check, once per code). */
const countryValid = new Map<string, boolean>();

/** The row's hazmat data as productInput gives it, or NOT_SURE. */
function quickHazmat(h: Record<string, string>): ValidHazmat | typeof NOT_SURE {
  const un = requiredText(h.unNumber, 10)?.replace(/^UN\s*/i, '');
  if (un === undefined || !/^\d{4}$/.test(un)) return NOT_SURE;
  const cas = text(h.casNumber, 12)?.replace(/\s/g, '');
  if (
    cas === undefined ||
    (cas !== '' && (!/^\d{2,7}-\d{2}-\d$/.test(cas) || !casCheckDigitValid(cas)))
  )
    return NOT_SURE;
  const hazardId = text(h.hazardIdNumber, 4)?.toUpperCase().replace(/\s/g, '');
  if (hazardId === undefined || (hazardId !== '' && !/^X?[2-9]\d{1,2}$/.test(hazardId)))
    return NOT_SURE;
  const hazmat = {
    unNumber: un,
    casNumber: cas,
    shippingName: text(h.shippingName, 255),
    description: text(h.description, 1000),
    hazmatClass: choiceOf(h.hazmatClass, CLASS_CHOICES, true),
    riskClass: choiceOf(h.riskClass, CLASS_CHOICES, false),
    packingGroup: choiceOf(h.packingGroup, PACKING_CHOICES, false),
    hazardIdNumber: hazardId,
    classificationCode: text(h.classificationCode, 20),
    packingIdCode: text(h.packingIdCode, 20),
    tunnelRestrictionCode: choiceOf(h.tunnelRestrictionCode, TUNNEL_CHOICES, false),
    netWeightKg: decimal(h.netWeightKg, 9_999_999.999, 3),
    grossWeightKg: decimal(h.grossWeightKg, 9_999_999.999, 3),
    factor: decimal(h.factor, 9999.99, 2),
    additional: text(h.additional, 1000),
  };
  for (const value of Object.values(hazmat))
    if (value === undefined || value === NOT_SURE) return NOT_SURE;
  return { ...hazmat, factor: hazmat.factor ?? 0 } as ValidHazmat;
}

/** The row's product as productInput gives it, or undefined when only productInput can tell. */
export function quickProduct(input: Record<string, unknown>): ValidProduct | undefined {
  const p = input as Record<string, string | undefined> & {
    hazmat: Record<string, string> | null;
  };
  const sku = requiredText(p.sku, 64);
  const name = requiredText(p.name, 255);
  if (sku === undefined || name === undefined) return undefined;
  const ean = text(p.ean, 14)?.replace(/\s/g, '');
  if (
    ean === undefined ||
    (ean !== '' && (!/^(\d{8}|\d{12,14})$/.test(ean) || !gtinCheckDigitValid(ean)))
  )
    return undefined;
  const url = text(p.url, 2048);
  if (url === undefined || (url !== '' && !webAddress(url))) return undefined;
  const country = text(p.countryOfManufacture, 2)?.toUpperCase();
  if (country === undefined) return undefined;
  if (country !== '') {
    let valid = countryValid.get(country);
    if (valid === undefined) {
      valid = countries.isValid(country) && /^[A-Z]{2}$/.test(country);
      countryValid.set(country, valid);
    }
    if (!valid) return undefined;
  }
  const vat = parseDecimal(p.vatRate ?? '');
  const vatRate = vat === null ? DEFAULT_VAT_RATE : VAT_RATES.find((rate) => rate === vat);
  if (vatRate === undefined) return undefined;
  const net = cents(p.priceNet);
  const gross = cents(p.priceGross);
  if (net === NOT_SURE || gross === NOT_SURE) return undefined;
  const hazmat = p.hazmat ? quickHazmat(p.hazmat) : null;
  const product = {
    sku,
    altSku: text(p.altSku, 64),
    ean,
    name,
    url,
    weightKg: decimal(p.weightKg, 9_999_999.999, 3),
    widthCm: decimal(p.widthCm, 9_999_999.9, 1),
    heightCm: decimal(p.heightCm, 9_999_999.9, 1),
    lengthCm: decimal(p.lengthCm, 9_999_999.9, 1),
    countryOfManufacture: country,
    vatRate,
    lotTracked: flagOf(p.lotTracked),
    bestBefore: flagOf(p.bestBefore),
    hazmat,
    ...productPrices(net, gross, vatRate),
  };
  for (const value of Object.values(product))
    if (value === undefined || value === NOT_SURE) return undefined;
  return product as ValidProduct;
}

/** A row's product: the quick check's, else productInput's answer. */
export function checkProduct(input: Record<string, unknown>) {
  const quick = quickProduct(input);
  return quick ? ({ success: true, data: quick } as const) : productInput.safeParse(input);
}

/**
 * The value of a field in a validated row, as stored; with `asGiven`, a price the row left
 * empty is null (the statement computes it with the product's stored VAT rate).
 */
function valueOf(row: GoodRow, target: Target, asGiven = false): SqlParam {
  const product = row.product;
  if (target.key.startsWith('hazmat.'))
    return product.hazmat?.[target.key.slice(7) as keyof ValidHazmat] ?? null;
  if (target.key === 'priceNet') return asGiven && !row.given.net ? null : product.priceNetCents;
  if (target.key === 'priceGross')
    return asGiven && !row.given.gross ? null : product.priceGrossCents;
  return product[target.key as ProductKey];
}

/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) of values, as the pg driver writes an array
 * parameter: built by the import itself, so that the next batch's parameters are ready
 * while the database writes this one.
 */
function arrayLiteral(values: readonly SqlParam[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (i > 0) literal += ',';
    if (value === null || value === undefined) literal += 'NULL';
    else {
      const text = String(value);
      literal +=
        text.includes('"') || text.includes('\\')
          ? `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
          : `"${text}"`;
    }
  }
  return `${literal}}`;
}

/**
 * The unnest(…) of a batch: one array parameter per column, typed (a statement's text and
 * parameter count stay the same whatever the batch size); `productIds` adds `product_id`.
 */
function unnestOf(
  targets: Target[],
  rows: GoodRow[],
  params: SqlParam[],
  productIds?: number[],
  asGiven = false,
): string {
  const arrays = targets.map((target) => {
    params.push(arrayLiteral(rows.map((row) => valueOf(row, target, asGiven))));
    return `$${params.length}::${target.sqlType}[]`;
  });
  const names = targets.map((t) => t.column);
  if (productIds) {
    params.push(productIds);
    arrays.push(`$${params.length}::int[]`);
    names.push('product_id');
  }
  return `unnest(${arrays.join(', ')}) AS i(${names.join(', ')})`;
}

/**
 * Writes one batch (validated, skus unique ignoring case) in `db`'s transaction: products
 * upserted by client + lower(sku), hazmat upserted (or removed for rows without hazmat, when
 * the file has hazmat columns); a product counts as updated (new version, updated_at) only
 * when one of its values or its hazmat data changed.
 */
/** The product upsert of a batch, ready to send (see writeBatch). */
interface PreparedBatch {
  rows: GoodRow[];
  sql: string;
  params: SqlParam[];
}

/** The mapped fields of an import: the product's and the hazmat data's. */
function targetsOf(mapping: readonly (string | null)[]) {
  const keys = new Set(mapping.filter((key): key is string => !!key));
  // A price is written with the other: one left empty is computed from it (docs/domain.md "VAT").
  const prices = keys.has('priceNet') || keys.has('priceGross');
  if (prices) keys.add('priceNet').add('priceGross');
  const mapped = [...keys].flatMap((key) => TARGETS.get(key) ?? []);
  return {
    productTargets: mapped.filter((t) => !t.key.startsWith('hazmat.')),
    hazmatTargets: mapped.filter((t) => t.key.startsWith('hazmat.')),
    /** Whether the hazmat data is written (or removed): hazmat columns or the "Gefahrgut" flag. */
    writesHazmat: keys.has(HAZMAT_FLAG) || mapped.some((t) => t.key.startsWith('hazmat.')),
    /** Prices of existing products computed with their stored VAT rate (no VAT column). */
    storedVat: prices && !keys.has('vatRate'),
  };
}

/**
 * The products upsert of one batch: upserted by client + lower(sku), changed rows only. A
 * batch whose skus were all new when the file was checked (`fresh`) is a plain INSERT (no
 * conflict handling: about a tenth faster); should another writer have added one of its skus
 * since, the INSERT fails with a unique violation and the import writes again with upserts.
 */
function prepareBatch(
  clientId: number,
  mapping: readonly (string | null)[],
  rows: GoodRow[],
  fresh: boolean,
): PreparedBatch {
  const { productTargets, storedVat } = targetsOf(mapping);
  const columns = productTargets.map((t) => t.column);
  const params: SqlParam[] = [clientId];
  // Without a VAT column, a price a row left empty is computed with the product's stored VAT
  // rate (a new product's: the default), half-up as productPrices does: the row's value is null.
  // A fresh batch's products are all new: productPrices computed them with the default already.
  const withStoredVat = storedVat && !fresh;
  const rate = `(100 + COALESCE(e.vat_rate, ${DEFAULT_VAT_RATE}))`;
  const selected = columns.map((c) =>
    !withStoredVat
      ? `i.${c}`
      : c === 'price_net_cents'
        ? `COALESCE(i.price_net_cents, round(i.price_gross_cents * 100.0 / ${rate})::bigint, 0)`
        : c === 'price_gross_cents'
          ? `COALESCE(i.price_gross_cents, round(i.price_net_cents * ${rate} / 100.0)::bigint, 0)`
          : `i.${c}`,
  );
  const stored = withStoredVat
    ? ` LEFT JOIN LATERAL (SELECT vat_rate FROM products
          WHERE client_id = $1 AND lower(sku) = lower(i.sku) AND deleted_at IS NULL LIMIT 1) e ON true`
    : '';
  const insert = `INSERT INTO products (client_id, ${columns.join(', ')})
     SELECT $1, ${selected.join(', ')}
       FROM ${unnestOf(productTargets, rows, params, undefined, withStoredVat)}${stored}`;
  if (fresh)
    return { rows, params, sql: `${insert} RETURNING id, lower(sku) AS key, true AS inserted` };
  const sql = `${insert}
     ON CONFLICT (client_id, lower(sku)) WHERE deleted_at IS NULL DO UPDATE SET
       ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')},
       version = products.version + 1, updated_at = now()
     WHERE (${columns.map((c) => `products.${c}`).join(', ')})
       IS DISTINCT FROM (${columns.map((c) => `EXCLUDED.${c}`).join(', ')})
     RETURNING id, lower(sku) AS key, (xmax = 0) AS inserted`;
  return { rows, sql, params };
}

/** A unique violation (PostgreSQL 23505): a fresh batch's sku was added meanwhile. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505';

/**
 * Whether none of the skus of `rows` is a product of the client yet (a read while the file is
 * still being checked: on PostgreSQL it runs beside the checking); false when unsure.
 */
async function allNew(db: Db, clientId: number, rows: GoodRow[]): Promise<boolean> {
  try {
    const found = await db.query(
      // One index lookup per sku (see writeBatch), stopping at the first product found.
      `SELECT 1 FROM unnest($2::text[]) AS i(key)
         CROSS JOIN LATERAL (SELECT 1 FROM products
           WHERE client_id = $1 AND lower(sku) = i.key AND deleted_at IS NULL LIMIT 1) p
       LIMIT 1`,
      [clientId, arrayLiteral(rows.map((row) => row.product.sku.toLowerCase()))],
    );
    return found.length === 0;
  } catch {
    return false; // the upsert decides
  }
}

/**
 * Prepares `next` once the statement just sent is on its way (setImmediate runs after the
 * driver has written it), so that Node builds batch N+1 while the database writes batch N.
 */
function prepareMeanwhile(prepare: () => PreparedBatch): Promise<PreparedBatch> {
  const prepared = new Promise<PreparedBatch>((resolve, reject) =>
    setImmediate(() => {
      try {
        resolve(prepare());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );
  prepared.catch(() => undefined); // awaited later; a failed write must not leave it unhandled
  return prepared;
}

async function writeBatch(
  db: Db,
  clientId: number,
  mapping: readonly (string | null)[],
  batch: PreparedBatch,
): Promise<{ created: number; updated: number }> {
  const { hazmatTargets, writesHazmat } = targetsOf(mapping);
  const rows = batch.rows;
  const upserted = await db.query<{ id: number; key: string; inserted: boolean }>(
    batch.sql,
    batch.params,
  );
  const created = new Set(upserted.filter((r) => r.inserted).map((r) => Number(r.id)));
  const changed = new Set(upserted.filter((r) => !r.inserted).map((r) => Number(r.id)));
  if (writesHazmat) {
    // The batch's products by lower(sku): those the upsert wrote, then those it left unchanged.
    const idOf = new Map(upserted.map((r) => [r.key, Number(r.id)]));
    const unchanged = rows.map((row) => row.product.sku.toLowerCase()).filter((k) => !idOf.has(k));
    if (unchanged.length > 0) {
      const found = await db.query<{ id: number; key: string }>(
        // One index lookup per sku whatever the statistics say (right after a large import
        // they still describe an empty table, and a join would scan all of it): LIMIT 1 keeps
        // the lateral subquery from being flattened into a join.
        `SELECT p.id, i.key FROM unnest($2::text[]) AS i(key)
           CROSS JOIN LATERAL (SELECT id FROM products
             WHERE client_id = $1 AND lower(sku) = i.key AND deleted_at IS NULL LIMIT 1) p`,
        [clientId, unchanged],
      );
      for (const r of found) idOf.set(r.key, Number(r.id));
    }
    const withHazmat = rows.filter((row) => row.product.hazmat);
    const without = rows.filter((row) => !row.product.hazmat);
    const hazmatChanged: number[] = [];
    if (withHazmat.length > 0) {
      const hParams: SqlParam[] = [];
      const hColumns = hazmatTargets.map((t) => t.column);
      const ids = withHazmat.map((row) => idOf.get(row.product.sku.toLowerCase())!);
      const written = await db.query<{ product_id: number }>(
        `INSERT INTO product_hazmat (product_id, ${hColumns.join(', ')})
         SELECT i.product_id, ${hColumns.map((c) => `i.${c}`).join(', ')}
           FROM ${unnestOf(hazmatTargets, withHazmat, hParams, ids)}
         ON CONFLICT (product_id) DO UPDATE SET
           ${hColumns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()
         WHERE (${hColumns.map((c) => `product_hazmat.${c}`).join(', ')})
           IS DISTINCT FROM (${hColumns.map((c) => `EXCLUDED.${c}`).join(', ')})
         RETURNING product_id`,
        hParams,
      );
      hazmatChanged.push(...written.map((r) => Number(r.product_id)));
    }
    // A product the batch created has no hazmat data to remove.
    const withoutIds = without
      .map((row) => idOf.get(row.product.sku.toLowerCase())!)
      .filter((id) => !created.has(id));
    if (withoutIds.length > 0) {
      const removed = await db.query<{ product_id: number }>(
        `DELETE FROM product_hazmat WHERE product_id = ANY($1::int[]) RETURNING product_id`,
        [withoutIds],
      );
      hazmatChanged.push(...removed.map((r) => Number(r.product_id)));
    }
    // A product whose hazmat data alone changed gets its new version too.
    const bump = hazmatChanged.filter((id) => !created.has(id) && !changed.has(id));
    if (bump.length > 0) {
      await db.query(
        `UPDATE products SET version = version + 1, updated_at = now() WHERE id = ANY($1::int[])`,
        [bump],
      );
      for (const id of bump) changed.add(id);
    }
  }
  return { created: created.size, updated: changed.size };
}

/**
 * The batches of good rows a writer takes while the file is still being checked: batch `i` is
 * rows i·PRODUCT_BATCH_ROWS … of `good`, ready once that many rows are good (or the file has
 * ended). `stop` ends the writing early (a bad row in ALL_OR_NOTHING, a failure while reading).
 */
class BatchFeed {
  private ready = 0;
  private ended = false;
  private stopped = false;
  private wake: (() => void) | undefined;

  /** `count` batches are full. */
  filled(count: number): void {
    this.ready = count;
    this.signal();
  }

  /** The file is read and checked: `count` batches in all. */
  end(count: number): void {
    this.ready = count;
    this.ended = true;
    this.signal();
  }

  stop(): void {
    this.stopped = true;
    this.signal();
  }

  /** Whether the file is read and checked. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** Whether batch `index` is ready to be written. */
  isReady(index: number): boolean {
    return index < this.ready;
  }

  /** Waits until batch `index` is ready ('batch'), there is none ('end') or writing stops. */
  async take(index: number): Promise<'batch' | 'end' | 'stop'> {
    for (;;) {
      if (this.stopped) return 'stop';
      if (index < this.ready) return 'batch';
      if (this.ended) return 'end';
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** Thrown in the writing transaction to roll it back when the feed stops. */
class WritingStopped extends Error {}

/**
 * Imports writing while they check, in this process: at most one. Its transaction holds one
 * pooled connection for as long as the file is read, and the reading (upload chunks, the job's
 * progress) needs another one; with one such import at a time no pool of two or more
 * connections can run out. Other imports check, then write.
 */
let writingWhileChecking = 0;

/** Reads, checks every row, then writes (or not): the job's work. */
async function runProductImport(ctx: JobContext<ImportPayload>): Promise<JobReport> {
  const { uploadId, clientId, mapping, mode } = ctx.payload;
  const type = await uploadTypeOf(ctx.db, uploadId);
  const [client] = await ctx.db.query('SELECT 1 FROM clients WHERE id = $1', [clientId]);
  if (!client) throw new JobRejected(msg('job.error.clientGone'));
  // No counting pass first (it would read the file once more): while the rows are checked,
  // the bar shows how many so far; the writing has its total.

  // 1. Every row validated; the good ones kept (rows of one statement each, later).
  const result = new ImportReport();
  const good: GoodRow[] = [];
  // Per batch of good rows (the batches of step 2): whether all its skus are new.
  const fresh: Promise<boolean>[] = [];
  const checkFresh = () => {
    const from = fresh.length * PRODUCT_BATCH_ROWS;
    fresh.push(
      clientEmpty ?? allNew(ctx.db, clientId, good.slice(from, from + PRODUCT_BATCH_ROWS)),
    );
  };
  const batchOf = (index: number) =>
    good.slice(index * PRODUCT_BATCH_ROWS, (index + 1) * PRODUCT_BATCH_ROWS);

  // ALL_OR_NOTHING on PostgreSQL: the full batches are written while later rows are still
  // being checked (the database writing and Node checking at the same time), all in one
  // transaction that commits only once every row is checked and good — a bad row rolls it
  // back, so nothing is written as before. PGlite has one connection (the reading needs it):
  // it checks, then writes. GOOD_ROWS commits batch by batch, so it too writes only after
  // every row is checked.
  const feed =
    mode === 'ALL_OR_NOTHING' &&
    (ctx.db as Partial<Database>).kind === 'postgres' &&
    writingWhileChecking === 0
      ? new BatchFeed()
      : undefined;
  let writing: Promise<{ counts?: { created: number; updated: number }; error?: unknown }> =
    Promise.resolve({});
  let writtenSoFar = 0; // rows written by the feed's writer
  // While the feed's writer writes, nothing reads the client's products: such a read (allNew)
  // may be planned on products_client_id_idx with lower(sku) as a filter, and then reads
  // every row the open transaction has written so far, for every sku — seconds per batch,
  // measured. So a batch is "all new" when the client had no product before anything was
  // written (a client's first catalogue, one read), else it is upserted.
  let clientEmpty: Promise<boolean> | undefined;
  if (feed) {
    writingWhileChecking += 1;
    clientEmpty = ctx.db
      .query(`SELECT 1 FROM products WHERE client_id = $1 AND deleted_at IS NULL LIMIT 1`, [
        clientId,
      ])
      .then((found) => found.length === 0)
      .catch(() => false); // the upserts decide
    /** Batch `index`'s statement (once its "all new?" read has answered). */
    const prepared = async (index: number) =>
      prepareBatch(clientId, mapping, batchOf(index), (await fresh[index]) === true);
    writing = ctx.db
      .transaction(async (tx) => {
        const counts = { created: 0, updated: 0 };
        let following: Promise<PreparedBatch> | undefined;
        for (let index = 0; ; index += 1) {
          const next = await feed.take(index);
          if (next === 'stop') throw new WritingStopped();
          if (next === 'end') return counts;
          const batch = await (following ?? prepared(index));
          const writingBatch = writeBatch(tx, clientId, mapping, batch);
          // The next batch's statement built while the database writes this one.
          following = feed.isReady(index + 1)
            ? fresh[index + 1]!.then((allNew) =>
                prepareMeanwhile(() => prepareBatch(clientId, mapping, batchOf(index + 1), allNew)),
              )
            : undefined;
          following?.catch(() => undefined); // awaited next turn (unless the writing stops)
          const done = await writingBatch;
          counts.created += done.created;
          counts.updated += done.updated;
          writtenSoFar += batch.rows.length;
          if (feed.isEnded)
            await ctx.progress({ done: writtenSoFar, total: good.length, phase: 'importing' });
        }
      })
      .then(
        (counts) => ({ counts }),
        (error: unknown) => ({ error }),
      )
      .finally(() => (writingWhileChecking -= 1));
  }

  const seen = new Map<string, number>();
  let headers: string[] | undefined;
  const inputOf = inputReader(mapping);
  const columnOf = (field: string) => {
    const index = mapping.indexOf(field);
    return index < 0 ? undefined : index;
  };
  // The report names the SKU of a rejected row (the row being checked).
  let current: { row: number; cells: readonly string[] } = { row: 0, cells: [] };
  const skuColumn = columnOf('sku');
  result.skuOf = (row) =>
    row === current.row && skuColumn !== undefined
      ? (current.cells[skuColumn] ?? '').trim()
      : undefined;
  let done = 0;
  try {
    await ctx.progress({ done: 0, total: null, phase: 'reading' });
    for await (const { row, cells } of fileRows(ctx.db, uploadId, type)) {
      if (!headers) {
        headers = cells;
        continue;
      }
      done += 1;
      result.read();
      current = { row, cells };
      const input = inputOf(cells);
      const parsed = input === BAD_HAZMAT_FLAG ? undefined : checkProduct(input);
      if (!parsed) {
        const index = columnOf(HAZMAT_FLAG)!;
        result.reject({
          row,
          field: HAZMAT_FLAG,
          column: headers[index] ?? '',
          value: cells[index] ?? '',
          reason: 'The hazardous goods field must be yes or no.',
          rule: 'boolean',
        });
      } else if (!parsed.success) {
        result.rejectIssues(row, parsed.error.issues, {
          fieldOf: (path) => path.map(String).join('.'),
          cell: (field) => {
            // A hazmat issue without its own column (e.g. a missing class) names the hazmat data.
            const index = columnOf(field);
            return index === undefined
              ? { column: '', value: '' }
              : { column: headers![index] ?? '', value: cells[index] ?? '' };
          },
        });
      } else {
        const key = parsed.data.sku.toLowerCase();
        const first = seen.get(key);
        if (first !== undefined) {
          const index = columnOf('sku')!;
          result.reject({
            row,
            field: 'sku',
            column: headers[index] ?? '',
            value: cells[index] ?? '',
            reason: `The sku is already in row ${first} of the file.`,
            rule: 'warehouse:productImport.duplicateSku',
            params: { row: first },
          });
        } else {
          seen.set(key, row);
          const given = (key: string) =>
            parseDecimal(String((input as Record<string, unknown>)[key] ?? '')) != null;
          good.push({
            row,
            product: parsed.data,
            given: { net: given('priceNet'), gross: given('priceGross') },
          });
          if (good.length % PRODUCT_BATCH_ROWS === 0) {
            checkFresh();
            feed?.filled(fresh.length);
          }
        }
      }
      // A bad row in ALL_OR_NOTHING: nothing will be written; the writing stops.
      if (feed && result.report.rejectedTotal > 0) feed.stop();
      if (done % PRODUCT_BATCH_ROWS === 0)
        await ctx.progress({ done, total: null, phase: 'reading', message: `${done} rows` });
      // Let the writer hear its statement's answer and send the next one (the file's rows
      // would otherwise be checked thousands at a time without a turn of the event loop).
      if (feed && done % 100 === 0) await yieldToEventLoop();
    }
    if (good.length > fresh.length * PRODUCT_BATCH_ROWS) checkFresh();
  } catch (error) {
    feed?.stop();
    await writing;
    throw error;
  }
  const freshBatches = await Promise.all(fresh);
  if (!headers || (mode === 'ALL_OR_NOTHING' && result.report.rejectedTotal > 0)) {
    // A bad row in ALL_OR_NOTHING: nothing is written (the writing so far is rolled back).
    feed?.stop();
    await writing;
    return result.report;
  }

  // 2. The good rows written, PRODUCT_BATCH_ROWS per statement: ALL_OR_NOTHING in one
  // transaction (a failure writes nothing), GOOD_ROWS a transaction per batch with progress.
  const batches: GoodRow[][] = [];
  for (let i = 0; i * PRODUCT_BATCH_ROWS < good.length; i += 1) batches.push(batchOf(i));
  try {
    await ctx.progress({ done: writtenSoFar, total: good.length, phase: 'importing' });
  } catch (error) {
    feed?.stop(); // e.g. the job cancelled: rolled back
    await writing;
    throw error;
  }
  // The writer has its last batches now (and reports its progress from here on).
  feed?.end(batches.length);
  const prepare = (index: number, upsert = false) =>
    prepareBatch(clientId, mapping, batches[index]!, !upsert && freshBatches[index] === true);
  // Each batch's statement is built while the database writes the one before.
  const writeAll = async (
    write: (batch: PreparedBatch, index: number) => Promise<void>,
    upsert = false,
  ) => {
    let next = batches.length > 0 ? prepare(0, upsert) : undefined;
    for (let index = 0; next; index += 1) {
      const writing = write(next, index);
      const following =
        index + 1 < batches.length ? prepareMeanwhile(() => prepare(index + 1, upsert)) : undefined;
      await writing;
      next = await following;
    }
  };
  if (mode === 'ALL_OR_NOTHING') {
    // A fresh batch meeting a product added meanwhile: the transaction is rolled back, and
    // everything is written again with upserts.
    const writeAllIn = (upsert: boolean) =>
      ctx.db.transaction(async (tx) => {
        const counts = { created: 0, updated: 0 };
        await writeAll(async (batch) => {
          const written = await writeBatch(tx, clientId, mapping, batch);
          counts.created += written.created;
          counts.updated += written.updated;
        }, upsert);
        return counts;
      });
    const retry = (error: unknown) => {
      if (isUniqueViolation(error) && freshBatches.includes(true)) return writeAllIn(true);
      throw error;
    };
    let counts: { created: number; updated: number };
    if (feed) {
      // The rest of the batches, then the commit.
      const outcome = await writing;
      counts = outcome.counts ?? (await retry(outcome.error));
    } else counts = await writeAllIn(false).catch(retry);
    result.count(counts);
  } else {
    let written = 0;
    await writeAll(async (batch, index) => {
      const once = (prepared: PreparedBatch) =>
        ctx.db.transaction((tx) => writeBatch(tx, clientId, mapping, prepared));
      result.count(
        await once(batch).catch((error: unknown) => {
          // A fresh batch meeting a product added meanwhile: this batch again, with upserts.
          if (isUniqueViolation(error) && freshBatches[index] === true)
            return once(prepare(index, true));
          throw error;
        }),
      );
      written += batch.rows.length;
      await ctx.progress({ done: written, total: good.length, phase: 'importing' });
    });
  }
  await ctx.progress({ done: good.length, total: good.length, phase: 'importing' });
  return result.report;
}

/** The product import job: validates every row, then writes by the chosen mode. */
export const productsImport = defineJobKind<ImportPayload>({
  name: 'products.import',
  payload: importPayload,
  title: (p) => msg('job.products.import', { file: p.fileName }),
  outcome: importOutcome,
  maxAttempts: 3,
  link: (jobId) => `/import/product?job=${jobId}`,
  handler: runProductImport,
});
