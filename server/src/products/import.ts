import { z } from 'zod';
import type { Db, SqlParam } from '../db';
import { invalidField, InvalidInput, type FieldProblems } from '../domain/errors';
import { field as fieldRules } from '../domain/validation';
import { enqueue, type JobRecord } from '../jobs/jobs';
import { defineJobKind, JobRejected, type JobContext, type JobReport } from '../jobs/kinds';
import { fileRows, firstRows, uploadTypeOf } from '../imports/files';
import { guessMapping, type ImportField } from '../imports/mapping';
import { ImportReport } from '../imports/report';
import { findUpload } from '../uploads/uploads';
import { productList } from './list';
import { productInput, type ValidHazmat, type ValidProduct } from './rules';

// The product import (issue 12): a CSV or XLSX file of one client's products, its columns
// mapped to the product's fields (guessed from the German or English headers of the product
// list's CSV export, changeable on the page), upserted by client + sku ignoring case. Every row
// is validated with the product form's rules (products/rules.ts) before anything is written;
// ALL_OR_NOTHING then writes nothing when any row is bad, GOOD_ROWS writes the good ones. Only
// the mapped columns are written (a file of sku, name and price changes only those), and a row
// whose values are the product's already changes nothing — no new version, no updated_at — so
// importing the same file again, or running a job again after a crash, changes nothing.

/** Rows per statement (and per transaction of GOOD_ROWS, and per progress report). */
export const PRODUCT_BATCH_ROWS = 1000;

/** A product field (`sku`) or a hazmat field (`hazmat.unNumber`) a column may fill. */
type ProductKey = Exclude<keyof ValidProduct, 'hazmat' | 'priceNetCents' | 'priceGrossCents'>;
type FieldKey = ProductKey | 'priceNet' | 'priceGross' | `hazmat.${keyof ValidHazmat & string}`;

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
const ALIASES: Partial<Record<FieldKey, string[]>> = {
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

/** Every field a file's column may fill, labelled as the product list's CSV export heads it. */
export const PRODUCT_IMPORT_FIELDS: (ImportField<FieldKey> & { required: boolean })[] = [
  ...PRODUCT_TARGETS,
  ...HAZMAT_TARGETS,
].map((target) => {
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

/** What the preview shows: the headers, the first rows, the guessed field of each column. */
export interface ProductImportPreview {
  uploadId: string;
  fileName: string;
  columns: { index: number; header: string; field: string | null }[];
  rows: string[][];
  fields: { key: string; de: string; en: string; required: boolean }[];
}

/** Rows the preview shows. */
export const PREVIEW_ROWS = 10;

/** An upload of the user, or the field error on uploadId. */
async function ownUpload(db: Db, uploadId: string, userId: number) {
  const upload = await findUpload(db, uploadId, userId);
  if (!upload)
    throw invalidField(
      'uploadId',
      'exists',
      'The upload does not exist or has expired: upload the file again.',
    );
  return upload;
}

/** The header and first rows of one of the user's uploads, with the guessed mapping. */
export async function productImportPreview(
  db: Db,
  uploadId: string,
  userId: number,
): Promise<ProductImportPreview> {
  const upload = await ownUpload(db, uploadId, userId);
  let rows;
  try {
    rows = await firstRows(db, upload.id, upload.type, PREVIEW_ROWS + 1);
  } catch (error) {
    if (error instanceof JobRejected) throw invalidField('uploadId', 'readable', error.message);
    throw error;
  }
  const headers = rows[0]?.cells ?? [];
  const guessed = guessMapping(PRODUCT_IMPORT_FIELDS, headers);
  return {
    uploadId: upload.id,
    fileName: upload.name,
    columns: headers.map((header, index) => ({ index, header, field: guessed[index] ?? null })),
    rows: rows.slice(1).map((row) => headers.map((_, index) => row.cells[index] ?? '')),
    fields: PRODUCT_IMPORT_FIELDS.map(({ key, de, en, required }) => ({ key, de, en, required })),
  };
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
  const mapping: (string | null)[] = [];
  const used = new Set<string>();
  for (const [entry, { column, field }] of args.mapping.entries()) {
    if (!field) continue;
    if (!Number.isInteger(column) || column < 0 || column > 1000) {
      problems[`mapping.${entry}.column`] ??= [
        { message: `The column ${column} does not exist.`, rule: 'column' },
      ];
      continue;
    }
    if (!TARGETS.has(field)) {
      problems[`mapping.${entry}.field`] ??= [
        { message: `The field ${JSON.stringify(field)} does not exist.`, rule: 'field' },
      ];
      continue;
    }
    if (used.has(field)) {
      problems.mapping ??= [
        {
          message: `The field ${field} is mapped to more than one column.`,
          rule: 'warehouse:productImport.fieldTwice',
        },
      ];
      continue;
    }
    used.add(field);
    while (mapping.length < column) mapping.push(null);
    mapping[column] = field;
  }
  for (const required of ['sku', 'name'])
    if (!used.has(required))
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
}

/** The product input of a data row: the mapped cells (hazmat: when any of its cells is filled). */
function inputOf(mapping: readonly (string | null)[], cells: readonly string[]) {
  const product: Record<string, string> = {};
  const hazmat: Record<string, string> = {};
  let hasHazmat = false;
  mapping.forEach((key, index) => {
    if (!key) return;
    const value = cells[index] ?? '';
    if (key.startsWith('hazmat.')) {
      hazmat[key.slice(7)] = value;
      if (value.trim() !== '') hasHazmat = true;
    } else product[key] = value;
  });
  return { ...product, hazmat: hasHazmat ? hazmat : null };
}

/** The value of a field in a validated product, as stored. */
function valueOf(product: ValidProduct, target: Target): SqlParam {
  if (target.key.startsWith('hazmat.'))
    return product.hazmat?.[target.key.slice(7) as keyof ValidHazmat] ?? null;
  if (target.key === 'priceNet') return product.priceNetCents;
  if (target.key === 'priceGross') return product.priceGrossCents;
  return product[target.key as ProductKey];
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
): string {
  const arrays = targets.map((target) => {
    params.push(rows.map((row) => valueOf(row.product, target)));
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
async function writeBatch(
  db: Db,
  clientId: number,
  mapping: readonly (string | null)[],
  rows: GoodRow[],
): Promise<{ created: number; updated: number }> {
  const mapped = mapping.filter((key): key is string => !!key).map((key) => TARGETS.get(key)!);
  const productTargets = mapped.filter((t) => !t.key.startsWith('hazmat.'));
  const hazmatTargets = mapped.filter((t) => t.key.startsWith('hazmat.'));
  const columns = productTargets.map((t) => t.column);
  const params: SqlParam[] = [clientId];
  const upserted = await db.query<{ id: number; key: string; inserted: boolean }>(
    `INSERT INTO products (client_id, ${columns.join(', ')})
     SELECT $1, ${columns.map((c) => `i.${c}`).join(', ')} FROM ${unnestOf(productTargets, rows, params)}
     ON CONFLICT (client_id, lower(sku)) WHERE deleted_at IS NULL DO UPDATE SET
       ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')},
       version = products.version + 1, updated_at = now()
     WHERE (${columns.map((c) => `products.${c}`).join(', ')})
       IS DISTINCT FROM (${columns.map((c) => `EXCLUDED.${c}`).join(', ')})
     RETURNING id, lower(sku) AS key, (xmax = 0) AS inserted`,
    params,
  );
  const created = new Set(upserted.filter((r) => r.inserted).map((r) => Number(r.id)));
  const changed = new Set(upserted.filter((r) => !r.inserted).map((r) => Number(r.id)));
  if (hazmatTargets.length > 0) {
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
    if (without.length > 0) {
      const removed = await db.query<{ product_id: number }>(
        `DELETE FROM product_hazmat WHERE product_id = ANY($1::int[]) RETURNING product_id`,
        [without.map((row) => idOf.get(row.product.sku.toLowerCase())!)],
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

/** Reads, checks every row, then writes (or not): the job's work. */
async function runProductImport(ctx: JobContext<ImportPayload>): Promise<JobReport> {
  const { uploadId, clientId, mapping, mode } = ctx.payload;
  const type = await uploadTypeOf(ctx.db, uploadId);
  const [client] = await ctx.db.query('SELECT 1 FROM clients WHERE id = $1', [clientId]);
  if (!client) throw new JobRejected('The client of this import no longer exists.');
  // No counting pass first (it would read the file once more): while the rows are checked,
  // the bar shows how many so far; the writing has its total.

  // 1. Every row validated; the good ones kept (rows of one statement each, later).
  const result = new ImportReport();
  const good: GoodRow[] = [];
  const seen = new Map<string, number>();
  let headers: string[] | undefined;
  const columnOf = (field: string) => {
    const index = mapping.indexOf(field);
    return index < 0 ? undefined : index;
  };
  let done = 0;
  await ctx.progress({ done: 0, total: null, phase: 'reading' });
  for await (const { row, cells } of fileRows(ctx.db, uploadId, type)) {
    if (!headers) {
      headers = cells;
      continue;
    }
    done += 1;
    const parsed = productInput.safeParse(inputOf(mapping, cells));
    if (!parsed.success) {
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
        good.push({ row, product: parsed.data });
      }
    }
    if (done % PRODUCT_BATCH_ROWS === 0)
      await ctx.progress({ done, total: null, phase: 'reading', message: `${done} rows` });
  }
  if (!headers) return result.report;
  // A bad row in ALL_OR_NOTHING: nothing is written.
  if (mode === 'ALL_OR_NOTHING' && result.report.rejectedTotal > 0) return result.report;

  // 2. The good rows written, PRODUCT_BATCH_ROWS per statement: ALL_OR_NOTHING in one
  // transaction (a failure writes nothing), GOOD_ROWS a transaction per batch with progress.
  await ctx.progress({ done: 0, total: good.length, phase: 'importing' });
  const batches: GoodRow[][] = [];
  for (let i = 0; i < good.length; i += PRODUCT_BATCH_ROWS)
    batches.push(good.slice(i, i + PRODUCT_BATCH_ROWS));
  if (mode === 'ALL_OR_NOTHING') {
    await ctx.db.transaction(async (tx) => {
      for (const batch of batches) result.count(await writeBatch(tx, clientId, mapping, batch));
    });
  } else {
    let written = 0;
    for (const batch of batches) {
      result.count(await ctx.db.transaction((tx) => writeBatch(tx, clientId, mapping, batch)));
      written += batch.length;
      await ctx.progress({ done: written, total: good.length, phase: 'importing' });
    }
  }
  await ctx.progress({ done: good.length, total: good.length, phase: 'importing' });
  return result.report;
}

/** The product import job: validates every row, then writes by the chosen mode. */
export const productsImport = defineJobKind<ImportPayload>({
  name: 'products.import',
  payload: importPayload,
  summary: (payload) => `Product import: ${payload.fileName}`,
  maxAttempts: 3,
  link: (jobId) => `/import/product?job=${jobId}`,
  handler: runProductImport,
});
