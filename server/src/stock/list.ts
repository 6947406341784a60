import { sqlTimeZone } from '../domain/time-zone';
import { z } from 'zod';
import { CLIENT_FIELDS } from '../clients/clients';
import { dayFilterValue, type ListDefinition } from '../lists/list';
import { sameNames } from '../lists/projection';
import { PRODUCT_FIELDS, PRODUCT_READABLE } from '../products/list';
import { WAREHOUSE_FIELDS } from '../warehouses/list';

/** The reasons a ledger row can have (stock_changes.reason), as the API names them. */
export const STOCK_REASONS = [
  'book_in',
  'book_out',
  'move',
  'correction',
  'avis',
  'shipment',
  'stocktaking',
] as const;

/** The sort keys of the ledger: the order of booking. */
export type StockChangeSort = 'TIME';

/** The ledger's filters. */
export type StockChangeFilter =
  'productId' | 'placeId' | 'reason' | 'userId' | 'from' | 'to' | 'warehouseId' | 'clientId';

// Days are the installation's days (its time zone setting).
const BERLIN_DAY = (p: string) => `(${p}::date::timestamp AT TIME ZONE ${sqlTimeZone()})`;

/** The ledger (/storage/bookings): searchable by sku, product name, place path, lot and comment. */
export const stockChangeList: ListDefinition<StockChangeSort, StockChangeFilter> = {
  select: `sc.id::text AS id, sc.product_id AS "productId", sc.place_id AS "placeId",
  sc.client_id AS "clientId", sc.warehouse_id AS "warehouseId", sc.lot,
  sc.best_before::text AS "bestBefore", sc.delta, sc.quantity_after AS "quantityAfter", sc.reason,
  sc.reference, sc.comment, sc.comment_message AS "commentMessage", sc.user_id AS "userId", sc.acting_user_id AS "actingUserId",
  sc.created_at AS "createdAt", u.name AS "userName", au.name AS "actingUserName"`,
  from: `stock_changes sc JOIN products p ON p.id = sc.product_id
  JOIN places pl ON pl.id = sc.place_id
  LEFT JOIN users u ON u.id = sc.user_id LEFT JOIN users au ON au.id = sc.acting_user_id`,
  estimatedFrom: 'stock_changes',
  searchColumns: ['p.sku', 'p.name', 'pl.path', 'sc.lot', 'sc.comment'],
  sortColumns: { TIME: 'sc.id' },
  idColumn: 'sc.id',
  filters: {
    productId: { names: 'product', where: (p) => `sc.product_id = ${p}` },
    placeId: { names: 'place', where: (p) => `sc.place_id = ${p}` },
    userId: { names: 'user', where: (p) => `sc.user_id = ${p}` },
    warehouseId: { names: 'warehouse', where: (p) => `sc.warehouse_id = ${p}` },
    clientId: { names: 'client', where: (p) => `sc.client_id = ${p}` },
    reason: {
      names: 'reason',
      where: (p) => `sc.reason = ${p}`,
      value: z
        .string()
        .transform((value) => value.toLowerCase())
        .pipe(
          z.enum(STOCK_REASONS, {
            error: `The reason filter must be one of ${STOCK_REASONS.join(', ')}.`,
          }),
        ),
    },
    from: {
      names: 'date',
      where: (p) => `sc.created_at >= ${BERLIN_DAY(p)}`,
      value: dayFilterValue('from'),
    },
    to: {
      names: 'date',
      where: (p) => `sc.created_at < ${BERLIN_DAY(`(${p}::date + 1)`)}`,
      value: dayFilterValue('to'),
    },
  },
  csv: {
    name: 'stock-changes',
    permission: 'stock:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 'sc.id' },
      { de: 'Zeitpunkt', en: 'Time', sql: 'sc.created_at' },
      { de: 'Grund', en: 'Reason', sql: 'sc.reason' },
      { de: 'SKU', en: 'SKU', sql: 'p.sku' },
      { de: 'Produkt', en: 'Product', sql: 'p.name' },
      { de: 'Lagerplatz', en: 'Place', sql: 'pl.path' },
      { de: 'Charge', en: 'Lot', sql: 'sc.lot' },
      { de: 'MHD', en: 'Best before', sql: 'sc.best_before::text', kind: 'day' },
      { de: 'Menge', en: 'Quantity', sql: 'sc.delta' },
      { de: 'Bestand danach', en: 'Quantity after', sql: 'sc.quantity_after' },
      { de: 'Referenz', en: 'Reference', sql: 'sc.reference' },
      {
        de: 'Kommentar',
        en: 'Comment',
        sql: 'coalesce(sc.comment_message, to_jsonb(sc.comment))',
        kind: 'message',
      },
      { de: 'Benutzer', en: 'User', sql: 'u.name' },
      { de: 'Handelnder Benutzer', en: 'Acting user', sql: 'au.name' },
    ],
  },
};

/** The sort keys of the inventory. */
export type InventorySort = 'SKU' | 'NAME';

/**
 * The inventory (/administration/currentinventory): one row per product and warehouse that
 * holds stock, from stock_totals (kept by a trigger), with available, locked and the value
 * of the quantity held at the product's net price.
 */
export const inventoryList: ListDefinition<InventorySort, 'clientId' | 'warehouseId'> = {
  select: `st.id, st.product_id AS "productId", st.warehouse_id AS "warehouseId",
  st.client_id AS "clientId", st.quantity::int AS quantity, st.locked_qty::int AS locked,
  (st.quantity - st.locked_qty)::int AS available,
  (st.quantity * p.price_net_cents)::float8 AS "valueCents"`,
  // Totals back at 0 (everything booked out) are no inventory. No further joins: the
  // capped count of a page walks up to 10,001 of these rows.
  // (The hazmat row is for a carried product's hazmat: PostgreSQL leaves the join out where
  // nothing reads it.)
  from: `stock_totals st JOIN products p ON p.id = st.product_id AND st.quantity > 0
  LEFT JOIN product_hazmat h ON h.product_id = p.id`,
  // A page reads its rows' products, warehouses and clients along (as far as they are asked
  // for: their names, as the screen shows them, not their addresses).
  carries: {
    product: { columns: PRODUCT_FIELDS, readable: PRODUCT_READABLE },
    warehouse: {
      join: 'LEFT JOIN warehouses w ON w.id = page."warehouseId"',
      columns: WAREHOUSE_FIELDS,
      readable: sameNames('id', 'name', 'code', 'version'),
    },
    client: {
      join: 'LEFT JOIN clients c ON c.id = page."clientId"',
      columns: CLIENT_FIELDS,
      readable: sameNames('id', 'name', 'version'),
    },
  },
  // Counted without products (a total holding stock always has its product: a product with
  // stock cannot be deleted), from the partial indexes of migration 0093 alone.
  countFrom: `(SELECT * FROM stock_totals WHERE quantity > 0) st`,
  searchColumns: ['p.sku', 'p.name', 'p.ean'],
  sortColumns: { SKU: 'lower(p.sku)', NAME: 'lower(p.name)' },
  idColumn: 'st.id',
  filters: {
    clientId: { names: 'client', where: (p) => `st.client_id = ${p}` },
    // A few warehouses: each page of one is planned once per connection (see `literal`),
    // not on every request (0.6 ms of PostgreSQL's CPU, most of a page, bench/stock.mjs).
    warehouseId: {
      names: 'warehouse',
      where: (p) => `st.warehouse_id = ${p}`,
      literal: true,
    },
  },
  csv: {
    name: 'inventory',
    permission: 'stock:view',
    columns: [
      { de: 'SKU', en: 'SKU', sql: 'p.sku' },
      { de: 'Produkt', en: 'Product', sql: 'p.name' },
      { de: 'EAN', en: 'EAN', sql: 'p.ean' },
      { de: 'Mandant', en: 'Client', sql: '(SELECT name FROM clients WHERE id = st.client_id)' },
      {
        de: 'Lager',
        en: 'Warehouse',
        sql: '(SELECT name FROM warehouses WHERE id = st.warehouse_id)',
      },
      { de: 'Bestand', en: 'Quantity', sql: 'st.quantity' },
      { de: 'Gesperrt', en: 'Locked', sql: 'st.locked_qty' },
      { de: 'Verfügbar', en: 'Available', sql: 'st.quantity - st.locked_qty' },
      {
        de: 'Wert (EUR, netto)',
        en: 'Value (EUR, net)',
        sql: `to_char(st.quantity * p.price_net_cents / 100.0, 'FM9999999999990.00')`,
        kind: 'money',
      },
    ],
  },
};
