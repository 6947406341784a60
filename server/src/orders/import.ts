import { msg } from '@kontor/contracts';
import { z } from 'zod';
import { dayFromText } from '../avis/import';
import type { Db } from '../db';
import type { FieldProblems } from '../domain/errors';
import { ruleOf } from '../domain/validation';
import { field as fieldRules } from '../domain/validation';
import { uploadTypeOf } from '../imports/files';
import { writeGroups, type ImportMode } from '../imports/batches';
import {
  cellsByField,
  checkedStart,
  groupedImportPayload,
  importPreview,
  readDataRows,
  rejectRestOfGroups,
  type PreviewField,
  type RowGroup,
} from '../imports/grouped';
import { ImportReport } from '../imports/report';
import { enqueue, type JobRecord } from '../jobs/jobs';
import {
  defineJobKind,
  importOutcome,
  JobRejected,
  type JobContext,
  type JobReport,
} from '../jobs/kinds';
import type { Actor } from '../stock/stock';
import { writeOrderBatch, type BatchOrder } from './import-write';
import { orderInput, type OrderInput } from './rules';

// The order import (issue 14): a shop's CSV or XLSX, one row per position, for one client
// chosen on the page. Rows are grouped by shop + order number (exact text, as orders are
// unique by client + shop + number) into one order each (status pending). The order's own
// fields (shop, date, shipping method, the shipping address) are read from the order's first
// row; later rows may repeat them or leave them empty, a different value is a bad row. Every
// row is checked before anything is written, with the rules of the order form (orderInput of
// rules.ts): the sku must be a product of the client, the quantity a whole number, the price a
// number, the address complete (street, house number, postcode valid for the country, city,
// country code), the shipping method a known one by name (ignoring case). An order is written
// whole or not at all: GOOD_ROWS writes the orders whose rows are all good and reports the
// others (every row of such an order, the good ones pointing at the bad row); ALL_OR_NOTHING
// writes nothing when any row is bad. Idempotent by client + shop + order number: an order the
// client already has is left as it is and counted as unchanged, so importing the fixed file
// again creates only what is missing (the unique index decides a race between two imports).

/** The address fields a file may fill (the shipping address; billing = shipping). */
const ADDRESS_KEYS = [
  'company',
  'firstName',
  'lastName',
  'street',
  'houseNumber',
  'postcode',
  'city',
  'countryCode',
  'state',
  'email',
  'phone',
  'additionalLines',
] as const;
type AddressKey = (typeof ADDRESS_KEYS)[number];

/** The fields a file's column may fill. */
type FieldKey =
  | 'orderNumber'
  | 'shop'
  | 'orderDate'
  | 'shippingMethod'
  | 'sku'
  | 'quantity'
  | 'itemPrice'
  | AddressKey;

/** Every field, with the German and English headers it is recognised by. */
export const ORDER_IMPORT_FIELDS: PreviewField<FieldKey>[] = [
  {
    key: 'orderNumber',
    de: 'Bestellnummer',
    en: 'Order number',
    aliases: ['Auftragsnummer', 'Auftrag', 'Bestellung', 'Order', 'Order no', 'Order-Nr.'],
    required: true,
  },
  { key: 'shop', de: 'Shop', en: 'Shop', aliases: ['Webshop', 'Store'], required: false },
  {
    key: 'orderDate',
    de: 'Bestelldatum',
    en: 'Order date',
    aliases: ['Auftragsdatum', 'Datum', 'Date'],
    required: false,
  },
  {
    key: 'shippingMethod',
    de: 'Versandart',
    en: 'Shipping method',
    aliases: ['Versand', 'Versandmethode', 'Shipping'],
    required: false,
  },
  {
    key: 'sku',
    de: 'SKU',
    en: 'SKU',
    aliases: ['Artikelnummer', 'Art.-Nr.', 'Artikel', 'Item number', 'Item', 'Product'],
    required: true,
  },
  {
    key: 'quantity',
    de: 'Menge',
    en: 'Quantity',
    aliases: ['Anzahl', 'Stück', 'Stk', 'Qty', 'Amount'],
    required: true,
  },
  {
    key: 'itemPrice',
    de: 'Preis',
    en: 'Price',
    aliases: ['Einzelpreis', 'Nettopreis', 'Preis netto', 'Unit price', 'Item price', 'Net price'],
    required: false,
  },
  { key: 'company', de: 'Firma', en: 'Company', aliases: ['Unternehmen'], required: false },
  { key: 'firstName', de: 'Vorname', en: 'First name', aliases: [], required: false },
  { key: 'lastName', de: 'Nachname', en: 'Last name', aliases: ['Name'], required: false },
  { key: 'street', de: 'Straße', en: 'Street', aliases: ['Strasse'], required: true },
  {
    key: 'houseNumber',
    de: 'Hausnummer',
    en: 'House number',
    aliases: ['Hausnr.', 'Nr.', 'No.'],
    required: true,
  },
  { key: 'postcode', de: 'PLZ', en: 'Postcode', aliases: ['Postleitzahl', 'ZIP'], required: true },
  { key: 'city', de: 'Ort', en: 'City', aliases: ['Stadt'], required: true },
  {
    key: 'countryCode',
    de: 'Land',
    en: 'Country',
    aliases: ['Ländercode', 'Country code'],
    required: true,
  },
  { key: 'state', de: 'Bundesland', en: 'State', aliases: ['Region'], required: false },
  { key: 'email', de: 'E-Mail', en: 'Email', aliases: ['Mail', 'E-mail'], required: false },
  { key: 'phone', de: 'Telefon', en: 'Phone', aliases: ['Tel.'], required: false },
  {
    key: 'additionalLines',
    de: 'Adresszusatz',
    en: 'Additional lines',
    aliases: ['Zusatz'],
    required: false,
  },
];

/** The fields of the order itself (one value per order), as opposed to a position's. */
const ORDER_FIELDS: FieldKey[] = ['shop', 'orderDate', 'shippingMethod', ...ADDRESS_KEYS];

/** Data rows a file may have (the bench imports 100,000 positions). */
export const MAX_ORDER_IMPORT_ROWS = 200_000;

/** Positions written per batch (an order is never split: a batch may hold a few more). */
const BATCH_POSITIONS = 2000;

const importPayload = groupedImportPayload.extend({ clientId: z.number().int().positive() });
type ImportPayload = z.output<typeof importPayload>;

/** The header and first rows of one of the user's uploads, with the guessed mapping. */
export function orderImportPreview(db: Db, uploadId: string, userId: number) {
  return importPreview(db, uploadId, userId, ORDER_IMPORT_FIELDS);
}

/** What importOrders gets (the GraphQL arguments). */
export interface ImportOrdersArgs {
  uploadId: string;
  clientId: string | number;
  mapping: readonly { column: number; field?: string | null }[];
  mode: ImportMode;
}

/**
 * Starts an order import of one of the user's uploads for a client. The mapping names a known
 * field at most once and maps every required field; every problem is a field error (uploadId,
 * clientId, mapping…), nothing is queued then.
 */
export async function importOrders(
  db: Db,
  args: ImportOrdersArgs,
  userId: number,
): Promise<JobRecord> {
  const problems: FieldProblems = {};
  let clientId: number | undefined;
  const id = fieldRules.id('client').safeParse(args.clientId);
  if (!id.success)
    problems.clientId = [{ message: 'The client field must be the id of a client.', rule: 'id' }];
  else {
    const [found] = await db.query('SELECT 1 FROM clients WHERE id = $1', [id.data]);
    if (!found)
      problems.clientId = [{ message: 'The selected client is invalid.', rule: 'exists' }];
    else clientId = id.data;
  }
  const { upload, mapping } = await checkedStart(
    db,
    args,
    userId,
    { fields: ORDER_IMPORT_FIELDS, rules: 'orders:orderImport' },
    problems,
  );
  return enqueue(
    db,
    ordersImport,
    { uploadId: upload.id, fileName: upload.name, clientId: clientId!, mapping, mode: args.mode },
    { userId },
  );
}

// ---------------------------------------------------------------- checking the rows

/** An order of the file: its rows in file order and what its first row says. */
interface FileOrder extends RowGroup {
  shop: string;
  number: string;
  /** The cells of the order's own fields, from the first row. */
  head: Partial<Record<FieldKey, string>>;
  /** The positions: sku as written, product (undefined when unknown), quantity, price. */
  items: { sku: string; productId: number | undefined; quantity: string; itemPrice: string }[];
}

/**
 * The import's report: `created` counts the orders created, `unchanged` the orders the client
 * already had (left as they are), the rejected rows are the file's.
 */
export type OrderImportReport = JobReport & { unchanged: number };

/** The file's field an orderInput issue path belongs to (items.3.quantity → quantity). */
function fieldOfPath(path: readonly PropertyKey[]): FieldKey {
  const [first, second, third] = path.map(String);
  if (first === 'shippingAddress' || first === 'billingAddress')
    return (ADDRESS_KEYS as readonly string[]).includes(second ?? '')
      ? (second as AddressKey)
      : 'street';
  if (first === 'items') {
    if (third === 'quantity' || third === 'itemPrice') return third;
    return 'sku';
  }
  if (first === 'number') return 'orderNumber';
  if (first === 'shop' || first === 'orderDate') return first;
  if (first === 'shippingMethodId') return 'shippingMethod';
  return 'orderNumber';
}

/** Reads, checks every row, then writes the orders (or not): the job's work. */
async function runOrdersImport(ctx: JobContext<ImportPayload>): Promise<OrderImportReport> {
  const { uploadId, clientId, mapping, mode } = ctx.payload;
  const type = await uploadTypeOf(ctx.db, uploadId);
  const [client] = await ctx.db.query('SELECT 1 FROM clients WHERE id = $1', [clientId]);
  if (!client) throw new JobRejected(msg('job.error.clientGone'));

  // 1. The file read.
  const { headers, rows } = await readDataRows(ctx, uploadId, type, MAX_ORDER_IMPORT_ROWS);
  const result = new ImportReport();
  const unchanged = { count: 0 };
  const report = (): OrderImportReport => ({ ...result.report, unchanged: unchanged.count });
  if (!headers) return report();
  const { cell: cellOf, where } = cellsByField<FieldKey>(headers, mapping);
  result.read(rows.length);
  const skuOfRow = new Map(rows.map((r) => [r.row, cellOf(r.cells, 'sku')]));
  result.skuOf = (row) => skuOfRow.get(row);
  const cellsOfRow = new Map<number, string[]>();
  for (const { row, cells } of rows) cellsOfRow.set(row, cells);
  const reject = (row: number, key: string, rule: string, reason: string, params?: object) =>
    result.reject({
      row,
      field: key,
      rule,
      reason,
      ...(params ? { params: params as Record<string, string | number> } : {}),
      ...where(cellsOfRow.get(row) ?? [], key as FieldKey),
    });

  // 2. The client's products of the file's skus, and the shipping methods, in one read each.
  const skus = [...new Set(rows.map((r) => cellOf(r.cells, 'sku').toLowerCase()))];
  const products = new Map<string, number>();
  for (const product of await ctx.db.query<{ id: number; sku: string }>(
    `SELECT id, sku FROM products
      WHERE client_id = $1 AND deleted_at IS NULL AND lower(sku) = any($2::text[])`,
    [clientId, skus],
  ))
    products.set(product.sku.toLowerCase(), product.id);
  const methods = new Map<string, number[]>();
  for (const method of await ctx.db.query<{ id: number; name: string }>(
    'SELECT id, name FROM shipping_methods',
  )) {
    const key = method.name.trim().toLowerCase();
    methods.set(key, [...(methods.get(key) ?? []), method.id]);
  }

  // 3. Every row read into its order (shop + number), its own cells checked.
  const orders = new Map<string, FileOrder>();
  for (const { row, cells } of rows) {
    const number = cellOf(cells, 'orderNumber');
    const shop = cellOf(cells, 'shop');
    const sku = cellOf(cells, 'sku');
    if (number === '') {
      reject(row, 'orderNumber', 'required', 'The order number field is required.');
      continue;
    }
    const key = `${shop}\u0000${number}`;
    let order = orders.get(key);
    if (!order) {
      const head: FileOrder['head'] = {};
      for (const name of ORDER_FIELDS) head[name] = cellOf(cells, name);
      order = { shop, number, rows: [], head, items: [], badRows: [] };
      orders.set(key, order);
    } else {
      for (const name of ORDER_FIELDS) {
        const value = cellOf(cells, name);
        if (value !== '' && name !== 'shop' && value !== order.head[name]) {
          reject(
            row,
            name,
            'orders:orderImport.differs',
            `The order ${number} has another ${name} in row ${order.rows[0]}.`,
            { row: order.rows[0]! },
          );
          order.badRows.push(row);
        }
      }
    }
    order.rows.push(row);
    const productId = sku === '' ? undefined : products.get(sku.toLowerCase());
    if (sku !== '' && productId === undefined) {
      reject(
        row,
        'sku',
        'orders:orderImport.unknownSku',
        `The sku ${sku} is no product of the client.`,
      );
      order.badRows.push(row);
    }
    order.items.push({
      sku,
      productId,
      quantity: cellOf(cells, 'quantity'),
      itemPrice: cellOf(cells, 'itemPrice'),
    });
  }

  // 4. Each order checked with the order form's rules; the good ones kept as inputs.
  const inputs = new Map<FileOrder, ReturnType<typeof orderInput.parse>>();
  for (const order of orders.values()) {
    const first = order.rows[0]!;
    const methodName = order.head.shippingMethod ?? '';
    let shippingMethodId: number | null = null;
    if (methodName !== '') {
      const found = methods.get(methodName.toLowerCase()) ?? [];
      if (found.length === 1) shippingMethodId = found[0]!;
      else {
        reject(
          first,
          'shippingMethod',
          found.length === 0
            ? 'orders:orderImport.unknownMethod'
            : 'orders:orderImport.ambiguousMethod',
          found.length === 0
            ? `The shipping method ${methodName} does not exist.`
            : `More than one shipping method is named ${methodName}.`,
        );
        order.badRows.push(first);
      }
    }
    const dateText = order.head.orderDate ?? '';
    const address: Record<string, string | null> = {};
    for (const name of ADDRESS_KEYS) address[name] = order.head[name] || null;
    const raw: OrderInput = {
      clientId,
      shop: order.shop || null,
      number: order.number,
      orderDate: dateText === '' ? null : (dayFromText(dateText) ?? dateText),
      shippingMethodId,
      shippingAddress: address as OrderInput['shippingAddress'],
      billingAddress: null,
      // An unknown sku is reported above; the placeholder id keeps the item's other checks.
      items: order.items.map((item) => ({
        productId: item.productId ?? 1,
        quantity: item.quantity,
        itemPrice: item.itemPrice === '' ? null : item.itemPrice,
      })),
      attributes: [],
    };
    const parsed = orderInput.safeParse(raw);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String);
        const row = path[0] === 'items' ? (order.rows[Number(path[1])] ?? first) : first;
        const name = fieldOfPath(issue.path);
        if (seen.has(`${row}:${name}`)) continue;
        seen.add(`${row}:${name}`);
        result.reject({
          row,
          field: name,
          reason: issue.message,
          ...ruleOf(issue),
          ...where(cellsOfRow.get(row) ?? [], name),
        });
        order.badRows.push(row);
      }
    } else if (order.badRows.length === 0) inputs.set(order, parsed.data);
  }

  // The good rows of an order with a bad row are not written either: an order is whole.
  rejectRestOfGroups(result, orders.values(), (row, bad, order) => ({
    field: 'orderNumber',
    ...where(cellsOfRow.get(row) ?? [], 'orderNumber'),
    reason: `Row ${bad} of the order ${order.number} is bad: the order is not imported.`,
    rule: 'orders:orderImport.orderRejected',
    params: { row: bad },
  }));
  if (mode === 'ALL_OR_NOTHING' && result.report.rejectedTotal > 0) return report();

  // 5. The orders written, a batch of about BATCH_POSITIONS positions at a time: one per good
  // order the client does not have yet (see import-write.ts).
  const actor: Actor | null = ctx.userId ? { userId: ctx.userId, actingUserId: ctx.userId } : null;
  const todo: BatchOrder<FileOrder>[] = [...inputs.entries()].map(([group, input]) => ({
    group,
    input: { ...input, number: input.number! },
  }));
  const written = await writeGroups(ctx, todo, {
    mode,
    size: BATCH_POSITIONS,
    weight: (order) => order.input.items.length,
    write: (tx, batch) => writeOrderBatch(tx, actor, clientId, batch),
    // The rows of an order refused when written (e.g. a product deleted since the check).
    refuse: ({ group: order }, error) => {
      for (const [path, list] of Object.entries(error.problems)) {
        const item = /^items\.(\d+)\./.exec(path);
        const row = item ? order.rows[Number(item[1])] : undefined;
        reject(
          row ?? order.rows[0]!,
          fieldOfPath(path.split('.')),
          list[0]!.rule ?? 'invalid',
          list[0]!.message,
        );
      }
    },
  });
  unchanged.count += written.unchanged;
  result.count({ created: written.created.length, updated: 0 });
  return report();
}

/** The order import job: checks every row, then writes the orders by the chosen mode. */
export const ordersImport = defineJobKind<ImportPayload>({
  name: 'orders.import',
  payload: importPayload,
  title: (p) => msg('job.orders.import', { file: p.fileName }),
  outcome: importOutcome,
  maxAttempts: 3,
  link: (jobId) => `/import/order?job=${jobId}`,
  handler: runOrdersImport,
});
