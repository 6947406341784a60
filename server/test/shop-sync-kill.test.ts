import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StandinShop } from '../../shop-standins/src';
import { openPostgres, type Database } from '../src/db';
import { graphql } from './graphql-support';
import { Browser } from './helpers';
import { product, stockRow, world } from './picklists-support';
import {
  buildServer,
  describeOnPostgres,
  emptyDatabase,
  postgresServer,
  startServerProcess,
  type ServerProcess,
} from './server-process';
import { CONNECTORS } from './shop-support';

// The conformance suite's crash case (issue 29): real `node server/dist/main.js` processes on
// one PostgreSQL database, each connector against its stand-in. The node syncing is killed
// (SIGKILL) at a random moment — mid page, between pages, after storing before the cursor
// moves — and another node started: it ends with exactly the shop's orders, each once. Then
// the node pushing shipments back is killed at a random moment of the push-backs, and the
// next node ends with exactly one tracking code and one state change per shipment.

jest.setTimeout(300_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ORDERS = 600;
const SHIPPED = 12;

async function until(what: string, check: () => Promise<boolean>, seconds = 120): Promise<void> {
  const end = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${seconds} s for ${what}`);
    await sleep(200);
  }
}

/** A Browser (helpers.ts) pointed at a process instead of an app. */
async function adminOf(kontor: ServerProcess): Promise<Browser> {
  const port = Number(new URL(kontor.origin).port);
  const browser = new Browser({
    server: { address: () => ({ port }) },
  } as unknown as FastifyInstance);
  const answer = await browser.login('admin@kontor.test', 'admin');
  if (answer.statusCode !== 204) throw new Error(`login: ${answer.statusCode}`);
  return browser;
}

describeOnPostgres(
  'a shop sync or push-back whose node is killed ends like an undisturbed one',
  () => {
    let server: { url: string; stop(): void };
    beforeAll(async () => {
      buildServer();
      server = await postgresServer();
    });
    afterAll(() => server?.stop());

    test.each(CONNECTORS)('%s', async (_label, adapter) => {
      const database = await emptyDatabase(server.url);
      const env = {
        DATABASE_URL: database.url,
        APP_KEY: randomBytes(32).toString('base64'),
        DEMO_DATA: 'true',
        SHOP_SYNC_SETTLE: '0',
        SHOP_SYNC_INTERVAL: '5',
        SHOP_SYNC_LEASE: '2',
        JOBS_WORKER_TIMEOUT: '2',
        JOBS_POLL_INTERVAL: '100',
      };
      const processes: ServerProcess[] = [];
      let db: Database | undefined;
      let shop: StandinShop | undefined;
      try {
        const first = await startServerProcess(env);
        processes.push(first);
        db = await openPostgres(database.url);
        const w = await world(db, 2);
        await stockRow(db, w, await product(db, w, { sku: 'SKU-1' }), w.placeIds[0]!, 100_000);
        shop = await adapter.start();
        shop.misbehave({ latencyMs: 40 });
        const placed = adapter.placeMany(shop, ORDERS, {});

        const answer = await graphql(
          await adminOf(first),
          `
            mutation ($i: ShopConnectionInput!) {
              createShopConnection(input: $i) {
                id
              }
            }
          `,
          {
            i: {
              name: 'Kill test',
              connector: adapter.connector,
              clientId: String(w.clientId),
              baseUrl: shop.url,
              secrets: Object.entries(adapter.secrets(shop)).map(([key, value]) => ({
                key,
                value,
              })),
              shippingMappings: [
                { shopKey: adapter.shippingKey, shippingMethodId: String(w.methodId) },
              ],
            },
          },
        );
        if (!answer.data?.createShopConnection) throw new Error(JSON.stringify(answer.errors));
        const connectionId = Number(answer.data.createShopConnection.id);
        const bound = async () =>
          (
            await db!.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM shop_order_bindings WHERE connection_id = $1',
              [connectionId],
            )
          )[0]!.n;

        // The first node's scheduler starts the sync; it dies at a random moment of it.
        await until('the sync to start', async () => shop!.requests.length > 0);
        await sleep(Math.random() * 2500);
        await first.kill();
        const boundAtKill = await bound();

        const second = await startServerProcess(env);
        processes.push(second);
        await until(
          `all ${ORDERS} orders (${boundAtKill} when the node died)`,
          async () => (await bound()) === ORDERS,
        );
        const orders = await db.query<{ number: string }>(
          `SELECT o.number FROM orders o WHERE o.client_id = $1 ORDER BY o.number`,
          [w.clientId],
        );
        expect(orders.map((o) => o.number)).toEqual(placed.map((p) => p.number).sort());
        expect(await db.query('SELECT 1 FROM shop_dead_letters')).toEqual([]);

        // Shipments of the first orders; the node pushing them back dies at a random moment.
        shop.misbehave({ latencyMs: 150 });
        const browser = await adminOf(second);
        const toShip = await db.query<{ id: number; version: number; externalId: string }>(
          `SELECT o.id, o.version, b.external_id AS "externalId" FROM orders o
           JOIN shop_order_bindings b ON b.order_id = o.id
          WHERE b.connection_id = $1 ORDER BY o.id LIMIT ${SHIPPED}`,
          [connectionId],
        );
        for (const [i, order] of toShip.entries()) {
          const shipped = await graphql(
            browser,
            `
              mutation ($id: ID!, $v: Int!, $t: String) {
                shipAll(orderId: $id, version: $v, trackingNumber: $t) {
                  id
                }
              }
            `,
            { id: String(order.id), v: order.version, t: `TRACK-${i}` },
          );
          if (shipped.errors) throw new Error(JSON.stringify(shipped.errors));
        }
        const pushed = async () =>
          (
            await db!.query(
              `SELECT 1 FROM shop_outbox WHERE connection_id = $1 AND state = 'done'`,
              [connectionId],
            )
          ).length;
        await until('the push-backs to start', async () => (await pushed()) > 0, 60);
        await sleep(Math.random() * 1500);
        await second.kill();

        const third = await startServerProcess(env);
        processes.push(third);
        await until('every push-back', async () => (await pushed()) === SHIPPED);
        toShip.forEach((order, i) => {
          expect(adapter.tracking(shop!, order.externalId)).toEqual([`TRACK-${i}`]);
          expect(adapter.shipStateChanges(shop!, order.externalId)).toBe(1);
        });
      } finally {
        for (const kontor of processes) await kontor.stop();
        await shop?.stop();
        await db?.close();
        await database.drop();
      }
    });
  },
);
