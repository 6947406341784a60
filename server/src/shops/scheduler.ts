import type { Db } from '../db';
import { enqueue } from '../jobs/jobs';
import { shopPush } from './outbox';
import { shopsSettingsOf } from './runtime';
import { shopSync } from './sync';

// Every node looks for due work once a tick (one indexed statement each): connections whose
// next sync is due (their schedule, "sync now", a webhook) and push-backs due. Each is claimed
// with FOR UPDATE SKIP LOCKED and moved forward in the same transaction that enqueues its
// job, so of several nodes exactly one enqueues it.

/** Enqueues the syncs and push-backs that are due; answers how many jobs it enqueued. */
export async function enqueueDueWork(db: Db): Promise<number> {
  const settings = shopsSettingsOf(db);
  return db.transaction(async (tx) => {
    let jobs = 0;
    const due = await tx.query<{ id: number; name: string }>(
      `SELECT id, name FROM shop_connections WHERE next_sync_at <= now() AND NOT paused
        ORDER BY next_sync_at LIMIT 20 FOR UPDATE SKIP LOCKED`,
    );
    if (due.length > 0) {
      await tx.query(
        `UPDATE shop_connections SET next_sync_at = now() + make_interval(secs => $2)
          WHERE id = any($1::int[])`,
        [due.map((c) => c.id), settings.intervalSeconds],
      );
      for (const connection of due) {
        await enqueue(
          tx,
          shopSync,
          { connectionId: connection.id, name: connection.name },
          { userId: null },
        );
        jobs++;
      }
    }
    const pushes = await tx.query<{ id: string; connectionId: number }>(
      `SELECT x.id::text, x.connection_id AS "connectionId" FROM shop_outbox x
         JOIN shop_connections c ON c.id = x.connection_id AND NOT c.paused
        WHERE x.state = 'pending' AND x.next_attempt_at <= now()
        ORDER BY x.next_attempt_at LIMIT 200 FOR UPDATE OF x SKIP LOCKED`,
    );
    if (pushes.length > 0) {
      // Claimed for a lease (the job renews it as it goes): due again if its node dies.
      await tx.query(
        `UPDATE shop_outbox SET next_attempt_at = now() + make_interval(secs => $2)
          WHERE id = any($1::bigint[])`,
        [pushes.map((p) => p.id), settings.leaseSeconds],
      );
      const byConnection = new Map<number, string[]>();
      for (const push of pushes)
        byConnection.set(push.connectionId, [
          ...(byConnection.get(push.connectionId) ?? []),
          push.id,
        ]);
      for (const [connectionId, ids] of byConnection) {
        await enqueue(tx, shopPush, { connectionId, ids }, { userId: null });
        jobs++;
      }
    }
    return jobs;
  });
}

/** How long request logs, webhook dedupe keys and the shop jobs' records are kept. */
export const SHOP_LOG_RETENTION_DAYS = 7;
const SWEEP_EVERY_MS = 3_600_000;

/**
 * Deletes what only the last days need: the request log, processed webhook events (a shop
 * retries for hours, not for days) and the records of the shop jobs (a sync a minute would
 * otherwise fill /horizon's table for good; the queue drops its own rows after 7 days too).
 */
export async function sweepShopLogs(db: Db): Promise<void> {
  const age = `now() - make_interval(days => ${SHOP_LOG_RETENTION_DAYS})`;
  await db.query(`DELETE FROM shop_requests WHERE at < ${age}`);
  await db.query(
    `DELETE FROM shop_webhook_events WHERE processed_at IS NOT NULL AND received_at < ${age}`,
  );
  await db.query(`DELETE FROM jobs WHERE kind = any($1::text[]) AND created_at < ${age}`, [
    ['shops.sync', 'shops.push'],
  ]);
}

/** Runs enqueueDueWork every tick until stopped (and the sweep hourly); `wake` runs it at once. */
export function startShopScheduler(
  db: Db,
  log: (error: unknown) => void,
): { stop(): void; wake(): void } {
  const { tickMs } = shopsSettingsOf(db);
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let stopped = false;
  let sweptAt = 0;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        await sweepShopLogs(db);
      }
      await enqueueDueWork(db);
    } catch (error) {
      log(error);
    } finally {
      running = false;
    }
  };
  timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
    },
    wake() {
      void tick();
    },
  };
}
