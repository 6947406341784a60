import { msg } from '@kontor/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import { defineJobKind } from '../jobs/kinds';
import { notify } from '../notifications/notifications';
import {
  shopConnector,
  type ShopConnectorDriver,
  type ShopContext,
  type ShopOrder,
  type ShopPage,
} from './connector';
import { connectionWithSecrets, type ConnectionWithSecrets } from './connections';
import { drainRequestLog, ShopHttp } from './http';
import { requestsWhileWriting, shopsSettingsOf } from './runtime';
import {
  takeConnectionOf,
  takeShopOrder,
  takeShopPage,
  type TakeConnection,
  type TakeOutcome,
} from './take';

// A connection's sync (docs/shops.md "Sync"): one at a time per connection across all nodes
// (a lease in its row, renewed after every page, free again when its node dies), first the
// orders webhooks named, then the window [cursor − overlap, shop's now − settle) read page by
// page in the connector's stable order. The cursor moves to the window's end only after every
// page is stored, so a sync cut short anywhere reads the window again, and the bindings make
// that harmless. A window whose total changed while it was read (an order changed meanwhile
// and moved out, shifting the pages) is read again.

export interface SyncReport {
  fetched: number;
  outcomes: Partial<Record<TakeOutcome, number>>;
  windows: number;
}

class LeaseLost extends Error {
  constructor() {
    super('Another sync took over this connection.');
  }
}

/** The shop's context of a connection: its HTTP client, credentials and settings. */
export function contextOf(db: Db, connection: ConnectionWithSecrets): ShopContext {
  const settings = shopsSettingsOf(db);
  return {
    connectionId: connection.id,
    http: new ShopHttp(connection.id, connection.baseUrl, db, settings.retry),
    secrets: connection.secrets,
    settings: connection.settings,
  };
}

export function driverOf(connection: { connector: string }): ShopConnectorDriver {
  const driver = shopConnector(connection.connector);
  if (!driver)
    throw new Error(`There is no shop connector ${connection.connector} on this server.`);
  return driver;
}

async function renewLease(db: Db, id: number, owner: string, seconds: number): Promise<void> {
  const [held] = await db.query(
    `UPDATE shop_connections SET sync_lease_until = now() + make_interval(secs => $3)
      WHERE id = $1 AND sync_lease_owner = $2 RETURNING id`,
    [id, owner, seconds],
  );
  if (!held) throw new LeaseLost();
}

async function takeAll(
  db: Db,
  take: TakeConnection,
  orders: readonly ShopOrder[],
  report: SyncReport,
) {
  for (const outcome of await takeShopPage(db, take, orders))
    report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
  report.fetched += orders.length;
}

/** The orders webhooks named since the last sync, fetched by id and taken. */
async function takeWebhookOrders(
  db: Db,
  driver: ShopConnectorDriver,
  ctx: ShopContext,
  take: TakeConnection,
  report: SyncReport,
): Promise<void> {
  const events = await db.query<{ key: string; ids: string[] }>(
    `SELECT dedupe_key AS key, external_ids AS ids FROM shop_webhook_events
      WHERE connection_id = $1 AND processed_at IS NULL ORDER BY received_at LIMIT 500`,
    [take.id],
  );
  if (events.length === 0) return;
  const ids = [...new Set(events.flatMap((event) => event.ids))];
  if (ids.length > 0) await takeAll(db, take, await driver.fetchByIds(ctx, ids), report);
  await db.query(
    `UPDATE shop_webhook_events SET processed_at = now()
      WHERE connection_id = $1 AND dedupe_key = any($2::text[])`,
    [take.id, events.map((event) => event.key)],
  );
}

/** Reads the window [from, to) page by page and takes its orders; again when its total moved. */
async function takeWindow(
  db: Db,
  driver: ShopConnectorDriver,
  ctx: ShopContext,
  take: TakeConnection,
  window: { from: Date; to: Date },
  lease: { owner: string; seconds: number },
  report: SyncReport,
): Promise<void> {
  const { pageSize } = shopsSettingsOf(db);
  for (let round = 1; round <= 3; round++) {
    report.windows++;
    const fetchPage = (page: number) => {
      const promise = driver.fetchWindow(ctx, { ...window, page, pageSize });
      promise.catch(() => undefined); // awaited below; a failure while taking must not go unhandled
      return promise;
    };
    // Pages are asked for ahead while the one before is stored (requestsWhileWriting).
    const ahead = requestsWhileWriting(db) > 1 ? requestsWhileWriting(db) : 0;
    const inFlight = [fetchPage(1)];
    let nextPage = 2;
    let full = true;
    let firstTotal: number | null | undefined;
    let lastTotal: number | null = null;
    while (inFlight.length > 0) {
      const current: ShopPage = await inFlight.shift()!;
      if (firstTotal === undefined) firstTotal = current.total;
      lastTotal = current.total;
      if (current.orders.length < pageSize) full = false;
      const last = current.total === null ? Infinity : Math.ceil(current.total / pageSize);
      while (full && inFlight.length < ahead && nextPage <= last)
        inFlight.push(fetchPage(nextPage++));
      await takeAll(db, take, current.orders, report);
      await renewLease(db, take.id, lease.owner, lease.seconds);
      if (full && inFlight.length === 0 && nextPage <= last) inFlight.push(fetchPage(nextPage++));
    }
    if (firstTotal === null || firstTotal === undefined || firstTotal === lastTotal) return;
  }
}

/** One pass: webhook orders, then the window up to the shop's now − settle; moves the cursor. */
async function syncOnce(db: Db, id: number, owner: string, report: SyncReport): Promise<void> {
  const settings = shopsSettingsOf(db);
  const connection = await connectionWithSecrets(db, settings.appKey, id);
  const driver = driverOf(connection);
  const ctx = contextOf(db, connection);
  const take = await takeConnectionOf(db, connection);
  await takeWebhookOrders(db, driver, ctx, take, report);
  const cursor = connection.cursorAt
    ? new Date(connection.cursorAt)
    : new Date(Date.now() - 7 * 86_400_000);
  const from = new Date(cursor.getTime() - settings.overlapSeconds * 1000);
  // The window ends by the shop's clock: a node that has not heard from the shop yet asks it
  // once (the connector's test call) to learn it from the answer's Date header.
  if (!ctx.http.clockKnown) await driver.test(ctx);
  // Whole seconds: shops keep their timestamps to the second.
  const to = new Date(
    Math.floor((ctx.http.shopNow().getTime() - settings.settleSeconds * 1000) / 1000) * 1000,
  );
  if (to <= from) return;
  await takeWindow(
    db,
    driver,
    ctx,
    take,
    { from, to },
    { owner, seconds: settings.leaseSeconds },
    report,
  );
  const [moved] = await db.query(
    `UPDATE shop_connections SET cursor_at = greatest(cursor_at, $3::timestamptz)
      WHERE id = $1 AND sync_lease_owner = $2 RETURNING id`,
    [id, owner, to.toISOString()],
  );
  if (!moved) throw new LeaseLost();
}

/** Tells the people who look after shops that a connection fails (once, when it starts failing). */
async function notifyFailing(db: Db, id: number, name: string, message: string): Promise<void> {
  const users = await db.query<{ id: number }>(
    `SELECT DISTINCT ur.user_id AS id FROM user_roles ur
       JOIN role_permissions rp ON rp.role_id = ur.role_id
       JOIN permissions p ON p.id = rp.permission_id AND p.name = 'shop:update'`,
  );
  for (const user of users)
    await notify(db, user.id, msg('notification.shopFailing', { shop: name, error: message }), {
      shopConnectionId: id,
      link: `/administration/shops/connections/${id}`,
    });
}

/** Records a failed sync or push on the connection (and tells people when it starts failing). */
export async function recordFailure(db: Db, id: number, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const settings = shopsSettingsOf(db);
  const [row] = await db.query<{ failures: number; name: string }>(
    `UPDATE shop_connections SET last_error = $2, last_error_at = now(), failures = failures + 1,
       next_sync_at = now() + make_interval(secs => least($3 * power(2, failures), 900))
     WHERE id = $1 RETURNING failures, name`,
    [id, message, settings.intervalSeconds],
  );
  if (row?.failures === 1) await notifyFailing(db, id, row.name, message);
}

/**
 * Syncs a connection unless another sync holds it ('busy': that one goes once more) or it is
 * paused. Records success or failure on the connection.
 */
export async function syncConnection(
  db: Db,
  id: number,
  owner: string,
): Promise<SyncReport | 'busy' | 'paused' | 'gone'> {
  const settings = shopsSettingsOf(db);
  const [leased] = await db.query<{ paused: boolean }>(
    `UPDATE shop_connections SET sync_lease_owner = $2,
       sync_lease_until = now() + make_interval(secs => $3), last_sync_at = now()
     WHERE id = $1 AND NOT paused
       AND (sync_lease_until IS NULL OR sync_lease_until < now() OR sync_lease_owner = $2)
     RETURNING paused`,
    [id, owner, settings.leaseSeconds],
  );
  if (!leased) {
    const [row] = await db.query<{ paused: boolean }>(
      'UPDATE shop_connections SET sync_requested_at = now() WHERE id = $1 RETURNING paused',
      [id],
    );
    return !row ? 'gone' : row.paused ? 'paused' : 'busy';
  }
  const report: SyncReport = { fetched: 0, outcomes: {}, windows: 0 };
  try {
    for (let pass = 1; pass <= 3; pass++) {
      const [{ started }] = (await db.query<{ started: string }>(
        `SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS started`,
      )) as [{ started: string }];
      await syncOnce(db, id, owner, report);
      const [again] = await db.query(
        'SELECT 1 FROM shop_connections WHERE id = $1 AND sync_requested_at >= $2',
        [id, started],
      );
      if (!again) break;
    }
    await db.query(
      `UPDATE shop_connections SET last_success_at = now(), last_error = NULL, failures = 0,
         next_sync_at = greatest(next_sync_at, now() + make_interval(secs => $2))
       WHERE id = $1`,
      [id, settings.intervalSeconds],
    );
    return report;
  } catch (error) {
    if (!(error instanceof LeaseLost)) await recordFailure(db, id, error);
    throw error;
  } finally {
    await db.query(
      `UPDATE shop_connections SET sync_lease_owner = NULL, sync_lease_until = NULL
        WHERE id = $1 AND sync_lease_owner = $2`,
      [id, owner],
    );
    await drainRequestLog(db);
  }
}

export const shopSync = defineJobKind<{ connectionId: number; name: string }>({
  name: 'shops.sync',
  payload: z.object({ connectionId: z.number().int().positive(), name: z.string().max(100) }),
  title: (payload) => msg('job.shops.sync', { shop: payload.name }),
  outcome: (report) =>
    msg('job.outcome.sync', {
      created: report.created,
      updated: report.updated,
      failed: report.rejectedTotal,
    }),
  // The scheduler runs the next one anyway: a failed sync is not retried by the queue.
  maxAttempts: 1,
  timeoutSeconds: 3600,
  link: () => '/administration/shops',
  async handler(ctx) {
    const outcome = await syncConnection(ctx.db, ctx.payload.connectionId, `job:${ctx.id}`);
    if (typeof outcome === 'string')
      return { created: 0, updated: 0, rejectedTotal: 0, rejected: [] };
    return {
      created: outcome.outcomes.created ?? 0,
      updated: (outcome.outcomes.updated ?? 0) + (outcome.outcomes.cancelled ?? 0),
      rejectedTotal: outcome.outcomes.dead ?? 0,
      rejected: [],
    };
  },
});

/** Fetches one order again by its id and takes it (a dead letter's retry). */
export async function retakeOrder(
  db: Db,
  connectionId: number,
  externalId: string,
): Promise<TakeOutcome | 'missing'> {
  const settings = shopsSettingsOf(db);
  const connection = await connectionWithSecrets(db, settings.appKey, connectionId);
  const driver = driverOf(connection);
  const ctx = contextOf(db, connection);
  const [order] = await driver.fetchByIds(ctx, [externalId]);
  await drainRequestLog(db);
  if (!order) return 'missing';
  return takeShopOrder(db, await takeConnectionOf(db, connection), order);
}
