import { msg, type Message } from '@kontor/contracts';
import type { Db } from '../db';
import { uniqueConstraints } from '../domain/database-errors';
import { conflict, invalidField, notFound, staleEdit } from '../domain/errors';
import { listPage, statusFilter, type FilterValues, type Page, type PageArgs } from '../lists/list';
import type { Actor } from '../stock/stock';
import { stocktakingLockOf } from '../stock/locks';
import { scanNamesPlace } from '../warehouses/warehouses';
import { fulfillmentProblem, type FulfillmentProblem } from '../orders/orders';
import {
  lockStockRows,
  releasePicklistReservations,
  reserve,
  type NewReservation,
} from '../stock/reservations';

// Picklists (issue 15; migration 0130; docs/domain.md "Outbound"). Creating one reserves
// stock for a batch of pending orders (first expiry first out) and moves them to processing;
// picking confirms lines by scanned place and EAN; cancelling releases what is still held.
// Business functions `(db, actor, typed input)`, knowing nothing of GraphQL; each runs in one
// transaction. Creation issues a fixed number of statements whatever the number of orders
// (bench/fulfillment.mjs counts them): the allocation is computed in memory over rows read
// in a few set-based queries and written back with unnest.

// The number comes from a sequence, the line per stock row is made once by the server.
uniqueConstraints({
  picklists_number_key: 'number',
  picklist_lines_stock_key: 'lineId',
  stock_reservations_item_stock_key: 'orderItemId',
});

export type PicklistStatus = 'open' | 'in_progress' | 'done' | 'cancelled';
export const PICKLIST_STATUSES = ['open', 'in_progress', 'done', 'cancelled'] as const;

/** The most orders one picklist takes. */
export const MAX_PICKLIST_ORDERS = 1000;

export interface Picklist {
  id: number;
  number: string;
  status: PicklistStatus;
  clientId: number | null;
  shippingMethodId: number | null;
  maxOrders: number | null;
  singleItemOnly: boolean;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: Date;
  orderCount: number;
  lineCount: number;
  pickedCount: number;
  version: number;
}

export interface PicklistLineOrder {
  orderId: number;
  quantity: number;
}

export interface PicklistLine {
  id: number;
  picklistId: number;
  productId: number;
  placeId: number;
  lot: string;
  bestBefore: string | null;
  quantity: number;
  pickedQuantity: number;
  pickedByName: string | null;
  pickedAt: Date | null;
  orders: PicklistLineOrder[];
}

export const PICKLIST_COLUMNS = `pl.id, pl.number, pl.status, pl.client_id AS "clientId",
  pl.shipping_method_id AS "shippingMethodId", pl.max_orders AS "maxOrders",
  pl.single_item_only AS "singleItemOnly", pl.created_by AS "createdBy",
  (SELECT u.name FROM users u WHERE u.id = pl.created_by) AS "createdByName",
  pl.created_at AS "createdAt",
  (SELECT count(*)::int FROM picklist_orders po WHERE po.picklist_id = pl.id) AS "orderCount",
  (SELECT count(*)::int FROM picklist_lines l WHERE l.picklist_id = pl.id) AS "lineCount",
  (SELECT count(*)::int FROM picklist_lines l WHERE l.picklist_id = pl.id
      AND l.picked_quantity = l.quantity) AS "pickedCount",
  pl.version`;

export type PicklistSort = 'CREATED' | 'NUMBER' | 'ID';

export const picklistList = {
  select: PICKLIST_COLUMNS,
  from: 'picklists pl',
  estimatedFrom: 'picklists',
  searchColumns: ['pl.number'],
  sortColumns: { CREATED: 'pl.created_at', NUMBER: 'pl.number', ID: 'pl.id' },
  idColumn: 'pl.id',
  filters: {
    status: statusFilter('pl.status', PICKLIST_STATUSES),
  },
};

/** One page of picklists. */
export function listPicklists(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: PicklistSort,
  filter?: FilterValues<'status'> | null,
): Promise<Page<Picklist>> {
  return listPage<Picklist, PicklistSort, 'status'>(db, picklistList, args, sortBy, filter);
}

export async function findPicklist(db: Db, id: number): Promise<Picklist | undefined> {
  const [row] = await db.query<Picklist>(
    `SELECT ${PICKLIST_COLUMNS} FROM picklists pl WHERE pl.id = $1`,
    [id],
  );
  return row;
}

export function picklistsByIds(db: Db, ids: readonly number[]): Promise<Picklist[]> {
  return db.query<Picklist>(
    `SELECT ${PICKLIST_COLUMNS} FROM picklists pl WHERE pl.id = any($1::int[])`,
    [[...ids]],
  );
}

/** The lines of these picklists in walking order (place path), then sku. */
export function linesOfPicklists(db: Db, ids: readonly number[]): Promise<PicklistLine[]> {
  return db.query<PicklistLine>(
    `SELECT l.id, l.picklist_id AS "picklistId", l.product_id AS "productId", l.place_id AS "placeId",
            l.lot, l.best_before::text AS "bestBefore", l.quantity, l.picked_quantity AS "pickedQuantity",
            u.name AS "pickedByName", l.picked_at AS "pickedAt",
            coalesce((SELECT json_agg(json_build_object('orderId', i.order_id, 'quantity', li.quantity)
                                      ORDER BY i.order_id, i.position)
                        FROM picklist_line_items li JOIN order_items i ON i.id = li.order_item_id
                       WHERE li.picklist_line_id = l.id), '[]') AS orders
       FROM picklist_lines l JOIN places p ON p.id = l.place_id
       JOIN products pr ON pr.id = l.product_id
       LEFT JOIN users u ON u.id = l.picked_by
      WHERE l.picklist_id = any($1::int[])
      ORDER BY l.picklist_id, p.path_sort, lower(pr.sku), l.id`,
    [[...ids]],
  );
}

/** The order ids of these picklists, by order number. */
export function ordersOfPicklists(
  db: Db,
  ids: readonly number[],
): Promise<{ picklistId: number; orderId: number }[]> {
  return db.query(
    `SELECT po.picklist_id AS "picklistId", po.order_id AS "orderId"
       FROM picklist_orders po JOIN orders o ON o.id = po.order_id
      WHERE po.picklist_id = any($1::int[]) ORDER BY po.picklist_id, o.number, o.id`,
    [[...ids]],
  );
}

/** What createPicklist takes (validated by picklists/rules.ts). */
export interface ValidPicklistInput {
  clientId: number | null;
  shippingMethodId: number | null;
  maxOrders: number | null;
  singleItemOnly: boolean;
  /** Only these orders (chosen in the orders list), null: any pending order. */
  orderIds: number[] | null;
}

/** An order a new picklist could not reserve, and why. */
export interface PicklistOrderError {
  orderId: number;
  /** In English. */
  reason: string;
  /** The reasons as messages (fulfillment.reserve …), worded by the screen. */
  problems: Message[];
}

/**
 * Why a new picklist left an order out without trying to reserve it: `fulfillment` (it has a
 * fulfillment error: fixed and retried on /order/error first), `status` (a chosen order that
 * is not pending), `filter` (a chosen order the input's client, method or single-item filter
 * excludes), `taken` (a chosen order another picklist is taking right now).
 */
export type PicklistSkipRule = 'fulfillment' | 'status' | 'filter' | 'taken';

export interface PicklistSkippedOrder {
  orderId: number;
  rule: PicklistSkipRule;
}

/** The most skipped orders a result names (skippedTotal counts them all). */
export const MAX_SKIPPED_LISTED = 50;

export interface PicklistResult {
  picklist: Picklist | null;
  errors: PicklistOrderError[];
  /** The orders left out (oldest first, at most MAX_SKIPPED_LISTED). */
  skipped: PicklistSkippedOrder[];
  skippedTotal: number;
}

interface CandidateItem {
  id: number;
  orderId: number;
  position: number;
  productId: number | null;
  sku: string;
  open: number;
  clientId: number;
}

interface CandidateStock {
  id: string;
  productId: number;
  placeId: number;
  clientId: number;
  lot: string;
  bestBefore: string | null;
  available: number;
}

/**
 * Creates a picklist from the pending orders matching the input (oldest order date first; only
 * the chosen ones when `orderIds` is given; orders with a fulfillment error are left to
 * /order/error, orders another picklist is taking right now are skipped: both are named in
 * `skipped` with their rule, so the screen can say why an order was not taken). Each order is reserved fully or not at all: its positions from the stock
 * rows with something available, first expiry first out (earliest best-before, then rows
 * without; then the oldest booking; then the walking order: docs/domain.md "Which stock goes first"), never from a place a running stocktaking locks. A
 * reserved order becomes processing; one that cannot be reserved stays pending with its
 * fulfillment error. No order reserved: no picklist (picklist null, the errors listed).
 */
export async function createPicklist(
  db: Db,
  actor: Actor,
  input: ValidPicklistInput,
): Promise<PicklistResult> {
  return db.transaction(async (tx) => {
    if (input.clientId !== null) {
      const [client] = await tx.query('SELECT 1 FROM clients WHERE id = $1', [input.clientId]);
      if (!client) throw invalidField('clientId', 'exists', 'The selected client is invalid.');
    }
    if (input.shippingMethodId !== null) {
      const [method] = await tx.query('SELECT 1 FROM shipping_methods WHERE id = $1', [
        input.shippingMethodId,
      ]);
      if (!method)
        throw invalidField(
          'shippingMethodId',
          'exists',
          'The selected shipping method is invalid.',
        );
    }
    // Chosen orders are all taken (at most MAX_PICKLIST_ORDERS are chosen): no limit of its own.
    const limit =
      input.orderIds === null ? (input.maxOrders ?? MAX_PICKLIST_ORDERS) : MAX_PICKLIST_ORDERS;
    const matches = `($1::int IS NULL OR o.client_id = $1::int)
          AND ($2::int IS NULL OR o.shipping_method_id = $2::int)
          AND (NOT $3::boolean OR (
                SELECT count(*) = 1 AND sum(i.ordered_quantity) = 1
                  FROM order_items i WHERE i.order_id = o.id))`;
    const filters = [input.clientId, input.shippingMethodId, input.singleItemOnly];
    if (input.orderIds !== null) {
      const [found] = await tx.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM orders WHERE id = any($1::int[])',
        [input.orderIds],
      );
      if (found!.count < input.orderIds.length)
        throw invalidField('orderIds', 'exists', 'A chosen order does not exist.');
    }
    // The orders, locked; SKIP LOCKED: two picklists made at once take different orders.
    const orders = await tx.query<{ id: number; number: string }>(
      `SELECT o.id, o.number FROM orders o
        WHERE o.status = 'pending' AND o.fulfillment_error IS NULL AND ${matches}
          AND ($5::int[] IS NULL OR o.id = any($5::int[]))
        ORDER BY o.order_date, o.id LIMIT $4
        FOR UPDATE OF o SKIP LOCKED`,
      [...filters, limit, input.orderIds],
    );
    // What was left out and why: the chosen orders not taken, else the pending orders with a
    // fulfillment error that the filters match (read without locks: a report, not a claim).
    const leftOut = await tx.query<{ id: number; rule: PicklistSkipRule; total: number }>(
      `SELECT o.id, count(*) OVER ()::int AS total,
              CASE WHEN o.status <> 'pending' THEN 'status'
                   WHEN o.fulfillment_error IS NOT NULL THEN 'fulfillment'
                   WHEN NOT (${matches}) THEN 'filter'
                   ELSE 'taken' END AS rule
         FROM orders o
        WHERE CASE WHEN $5::int[] IS NULL
                   THEN o.status = 'pending' AND o.fulfillment_error IS NOT NULL AND ${matches}
                   ELSE o.id = any($5::int[]) AND o.id <> all($4::int[]) END
        ORDER BY o.order_date, o.id LIMIT ${MAX_SKIPPED_LISTED}`,
      [...filters, orders.map((o) => o.id), input.orderIds],
    );
    const skipped = leftOut.map((row) => ({ orderId: row.id, rule: row.rule }));
    const skippedTotal = leftOut[0]?.total ?? 0;
    if (orders.length === 0) return { picklist: null, errors: [], skipped, skippedTotal };
    const orderIds = orders.map((o) => o.id);

    const items = await tx.query<CandidateItem>(
      `SELECT i.id, i.order_id AS "orderId", i.position,
              CASE WHEN p.deleted_at IS NULL THEN i.product_id END AS "productId", i.sku,
              i.ordered_quantity - i.shipped_quantity
                - coalesce((SELECT sum(r.quantity) FROM stock_reservations r
                             WHERE r.order_item_id = i.id), 0)::int AS open,
              o.client_id AS "clientId"
         FROM order_items i JOIN orders o ON o.id = i.order_id
         LEFT JOIN products p ON p.id = i.product_id
        WHERE i.order_id = any($1::int[]) ORDER BY i.order_id, i.position`,
      [orderIds],
    );
    const productIds = [
      ...new Set(items.filter((i) => i.productId !== null).map((i) => i.productId!)),
    ];

    // The candidate stock rows in FEFO order, locked in id order before any write.
    const stock = await tx.query<CandidateStock>(
      `SELECT s.id::text AS id, s.product_id AS "productId", s.place_id AS "placeId",
              s.client_id AS "clientId", s.lot, s.best_before::text AS "bestBefore",
              s.quantity - s.locked_qty AS available
         FROM stock s JOIN places pl ON pl.id = s.place_id
        WHERE s.product_id = any($1::int[]) AND s.quantity > s.locked_qty
        ORDER BY s.product_id, s.best_before NULLS LAST, s.first_booked_at, pl.path_sort, s.id`,
      [productIds],
    );
    await lockStockRows(
      tx,
      stock.map((row) => row.id),
    );
    // Re-read what is available now that the rows are locked (a booking may have committed in between).
    const current = new Map(
      (
        await tx.query<{ id: string; available: number }>(
          `SELECT id::text AS id, quantity - locked_qty AS available FROM stock WHERE id = any($1::bigint[])`,
          [stock.map((row) => row.id)],
        )
      ).map((row) => [row.id, row.available]),
    );
    // Places a running stocktaking locks (per client: a client-scoped count locks only its products).
    const locked = new Set<string>();
    for (const clientId of new Set(stock.map((row) => row.clientId))) {
      const rows = stock.filter((row) => row.clientId === clientId);
      const locks = await stocktakingLockOf(
        tx,
        [...new Set(rows.map((row) => row.placeId))],
        clientId,
      );
      for (const row of rows) if (locks.has(row.placeId)) locked.add(row.id);
    }
    const byProduct = new Map<number, CandidateStock[]>();
    for (const row of stock) {
      row.available = current.get(row.id) ?? 0;
      if (locked.has(row.id) || row.available <= 0) continue;
      const list = byProduct.get(row.productId) ?? [];
      list.push(row);
      byProduct.set(row.productId, list);
    }

    // Allocation in memory, order by order: all of an order or nothing of it.
    const left = new Map(stock.map((row) => [row.id, row.available]));
    const reservations: NewReservation[] = [];
    const reserved: number[] = [];
    const errors: PicklistOrderError[] = [];
    const itemsByOrder = new Map<number, CandidateItem[]>();
    for (const item of items) {
      const list = itemsByOrder.get(item.orderId) ?? [];
      list.push(item);
      itemsByOrder.set(item.orderId, list);
    }
    for (const order of orders) {
      const taken: NewReservation[] = [];
      const problems: FulfillmentProblem[] = [];
      for (const item of itemsByOrder.get(order.id) ?? []) {
        if (item.open <= 0) continue;
        if (item.productId === null) {
          problems.push(
            fulfillmentProblem(
              'product',
              msg('fulfillment.product', { sku: item.sku, position: item.position }),
            ),
          );
          continue;
        }
        let need = item.open;
        for (const row of byProduct.get(item.productId) ?? []) {
          const have = left.get(row.id)!;
          if (have <= 0) continue;
          const take = Math.min(have, need);
          taken.push({ orderItemId: item.id, stockId: row.id, quantity: take });
          left.set(row.id, have - take);
          need -= take;
          if (need === 0) break;
        }
        if (need > 0) {
          const params = { sku: item.sku, needed: item.open, available: item.open - need };
          const locks = stock.some((row) => row.productId === item.productId && locked.has(row.id));
          problems.push(
            fulfillmentProblem(
              'stock',
              locks ? msg('fulfillment.reserveLocked', params) : msg('fulfillment.reserve', params),
            ),
          );
        }
      }
      if (problems.length > 0) {
        // Give back what this order took.
        for (const t of taken) left.set(t.stockId, left.get(t.stockId)! + t.quantity);
        errors.push({
          orderId: order.id,
          reason: problems.map((p) => p.message).join(' '),
          problems: problems.map((p) => p.text),
        });
      } else {
        reservations.push(...taken);
        reserved.push(order.id);
      }
    }

    if (errors.length > 0) {
      await tx.query(
        `WITH v AS (SELECT * FROM unnest($1::int[], $2::text[], $5::jsonb[]) AS v(id, reason, problems)),
         marked AS (
           UPDATE orders o SET fulfillment_error = v.reason, fulfillment_problems = v.problems,
                  fulfillment_error_at = now()
             FROM v WHERE o.id = v.id RETURNING o.id)
         INSERT INTO order_events (order_id, user_id, acting_user_id, kind, detail)
         SELECT v.id, $3, $4, 'fulfillment_error',
                jsonb_build_object('reason', v.reason, 'problems',
                  (SELECT jsonb_agg(jsonb_build_object('rule', 'stock', 'text', p))
                     FROM jsonb_array_elements(v.problems) AS p))
           FROM v JOIN marked m ON m.id = v.id`,
        [
          errors.map((e) => e.orderId),
          errors.map((e) => e.reason),
          actor.userId,
          actor.actingUserId !== actor.userId ? actor.actingUserId : null,
          errors.map((e) => JSON.stringify(e.problems)),
        ],
      );
    }
    if (reserved.length === 0) return { picklist: null, errors, skipped, skippedTotal };

    const [made] = await tx.query<{ id: number; number: string }>(
      `INSERT INTO picklists (client_id, shipping_method_id, max_orders, single_item_only, created_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING id, number`,
      [input.clientId, input.shippingMethodId, input.maxOrders, input.singleItemOnly, actor.userId],
    );
    const picklistId = made!.id;
    await tx.query(
      `INSERT INTO picklist_orders (picklist_id, order_id) SELECT $1, unnest($2::int[])`,
      [picklistId, reserved],
    );
    await reserve(tx, picklistId, reservations);

    // A line per stock row; which positions it serves.
    const byStock = new Map<string, number>();
    for (const r of reservations)
      byStock.set(r.stockId, (byStock.get(r.stockId) ?? 0) + r.quantity);
    const stockIds = [...byStock.keys()];
    const lines = await tx.query<{ id: number; stockId: string }>(
      `INSERT INTO picklist_lines (picklist_id, product_id, place_id, stock_id, lot, best_before, quantity)
       SELECT $1, s.product_id, s.place_id, s.id, s.lot, s.best_before, v.qty
         FROM unnest($2::bigint[], $3::int[]) AS v(stock, qty) JOIN stock s ON s.id = v.stock
       RETURNING id, stock_id::text AS "stockId"`,
      [picklistId, stockIds, stockIds.map((id) => byStock.get(id)!)],
    );
    const lineOf = new Map(lines.map((line) => [line.stockId, line.id]));
    await tx.query(
      `INSERT INTO picklist_line_items (picklist_line_id, order_item_id, quantity)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`,
      [
        reservations.map((r) => lineOf.get(r.stockId)!),
        reservations.map((r) => r.orderItemId),
        reservations.map((r) => r.quantity),
      ],
    );
    // The reserved orders: processing, their history (the picklist's number in the detail).
    await tx.query(
      `WITH moved AS (
         UPDATE orders SET status = 'processing', version = version + 1, updated_at = now()
          WHERE id = any($1::int[]) AND status = 'pending' RETURNING id)
       INSERT INTO order_events (order_id, user_id, acting_user_id, kind, from_status, to_status, detail)
       SELECT id, $2, $3, 'status', 'pending', 'processing', jsonb_build_object('picklist', $4::text)
         FROM moved`,
      [
        reserved,
        actor.userId,
        actor.actingUserId !== actor.userId ? actor.actingUserId : null,
        made!.number,
      ],
    );
    return { picklist: (await findPicklist(tx, picklistId))!, errors, skipped, skippedTotal };
  });
}

/** The picklist, locked for this transaction; NOT_FOUND when there is none. */
async function lockPicklist(tx: Db, id: number): Promise<Picklist> {
  const [row] = await tx.query<{ id: number }>(
    'SELECT id FROM picklists WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) throw notFound(msg('notFound.picklist'));
  return (await findPicklist(tx, id))!;
}

/** What pickLine takes (validated by picklists/rules.ts). */
export interface ValidPick {
  lineId: number;
  placeBarcode: string;
  ean: string;
  quantity: number;
}

/**
 * Confirms picking `quantity` of a line: the scanned place barcode must be the line's place
 * (field error placeBarcode) and the EAN the product's (its sku when it has no EAN; field
 * error ean); at most what is left of the line (field error quantity). Only while open or in
 * progress (CONFLICT status). The first pick makes the picklist in progress, the last done.
 */
export async function pickLine(db: Db, actor: Actor, input: ValidPick): Promise<Picklist> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.query<{ picklistId: number }>(
      'SELECT picklist_id AS "picklistId" FROM picklist_lines WHERE id = $1',
      [input.lineId],
    );
    if (!owner) throw notFound(msg('notFound.picklistLine'));
    const picklist = await lockPicklist(tx, owner.picklistId);
    if (picklist.status !== 'open' && picklist.status !== 'in_progress')
      throw conflict(
        msg('picklists.notPickable', {
          number: picklist.number,
          status: { term: `status.picklist.${picklist.status}` },
        }),
        'status',
      );
    const [line] = await tx.query<{
      quantity: number;
      picked: number;
      barcode: string;
      formerBarcode: string | null;
      path: string;
      ean: string;
      sku: string;
    }>(
      `SELECT l.quantity, l.picked_quantity AS picked, p.barcode,
              p.former_barcode AS "formerBarcode", p.path, pr.ean, pr.sku
         FROM picklist_lines l JOIN places p ON p.id = l.place_id JOIN products pr ON pr.id = l.product_id
        WHERE l.id = $1`,
      [input.lineId],
    );
    const row = line!;
    if (!scanNamesPlace(input.placeBarcode, row))
      throw invalidField('placeBarcode', 'place', msg('picklists.wrongPlace', { path: row.path }), {
        path: row.path,
      });
    const code = input.ean.toLowerCase();
    if (row.ean !== '' ? code !== row.ean.toLowerCase() : code !== row.sku.toLowerCase())
      throw invalidField(
        'ean',
        'product',
        msg('picklists.wrongProduct', {
          product: row.ean ? `${row.sku} (EAN ${row.ean})` : row.sku,
        }),
        { sku: row.sku },
      );
    const open = row.quantity - row.picked;
    if (input.quantity > open)
      throw invalidField(
        'quantity',
        'max',
        open === 0 ? msg('picklists.lineComplete') : msg('picklists.atMost', { open }),
        { open },
      );
    await tx.query(
      `UPDATE picklist_lines SET picked_quantity = picked_quantity + $2, picked_by = $3, picked_at = now()
        WHERE id = $1`,
      [input.lineId, input.quantity, actor.userId],
    );
    await tx.query(
      `UPDATE picklists SET version = version + 1, updated_at = now(),
         status = CASE WHEN NOT EXISTS (SELECT 1 FROM picklist_lines l
                                         WHERE l.picklist_id = $1 AND l.picked_quantity < l.quantity)
                       THEN 'done' ELSE 'in_progress' END
        WHERE id = $1`,
      [picklist.id],
    );
    return (await findPicklist(tx, picklist.id))!;
  });
}

/**
 * Cancels an open or in-progress picklist made on `version` (CONFLICT stale / status): what it
 * still holds is released, and its orders that are processing and shipped nothing go back to
 * pending (an order on hold from processing will be released to pending).
 */
export async function cancelPicklist(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
): Promise<Picklist> {
  return db.transaction(async (tx) => {
    const picklist = await lockPicklist(tx, id);
    if (picklist.version !== version) throw staleEdit();
    if (picklist.status !== 'open' && picklist.status !== 'in_progress')
      throw conflict(
        msg('picklists.notCancellable', {
          number: picklist.number,
          status: { term: `status.picklist.${picklist.status}` },
        }),
        'status',
      );
    // Orders first (lock order: orders, then stock rows), in id order.
    const orders = await tx.query<{ id: number }>(
      `SELECT o.id FROM orders o JOIN picklist_orders po ON po.order_id = o.id
        WHERE po.picklist_id = $1 ORDER BY o.id FOR UPDATE OF o`,
      [id],
    );
    await releasePicklistReservations(tx, id);
    const actingUserId = actor.actingUserId !== actor.userId ? actor.actingUserId : null;
    await tx.query(
      `WITH back AS (
         UPDATE orders o SET status = 'pending', version = version + 1, updated_at = now()
          WHERE o.id = any($1::int[]) AND o.status = 'processing'
            AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.shipped_quantity > 0)
            AND NOT EXISTS (SELECT 1 FROM stock_reservations r JOIN order_items i ON i.id = r.order_item_id
                             WHERE i.order_id = o.id)
         RETURNING o.id)
       INSERT INTO order_events (order_id, user_id, acting_user_id, kind, from_status, to_status, detail)
       SELECT id, $2, $3, 'status', 'processing', 'pending', jsonb_build_object('picklist', $4::text,
              'reason', 'Picklist ' || $4::text || ' cancelled')
         FROM back`,
      [orders.map((o) => o.id), actor.userId, actingUserId, picklist.number],
    );
    await tx.query(
      `UPDATE orders o SET held_from_status = 'pending', version = version + 1, updated_at = now()
        WHERE o.id = any($1::int[]) AND o.status = 'on_hold' AND o.held_from_status = 'processing'
          AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.shipped_quantity > 0)`,
      [orders.map((o) => o.id)],
    );
    await tx.query(
      `UPDATE picklists SET status = 'cancelled', version = version + 1, updated_at = now(),
         cancelled_at = now(), cancelled_by = $2 WHERE id = $1`,
      [id, actor.userId],
    );
    return (await findPicklist(tx, id))!;
  });
}
