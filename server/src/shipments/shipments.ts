import { msg } from '@kontor/contracts';
import { recordShipmentPush } from '../shops/outbox';
import type { Db } from '../db';
import {
  conflict,
  fieldProblem,
  InvalidInput,
  notFound,
  staleEdit,
  type FieldProblems,
} from '../domain/errors';
import type { OrderPackage, OrderStatus } from '../orders/orders';
import { releaseOrderReservations } from '../stock/reservations';
import { STOCK_CHANGE_COLUMNS, type Actor, type StockChange } from '../stock/stock';
import { stocktakingLockOf } from '../stock/locks';

// The packing station (issue 15; docs/domain.md "Outbound"): a shipment is what was
// finished for an order in one go — packages (shipments, shipment_packages,
// shipment_package_items of migration 0110) — and the stock it booked out (one stock change,
// reason 'shipment', reference the shipment id, per touched stock row).
//
// Two stations on one order: the order row is locked FOR UPDATE first and its version must be
// the one the station loaded, the open quantities (ordered − shipped) are read after the lock;
// so the second station either waits and is refused (stale), or never sees a position as open
// twice. Lock order: the order, then the stock rows in id order (before the first stock write:
// stock.ts's rule against deadlocks). Everything in one transaction: a refusal changes nothing.

export interface Shipment {
  id: number;
  orderId: number;
  createdAt: Date;
  createdBy: number | null;
  createdByName: string | null;
}

/** A package as validated (shipments/rules.ts). */
export interface ValidPackage {
  weightKg: number | null;
  trackingNumber: string;
  items: { orderItemId: number; quantity: number }[];
}

/** What createShipment returns besides the shipment: the ledger rows it wrote (for realtime). */
export interface ShipmentOutcome {
  shipment: Shipment;
  changes: StockChange[];
}

const SHIPMENT_COLUMNS = `s.id, s.order_id AS "orderId", s.created_at AS "createdAt",
  s.created_by AS "createdBy", (SELECT u.name FROM users u WHERE u.id = s.created_by) AS "createdByName"`;

export async function findShipment(db: Db, id: number): Promise<Shipment | undefined> {
  const [row] = await db.query<Shipment>(
    `SELECT ${SHIPMENT_COLUMNS} FROM shipments s WHERE s.id = $1`,
    [id],
  );
  return row;
}

/** The packages of these shipments, in packing order, with their items. */
export async function packagesOfShipments(
  db: Db,
  shipmentIds: readonly number[],
): Promise<(OrderPackage & { shipmentId: number })[]> {
  const rows = await db.query<OrderPackage & { shipmentId: number }>(
    `SELECT p.id, p.shipment_id AS "shipmentId", s.order_id AS "orderId", s.created_at AS "shippedAt",
            p.weight_kg::float8 AS "weightKg", p.tracking_number AS "trackingNumber",
            coalesce((SELECT json_agg(json_build_object('orderItemId', i.order_item_id, 'quantity', i.quantity)
                                      ORDER BY i.id)
                        FROM shipment_package_items i WHERE i.package_id = p.id), '[]') AS items
       FROM shipments s JOIN shipment_packages p ON p.shipment_id = s.id
      WHERE s.id = any($1::int[]) ORDER BY s.id, p.id`,
    [[...shipmentIds]],
  );
  return rows;
}

/**
 * The order with this number for the packing station (case-insensitive, exact; the newest
 * when several clients use the number), or undefined.
 */
export async function orderIdForPacking(db: Db, number: string): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM orders WHERE lower(number) = lower($1) ORDER BY created_at DESC, id DESC LIMIT 1`,
    [number.trim()],
  );
  return row?.id;
}

interface LockedOrder {
  id: number;
  number: string;
  status: OrderStatus;
  version: number;
  trackingRequired: boolean;
}

interface ItemRow {
  id: number;
  productId: number | null;
  sku: string;
  open: number;
}

interface StockRow {
  id: string;
  productId: number;
  placeId: number;
  clientId: number;
  available: number;
  /** For reserved rows: the reservation's id and quantity. */
  reservationId: string | null;
  reserved: number;
  orderItemId: number | null;
}

/**
 * Ships packages of an order made on `version`: validated against the open quantities
 * (more than open: field error `packages.<p>.items.<i>.quantity`; an item of another order:
 * `packages.<p>.items.<i>.orderItemId`), booked out of stock (the item's reservations first,
 * then first expiry first out from what is available; places a running stocktaking locks are
 * not touched), the order complete when nothing is left open, else processing.
 */
export async function createShipment(
  db: Db,
  actor: Actor,
  orderId: number,
  version: number,
  packages: readonly ValidPackage[],
): Promise<ShipmentOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.query<LockedOrder>(
      `SELECT o.id, o.number, o.status, o.version,
              coalesce((SELECT m.tracking_required FROM shipping_methods m
                         WHERE m.id = o.shipping_method_id), false) AS "trackingRequired"
         FROM orders o WHERE o.id = $1 FOR UPDATE OF o`,
      [orderId],
    );
    if (!order) throw notFound(msg('notFound.order'));
    if (order.version !== version) throw staleEdit();
    if (order.status !== 'pending' && order.status !== 'processing')
      throw conflict(
        msg('shipments.orderStatus', {
          number: order.number,
          status: { term: `status.order.${order.status}` },
        }),
        'status',
      );
    const items = await tx.query<ItemRow>(
      `SELECT i.id, CASE WHEN p.deleted_at IS NULL THEN i.product_id END AS "productId", i.sku,
              i.ordered_quantity - i.shipped_quantity AS open
         FROM order_items i LEFT JOIN products p ON p.id = i.product_id
        WHERE i.order_id = $1 ORDER BY i.position`,
      [orderId],
    );
    const itemOf = new Map(items.map((item) => [item.id, item]));

    // The input against the open quantities: every problem at once.
    const problems: FieldProblems = {};
    const add = (
      path: string,
      rule: string,
      message: string,
      params?: Record<string, number | string>,
    ) => (problems[path] ??= []).push({ rule, message, ...(params ? { params } : {}) });
    const wanted = new Map<number, number>();
    const firstPath = new Map<number, string>();
    if (order.trackingRequired)
      packages.forEach((pkg, p) => {
        if (pkg.trackingNumber === '')
          add(
            `packages.${p}.trackingNumber`,
            'required',
            `The shipping method of order ${order.number} needs a tracking number for every package.`,
          );
      });
    packages.forEach((pkg, p) =>
      pkg.items.forEach((entry, i) => {
        const path = `packages.${p}.items.${i}`;
        const item = itemOf.get(entry.orderItemId);
        if (!item) {
          add(`${path}.orderItemId`, 'exists', `The position is not one of order ${order.number}.`);
          return;
        }
        const before = wanted.get(item.id) ?? 0;
        if (before + entry.quantity > item.open)
          add(
            `${path}.quantity`,
            'open',
            item.open - before <= 0
              ? `Nothing of ${item.sku} is open any more.`
              : `At most ${item.open - before} of ${item.sku} are open.`,
            { open: Math.max(0, item.open - before), sku: item.sku },
          );
        else if (item.productId === null)
          add(`${path}.orderItemId`, 'product', `The product ${item.sku} no longer exists.`);
        wanted.set(item.id, before + entry.quantity);
        if (!firstPath.has(item.id)) firstPath.set(item.id, `${path}.quantity`);
      }),
    );
    if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
    if (wanted.size === 0)
      throw new InvalidInput({
        packages: [fieldProblem('required', msg('shipments.noPosition'))],
      });

    // The stock to take from: the items' reservations first, then what is available (FEFO).
    const itemIds = [...wanted.keys()];
    const productIds = [...new Set(itemIds.map((id) => itemOf.get(id)!.productId!))];
    const candidates = await tx.query<{ id: string }>(
      `SELECT r.stock_id::text AS id FROM stock_reservations r WHERE r.order_item_id = any($1::int[])
       UNION
       SELECT s.id::text FROM stock s WHERE s.product_id = any($2::int[]) AND s.quantity > s.locked_qty`,
      [itemIds, productIds],
    );
    // Lock them in id order, then read them (after the lock: what other stations left).
    await tx.query(`SELECT id FROM stock WHERE id = any($1::bigint[]) ORDER BY id FOR UPDATE`, [
      candidates.map((row) => row.id),
    ]);
    const rows = await tx.query<StockRow>(
      `SELECT s.id::text AS id, s.product_id AS "productId", s.place_id AS "placeId",
              s.client_id AS "clientId", s.quantity - s.locked_qty AS available,
              r.id::text AS "reservationId", coalesce(r.quantity, 0) AS reserved,
              r.order_item_id AS "orderItemId"
         FROM stock s JOIN places pl ON pl.id = s.place_id
         LEFT JOIN stock_reservations r ON r.stock_id = s.id AND r.order_item_id = any($2::int[])
        WHERE s.id = any($1::bigint[])
        ORDER BY s.best_before NULLS LAST, s.first_booked_at, pl.path_sort, s.id`,
      [candidates.map((row) => row.id), itemIds],
    );
    const locked = new Set<number>();
    for (const clientId of new Set(rows.map((row) => row.clientId))) {
      const places = [
        ...new Set(rows.filter((r) => r.clientId === clientId).map((r) => r.placeId)),
      ];
      for (const placeId of (await stocktakingLockOf(tx, places, clientId)).keys())
        locked.add(placeId);
    }

    // Per stock row: how much to take in total, and how much of it was reserved.
    const take = new Map<string, { quantity: number; reserved: number }>();
    const consumed: { reservationId: string; quantity: number }[] = [];
    const availableLeft = new Map<string, number>();
    for (const row of rows)
      if (!availableLeft.has(row.id)) availableLeft.set(row.id, row.available);
    const shortages: FieldProblems = {};
    for (const itemId of itemIds) {
      const item = itemOf.get(itemId)!;
      let need = wanted.get(itemId)!;
      const note = (row: StockRow, quantity: number, reserved: number) => {
        const t = take.get(row.id) ?? { quantity: 0, reserved: 0 };
        t.quantity += quantity;
        t.reserved += reserved;
        take.set(row.id, t);
      };
      for (const row of rows.filter((r) => r.orderItemId === itemId && !locked.has(r.placeId))) {
        if (need === 0) break;
        const q = Math.min(row.reserved, need);
        note(row, q, q);
        consumed.push({ reservationId: row.reservationId!, quantity: q });
        need -= q;
      }
      const seen = new Set<string>();
      for (const row of rows) {
        if (need === 0) break;
        if (row.productId !== item.productId || locked.has(row.placeId) || seen.has(row.id))
          continue;
        seen.add(row.id);
        const have = availableLeft.get(row.id)!;
        if (have <= 0) continue;
        const q = Math.min(have, need);
        availableLeft.set(row.id, have - q);
        note(row, q, 0);
        need -= q;
      }
      if (need > 0)
        (shortages[firstPath.get(itemId)!] ??= []).push(
          fieldProblem(
            'stock',
            msg(
              rows.some((r) => r.productId === item.productId && locked.has(r.placeId))
                ? 'shipments.notEnoughStockLocked'
                : 'shipments.notEnoughStock',
              { sku: item.sku, available: wanted.get(itemId)! - need },
            ),
            { available: wanted.get(itemId)! - need, sku: item.sku },
          ),
        );
    }
    if (Object.keys(shortages).length > 0) throw new InvalidInput(shortages);

    // Writes: the shipment and its packages, the stock and its ledger, the reservations, the items.
    const [shipment] = await tx.query<{ id: number }>(
      'INSERT INTO shipments (order_id, created_by) VALUES ($1, $2) RETURNING id',
      [orderId, actor.userId],
    );
    const shipmentId = shipment!.id;
    const packageIds = await tx.query<{ id: number }>(
      `INSERT INTO shipment_packages (shipment_id, weight_kg, tracking_number)
       SELECT $1, w, t FROM unnest($2::numeric[], $3::text[]) WITH ORDINALITY AS v(w, t, n) ORDER BY n
       RETURNING id`,
      [shipmentId, packages.map((p) => p.weightKg), packages.map((p) => p.trackingNumber)],
    );
    const ids = packageIds.map((row) => row.id).sort((a, b) => a - b);
    const entries = packages.flatMap((pkg, p) =>
      pkg.items.map((entry) => ({ packageId: ids[p]!, ...entry })),
    );
    await tx.query(
      `INSERT INTO shipment_package_items (package_id, order_item_id, quantity)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`,
      [
        entries.map((e) => e.packageId),
        entries.map((e) => e.orderItemId),
        entries.map((e) => e.quantity),
      ],
    );
    const stockIds = [...take.keys()];
    const changes = await tx.query<StockChange>(
      `WITH v AS (SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[]) AS v(id, q, r)),
       taken AS (
         UPDATE stock s SET quantity = s.quantity - v.q, locked_qty = s.locked_qty - v.r, updated_at = now()
           FROM v WHERE s.id = v.id
         RETURNING s.product_id, s.place_id, s.client_id, s.warehouse_id, s.lot, s.best_before,
                   s.quantity, v.q)
       INSERT INTO stock_changes (product_id, place_id, client_id, warehouse_id, lot, best_before,
         delta, quantity_after, reason, reference, comment, comment_message, user_id, acting_user_id)
       SELECT product_id, place_id, client_id, warehouse_id, lot, best_before, -q, quantity,
              'shipment', $4, $5, $8::jsonb, $6, $7
         FROM taken
       RETURNING ${STOCK_CHANGE_COLUMNS}`,
      [
        stockIds,
        stockIds.map((id) => take.get(id)!.quantity),
        stockIds.map((id) => take.get(id)!.reserved),
        String(shipmentId),
        `Order ${order.number}`,
        actor.userId,
        actor.actingUserId,
        JSON.stringify(msg('ledger.shipment', { number: order.number })),
      ],
    );
    if (consumed.length > 0) {
      await tx.query(
        `WITH v AS (SELECT * FROM unnest($1::bigint[], $2::int[]) AS v(id, q)),
         lowered AS (
           UPDATE stock_reservations r SET quantity = r.quantity - v.q FROM v
            WHERE r.id = v.id AND r.quantity > v.q RETURNING r.id)
         DELETE FROM stock_reservations r USING v
          WHERE r.id = v.id AND r.quantity = v.q`,
        [consumed.map((c) => c.reservationId), consumed.map((c) => c.quantity)],
      );
    }
    await tx.query(
      `UPDATE order_items i SET shipped_quantity = i.shipped_quantity + v.q
         FROM unnest($1::int[], $2::int[]) AS v(id, q) WHERE i.id = v.id`,
      [itemIds, itemIds.map((id) => wanted.get(id)!)],
    );

    // The order: complete when nothing is left open, else processing; its history.
    const done = items.every((item) => item.open - (wanted.get(item.id) ?? 0) === 0);
    const to: OrderStatus = done ? 'complete' : 'processing';
    if (done) await releaseOrderReservations(tx, [orderId]);
    await tx.query(
      `UPDATE orders SET status = $2, version = version + 1, updated_at = now()
         ${done ? ', fulfillment_error = NULL, fulfillment_problems = NULL, fulfillment_error_at = NULL' : ''}
       WHERE id = $1`,
      [orderId, to],
    );
    const actingUserId = actor.actingUserId !== actor.userId ? actor.actingUserId : null;
    await tx.query(
      `INSERT INTO order_events (order_id, user_id, acting_user_id, kind, detail)
       VALUES ($1, $2, $3, 'shipment', $4::jsonb)`,
      [
        orderId,
        actor.userId,
        actingUserId,
        JSON.stringify({
          shipment: shipmentId,
          packages: packages.length,
          quantity: [...wanted.values()].reduce((a, b) => a + b, 0),
          trackingNumbers: packages.map((p) => p.trackingNumber).filter((t) => t !== ''),
        }),
      ],
    );
    if (order.status !== to)
      await tx.query(
        `INSERT INTO order_events (order_id, user_id, acting_user_id, kind, from_status, to_status)
         VALUES ($1, $2, $3, 'status', $4, $5)`,
        [orderId, actor.userId, actingUserId, order.status, to],
      );
    // An order from a shop: its tracking and shipped state go back through the outbox.
    await recordShipmentPush(tx, orderId, shipmentId);
    return { shipment: (await findShipment(tx, shipmentId))!, changes };
  });
}

/**
 * Ships every open position of an order in one package (optional tracking number): the order
 * becomes complete. CONFLICT status when nothing is open.
 */
export async function shipAll(
  db: Db,
  actor: Actor,
  orderId: number,
  version: number,
  trackingNumber: string,
): Promise<ShipmentOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.query<{ number: string }>(
      'SELECT number FROM orders WHERE id = $1 FOR UPDATE',
      [orderId],
    );
    if (!order) throw notFound(msg('notFound.order'));
    const open = await tx.query<{ id: number; open: number }>(
      `SELECT id, ordered_quantity - shipped_quantity AS open FROM order_items
        WHERE order_id = $1 AND ordered_quantity > shipped_quantity ORDER BY position`,
      [orderId],
    );
    if (open.length === 0)
      throw conflict(msg('shipments.nothingLeft', { number: order.number }), 'status');
    return createShipment(tx, actor, orderId, version, [
      {
        weightKg: null,
        trackingNumber,
        items: open.map((item) => ({ orderItemId: item.id, quantity: item.open })),
      },
    ]);
  });
}
