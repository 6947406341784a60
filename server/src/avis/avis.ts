import { msg, type Message } from '@kontor/contracts';
import type { Db } from '../db';
import { uniqueConstraints } from '../domain/database-errors';
import {
  conflict,
  fieldProblem,
  InvalidInput,
  notFound,
  staleEdit,
  type FieldProblems,
} from '../domain/errors';
import { listPage, type Page, type PageArgs, type FilterValues } from '../lists/list';
import { bookIn, type Actor, type StockChange } from '../stock/stock';
import { AVIS_COLUMNS, avisList, type AvisListFilter, type AvisSort } from './list';
import type { ValidAvis, ValidAvisBooking } from './rules';

// Avis (advance shipping notices, issue 13; docs/domain.md "Inbound"): business functions,
// knowing nothing of GraphQL. Every change of an avis, its lines and receipts happens under
// the avis row's lock (SELECT … FOR UPDATE), so two bookings of the same avis run one after
// the other and the second sees what the first received: a line is never booked twice.
// Lock order: the avis row, then (through bookIn) the stock rows.

// A second avis with the same delivery note of the same supplier is a field error.
uniqueConstraints({
  avis_supplier_delivery_note_key: 'deliveryNoteNumber',
  avis_number_key: 'number',
  avis_receipts_number_key: 'number',
  avis_receipts_avis_sequence_key: 'id',
});

/** Where an avis stands (avis.status). */
export type AvisStatus = 'announced' | 'partially_booked' | 'booked' | 'cancelled';

/** An avis as the schema's Avis reads it (lines, receipts and history are loaded by its id). */
export interface Avis {
  id: number;
  number: string;
  deliveryNoteNumber: string;
  /** YYYY-MM-DD. */
  deliveryDate: string;
  supplierId: number;
  clientId: number;
  warehouseId: number;
  status: AvisStatus;
  comment: string;
  closeReason: string | null;
  announcedTotal: number;
  receivedTotal: number;
  createdAt: Date;
  createdByName: string | null;
  version: number;
}

/** An announced line and what of it was received. */
export interface AvisLine {
  id: number;
  avisId: number;
  position: number;
  productId: number;
  announcedQuantity: number;
  receivedQuantity: number;
  lot: string;
  /** YYYY-MM-DD or null. */
  bestBefore: string | null;
}

/** One booking action (goods receipt). */
export interface AvisReceipt {
  id: number;
  avisId: number;
  number: string;
  createdAt: Date;
  userName: string | null;
}

/** What a receipt booked for one line onto one place. */
export interface AvisReceiptLine {
  id: number;
  receiptId: number;
  lineId: number;
  placeId: number;
  quantity: number;
  lot: string;
  bestBefore: string | null;
  overDelivery: number;
}

/** The kinds of an avis's history (each has its text `history.avis.<kind>`). */
export const AVIS_EVENT_KINDS = ['created', 'updated', 'booked', 'closed', 'cancelled'] as const;

/** An entry of an avis's history. */
export interface AvisEvent {
  id: string;
  avisId: number;
  at: Date;
  userName: string | null;
  kind: (typeof AVIS_EVENT_KINDS)[number];
  detail: string | null;
}

/** What a booking did: the avis after it, its receipt and the ledger rows written. */
export interface AvisBooking {
  avis: Avis;
  receipt: AvisReceipt;
  changes: StockChange[];
}

const LINE_COLUMNS = `l.id, l.avis_id AS "avisId", l.position, l.product_id AS "productId",
  l.announced_quantity AS "announcedQuantity", l.received_quantity AS "receivedQuantity", l.lot,
  l.best_before::text AS "bestBefore"`;

const RECEIPT_COLUMNS = `r.id, r.avis_id AS "avisId", r.number, r.created_at AS "createdAt",
  (SELECT u.name FROM users u WHERE u.id = r.user_id) AS "userName"`;

const RECEIPT_LINE_COLUMNS = `rl.id, rl.receipt_id AS "receiptId", rl.line_id AS "lineId",
  rl.place_id AS "placeId", rl.quantity, rl.lot, rl.best_before::text AS "bestBefore",
  rl.over_delivery AS "overDelivery"`;

const EVENT_COLUMNS = `e.id::text AS id, e.avis_id AS "avisId", e.at,
  (SELECT u.name FROM users u WHERE u.id = e.user_id) AS "userName", e.kind, e.detail`;

// ---------------------------------------------------------------- reading

/** One page of avis (see avisList). */
export async function listAvis(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: AvisSort,
  filter?: FilterValues<AvisListFilter> | null,
): Promise<Page<Avis>> {
  return listPage<Avis, AvisSort, AvisListFilter>(db, avisList, args, sortBy, filter);
}

/** One avis, or undefined. */
export async function findAvis(db: Db, id: number): Promise<Avis | undefined> {
  const [row] = await db.query<Avis>(`SELECT ${AVIS_COLUMNS} FROM avis a WHERE a.id = $1`, [id]);
  return row;
}

/** The avis of a supplier's delivery note (not cancelled), or undefined: the import's idempotency. */
export async function findAvisByDeliveryNote(
  db: Db,
  supplierId: number,
  deliveryNoteNumber: string,
): Promise<Avis | undefined> {
  const [row] = await db.query<Avis>(
    `SELECT ${AVIS_COLUMNS} FROM avis a
      WHERE a.supplier_id = $1 AND lower(a.delivery_note_number) = lower($2)
        AND a.status <> 'cancelled'`,
    [supplierId, deliveryNoteNumber.trim()],
  );
  return row;
}

/** The lines of these avis, in their order. */
export async function linesOfAvis(db: Db, avisIds: readonly number[]): Promise<AvisLine[]> {
  return db.query<AvisLine>(
    `SELECT ${LINE_COLUMNS} FROM avis_lines l WHERE l.avis_id = any($1::int[])
      ORDER BY l.avis_id, l.position, l.id`,
    [[...avisIds]],
  );
}

/** Lines by their ids. */
export async function linesByIds(db: Db, ids: readonly number[]): Promise<AvisLine[]> {
  return db.query<AvisLine>(
    `SELECT ${LINE_COLUMNS} FROM avis_lines l WHERE l.id = any($1::int[])`,
    [[...ids]],
  );
}

/** The receipts of these avis, oldest first. */
export async function receiptsOfAvis(db: Db, avisIds: readonly number[]): Promise<AvisReceipt[]> {
  return db.query<AvisReceipt>(
    `SELECT ${RECEIPT_COLUMNS} FROM avis_receipts r WHERE r.avis_id = any($1::int[])
      ORDER BY r.avis_id, r.sequence`,
    [[...avisIds]],
  );
}

/** One receipt, or undefined. */
export async function findReceipt(db: Db, id: number): Promise<AvisReceipt | undefined> {
  const [row] = await db.query<AvisReceipt>(
    `SELECT ${RECEIPT_COLUMNS} FROM avis_receipts r WHERE r.id = $1`,
    [id],
  );
  return row;
}

/** The lines of these receipts, in booking order. */
export async function linesOfReceipts(
  db: Db,
  receiptIds: readonly number[],
): Promise<AvisReceiptLine[]> {
  return db.query<AvisReceiptLine>(
    `SELECT ${RECEIPT_LINE_COLUMNS} FROM avis_receipt_lines rl
      WHERE rl.receipt_id = any($1::int[]) ORDER BY rl.receipt_id, rl.id`,
    [[...receiptIds]],
  );
}

/** The history of these avis, oldest first. */
export async function eventsOfAvis(db: Db, avisIds: readonly number[]): Promise<AvisEvent[]> {
  return db.query<AvisEvent>(
    `SELECT ${EVENT_COLUMNS} FROM avis_events e WHERE e.avis_id = any($1::int[])
      ORDER BY e.avis_id, e.at, e.id`,
    [[...avisIds]],
  );
}

// ---------------------------------------------------------------- writing

/** Writes an entry of the history. */
async function recordEvent(
  tx: Db,
  actor: Actor | null,
  avisId: number,
  kind: AvisEvent['kind'],
  detail: string | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO avis_events (avis_id, user_id, acting_user_id, kind, detail)
     VALUES ($1, $2, $3, $4, $5)`,
    [avisId, actor?.userId ?? null, actor?.actingUserId ?? null, kind, detail],
  );
}

/** The avis row locked for a change (FOR UPDATE), or NOT_FOUND. */
async function lockAvis(tx: Db, id: number): Promise<Avis> {
  const [locked] = await tx.query<{ id: number }>('SELECT id FROM avis WHERE id = $1 FOR UPDATE', [
    id,
  ]);
  if (!locked) throw notFound(msg('notFound.avis'));
  return (await findAvis(tx, id))!;
}

/** The refusal of an action the avis's status does not allow. */
const wrongStatus = (
  avis: Avis,
  done: 'done.edited' | 'done.cancelled' | 'done.deleted' | 'done.closed' | 'done.booked',
) =>
  conflict(
    msg('avis.wrongStatus', {
      number: avis.number,
      status: { term: `status.avis.${avis.status}` },
      done: { term: done },
    }),
    'status',
  );

/**
 * Checks what an avis names against the database: the supplier, client and warehouse exist
 * (key-share locked, as the foreign keys would: a delete of one waits for this transaction)
 * and every product is a product of the client (not deleted), with a lot only where it is
 * lot-tracked and a best-before date only where it has one. Every problem at once.
 */
async function checkAvis(tx: Db, input: ValidAvis): Promise<void> {
  const problems: FieldProblems = {};
  const add = (name: string, rule: string, message: string | Message) =>
    (problems[name] ??= []).push(fieldProblem(rule, message));
  const productIds = input.lines.map((line) => line.productId);
  const [found] = await tx.query<{
    supplier: boolean;
    client: boolean;
    warehouse: boolean;
    products:
      | { id: number; clientId: number; lotTracked: boolean; bestBefore: boolean; sku: string }[]
      | null;
  }>(
    `SELECT EXISTS (SELECT 1 FROM suppliers WHERE id = $1 FOR KEY SHARE) AS supplier,
       EXISTS (SELECT 1 FROM clients WHERE id = $2 FOR KEY SHARE) AS client,
       EXISTS (SELECT 1 FROM warehouses WHERE id = $3 FOR KEY SHARE) AS warehouse,
       (SELECT json_agg(json_build_object('id', id, 'clientId', client_id, 'sku', sku,
                 'lotTracked', lot_tracked, 'bestBefore', best_before))
          FROM (SELECT * FROM products WHERE id = any($4::int[]) AND deleted_at IS NULL
                FOR KEY SHARE) p) AS products`,
    [input.supplierId, input.clientId, input.warehouseId, productIds],
  );
  if (!found!.supplier) add('supplierId', 'exists', 'The selected supplier does not exist.');
  if (!found!.client) add('clientId', 'exists', 'The selected client does not exist.');
  if (!found!.warehouse) add('warehouseId', 'exists', 'The selected warehouse does not exist.');
  input.lines.forEach((line, i) => {
    const product = found!.products?.find((p) => p.id === line.productId);
    if (!product) add(`lines.${i}.productId`, 'exists', 'The selected product does not exist.');
    else if (found!.client && product.clientId !== input.clientId)
      add(`lines.${i}.productId`, 'client', msg('avis.productOfOtherClient', { sku: product.sku }));
    else {
      if (!product.lotTracked && line.lot !== '')
        add(`lines.${i}.lot`, 'prohibited', msg('stock.lotProhibited'));
      if (!product.bestBefore && line.bestBefore)
        add(`lines.${i}.bestBefore`, 'prohibited', msg('stock.bestBeforeProhibited'));
    }
  });
  if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
}

/** Writes the lines of an avis (positions in the given order). */
async function insertLines(tx: Db, avisId: number, lines: ValidAvis['lines']): Promise<void> {
  await tx.query(
    `INSERT INTO avis_lines (avis_id, position, product_id, announced_quantity, lot, best_before)
     SELECT $1, l.position, l.product_id, l.announced_quantity, l.lot, l.best_before
       FROM json_to_recordset($2::json)
         AS l(position int, product_id int, announced_quantity int, lot text, best_before date)`,
    [
      avisId,
      JSON.stringify(
        lines.map((line, i) => ({
          position: i + 1,
          product_id: line.productId,
          announced_quantity: line.announcedQuantity,
          lot: line.lot,
          best_before: line.bestBefore,
        })),
      ),
    ],
  );
}

/**
 * Creates an avis (status announced) with its lines and the history's 'created' entry. The
 * caller publishes it (the resolver by its return type; the import through publishAvis).
 */
export async function createAvis(tx: Db, actor: Actor | null, input: ValidAvis): Promise<Avis> {
  return tx.transaction(async (tx) => {
    await checkAvis(tx, input);
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO avis (supplier_id, client_id, warehouse_id, delivery_note_number, delivery_date,
         comment, created_by)
       VALUES ($1, $2, $3, $4, $5::date, $6, $7) RETURNING id`,
      [
        input.supplierId,
        input.clientId,
        input.warehouseId,
        input.deliveryNoteNumber,
        input.deliveryDate,
        input.comment,
        actor?.userId ?? null,
      ],
    );
    await insertLines(tx, created!.id, input.lines);
    await recordEvent(tx, actor, created!.id, 'created', null);
    return (await findAvis(tx, created!.id))!;
  });
}

/**
 * Saves the changes of an avis made on `version` (lines replaced): only while nothing is
 * booked and it is not cancelled (CONFLICT, reason status); a newer version is CONFLICT (stale).
 */
export async function updateAvis(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  input: ValidAvis,
): Promise<Avis> {
  return db.transaction(async (tx) => {
    const avis = await lockAvis(tx, id);
    if (avis.status !== 'announced' || avis.receivedTotal > 0)
      throw wrongStatus(avis, 'done.edited');
    if (avis.version !== version) throw staleEdit();
    await checkAvis(tx, input);
    await tx.query(
      `UPDATE avis SET supplier_id = $2, client_id = $3, warehouse_id = $4,
         delivery_note_number = $5, delivery_date = $6::date, comment = $7,
         version = version + 1, updated_at = now()
       WHERE id = $1`,
      [
        id,
        input.supplierId,
        input.clientId,
        input.warehouseId,
        input.deliveryNoteNumber,
        input.deliveryDate,
        input.comment,
      ],
    );
    // Nothing refers to the lines while nothing is booked: they are written anew.
    await tx.query('DELETE FROM avis_lines WHERE avis_id = $1', [id]);
    await insertLines(tx, id, input.lines);
    await recordEvent(tx, actor, id, 'updated', null);
    return (await findAvis(tx, id))!;
  });
}

/** Cancels an announced avis (nothing booked); the reason goes into the history. */
export async function cancelAvis(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  reason: string,
): Promise<Avis> {
  return db.transaction(async (tx) => {
    const avis = await lockAvis(tx, id);
    if (avis.status !== 'announced' || avis.receivedTotal > 0)
      throw wrongStatus(avis, 'done.cancelled');
    if (avis.version !== version) throw staleEdit();
    await tx.query(
      `UPDATE avis SET status = 'cancelled', version = version + 1, updated_at = now() WHERE id = $1`,
      [id],
    );
    await recordEvent(tx, actor, id, 'cancelled', reason || null);
    return (await findAvis(tx, id))!;
  });
}

/** Deletes an announced avis without receipts (with its lines and history). */
export async function deleteAvis(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const avis = await lockAvis(tx, id);
    const [receipt] = await tx.query('SELECT 1 FROM avis_receipts WHERE avis_id = $1 LIMIT 1', [
      id,
    ]);
    if (avis.status !== 'announced' || receipt) throw wrongStatus(avis, 'done.deleted');
    await tx.query('DELETE FROM avis WHERE id = $1', [id]);
  });
}

/**
 * Closes a partially booked avis as booked. When a line's received quantity differs from the
 * announced one, the reason is required (field `reason`) and kept as closeReason.
 */
export async function closeAvis(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  reason: string,
): Promise<Avis> {
  return db.transaction(async (tx) => {
    const avis = await lockAvis(tx, id);
    if (avis.status !== 'partially_booked') throw wrongStatus(avis, 'done.closed');
    if (avis.version !== version) throw staleEdit();
    const lines = await linesOfAvis(tx, [id]);
    const differs = lines.some((line) => line.receivedQuantity !== line.announcedQuantity);
    if (differs && !reason)
      throw new InvalidInput({
        reason: [
          {
            rule: 'required',
            message: 'The reason field is required when received and announced quantities differ.',
          },
        ],
      });
    await tx.query(
      `UPDATE avis SET status = 'booked', close_reason = $2, version = version + 1,
              updated_at = now()
        WHERE id = $1`,
      [id, reason || null],
    );
    await recordEvent(tx, actor, id, 'closed', reason || null);
    return (await findAvis(tx, id))!;
  });
}

/** A field error of a booking line, renamed under `lines.<i>.` (bookIn names its own fields). */
function underLine(error: unknown, index: number): unknown {
  if (!(error instanceof InvalidInput)) return error;
  const problems: FieldProblems = {};
  for (const [name, list] of Object.entries(error.problems)) {
    const field = name === 'warehouseId' || name === 'productId' ? 'lineId' : name;
    problems[`lines.${index}.${field}`] = list;
  }
  return new InvalidInput(problems);
}

/**
 * Books what arrived in one receipt: each line's quantity onto a place of the avis's warehouse
 * through bookIn (reason 'avis', reference = the receipt's id), all in one transaction.
 * Refused: a cancelled or booked avis (CONFLICT); a line of another avis (lines.<i>.lineId);
 * more than the line's open quantity without confirmOverDelivery (lines.<i>.quantity, rule
 * overDelivery, params.open); a place of another warehouse (lines.<i>.placeId); a missing
 * lot / best-before date (lines.<i>.lot / .bestBefore). Every line received in full → booked,
 * else partially booked.
 */
export async function bookAvis(
  db: Db,
  actor: Actor,
  id: number,
  input: ValidAvisBooking,
): Promise<AvisBooking> {
  return db.transaction(async (tx) => {
    const avis = await lockAvis(tx, id);
    if (avis.status === 'cancelled' || avis.status === 'booked')
      throw wrongStatus(avis, 'done.booked');
    // Read under the lock: what earlier bookings received is counted.
    const lines = new Map((await linesOfAvis(tx, [id])).map((line) => [line.id, line]));
    const [found] = await tx.query<{
      products: { id: number; lotTracked: boolean; bestBefore: boolean }[] | null;
      places: { id: number; warehouseId: number; path: string }[] | null;
    }>(
      `SELECT
         (SELECT json_agg(json_build_object('id', id, 'lotTracked', lot_tracked,
                   'bestBefore', best_before))
            FROM products WHERE id = any($1::int[])) AS products,
         (SELECT json_agg(json_build_object('id', id, 'warehouseId', warehouse_id, 'path', path))
            FROM places WHERE id = any($2::int[])) AS places`,
      [[...lines.values()].map((line) => line.productId), input.lines.map((line) => line.placeId)],
    );
    const problems: FieldProblems = {};
    const add = (
      name: string,
      rule: string,
      message: string | Message,
      params?: Record<string, string | number>,
    ) => (problems[name] ??= []).push(fieldProblem(rule, message, params));
    const received = new Map<number, number>();
    const bookings = input.lines.map((wanted, i) => {
      const line = lines.get(wanted.lineId);
      if (!line) {
        add(`lines.${i}.lineId`, 'exists', 'The line is not a line of this avis.');
        return null;
      }
      const product = found!.products?.find((p) => p.id === line.productId);
      const lot = wanted.lot || line.lot;
      const bestBefore = wanted.bestBefore ?? line.bestBefore;
      const before = received.get(line.id) ?? line.receivedQuantity;
      const open = Math.max(line.announcedQuantity - before, 0);
      const overDelivery = Math.max(wanted.quantity - open, 0);
      received.set(line.id, before + wanted.quantity);
      if (overDelivery > 0 && !input.confirmOverDelivery)
        add(
          `lines.${i}.quantity`,
          'overDelivery',
          msg('avis.overDelivery', { open, over: overDelivery }),
          { rule: 'overDelivery', open, overDelivery },
        );
      const place = found!.places?.find((p) => p.id === wanted.placeId);
      if (!place) add(`lines.${i}.placeId`, 'exists', 'The selected place does not exist.');
      else if (place.warehouseId !== avis.warehouseId)
        add(`lines.${i}.placeId`, 'warehouse', msg('stock.otherWarehouse', { path: place.path }), {
          path: place.path,
        });
      if (product?.lotTracked && lot === '')
        add(`lines.${i}.lot`, 'required', msg('stock.lotRequired'));
      if (product && !product.lotTracked && lot !== '')
        add(`lines.${i}.lot`, 'prohibited', msg('stock.lotProhibited'));
      if (product?.bestBefore && !bestBefore)
        add(`lines.${i}.bestBefore`, 'required', msg('stock.bestBeforeRequired'));
      if (product && !product.bestBefore && bestBefore)
        add(`lines.${i}.bestBefore`, 'prohibited', msg('stock.bestBeforeProhibited'));
      return {
        line,
        quantity: wanted.quantity,
        placeId: wanted.placeId,
        lot,
        bestBefore,
        overDelivery,
      };
    });
    if (Object.keys(problems).length > 0) throw new InvalidInput(problems);

    const [receipt] = await tx.query<{ id: number; number: string }>(
      `INSERT INTO avis_receipts (avis_id, sequence, number, user_id, acting_user_id)
       SELECT $1, s.n, $2 || '-' || s.n, $3, $4
         FROM (SELECT coalesce(max(sequence), 0) + 1 AS n FROM avis_receipts WHERE avis_id = $1) s
       RETURNING id, number`,
      [id, avis.number, actor.userId, actor.actingUserId],
    );
    const changes: StockChange[] = [];
    let overDelivered = 0;
    for (const [i, booking] of bookings.entries()) {
      const { line, quantity, placeId, lot, bestBefore, overDelivery } = booking!;
      let change: StockChange;
      try {
        change = await bookIn(
          tx,
          actor,
          {
            warehouseId: avis.warehouseId,
            placeId,
            productId: line.productId,
            quantity,
            lot,
            bestBefore,
            comment: `Avis ${avis.number}`,
          },
          {
            reason: 'avis',
            reference: String(receipt!.id),
            commentMessage: msg('ledger.avis', { number: avis.number }),
          },
        );
      } catch (error) {
        throw underLine(error, i);
      }
      changes.push(change);
      overDelivered += overDelivery;
      await tx.query(
        `INSERT INTO avis_receipt_lines (receipt_id, line_id, place_id, quantity, lot, best_before,
           over_delivery, stock_change_id)
         VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8)`,
        [receipt!.id, line.id, placeId, quantity, lot, change.bestBefore, overDelivery, change.id],
      );
      await tx.query(
        'UPDATE avis_lines SET received_quantity = received_quantity + $2 WHERE id = $1',
        [line.id, quantity],
      );
    }
    const [state] = await tx.query<{ complete: boolean }>(
      `SELECT bool_and(received_quantity >= announced_quantity) AS complete
         FROM avis_lines WHERE avis_id = $1`,
      [id],
    );
    await tx.query(
      `UPDATE avis SET status = $2, version = version + 1, updated_at = now() WHERE id = $1`,
      [id, state!.complete ? 'booked' : 'partially_booked'],
    );
    const units = bookings.reduce((sum, booking) => sum + booking!.quantity, 0);
    await recordEvent(
      tx,
      actor,
      id,
      'booked',
      // Data, not words: the page says it in the reader's language.
      JSON.stringify({ receipt: receipt!.number, units, overDelivery: overDelivered }),
    );
    return {
      avis: (await findAvis(tx, id))!,
      receipt: (await findReceipt(tx, receipt!.id))!,
      changes,
    };
  });
}
