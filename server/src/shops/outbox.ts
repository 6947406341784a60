import { msg } from '@kontor/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import { defineJobKind } from '../jobs/kinds';
import { connectionWithSecrets } from './connections';
import { drainRequestLog, ShopError } from './http';
import { requestsWhileWriting, shopsSettingsOf } from './runtime';
import { contextOf, driverOf, recordFailure } from './sync';

// Push-backs (docs/shops.md "Push-back"): a finished shipment of a shop's order writes an
// outbox row in the shipment's own transaction (idempotency key `shipment:<id>`, unique per
// connection: written once whatever happens after); the scheduler hands due rows to a
// `shops.push` job; the connector pushes (tracking first, then the shipped state) so that
// pushing the same shipment again changes nothing in the shop. A retryable failure waits
// with back-off; a refusal, or the 8th failure, marks the row failed (visible, retryable).

/** Attempts before a push-back is failed. */
export const MAX_PUSH_ATTEMPTS = 8;

/** Writes the push-back of a shipment (in the shipment's transaction); nothing for an order of no shop. */
export async function recordShipmentPush(
  tx: Db,
  orderId: number,
  shipmentId: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO shop_outbox (connection_id, order_id, shipment_id, idempotency_key)
     SELECT b.connection_id, b.order_id, $2::int, 'shipment:' || $2::int
       FROM shop_order_bindings b WHERE b.order_id = $1
     ON CONFLICT (connection_id, idempotency_key) DO NOTHING`,
    [orderId, shipmentId],
  );
}

interface OutboxRow {
  id: string;
  connectionId: number;
  orderId: number;
  shipmentId: number | null;
  attempts: number;
  state: string;
}

/** Pushes one outbox row; records done, a later attempt or failed. */
export async function pushOne(
  db: Db,
  id: string,
): Promise<'done' | 'retry' | 'failed' | 'skipped'> {
  const [row] = await db.query<OutboxRow>(
    `SELECT id::text, connection_id AS "connectionId", order_id AS "orderId", shipment_id AS "shipmentId",
            attempts, state FROM shop_outbox WHERE id = $1`,
    [id],
  );
  if (!row || row.state !== 'pending' || row.shipmentId === null) return 'skipped';
  const settings = shopsSettingsOf(db);
  try {
    const connection = await connectionWithSecrets(db, settings.appKey, row.connectionId);
    const [binding] = await db.query<{ externalId: string; data: Record<string, unknown> }>(
      `SELECT external_id AS "externalId", shop_data AS data FROM shop_order_bindings WHERE order_id = $1`,
      [row.orderId],
    );
    if (!binding) throw new ShopError('The order is no longer bound to the shop.', 0, false);
    const [shipment] = await db.query<{
      tracking: string[];
      carrier: string;
      at: Date;
      open: number;
    }>(
      `SELECT coalesce(array_agg(p.tracking_number ORDER BY p.id) FILTER (WHERE p.tracking_number <> ''), '{}') AS tracking,
              coalesce((SELECT sh.name FROM orders o JOIN shipping_methods m ON m.id = o.shipping_method_id
                          JOIN shippers sh ON sh.id = m.shipper_id WHERE o.id = $2), '') AS carrier,
              (SELECT created_at FROM shipments WHERE id = $1) AS at,
              (SELECT coalesce(sum(ordered_quantity - shipped_quantity), 0)::int FROM order_items WHERE order_id = $2) AS open
         FROM shipment_packages p WHERE p.shipment_id = $1`,
      [row.shipmentId, row.orderId],
    );
    await driverOf(connection).pushShipment(contextOf(db, connection), {
      externalId: binding.externalId,
      data: binding.data,
      trackingNumbers: shipment?.tracking ?? [],
      carrier: shipment?.carrier ?? '',
      complete: (shipment?.open ?? 0) === 0,
      shippedAt: shipment?.at ? new Date(shipment.at) : new Date(),
    });
    await db.query(
      `UPDATE shop_outbox SET state = 'done', done_at = now(), attempts = attempts + 1, last_error = NULL
        WHERE id = $1`,
      [id],
    );
    return 'done';
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const retryable = !(error instanceof ShopError) || error.retryable;
    const failed = !retryable || row.attempts + 1 >= MAX_PUSH_ATTEMPTS;
    await db.query(
      `UPDATE shop_outbox SET attempts = attempts + 1, last_error = $2,
         state = CASE WHEN $3 THEN 'failed' ELSE 'pending' END,
         next_attempt_at = now() + make_interval(secs => least(30 * power(2, attempts), 3600))
       WHERE id = $1`,
      [id, message, failed],
    );
    if (failed)
      await recordFailure(db, row.connectionId, new Error(`Push-back failed: ${message}`));
    return failed ? 'failed' : 'retry';
  } finally {
    await drainRequestLog(db);
  }
}

export const shopPush = defineJobKind<{ connectionId: number; ids: string[] }>({
  name: 'shops.push',
  payload: z.object({
    connectionId: z.number().int().positive(),
    ids: z.array(z.string().regex(/^\d+$/)).max(500),
  }),
  title: (payload) => msg('job.shops.push', { count: payload.ids.length }),
  outcome: (report) =>
    msg('job.outcome.push', { done: report.updated, failed: report.rejectedTotal }),
  maxAttempts: 1,
  async handler(ctx) {
    let done = 0;
    let failed = 0;
    let next = 0;
    const { ids } = ctx.payload;
    const { leaseSeconds } = shopsSettingsOf(ctx.db);
    // Pushes run side by side as far as requests may be in flight (requestsWhileWriting).
    const lane = async () => {
      while (next < ids.length) {
        const index = next++;
        // The rows not pushed yet stay this job's a lease longer; a job whose node died leaves
        // them due again once its lease has run out.
        await ctx.db.query(
          `UPDATE shop_outbox SET next_attempt_at = now() + make_interval(secs => $2)
            WHERE id = any($1::bigint[]) AND state = 'pending'`,
          [ids.slice(index), leaseSeconds],
        );
        const outcome = await pushOne(ctx.db, ids[index]!);
        if (outcome === 'done') done++;
        if (outcome === 'failed') failed++;
        await ctx.progress({ done: done + failed, total: ids.length });
      }
    };
    await Promise.all(Array.from({ length: requestsWhileWriting(ctx.db) }, lane));
    return { created: 0, updated: done, rejectedTotal: failed, rejected: [] };
  },
});

/** Puts a connection's failed push-backs back in the queue. */
export async function retryFailedPushes(db: Db, connectionId: number): Promise<number> {
  const rows = await db.query(
    `UPDATE shop_outbox SET state = 'pending', attempts = 0, next_attempt_at = now()
      WHERE connection_id = $1 AND state = 'failed' RETURNING id`,
    [connectionId],
  );
  return rows.length;
}
