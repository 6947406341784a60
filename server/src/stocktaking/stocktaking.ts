import type { Db } from '../db';
import { msg, type Message } from '@kontor/contracts';
import { uniqueConstraints } from '../domain/database-errors';
import {
  conflict,
  fieldProblem,
  InvalidInput,
  invalidField,
  notFound,
  staleEdit,
  type FieldProblems,
} from '../domain/errors';
import type { Actor, StockChange } from '../stock/stock';
import { STOCK_CHANGE_COLUMNS } from '../stock/stock';
import { scannedPlaceSql, scanOrderSql } from '../warehouses/warehouses';
import type { ValidCount, ValidStocktaking } from './rules';

// Stocktaking (Inventur, issue 16; migration 0120). Status draft → counting → counted →
// booked, or → cancelled. Business functions `(db, actor, typed input)`, knowing nothing of
// GraphQL; each runs in one transaction.
//
// Row locks, always in this order: the stocktaking row (FOR SHARE while counting, FOR UPDATE
// for transitions), then places of the stocktaking (stocktaking_places FOR UPDATE, so the
// counted flag is recomputed seeing every committed count of the place), then lines. The
// start takes FOR UPDATE on the warehouse's places of the scope (see locks.ts for the order
// against bookings). Booking the variances locks the touched stock rows, then their
// stock_totals rows, in key order, before its first write (stock.ts's rule against deadlocks).

// The number is given by the database; a place is written once per stocktaking (at the start)
// and a line once per place × product × lot (ON CONFLICT): none of these keys refuses a user.
uniqueConstraints({
  stocktakings_number_key: 'number',
  stocktaking_places_key: 'placeId',
  stocktaking_lines_key: 'productId',
});

export type StocktakingStatus = 'draft' | 'counting' | 'counted' | 'booked' | 'cancelled';

/** A stocktaking as its row is read (migration 0120). */
export interface StocktakingRecord {
  id: number;
  number: string;
  name: string;
  status: StocktakingStatus;
  warehouseId: number;
  storageId: number | null;
  rackId: number | null;
  clientId: number | null;
  blind: boolean;
  placesTotal: number;
  placesCounted: number;
  /** Places with a line not counted yet: completing is refused while there are any. */
  placesUncounted: number;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  bookedAt: Date | null;
  cancelledAt: Date | null;
  version: number;
}

/** A place of a started stocktaking. */
export interface StocktakingPlaceRecord {
  id: number;
  stocktakingId: number;
  placeId: number;
  counted: boolean;
  countedBy: number | null;
  countedAt: Date | null;
}

/** A line of a stocktaking, with what decides whether its expected quantity may be shown. */
export interface StocktakingLineRecord {
  id: number;
  stocktakingId: number;
  stocktakingPlaceId: number;
  placeId: number;
  productId: number;
  lot: string;
  bestBefore: string | null;
  expectedQuantity: number;
  found: boolean;
  countedQuantity: number | null;
  countedBy: number | null;
  countedAt: Date | null;
  priceNetCents: number;
  /** True while the count is blind and not completed: the expected quantity is hidden. */
  hidden: boolean;
}

/** The blind rule in SQL over a stocktakings row `s`: the expected quantities are hidden. */
export const HIDDEN_SQL = `(s.blind AND s.status IN ('draft', 'counting'))`;

export const STOCKTAKING_COLUMNS = `s.id, s.number, s.name, s.status, s.warehouse_id AS "warehouseId",
  s.storage_id AS "storageId", s.rack_id AS "rackId", s.client_id AS "clientId", s.blind,
  s.places_total AS "placesTotal",
  (SELECT count(*)::int FROM stocktaking_places sp WHERE sp.stocktaking_id = s.id AND sp.counted)
    AS "placesCounted",
  (SELECT count(DISTINCT l.place_id)::int FROM stocktaking_lines l
    WHERE l.stocktaking_id = s.id AND l.counted_quantity IS NULL) AS "placesUncounted",
  s.created_by AS "createdBy", (SELECT u.name FROM users u WHERE u.id = s.created_by) AS "createdByName",
  s.created_at AS "createdAt", s.started_at AS "startedAt", s.completed_at AS "completedAt",
  s.booked_at AS "bookedAt", s.cancelled_at AS "cancelledAt", s.version`;

export const PLACE_COLUMNS = `sp.id, sp.stocktaking_id AS "stocktakingId", sp.place_id AS "placeId",
  sp.counted, sp.counted_by AS "countedBy", sp.counted_at AS "countedAt"`;

export const LINE_COLUMNS = `l.id, l.stocktaking_id AS "stocktakingId",
  l.stocktaking_place_id AS "stocktakingPlaceId", l.place_id AS "placeId",
  l.product_id AS "productId", l.lot, l.best_before::text AS "bestBefore",
  l.expected_quantity AS "expectedQuantity", l.found, l.counted_quantity AS "countedQuantity",
  l.counted_by AS "countedBy", l.counted_at AS "countedAt",
  l.price_net_cents::float8 AS "priceNetCents", ${HIDDEN_SQL} AS hidden`;

/** A stocktaking by id, or undefined. */
export async function findStocktaking(db: Db, id: number): Promise<StocktakingRecord | undefined> {
  const [row] = await db.query<StocktakingRecord>(
    `SELECT ${STOCKTAKING_COLUMNS} FROM stocktakings s WHERE s.id = $1`,
    [id],
  );
  return row;
}

/** A place of a stocktaking by the place's id (undefined when not in its scope). */
export async function findStocktakingPlace(
  db: Db,
  stocktakingId: number,
  placeId: number,
): Promise<StocktakingPlaceRecord | undefined> {
  const [row] = await db.query<StocktakingPlaceRecord>(
    `SELECT ${PLACE_COLUMNS} FROM stocktaking_places sp
      WHERE sp.stocktaking_id = $1 AND sp.place_id = $2`,
    [stocktakingId, placeId],
  );
  return row;
}

/**
 * A place of a stocktaking by a scanned barcode, as the booking screens find places
 * (`scannedPlaceSql`: also a former barcode); undefined when not in its scope.
 */
export async function findStocktakingPlaceByBarcode(
  db: Db,
  stocktakingId: number,
  barcode: string,
): Promise<StocktakingPlaceRecord | undefined> {
  const [row] = await db.query<StocktakingPlaceRecord>(
    `SELECT ${PLACE_COLUMNS} FROM stocktaking_places sp JOIN places pl ON pl.id = sp.place_id
      WHERE sp.stocktaking_id = $1 AND ${scannedPlaceSql('pl', '$2')}
      ORDER BY ${scanOrderSql('pl', '$2')} LIMIT 1`,
    [stocktakingId, barcode.trim()],
  );
  return row;
}

/** The lines of places of stocktakings (by stocktaking_places id), by sku and lot. */
export async function linesOfPlaces(
  db: Db,
  stocktakingPlaceIds: readonly number[],
): Promise<StocktakingLineRecord[]> {
  return db.query<StocktakingLineRecord>(
    `SELECT ${LINE_COLUMNS} FROM stocktaking_lines l
       JOIN stocktakings s ON s.id = l.stocktaking_id JOIN products p ON p.id = l.product_id
      WHERE l.stocktaking_place_id = any($1::int[])
      ORDER BY lower(p.sku), l.lot, l.id`,
    [[...stocktakingPlaceIds]],
  );
}

/** Sums over the lines of a stocktaking (or over its variances only). */
export interface StocktakingTotals {
  expected: number;
  counted: number;
  variance: number;
  varianceCents: number;
  hidden: boolean;
}

/** The totals of a stocktaking's lines; `onlyVariances`: the lines counted with a variance or not counted. */
export async function stocktakingTotals(
  db: Db,
  id: number,
  onlyVariances: boolean,
): Promise<StocktakingTotals> {
  const [row] = await db.query<StocktakingTotals>(
    `SELECT coalesce(sum(l.expected_quantity), 0)::float8 AS expected,
            coalesce(sum(l.counted_quantity), 0)::float8 AS counted,
            -- Variances of the lines counted so far (a line not yet counted has none).
            coalesce(sum(l.counted_quantity - l.expected_quantity), 0)::float8 AS variance,
            coalesce(sum((l.counted_quantity - l.expected_quantity) * l.price_net_cents), 0)::float8
              AS "varianceCents",
            bool_or(${HIDDEN_SQL}) AS hidden
       FROM stocktakings s LEFT JOIN stocktaking_lines l ON l.stocktaking_id = s.id
        AND ($2::boolean IS NOT TRUE OR l.counted_quantity IS DISTINCT FROM l.expected_quantity)
      WHERE s.id = $1`,
    [id, onlyVariances],
  );
  return row!;
}

/** The stocktaking row locked for a change, refused when missing or in another status. */
async function lockStocktaking(
  tx: Db,
  id: number,
  mode: 'UPDATE' | 'SHARE',
  allowed: readonly StocktakingStatus[],
  /** What the action would do, as the refusal names it ("cannot be counted"). */
  action:
    | 'done.edited'
    | 'done.started'
    | 'done.counted'
    | 'done.countedAgain'
    | 'done.completed'
    | 'done.booked'
    | 'done.cancelled',
  version?: number,
): Promise<
  { id: number; number: string; status: StocktakingStatus; version: number } & {
    warehouseId: number;
    storageId: number | null;
    rackId: number | null;
    clientId: number | null;
  }
> {
  const [row] = await tx.query<{
    id: number;
    number: string;
    status: StocktakingStatus;
    version: number;
    warehouseId: number;
    storageId: number | null;
    rackId: number | null;
    clientId: number | null;
  }>(
    `SELECT id, number, status, version, warehouse_id AS "warehouseId", storage_id AS "storageId",
            rack_id AS "rackId", client_id AS "clientId"
       FROM stocktakings WHERE id = $1 FOR ${mode}`,
    [id],
  );
  if (!row) throw notFound(msg('notFound.stocktaking'));
  if (version !== undefined && row.version !== version) throw staleEdit();
  if (!allowed.includes(row.status))
    throw conflict(
      msg('stocktaking.wrongStatus', {
        number: row.number,
        status: { term: `status.stocktaking.${row.status}` },
        done: { term: action },
      }),
      'status',
    );
  return row;
}

/** Checks the scope against the database: the storage of the warehouse, the rack of the storage, the client. */
async function checkScope(tx: Db, input: ValidStocktaking): Promise<ValidStocktaking> {
  const [found] = await tx.query<{
    warehouse: boolean;
    storageWarehouse: number | null;
    rackStorage: number | null;
    client: boolean;
  }>(
    `SELECT EXISTS (SELECT 1 FROM warehouses WHERE id = $1) AS warehouse,
       (SELECT warehouse_id FROM storages WHERE id = $2) AS "storageWarehouse",
       (SELECT storage_id FROM racks WHERE id = $3) AS "rackStorage",
       ($4::int IS NULL OR EXISTS (SELECT 1 FROM clients WHERE id = $4)) AS client`,
    [input.warehouseId, input.storageId, input.rackId, input.clientId],
  );
  const problems: FieldProblems = {};
  const add = (name: string, rule: string, message: string) =>
    (problems[name] ??= []).push({ rule, message });
  if (!found!.warehouse) add('warehouseId', 'exists', 'The selected warehouse does not exist.');
  let storageId = input.storageId;
  if (input.storageId !== null) {
    if (found!.storageWarehouse === null)
      add('storageId', 'exists', 'The selected storage does not exist.');
    else if (found!.warehouse && found!.storageWarehouse !== input.warehouseId)
      add(
        'storageId',
        'warehouse',
        'The storage belongs to another warehouse than the chosen one.',
      );
  }
  if (input.rackId !== null) {
    if (found!.rackStorage === null) add('rackId', 'exists', 'The selected rack does not exist.');
    else if (storageId !== null && found!.rackStorage !== storageId)
      add('rackId', 'storage', 'The rack belongs to another storage than the chosen one.');
    else if (storageId === null) {
      storageId = found!.rackStorage;
      const [storage] = await tx.query<{ warehouseId: number }>(
        `SELECT warehouse_id AS "warehouseId" FROM storages WHERE id = $1`,
        [storageId],
      );
      if (found!.warehouse && storage?.warehouseId !== input.warehouseId)
        add('rackId', 'warehouse', 'The rack belongs to another warehouse than the chosen one.');
    }
  }
  if (!found!.client) add('clientId', 'exists', 'The selected client does not exist.');
  if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
  return { ...input, storageId };
}

/** Creates a stocktaking (DRAFT) over a scope. */
export async function createStocktaking(
  db: Db,
  actor: Actor,
  input: ValidStocktaking,
): Promise<StocktakingRecord> {
  return db.transaction(async (tx) => {
    const valid = await checkScope(tx, input);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO stocktakings (name, warehouse_id, storage_id, rack_id, client_id, blind, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        valid.name,
        valid.warehouseId,
        valid.storageId,
        valid.rackId,
        valid.clientId,
        valid.blind,
        actor.userId,
      ],
    );
    return (await findStocktaking(tx, row!.id))!;
  });
}

/** Changes a DRAFT's name, scope or blind flag. */
export async function updateStocktaking(
  db: Db,
  _actor: Actor,
  id: number,
  version: number,
  input: ValidStocktaking,
): Promise<StocktakingRecord> {
  return db.transaction(async (tx) => {
    await lockStocktaking(tx, id, 'UPDATE', ['draft'], 'done.edited', version);
    const valid = await checkScope(tx, input);
    await tx.query(
      `UPDATE stocktakings SET name = $2, warehouse_id = $3, storage_id = $4, rack_id = $5,
              client_id = $6, blind = $7, version = version + 1, updated_at = now()
        WHERE id = $1`,
      [
        id,
        valid.name,
        valid.warehouseId,
        valid.storageId,
        valid.rackId,
        valid.clientId,
        valid.blind,
      ],
    );
    return (await findStocktaking(tx, id))!;
  });
}

/**
 * DRAFT → COUNTING: locks the places of the scope (FOR UPDATE, then stocktaking_locks rows),
 * and snapshots the stock on them (of the client when the scope names one) as the expected
 * lines. Refused when a place of the scope is in another running stocktaking.
 */
export async function startStocktaking(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
): Promise<StocktakingRecord> {
  return db.transaction(async (tx) => {
    const st = await lockStocktaking(tx, id, 'UPDATE', ['draft'], 'done.started', version);
    // Every place of the scope, locked in id order: a booking holding one (FOR KEY SHARE)
    // finishes first, and its stock is in the snapshot below (a new statement).
    await tx.query(
      `SELECT pl.id FROM places pl JOIN racks r ON r.id = pl.rack_id
        WHERE pl.warehouse_id = $1 AND ($2::int IS NULL OR r.storage_id = $2)
          AND ($3::int IS NULL OR pl.rack_id = $3)
        ORDER BY pl.id FOR UPDATE OF pl`,
      [st.warehouseId, st.storageId, st.rackId],
    );
    const [other] = await tx.query<{ number: string; name: string }>(
      `SELECT s.number, s.name FROM stocktaking_locks l
         JOIN stocktakings s ON s.id = l.stocktaking_id
         JOIN places pl ON pl.id = l.place_id JOIN racks r ON r.id = pl.rack_id
        WHERE pl.warehouse_id = $1 AND ($2::int IS NULL OR r.storage_id = $2)
          AND ($3::int IS NULL OR pl.rack_id = $3)
        LIMIT 1`,
      [st.warehouseId, st.storageId, st.rackId],
    );
    if (other)
      throw conflict(
        msg('stocktaking.scopeTaken', {
          number: other.name ? `${other.number} (${other.name})` : other.number,
        }),
        'in-use',
      );
    const [places] = await tx.query<{ count: number }>(
      `WITH scope AS (
         INSERT INTO stocktaking_places (stocktaking_id, place_id, path_sort)
         SELECT $1, pl.id, pl.path_sort FROM places pl JOIN racks r ON r.id = pl.rack_id
          WHERE pl.warehouse_id = $2 AND ($3::int IS NULL OR r.storage_id = $3)
            AND ($4::int IS NULL OR pl.rack_id = $4)
         RETURNING place_id),
       locked AS (
         INSERT INTO stocktaking_locks (place_id, stocktaking_id, client_id)
         SELECT place_id, $1, $5 FROM scope RETURNING 1)
       SELECT count(*)::int AS count FROM locked`,
      [id, st.warehouseId, st.storageId, st.rackId, st.clientId],
    );
    await tx.query(
      `INSERT INTO stocktaking_lines (stocktaking_id, stocktaking_place_id, place_id, product_id,
         lot, best_before, expected_quantity, price_net_cents)
       SELECT $1, sp.id, st.place_id, st.product_id, st.lot, st.best_before, st.quantity,
              p.price_net_cents
         FROM stocktaking_places sp
         JOIN stock st ON st.place_id = sp.place_id
         JOIN products p ON p.id = st.product_id
        WHERE sp.stocktaking_id = $1 AND st.quantity > 0
          AND ($2::int IS NULL OR st.client_id = $2)`,
      [id, st.clientId],
    );
    await tx.query(
      `UPDATE stocktakings SET status = 'counting', started_at = now(), started_by = $2,
              places_total = $3, version = version + 1, updated_at = now()
        WHERE id = $1`,
      [id, actor.userId, places!.count],
    );
    return (await findStocktaking(tx, id))!;
  });
}

/** The place of a counting stocktaking, locked (FOR UPDATE), or a field error on placeId. */
async function lockPlace(tx: Db, stocktakingId: number, placeId: number): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `SELECT id FROM stocktaking_places WHERE stocktaking_id = $1 AND place_id = $2 FOR UPDATE`,
    [stocktakingId, placeId],
  );
  if (!row) throw invalidField('placeId', 'scope', msg('stocktaking.placeOutOfScope'));
  return row.id;
}

/** Recomputes a place's counted flag (every line counted), recording who counted last. */
async function markPlace(tx: Db, actor: Actor, stocktakingPlaceId: number, confirmedEmpty = false) {
  const [row] = await tx.query<StocktakingPlaceRecord>(
    `UPDATE stocktaking_places sp
        SET counted = $3 OR NOT EXISTS (SELECT 1 FROM stocktaking_lines l
                                          WHERE l.stocktaking_place_id = sp.id
                                            AND l.counted_quantity IS NULL),
            counted_by = $2, counted_at = now()
      WHERE sp.id = $1 RETURNING ${PLACE_COLUMNS}`,
    [stocktakingPlaceId, actor.userId, confirmedEmpty],
  );
  return row!;
}

/**
 * A count (COUNTING only): the line of the product (and lot) on the place gets the counted
 * quantity and the counter (the last confirmed count wins); a product (lot) not expected on
 * the place becomes a found line. Returns the place.
 */
export async function countStock(
  db: Db,
  actor: Actor,
  stocktakingId: number,
  input: ValidCount,
): Promise<StocktakingPlaceRecord> {
  return db.transaction(async (tx) => {
    const st = await lockStocktaking(tx, stocktakingId, 'SHARE', ['counting'], 'done.counted');
    const stocktakingPlaceId = await lockPlace(tx, stocktakingId, input.placeId);
    const [product] = await tx.query<{
      clientId: number;
      lotTracked: boolean;
      bestBefore: boolean;
      priceNetCents: number;
      line: boolean;
    }>(
      `SELECT client_id AS "clientId", lot_tracked AS "lotTracked", best_before AS "bestBefore",
              price_net_cents::float8 AS "priceNetCents",
              EXISTS (SELECT 1 FROM stocktaking_lines l WHERE l.stocktaking_id = $2
                        AND l.place_id = $3 AND l.product_id = p.id AND l.lot = $4) AS line
         FROM products p WHERE id = $1 AND deleted_at IS NULL`,
      [input.productId, stocktakingId, input.placeId, input.lot],
    );
    const problems: FieldProblems = {};
    const add = (name: string, rule: string, message: string | Message) =>
      (problems[name] ??= []).push(fieldProblem(rule, message));
    if (!product) add('productId', 'exists', 'The selected product does not exist.');
    else if (st.clientId !== null && product.clientId !== st.clientId)
      add('productId', 'client', msg('stocktaking.productOfOtherClient'));
    if (product?.lotTracked && input.lot === '') add('lot', 'required', msg('stock.lotRequired'));
    if (product && !product.lotTracked && input.lot !== '')
      add('lot', 'prohibited', msg('stock.lotProhibited'));
    if (product && !product.line && product.bestBefore && !input.bestBefore && input.quantity > 0)
      add('bestBefore', 'required', msg('stock.bestBeforeRequired'));
    if (product && !product.bestBefore && input.bestBefore)
      add('bestBefore', 'prohibited', msg('stock.bestBeforeProhibited'));
    if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
    await tx.query(
      `INSERT INTO stocktaking_lines (stocktaking_id, stocktaking_place_id, place_id, product_id,
         lot, best_before, expected_quantity, found, counted_quantity, counted_by, counted_at,
         price_net_cents)
       VALUES ($1, $2, $3, $4, $5, $6::date, 0, true, $7, $8, now(), $9)
       ON CONFLICT (stocktaking_id, place_id, product_id, lot) DO UPDATE
          SET counted_quantity = EXCLUDED.counted_quantity, counted_by = EXCLUDED.counted_by,
              counted_at = EXCLUDED.counted_at,
              best_before = CASE WHEN stocktaking_lines.found
                                 THEN coalesce(EXCLUDED.best_before, stocktaking_lines.best_before)
                                 ELSE stocktaking_lines.best_before END`,
      [
        stocktakingId,
        stocktakingPlaceId,
        input.placeId,
        input.productId,
        input.lot,
        input.bestBefore,
        input.quantity,
        actor.userId,
        product!.priceNetCents,
      ],
    );
    return markPlace(tx, actor, stocktakingPlaceId);
  });
}

/** Nothing is on the place (COUNTING only): every line of it is counted 0, the place counted. */
export async function confirmEmptyPlace(
  db: Db,
  actor: Actor,
  stocktakingId: number,
  placeId: number,
): Promise<StocktakingPlaceRecord> {
  return db.transaction(async (tx) => {
    await lockStocktaking(tx, stocktakingId, 'SHARE', ['counting'], 'done.counted');
    const stocktakingPlaceId = await lockPlace(tx, stocktakingId, placeId);
    await tx.query(
      `UPDATE stocktaking_lines SET counted_quantity = 0, counted_by = $2, counted_at = now()
        WHERE stocktaking_place_id = $1`,
      [stocktakingPlaceId, actor.userId],
    );
    return markPlace(tx, actor, stocktakingPlaceId, true);
  });
}

/**
 * The chosen lines are counted again (COUNTING or COUNTED): their counts are cleared, their
 * places no longer counted; a COUNTED stocktaking goes back to COUNTING.
 */
export async function recountLines(
  db: Db,
  _actor: Actor,
  stocktakingId: number,
  lineIds: readonly number[],
): Promise<StocktakingRecord> {
  return db.transaction(async (tx) => {
    await lockStocktaking(
      tx,
      stocktakingId,
      'UPDATE',
      ['counting', 'counted'],
      'done.countedAgain',
    );
    const places = await tx.query<{ id: number }>(
      `SELECT sp.id FROM stocktaking_places sp
        WHERE sp.id IN (SELECT l.stocktaking_place_id FROM stocktaking_lines l
                         WHERE l.stocktaking_id = $1 AND l.id = any($2::int[]))
        ORDER BY sp.id FOR UPDATE`,
      [stocktakingId, [...lineIds]],
    );
    const known = await tx.query<{ id: number }>(
      `SELECT id FROM stocktaking_lines WHERE stocktaking_id = $1 AND id = any($2::int[])`,
      [stocktakingId, [...lineIds]],
    );
    const ids = new Set(known.map((row) => row.id));
    const problems: FieldProblems = {};
    lineIds.forEach((lineId, index) => {
      if (!ids.has(lineId))
        problems[`lineIds.${index}`] = [
          { rule: 'exists', message: 'The line is not a line of this stocktaking.' },
        ];
    });
    if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
    await tx.query(
      `UPDATE stocktaking_lines SET counted_quantity = NULL, counted_by = NULL, counted_at = NULL
        WHERE stocktaking_id = $1 AND id = any($2::int[])`,
      [stocktakingId, [...lineIds]],
    );
    await tx.query(`UPDATE stocktaking_places SET counted = false WHERE id = any($1::int[])`, [
      places.map((row) => row.id),
    ]);
    await tx.query(
      `UPDATE stocktakings SET status = 'counting', completed_at = NULL, completed_by = NULL,
              version = version + 1, updated_at = now()
        WHERE id = $1`,
      [stocktakingId],
    );
    return (await findStocktaking(tx, stocktakingId))!;
  });
}

/** COUNTING → COUNTED: refused while a line has no count (stocktaking.uncounted names its places). */
export async function completeStocktaking(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
): Promise<StocktakingRecord> {
  return db.transaction(async (tx) => {
    const st = await lockStocktaking(tx, id, 'UPDATE', ['counting'], 'done.completed', version);
    const [open] = await tx.query<{ places: number }>(
      `SELECT count(DISTINCT place_id)::int AS places FROM stocktaking_lines
        WHERE stocktaking_id = $1 AND counted_quantity IS NULL`,
      [id],
    );
    if (open!.places > 0)
      throw conflict(
        msg('stocktaking.uncounted', { count: open!.places, number: st.number }),
        'status',
      );
    await tx.query(
      `UPDATE stocktakings SET status = 'counted', completed_at = now(), completed_by = $2,
              version = version + 1, updated_at = now()
        WHERE id = $1`,
      [id, actor.userId],
    );
    return (await findStocktaking(tx, id))!;
  });
}

/** What booking a stocktaking wrote: the stocktaking and its ledger rows. */
export interface BookedStocktaking {
  stocktaking: StocktakingRecord;
  changes: number;
  lastChangeId: string | null;
}

/**
 * COUNTED → BOOKED: each line counted with a variance becomes a stock change (reason
 * stocktaking, reference the stocktaking's number) that sets the stock row to the counted
 * quantity; the locks are released. Set-based: one statement for the updates of existing
 * stock rows and the rows found, one for their ledger rows.
 */
export async function bookStocktaking(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
): Promise<BookedStocktaking> {
  return db.transaction(async (tx) => {
    const st = await lockStocktaking(tx, id, 'UPDATE', ['counted'], 'done.booked', version);
    // The stock rows first, then their totals rows, in key order (stock.ts: no deadlock).
    const reserved = await tx.query<{ path: string; sku: string; locked: number; counted: number }>(
      `SELECT pl.path, p.sku, st.locked_qty AS locked, l.counted_quantity AS counted
         FROM stocktaking_lines l
         JOIN stock st ON st.product_id = l.product_id AND st.place_id = l.place_id AND st.lot = l.lot
         JOIN places pl ON pl.id = l.place_id JOIN products p ON p.id = l.product_id
        WHERE l.stocktaking_id = $1 AND l.counted_quantity <> l.expected_quantity
        ORDER BY st.id FOR UPDATE OF st`,
      [id],
    );
    const short = reserved.find((row) => row.locked > row.counted);
    if (short)
      throw conflict(
        msg('stocktaking.reservedAboveCount', {
          locked: short.locked,
          sku: short.sku,
          path: short.path,
          counted: short.counted,
        }),
        'in-use',
      );
    await tx.query(
      `SELECT 1 FROM stock_totals t
        WHERE (t.product_id, t.warehouse_id) IN (
          SELECT l.product_id, $2::int FROM stocktaking_lines l
           WHERE l.stocktaking_id = $1 AND l.counted_quantity <> l.expected_quantity)
        ORDER BY t.product_id, t.warehouse_id FOR UPDATE`,
      [id, st.warehouseId],
    );
    const [written] = await tx.query<{ changes: number; last: string | null }>(
      `WITH v AS (
         SELECT l.product_id, l.place_id, l.lot, l.best_before, p.client_id,
                l.counted_quantity - l.expected_quantity AS delta
           FROM stocktaking_lines l JOIN products p ON p.id = l.product_id
          WHERE l.stocktaking_id = $1 AND l.counted_quantity <> l.expected_quantity),
       updated AS (
         UPDATE stock st
            SET quantity = st.quantity + v.delta,
                best_before = CASE WHEN st.quantity = 0 THEN coalesce(v.best_before, st.best_before)
                                   ELSE st.best_before END,
                first_booked_at = CASE WHEN st.quantity = 0 THEN now() ELSE st.first_booked_at END,
                updated_at = now()
           FROM v
          WHERE st.product_id = v.product_id AND st.place_id = v.place_id AND st.lot = v.lot
         RETURNING st.product_id, st.place_id, st.client_id, st.warehouse_id, st.lot,
                   st.best_before, v.delta, st.quantity),
       inserted AS (
         INSERT INTO stock (product_id, place_id, client_id, warehouse_id, lot, best_before, quantity)
         SELECT v.product_id, v.place_id, v.client_id, $2, v.lot, v.best_before, v.delta
           FROM v
          WHERE v.delta > 0 AND NOT EXISTS (
            SELECT 1 FROM stock st WHERE st.product_id = v.product_id
               AND st.place_id = v.place_id AND st.lot = v.lot)
         RETURNING product_id, place_id, client_id, warehouse_id, lot, best_before,
                   quantity AS delta, quantity),
       ledger AS (
         INSERT INTO stock_changes (product_id, place_id, client_id, warehouse_id, lot,
           best_before, delta, quantity_after, reason, reference, comment, comment_message,
           user_id, acting_user_id)
         SELECT product_id, place_id, client_id, warehouse_id, lot, best_before, delta, quantity,
                'stocktaking', $3, '', $6::jsonb, $4, $5
           FROM (SELECT * FROM updated UNION ALL SELECT * FROM inserted) AS changed
         RETURNING id)
       SELECT count(*)::int AS changes, max(id)::text AS last FROM ledger`,
      [
        id,
        st.warehouseId,
        st.number,
        actor.userId,
        actor.actingUserId,
        JSON.stringify(msg('ledger.stocktaking', { number: st.number })),
      ],
    );
    await tx.query(`DELETE FROM stocktaking_locks WHERE stocktaking_id = $1`, [id]);
    await tx.query(
      `UPDATE stocktakings SET status = 'booked', booked_at = now(), booked_by = $2,
              version = version + 1, updated_at = now()
        WHERE id = $1`,
      [id, actor.userId],
    );
    return {
      stocktaking: (await findStocktaking(tx, id))!,
      changes: written!.changes,
      lastChangeId: written!.last,
    };
  });
}

/** DRAFT, COUNTING or COUNTED → CANCELLED: nothing is booked, the locks are released. */
export async function cancelStocktaking(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
): Promise<StocktakingRecord> {
  return db.transaction(async (tx) => {
    await lockStocktaking(
      tx,
      id,
      'UPDATE',
      ['draft', 'counting', 'counted'],
      'done.cancelled',
      version,
    );
    await tx.query(`DELETE FROM stocktaking_locks WHERE stocktaking_id = $1`, [id]);
    await tx.query(
      `UPDATE stocktakings SET status = 'cancelled', cancelled_at = now(), cancelled_by = $2,
              version = version + 1, updated_at = now()
        WHERE id = $1`,
      [id, actor.userId],
    );
    return (await findStocktaking(tx, id))!;
  });
}

/** The ledger rows a booking of a stocktaking wrote (its reference is the stocktaking's number). */
export async function changesOfStocktaking(db: Db, number: string): Promise<StockChange[]> {
  return db.query<StockChange>(
    `SELECT ${STOCK_CHANGE_COLUMNS} FROM stock_changes
      WHERE reason = 'stocktaking' AND reference = $1 ORDER BY id`,
    [number],
  );
}
