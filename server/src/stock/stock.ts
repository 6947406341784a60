import { msg, type Message } from '@kontor/contracts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { uniqueConstraints } from '../domain/database-errors';
import { fieldProblem, InvalidInput, invalidField, type FieldProblems } from '../domain/errors';
import type { ValidBooking, ValidCorrection, ValidMove } from './rules';
import { lockedMessage, stocktakingLockOf } from './locks';

// Stock per product × place × lot and its append-only ledger (migration 0090). Every change
// of a quantity writes the stock row and one stock_changes row per touched stock row in one
// transaction.
//
// Never a lost update: increments are one INSERT … ON CONFLICT DO UPDATE, decrements one
// guarded UPDATE … WHERE quantity - locked_qty >= d; nothing is read, computed in the server
// and written back. Never a deadlock: the trigger keeping stock_totals locks the product's
// totals row after a transaction's first stock write, so every transaction takes all its
// stock row locks before that first write (a move locks its two rows in id order, and
// creates a new target row before it touches the source).

// stock_totals' row id (migration 0093) is made by the database, never given by a user; a
// stock row per product × place × lot is written with ON CONFLICT, so its key never refuses.
uniqueConstraints({ stock_totals_id_key: 'id', stock_product_place_lot_key: 'placeId' });

/** Why a quantity changed (stock_changes.reason). */
export type StockReason =
  'book_in' | 'book_out' | 'move' | 'correction' | 'avis' | 'shipment' | 'stocktaking';

/** Who books: the user whose identity the session has, and who really acts (login-as). */
export interface Actor {
  /** The session's user (under login-as the one whose identity is taken). */
  userId: number;
  /** Who really acts: the original user under login-as, else the same as userId. */
  actingUserId: number;
}

/** One row of the ledger. */
export interface StockChange {
  id: string;
  productId: number;
  placeId: number;
  clientId: number;
  warehouseId: number;
  lot: string;
  /** YYYY-MM-DD or null. */
  bestBefore: string | null;
  delta: number;
  /** The stock row's quantity after this change. */
  quantityAfter: number;
  reason: StockReason;
  reference: string;
  comment: string;
  /** The comment the server wrote, as a message (`ledger.shipment` …); null: a user's or none. */
  commentMessage: Message | null;
  userId: number | null;
  actingUserId: number | null;
  createdAt: Date;
}

/** A move: its two ledger rows, sharing one reference. */
export interface StockMove {
  /** The reference both rows carry. */
  id: string;
  from: StockChange;
  to: StockChange;
}

/** The columns of a ledger row, named as StockChange's fields. */
export const STOCK_CHANGE_COLUMNS = `id::text AS id, product_id AS "productId", place_id AS "placeId",
  client_id AS "clientId", warehouse_id AS "warehouseId", lot, best_before::text AS "bestBefore",
  delta, quantity_after AS "quantityAfter", reason, reference, comment,
  comment_message AS "commentMessage", user_id AS "userId",
  acting_user_id AS "actingUserId", created_at AS "createdAt"`;

/** What a booking needs to know of its product. */
interface BookedProduct {
  id: number;
  clientId: number;
  lotTracked: boolean;
  bestBefore: boolean;
}

/** A stock row as the booking functions read it back. */
interface StockRow {
  id: string;
  quantity: number;
  lockedQty: number;
  bestBefore: string | null;
}

const STOCK_ROW = `id::text AS id, quantity, locked_qty AS "lockedQty", best_before::text AS "bestBefore"`;

/** PostgreSQL's "integer out of range": a place would hold more than 2,147,483,647 units. */
function tooMany(error: unknown): InvalidInput | undefined {
  if ((error as { code?: unknown } | null)?.code !== '22003') return undefined;
  return invalidField('quantity', 'max', msg('stock.tooMuch', { max: 2_147_483_647 }), {
    max: 2_147_483_647,
  });
}

/**
 * Checks what a booking names against the database: the warehouse exists, the product exists
 * (not deleted), each place exists and belongs to the warehouse, the lot is given exactly
 * when the product is lot-tracked. Every problem at once, each on its field.
 */
async function checkBooking(
  tx: Db,
  input: { warehouseId: number; productId: number; lot: string },
  places: Record<string, number>,
): Promise<BookedProduct> {
  const problems: FieldProblems = {};
  const add = (
    fieldName: string,
    rule: string,
    message: string | Message,
    params?: Record<string, string | number>,
  ) => (problems[fieldName] ??= []).push(fieldProblem(rule, message, params));

  // One round trip for everything a booking names (a booking is short: it holds a row lock).
  // The product row is key-share locked (as the ledger's foreign key would lock it): a delete
  // of the product (FOR UPDATE) waits for this booking and then sees its stock, and a booking
  // after a delete sees the product gone.
  const placeIds = Object.values(places);
  const [found] = await tx.query<{
    warehouse: boolean;
    product: BookedProduct | null;
    places: { id: number; warehouseId: number; path: string }[] | null;
  }>(
    `SELECT EXISTS (SELECT 1 FROM warehouses WHERE id = $1) AS warehouse,
       (SELECT json_build_object('id', id, 'clientId', client_id, 'lotTracked', lot_tracked,
                                 'bestBefore', best_before)
          FROM products WHERE id = $2 AND deleted_at IS NULL FOR KEY SHARE) AS product,
       (SELECT json_agg(json_build_object('id', id, 'warehouseId', warehouse_id, 'path', path))
          FROM places WHERE id = any($3::int[])) AS places`,
    [input.warehouseId, input.productId, placeIds],
  );
  const warehouse = found!.warehouse;
  const product = found!.product;
  if (!warehouse) add('warehouseId', 'exists', 'The selected warehouse does not exist.');
  if (!product) add('productId', 'exists', 'The selected product does not exist.');
  for (const [fieldName, placeId] of Object.entries(places)) {
    const place = found!.places?.find((row) => row.id === placeId);
    if (!place) add(fieldName, 'exists', 'The selected place does not exist.');
    else if (warehouse && place.warehouseId !== input.warehouseId)
      add(fieldName, 'warehouse', msg('stock.otherWarehouse', { path: place.path }), {
        path: place.path,
      });
  }
  if (product?.lotTracked && input.lot === '') add('lot', 'required', msg('stock.lotRequired'));
  if (product && !product.lotTracked && input.lot !== '')
    add('lot', 'prohibited', msg('stock.lotProhibited'));
  if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
  // A place in a running stocktaking's scope is locked (issue 16; lock order in stocktaking/locks.ts).
  const locks = await stocktakingLockOf(tx, placeIds, product!.clientId);
  for (const [fieldName, placeId] of Object.entries(places)) {
    const lock = locks.get(placeId);
    const place = found!.places?.find((row) => row.id === placeId);
    if (lock && place)
      add(fieldName, 'stocktaking', lockedMessage(place.path, lock), { stocktaking: lock.number });
  }
  if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
  return product!;
}

/** The best-before date a booking that adds stock must carry (required exactly for best-before products). */
function checkBestBefore(product: BookedProduct, bestBefore: string | null): void {
  if (product.bestBefore && !bestBefore)
    throw invalidField('bestBefore', 'required', msg('stock.bestBeforeRequired'));
  if (!product.bestBefore && bestBefore)
    throw invalidField('bestBefore', 'prohibited', msg('stock.bestBeforeProhibited'));
}

/** The refusal of a booking that would make stock negative, naming what is available. */
async function notAvailable(
  tx: Db,
  key: { productId: number; placeId: number; lot: string },
  wanted: number,
): Promise<InvalidInput> {
  const [row] = await tx.query<{ available: number; locked: number }>(
    `SELECT quantity - locked_qty AS available, locked_qty AS locked FROM stock
      WHERE product_id = $1 AND place_id = $2 AND lot = $3`,
    [key.productId, key.placeId, key.lot],
  );
  const available = row?.available ?? 0;
  return invalidField(
    'quantity',
    'available',
    row?.locked
      ? msg('stock.notAvailableLocked', { available, wanted, locked: row.locked })
      : msg('stock.notAvailable', { available, wanted }),
    { available },
  );
}

/** The refusal of stock with another best-before date onto a place that holds the product (and lot). */
const otherBestBefore = (fieldName: string, existing: string | null) =>
  invalidField(
    fieldName,
    'bestBefore',
    existing
      ? msg('stock.otherBestBefore', { bestBefore: { date: existing } })
      : msg('stock.otherBestBeforeUnknown'),
    existing ? { bestBefore: existing } : undefined,
  );

/** Writes one ledger row. */
async function recordChange(
  tx: Db,
  actor: Actor,
  change: {
    productId: number;
    placeId: number;
    clientId: number;
    warehouseId: number;
    lot: string;
    bestBefore: string | null;
    delta: number;
    quantityAfter: number;
    reason: StockReason;
    reference?: string;
    comment: string;
  },
): Promise<StockChange> {
  const [row] = await tx.query<StockChange>(
    `INSERT INTO stock_changes (product_id, place_id, client_id, warehouse_id, lot, best_before,
       delta, quantity_after, reason, reference, comment, user_id, acting_user_id)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11, $12, $13)
     RETURNING ${STOCK_CHANGE_COLUMNS}`,
    [
      change.productId,
      change.placeId,
      change.clientId,
      change.warehouseId,
      change.lot,
      change.bestBefore,
      change.delta,
      change.quantityAfter,
      change.reason,
      change.reference ?? '',
      change.comment,
      actor.userId,
      actor.actingUserId,
    ],
  );
  return row!;
}

/**
 * Adds `quantity` to a stock row in one statement (created when missing). A row with stock
 * keeps its best-before date: stock with another date is refused (undefined is returned).
 */
async function addToStock(
  tx: Db,
  row: {
    productId: number;
    placeId: number;
    clientId: number;
    warehouseId: number;
    lot: string;
    bestBefore: string | null;
  },
  quantity: number,
): Promise<StockRow | undefined> {
  try {
    const [added] = await tx.query<StockRow>(
      `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, lot, best_before, quantity)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7)
       ON CONFLICT (product_id, place_id, lot) DO UPDATE
          SET quantity = stock.quantity + EXCLUDED.quantity,
              best_before = EXCLUDED.best_before,
              first_booked_at = CASE WHEN stock.quantity = 0 THEN now() ELSE stock.first_booked_at END,
              updated_at = now()
        WHERE stock.quantity = 0 OR stock.best_before IS NOT DISTINCT FROM EXCLUDED.best_before
       RETURNING ${STOCK_ROW}`,
      [
        row.productId,
        row.placeId,
        row.clientId,
        row.warehouseId,
        row.lot,
        row.bestBefore,
        quantity,
      ],
    );
    return added;
  } catch (error) {
    throw tooMany(error) ?? error;
  }
}

/** The best-before date of a stock row (for the refusal of another date). */
async function bestBeforeOf(
  tx: Db,
  key: { productId: number; placeId: number; lot: string },
): Promise<string | null> {
  const [row] = await tx.query<{ bestBefore: string | null }>(
    `SELECT best_before::text AS "bestBefore" FROM stock
      WHERE product_id = $1 AND place_id = $2 AND lot = $3`,
    [key.productId, key.placeId, key.lot],
  );
  return row?.bestBefore ?? null;
}

/**
 * Books `quantity` units of a product (and lot) onto a place of the warehouse (reason book_in,
 * or what `options` says: an avis booking is reason 'avis' with its receipt as reference).
 */
export async function bookIn(
  db: Db,
  actor: Actor,
  input: ValidBooking,
  options?: { reason?: 'book_in' | 'avis'; reference?: string; commentMessage?: Message },
): Promise<StockChange> {
  return db.transaction(async (tx) => {
    const product = await checkBooking(tx, input, { placeId: input.placeId });
    checkBestBefore(product, input.bestBefore);
    const key = { productId: product.id, placeId: input.placeId, lot: input.lot };
    // The stock row and its ledger row in one statement: the row lock is held for one round trip.
    let change: StockChange | undefined;
    try {
      [change] = await tx.query<StockChange>(
        `WITH booked AS (
           INSERT INTO stock (product_id, place_id, client_id, warehouse_id, lot, best_before, quantity)
           VALUES ($1, $2, $3, $4, $5, $6::date, $7)
           ON CONFLICT (product_id, place_id, lot) DO UPDATE
              SET quantity = stock.quantity + EXCLUDED.quantity,
                  best_before = EXCLUDED.best_before,
                  first_booked_at = CASE WHEN stock.quantity = 0 THEN now() ELSE stock.first_booked_at END,
                  updated_at = now()
            WHERE stock.quantity = 0 OR stock.best_before IS NOT DISTINCT FROM EXCLUDED.best_before
           RETURNING quantity, best_before)
         INSERT INTO stock_changes (product_id, place_id, client_id, warehouse_id, lot, best_before,
           delta, quantity_after, reason, reference, comment, comment_message, user_id, acting_user_id)
         SELECT $1, $2, $3, $4, $5, booked.best_before, $7, booked.quantity, $11, $12, $8, $13::jsonb,
                $9, $10
           FROM booked
         RETURNING ${STOCK_CHANGE_COLUMNS}`,
        [
          key.productId,
          key.placeId,
          product.clientId,
          input.warehouseId,
          key.lot,
          input.bestBefore,
          input.quantity,
          input.comment,
          actor.userId,
          actor.actingUserId,
          options?.reason ?? 'book_in',
          options?.reference ?? '',
          options?.commentMessage ? JSON.stringify(options.commentMessage) : null,
        ],
      );
    } catch (error) {
      throw tooMany(error) ?? error;
    }
    if (!change) throw otherBestBefore('bestBefore', await bestBeforeOf(tx, key));
    return change;
  });
}

/**
 * Takes `quantity` units of a product (and lot) from a place (reason book_out); refused with
 * the available quantity (quantity − locked) when there are fewer.
 */
export async function bookOut(db: Db, actor: Actor, input: ValidBooking): Promise<StockChange> {
  return db.transaction(async (tx) => {
    const product = await checkBooking(tx, input, { placeId: input.placeId });
    const key = { productId: product.id, placeId: input.placeId, lot: input.lot };
    // The guarded decrement and its ledger row in one statement.
    const [change] = await tx.query<StockChange>(
      `WITH taken AS (
         UPDATE stock SET quantity = quantity - $4, updated_at = now()
          WHERE product_id = $1 AND place_id = $2 AND lot = $3 AND quantity - locked_qty >= $4
         RETURNING quantity, best_before)
       INSERT INTO stock_changes (product_id, place_id, client_id, warehouse_id, lot, best_before,
         delta, quantity_after, reason, comment, user_id, acting_user_id)
       SELECT $1, $2, $5, $6, $3, taken.best_before, -$4::int, taken.quantity, 'book_out', $7, $8, $9
         FROM taken
       RETURNING ${STOCK_CHANGE_COLUMNS}`,
      [
        key.productId,
        key.placeId,
        key.lot,
        input.quantity,
        product.clientId,
        input.warehouseId,
        input.comment,
        actor.userId,
        actor.actingUserId,
      ],
    );
    if (!change) throw await notAvailable(tx, key, input.quantity);
    return change;
  });
}

/**
 * Moves `quantity` units of a product (and lot) from one place to another of the same
 * warehouse: two ledger rows (reason move) with one reference. The best-before date goes
 * with the stock; a target holding the product with another date refuses it.
 */
export async function moveStock(db: Db, actor: Actor, input: ValidMove): Promise<StockMove> {
  return db.transaction(async (tx) => {
    const product = await checkBooking(tx, input, {
      placeId: input.placeId,
      toPlaceId: input.toPlaceId,
    });
    // Both rows locked in id order before anything is written (see the top of this file).
    const rows = await tx.query<StockRow & { placeId: number }>(
      `SELECT ${STOCK_ROW}, place_id AS "placeId" FROM stock
        WHERE product_id = $1 AND lot = $2 AND place_id IN ($3, $4)
        ORDER BY id FOR UPDATE`,
      [product.id, input.lot, input.placeId, input.toPlaceId],
    );
    const source = rows.find((row) => row.placeId === input.placeId);
    const fromKey = { productId: product.id, placeId: input.placeId, lot: input.lot };
    if (!source || source.quantity - source.lockedQty < input.quantity)
      throw await notAvailable(tx, fromKey, input.quantity);
    const common = {
      productId: product.id,
      clientId: product.clientId,
      warehouseId: input.warehouseId,
      lot: input.lot,
      bestBefore: source.bestBefore,
    };
    const target = await addToStock(tx, { ...common, placeId: input.toPlaceId }, input.quantity);
    if (!target)
      throw otherBestBefore(
        'toPlaceId',
        await bestBeforeOf(tx, { ...fromKey, placeId: input.toPlaceId }),
      );
    const [taken] = await tx.query<StockRow>(
      `UPDATE stock SET quantity = quantity - $2, updated_at = now()
        WHERE id = $1 AND quantity - locked_qty >= $2
       RETURNING ${STOCK_ROW}`,
      [source.id, input.quantity],
    );
    if (!taken) throw await notAvailable(tx, fromKey, input.quantity);
    const reference = `move:${randomUUID()}`;
    const moved = { reason: 'move' as const, reference, comment: input.comment };
    const from = await recordChange(tx, actor, {
      ...common,
      ...moved,
      placeId: input.placeId,
      delta: -input.quantity,
      quantityAfter: taken.quantity,
    });
    const to = await recordChange(tx, actor, {
      ...common,
      ...moved,
      placeId: input.toPlaceId,
      delta: input.quantity,
      quantityAfter: target.quantity,
    });
    return { id: reference, from, to };
  });
}

/**
 * Corrects a stock row to the quantity really on the place (counted): the ledger gets the
 * difference (reason correction) with the required comment. Not below the locked quantity;
 * the same quantity as booked is no correction. Stock on an empty row needs the
 * best-before date of a best-before product.
 */
export async function correctStock(
  db: Db,
  actor: Actor,
  input: ValidCorrection,
): Promise<StockChange> {
  return db.transaction(async (tx) => {
    const product = await checkBooking(tx, input, { placeId: input.placeId });
    const key = {
      productId: product.id,
      placeId: input.placeId,
      clientId: product.clientId,
      warehouseId: input.warehouseId,
      lot: input.lot,
    };
    // A row created by someone else between our look and our insert is locked and
    // corrected on the next round.
    for (let round = 1; ; round += 1) {
      const [row] = await tx.query<StockRow>(
        `SELECT ${STOCK_ROW} FROM stock WHERE product_id = $1 AND place_id = $2 AND lot = $3
         FOR UPDATE`,
        [key.productId, key.placeId, key.lot],
      );
      const current = row?.quantity ?? 0;
      if (input.quantity === current)
        throw invalidField('quantity', 'unchanged', msg('stock.unchanged', { quantity: current }), {
          quantity: current,
        });
      if (row && input.quantity < row.lockedQty)
        throw invalidField(
          'quantity',
          'locked',
          msg('stock.lockedUnits', { locked: row.lockedQty }),
          { locked: row.lockedQty },
        );
      // Stock onto an empty row takes the given date; a row with stock keeps its own.
      const filling = current === 0;
      let bestBefore = row?.bestBefore ?? null;
      if (filling) {
        checkBestBefore(product, input.bestBefore);
        bestBefore = input.bestBefore;
      } else if (input.bestBefore && input.bestBefore !== row?.bestBefore) {
        throw otherBestBefore('bestBefore', row?.bestBefore ?? null);
      }
      let after: StockRow | undefined;
      try {
        [after] = row
          ? await tx.query<StockRow>(
              `UPDATE stock SET quantity = $2, best_before = $3::date, updated_at = now(),
                      first_booked_at = CASE WHEN quantity = 0 THEN now() ELSE first_booked_at END
                WHERE id = $1 RETURNING ${STOCK_ROW}`,
              [row.id, input.quantity, bestBefore],
            )
          : await tx.query<StockRow>(
              `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, lot, best_before, quantity)
               VALUES ($1, $2, $3, $4, $5, $6::date, $7)
               ON CONFLICT (product_id, place_id, lot) DO NOTHING
               RETURNING ${STOCK_ROW}`,
              [
                key.productId,
                key.placeId,
                key.clientId,
                key.warehouseId,
                key.lot,
                bestBefore,
                input.quantity,
              ],
            );
      } catch (error) {
        throw tooMany(error) ?? error;
      }
      if (!after && round < 3) continue;
      if (!after) throw new Error('correctStock: the stock row keeps changing');
      return recordChange(tx, actor, {
        ...key,
        bestBefore,
        delta: input.quantity - current,
        quantityAfter: after.quantity,
        reason: 'correction',
        comment: input.comment,
      });
    }
  });
}
