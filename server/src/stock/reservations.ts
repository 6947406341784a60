import type { Db } from '../db';

// Stock reservations (migration 0130): each stock_reservations row's quantity is part of its
// stock row's locked_qty. Reserving and releasing write both in ONE statement (a CTE), so the
// two never disagree. Lock order (stock.ts's rule against deadlocks): the stock rows are
// locked FOR UPDATE in id order before the first write, since the trigger keeping
// stock_totals locks the product's totals row at the first stock write.

/** One reservation to write. */
export interface NewReservation {
  orderItemId: number;
  stockId: string;
  quantity: number;
}

/** Locks stock rows FOR UPDATE in id order (call before the transaction's first stock write). */
export async function lockStockRows(tx: Db, stockIds: readonly string[]): Promise<void> {
  if (stockIds.length === 0) return;
  await tx.query(`SELECT id FROM stock WHERE id = any($1::bigint[]) ORDER BY id FOR UPDATE`, [
    [...stockIds],
  ]);
}

/**
 * Writes reservations and raises the stock rows' locked_qty by their sums, in one statement.
 * The caller has locked the stock rows and checked availability (the CHECK locked_qty <=
 * quantity is the last line).
 */
export async function reserve(
  tx: Db,
  picklistId: number | null,
  rows: readonly NewReservation[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `WITH made AS (
       INSERT INTO stock_reservations (order_item_id, stock_id, picklist_id, quantity)
       SELECT v.item, v.stock, $4, v.qty
         FROM unnest($1::int[], $2::bigint[], $3::int[]) AS v(item, stock, qty)
       ON CONFLICT (order_item_id, stock_id) DO UPDATE
          SET quantity = stock_reservations.quantity + EXCLUDED.quantity,
              picklist_id = EXCLUDED.picklist_id
       RETURNING stock_id, quantity)
     UPDATE stock s SET locked_qty = s.locked_qty + v.qty, updated_at = now()
       FROM (SELECT v.stock, sum(v.qty)::int AS qty
               FROM unnest($2::bigint[], $3::int[]) AS v(stock, qty) GROUP BY v.stock) v
      WHERE s.id = v.stock AND EXISTS (SELECT 1 FROM made)`,
    [
      rows.map((r) => r.orderItemId),
      rows.map((r) => r.stockId),
      rows.map((r) => r.quantity),
      picklistId,
    ],
  );
}

/**
 * Releases every reservation matching `where` (a condition on stock_reservations r with
 * parameters $1…): deletes them and lowers the stock rows' locked_qty, in one statement
 * after locking the stock rows. Returns the units released.
 */
async function releaseWhere(tx: Db, where: string, params: readonly unknown[]): Promise<number> {
  const held = await tx.query<{ stockId: string }>(
    `SELECT DISTINCT r.stock_id::text AS "stockId" FROM stock_reservations r WHERE ${where}`,
    params as never,
  );
  if (held.length === 0) return 0;
  await lockStockRows(
    tx,
    held.map((row) => row.stockId),
  );
  const [released] = await tx.query<{ units: number }>(
    `WITH gone AS (
       DELETE FROM stock_reservations r WHERE ${where} RETURNING r.stock_id, r.quantity),
     sums AS (SELECT stock_id, sum(quantity)::int AS qty FROM gone GROUP BY stock_id),
     lowered AS (
       UPDATE stock s SET locked_qty = s.locked_qty - sums.qty, updated_at = now()
         FROM sums WHERE s.id = sums.stock_id RETURNING sums.qty)
     SELECT coalesce(sum(qty), 0)::int AS units FROM lowered`,
    params as never,
  );
  return released?.units ?? 0;
}

/** Releases what a picklist still holds (its cancellation). */
export function releasePicklistReservations(tx: Db, picklistId: number): Promise<number> {
  return releaseWhere(tx, 'r.picklist_id = $1', [picklistId]);
}

/**
 * Releases what these orders still hold: for an order that is cancelled (orders.ts's
 * transition to cancelled should call it in its transaction) or completed.
 */
export function releaseOrderReservations(tx: Db, orderIds: readonly number[]): Promise<number> {
  if (orderIds.length === 0) return Promise.resolve(0);
  return releaseWhere(
    tx,
    'r.order_item_id IN (SELECT i.id FROM order_items i WHERE i.order_id = any($1::int[]))',
    [[...orderIds]],
  );
}
