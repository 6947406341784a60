import type { Client } from '../clients/clients';
import type { Db } from '../db';
import type { Asked } from '../lists/projection';
import { listPage, type FilterValues, type Page, type PageArgs } from '../lists/list';
import {
  inventoryList,
  stockChangeList,
  type InventorySort,
  type StockChangeFilter,
  type StockChangeSort,
} from './list';
import type { Product } from '../products/products';
import type { Warehouse } from '../warehouses/warehouses';
import { STOCK_CHANGE_COLUMNS, type StockChange, type StockMove } from './stock';

// What the warehouse holds, read: the inventory per product and warehouse, a product's
// stock by place and lot, and the ledger.

/** Stock of a product on one place and lot. */
export interface StockRow {
  id: string;
  productId: number;
  placeId: number;
  warehouseId: number;
  lot: string;
  bestBefore: string | null;
  quantity: number;
  locked: number;
  available: number;
  firstBookedAt: Date;
}

/** A product's stock in one warehouse (a row of stock_totals). */
export interface InventoryRow {
  id: number;
  productId: number;
  warehouseId: number;
  clientId: number;
  quantity: number;
  locked: number;
  available: number;
  /** The quantity held × the net price, in cents. */
  valueCents: number;
  // Read along by a page when the query asks only their readable fields (inventoryList.carries):
  // then these hold just those fields.
  product?: Product;
  warehouse?: Warehouse;
  client?: Client;
}

/** A ledger row as the list reads it: with the names of its users. */
export type LedgerRow = StockChange & { userName?: string | null; actingUserName?: string | null };

const STOCK_ROW_COLUMNS = `s.id::text AS id, s.product_id AS "productId", s.place_id AS "placeId",
  s.warehouse_id AS "warehouseId", s.lot, s.best_before::text AS "bestBefore", s.quantity,
  s.locked_qty AS locked, s.quantity - s.locked_qty AS available,
  s.first_booked_at AS "firstBookedAt"`;

/** One page of the inventory, optionally of one client and/or one warehouse. */
export async function listInventory(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: InventorySort,
  filter?: FilterValues<'clientId' | 'warehouseId'> | null,
  /** What a GraphQL query asks of each row (its product, warehouse, client are read along). */
  asked?: Asked,
): Promise<Page<InventoryRow>> {
  return listPage<InventoryRow, InventorySort, 'clientId' | 'warehouseId'>(
    db,
    inventoryList,
    args,
    sortBy,
    filter,
    asked,
  );
}

/** The stock rows (holding stock) of a product in a warehouse, in walking order. */
export async function inventoryDetail(
  db: Db,
  productId: number,
  warehouseId: number,
): Promise<StockRow[]> {
  return db.query<StockRow>(
    `SELECT ${STOCK_ROW_COLUMNS} FROM stock s JOIN places pl ON pl.id = s.place_id
      WHERE s.product_id = $1 AND s.warehouse_id = $2 AND s.quantity > 0
      ORDER BY pl.path_sort, s.lot, s.id`,
    [productId, warehouseId],
  );
}

/** The stock rows (holding stock) of these products, each product's in walking order. */
export async function stockOfProducts(db: Db, productIds: readonly number[]): Promise<StockRow[]> {
  return db.query<StockRow>(
    `SELECT ${STOCK_ROW_COLUMNS} FROM stock s JOIN places pl ON pl.id = s.place_id
      WHERE s.product_id = any($1) AND s.quantity > 0
      ORDER BY s.product_id, pl.path_sort, s.lot, s.id`,
    [[...productIds]],
  );
}

/** One page of the ledger. */
export async function listStockChanges(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: StockChangeSort,
  filter?: FilterValues<StockChangeFilter> | null,
): Promise<Page<LedgerRow>> {
  return listPage<LedgerRow, StockChangeSort, StockChangeFilter>(
    db,
    stockChangeList,
    args,
    sortBy,
    filter,
  );
}

/** One ledger row, or undefined. */
export async function findStockChange(db: Db, id: string): Promise<StockChange | undefined> {
  const [row] = await db.query<StockChange>(
    `SELECT ${STOCK_CHANGE_COLUMNS} FROM stock_changes WHERE id = $1`,
    [id],
  );
  return row;
}

/** A move by its reference, or undefined. */
export async function findStockMove(db: Db, reference: string): Promise<StockMove | undefined> {
  const rows = await db.query<StockChange>(
    `SELECT ${STOCK_CHANGE_COLUMNS} FROM stock_changes
      WHERE reference = $1 AND reason = 'move' ORDER BY delta`,
    [reference],
  );
  const [from, to] = rows;
  return from && to && rows.length === 2 ? { id: reference, from, to } : undefined;
}

/** The names of these users (the ledger's who). */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM users WHERE id = any($1)',
    [[...ids]],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
