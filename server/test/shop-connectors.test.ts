import { drainRequestLog, ShopHttp } from '../src/shops/http';
import { pushOne } from '../src/shops/outbox';
import { setShopsSettings, shopsSettingsOf } from '../src/shops/runtime';
import { syncConnection } from '../src/shops/sync';
import { takeConnectionOf, takeShopOrder } from '../src/shops/take';
import { shopConnector } from '../src/shops/connector';
import { admin, graphql, staffWith } from './graphql-support';
import { baseUrl, startTestApp, type Browser, type TestApp } from './helpers';
import { product, stockRow, world, type World } from './picklists-support';

import { CONNECTORS, minutesAgo, nextShopSecond, startStandinProcess } from './shop-support';
import type { StandinShop } from '../../shop-standins/src';

// The conformance suite every shop connector runs (issue 29): the same cases against each
// connector and its stand-in shop, which speaks the shop's real API (shop-standins/). Only
// the adapters (shop-support.ts) know which shop it is: how to place an order, cancel it, and read what
// the push-back left in the shop. The platform is driven as in production (GraphQL for the
// connection, syncConnection as the sync job runs it, the webhook endpoint over HTTP).

const CONNECTION_FIELDS = `id name version status lastError lagSeconds ordersToday openErrors secretsSet
  settings { key value } webhookPath deadLetters { id externalId reason } conflicts { orderNumber conflict }
  requests { method path status error } pushes { state lastError }`;

describe.each(CONNECTORS)('%s connector', (_label, shopAdapter) => {
  const adapter = shopAdapter;
  let t: TestApp;
  let shop: StandinShop;
  let browser: Browser;
  let w: World;
  let connectionId: number;
  let unique = 0;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await admin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A connection of the test's client to the shop at `url`, its window an hour back. */
  async function connect(url: string, secrets: Record<string, string>): Promise<number> {
    unique += 1;
    const answer = await graphql(
      browser,
      `
        mutation ($i: ShopConnectionInput!) {
          createShopConnection(input: $i) {
            id
          }
        }
      `,
      {
        i: {
          name: `${adapter.connector} ${unique}-${process.pid}`,
          connector: adapter.connector,
          clientId: String(w.clientId),
          baseUrl: url,
          secrets: Object.entries({ ...secrets, webhookSecret: 'whsec-test-secret' }).map(
            ([key, value]) => ({ key, value }),
          ),
          shippingMappings: [
            { shopKey: adapter.shippingKey, shippingMethodId: String(w.methodId) },
          ],
          webhooksEnabled: true,
        },
      },
    );
    if (!answer.data?.createShopConnection) throw new Error(JSON.stringify(answer.errors));
    const id = Number(answer.data.createShopConnection.id);
    // The window starts an hour back (not 7 days): the tests' orders are minutes old.
    await t.db.query(
      `UPDATE shop_connections SET cursor_at = now() - interval '1 hour' WHERE id = $1`,
      [id],
    );
    return id;
  }

  beforeEach(async () => {
    shop = await adapter.start();
    w = await world(t.db, 4, false);
    for (const sku of ['SKU-1', 'SKU-2']) {
      const productId = await product(t.db, w, { sku });
      await stockRow(t.db, w, productId, w.placeIds[0]!, 1000);
    }
    connectionId = await connect(shop.url, adapter.secrets(shop));
  });
  afterEach(async () => {
    await shop.stop();
  });

  const sync = async (owner = 'test') => {
    const outcome = await syncConnection(t.db, connectionId, owner);
    await drainRequestLog(t.db);
    return outcome;
  };
  const ordersOfShop = () =>
    t.db.query<{ id: number; number: string; status: string; error: string | null; city: string }>(
      `SELECT o.id, o.number, o.status, o.fulfillment_error AS error, o.ship_city AS city
         FROM orders o JOIN shop_order_bindings b ON b.order_id = o.id
        WHERE b.connection_id = $1 ORDER BY o.number`,
      [connectionId],
    );
  const connection = async () =>
    (
      await graphql(
        browser,
        `query($id: ID!) { shopConnection(id: $id) { ${CONNECTION_FIELDS} } }`,
        { id: String(connectionId) },
      )
    ).data!.shopConnection;

  test('the paid orders arrive once with the shop number and address; a rerun makes no duplicate', async () => {
    const a = adapter.place(shop, { quantity: 2 });
    const b = adapter.place(shop);
    adapter.place(shop, { paid: false });
    expect(await sync()).toMatchObject({ outcomes: { created: 2 } });
    await sync();
    const orders = await ordersOfShop();
    expect(orders.map((o) => o.number)).toEqual([a.number, b.number].sort());
    expect(
      orders.every((o) => o.city === 'Hamburg' && o.status === 'pending' && o.error === null),
    ).toBe(true);
    const [row] = await t.db.query<{ shop: string; street: string; house: string }>(
      `SELECT shop, ship_street AS street, ship_house_number AS house FROM orders WHERE id = $1`,
      [orders[0]!.id],
    );
    expect(row).toMatchObject({ street: 'Hafenstraße', house: '7' });
    expect(row!.shop).toMatch(adapter.connector);
  });

  test('staff without shop:view see the order’s shop by name but not its connection', async () => {
    adapter.place(shop);
    await sync();
    const [order] = await ordersOfShop();
    const query = `query($id: ID!) { order(id: $id) { shop shopConnection { id requests { path } } } }`;
    const packer = await staffWith(t, ['order:view']);
    const seen = await graphql(packer.browser, query, { id: String(order!.id) });
    expect(seen.data!.order.shop).toMatch(adapter.connector);
    expect(seen.data!.order.shopConnection).toBeNull();
    const full = await graphql(browser, query, { id: String(order!.id) });
    expect(full.data!.order.shopConnection.id).toBe(String(connectionId));
  });

  test('an unknown SKU and an unmapped shipping method put the order on /order/error with the reason', async () => {
    const unknown = adapter.place(shop, { sku: 'NOPE-9' });
    const unmapped = adapter.place(shop, {
      shippingKey: adapter.connector === 'woocommerce' ? 'local_pickup:7' : 'express',
    });
    await sync();
    const orders = await ordersOfShop();
    expect(orders.find((o) => o.number === unknown.number)!.error).toMatch(
      /Unknown product NOPE-9/,
    );
    expect(orders.find((o) => o.number === unmapped.number)!.error).toMatch(
      /is not mapped to a shipping method/,
    );
  });

  test('an order Kontor cannot store goes to the dead letters while the others import and the cursor moves', async () => {
    const bad = adapter.place(shop, { currency: 'USD' });
    const good = adapter.place(shop);
    const [before] = await t.db.query<{ cursor: Date }>(
      'SELECT cursor_at AS cursor FROM shop_connections WHERE id = $1',
      [connectionId],
    );
    await sync();
    expect((await ordersOfShop()).map((o) => o.number)).toEqual([good.number]);
    const health = await connection();
    expect(health.deadLetters).toEqual([
      expect.objectContaining({ externalId: bad.id, reason: expect.stringMatching(/USD/) }),
    ]);
    expect(health.openErrors).toBe(1);
    const [after] = await t.db.query<{ cursor: Date }>(
      'SELECT cursor_at AS cursor FROM shop_connections WHERE id = $1',
      [connectionId],
    );
    expect(new Date(after!.cursor).getTime()).toBeGreaterThan(new Date(before!.cursor).getTime());
  });

  test('250 orders on one timestamp across page breaks all arrive, in whatever order the shop returns ties', async () => {
    shop.misbehave({ unstableTies: true });
    const at = minutesAgo(3);
    at.setMilliseconds(0);
    const placed = adapter.placeMany(shop, 250, { at });
    await sync();
    expect((await ordersOfShop()).length).toBe(placed.length);
  });

  test('a late write behind the cursor arrives with the next sync', async () => {
    adapter.place(shop);
    await sync();
    const [{ cursor }] = (await t.db.query<{ cursor: Date }>(
      'SELECT cursor_at AS cursor FROM shop_connections WHERE id = $1',
      [connectionId],
    )) as [{ cursor: Date }];
    // Committed late: its timestamp is a minute before the cursor the last sync moved to.
    const late = adapter.place(shop, { at: new Date(new Date(cursor).getTime() - 60_000) });
    await sync();
    expect((await ordersOfShop()).map((o) => o.number)).toContain(late.number);
  });

  test('orders around a DST change in the shop’s zone all arrive, the window ending by the shop’s clock', async () => {
    // The shop's clock stands at 01:45:30 UTC on 25 October 2026, just after Berlin's clocks
    // went back: 00:30 and 01:30 UTC are both 02:30 local. Read as local time, the window's
    // end (01:45:30 local = 00:45:30 UTC) would leave the second order behind the cursor.
    shop.misbehave({ clockOffsetMs: Date.parse('2026-10-25T01:45:30Z') - Date.now() });
    await t.db.query(
      `UPDATE shop_connections SET cursor_at = '2026-10-24T12:00:00Z' WHERE id = $1`,
      [connectionId],
    );
    const first = adapter.place(shop, { at: new Date('2026-10-25T00:30:00Z') });
    const second = adapter.place(shop, { at: new Date('2026-10-25T01:30:00Z') });
    await sync();
    expect((await ordersOfShop()).map((o) => o.number).sort()).toEqual(
      [first.number, second.number].sort(),
    );
    const [row] = await t.db.query<{ cursor: Date }>(
      'SELECT cursor_at AS cursor FROM shop_connections WHERE id = $1',
      [connectionId],
    );
    expect(new Date(row!.cursor).toISOString()).toMatch(/^2026-10-25T01:45:/);
  });

  test('with 20 % 429 and 5 % 503 answers the sync completes and no request comes before its Retry-After', async () => {
    // The shop in its own process judges when each request arrived (ours blocks while the
    // database works); pages of 10: about 30 requests, so the random refusals surely come.
    const remote = await startStandinProcess(adapter.cli, 300);
    const settings = shopsSettingsOf(t.db);
    try {
      connectionId = await connect(remote.url, remote.secrets);
      await nextShopSecond(); // the seeded orders' second is behind the shop's clock
      await remote.misbehave({ rate429: 0.2, rate503: 0.05, retryAfterSeconds: 1 });
      setShopsSettings(t.db, { ...settings, pageSize: 10 });
      await sync();
      const state = await remote.state();
      expect((await ordersOfShop()).length).toBe(300);
      const refused = await t.db.query(
        'SELECT 1 FROM shop_requests WHERE connection_id = $1 AND status = 429',
        [connectionId],
      );
      expect(refused.length).toBeGreaterThan(0);
      expect(state.earlyRequests).toBe(0);
    } finally {
      setShopsSettings(t.db, settings);
      await remote.stop();
    }
  });

  test('tokens that expire every second cause no failed sync', async () => {
    shop.misbehave({ tokenLifetimeSeconds: 1, latencyMs: 200 });
    const placed = adapter.placeMany(shop, 250, {});
    await t.db.query(
      "UPDATE shop_connections SET cursor_at = now() - interval '1 hour' WHERE id = $1",
      [connectionId],
    );
    await expect(sync()).resolves.toMatchObject({ fetched: expect.any(Number) });
    expect((await ordersOfShop()).length).toBe(placed.length);
    expect((await connection()).status).toBe('ACTIVE');
  });

  test('two syncs at once make each order once (the second waits its turn)', async () => {
    adapter.placeMany(shop, 40, {});
    const outcomes = await Promise.all([sync('one'), sync('two')]);
    expect(outcomes).toContain('busy');
    expect((await ordersOfShop()).length).toBe(40);
  });

  test('the same order taken by a webhook and a poll at once is one order', async () => {
    const placed = adapter.place(shop);
    const driver = shopConnector(adapter.connector)!;
    const [row] = await t.db.query<{
      id: number;
      name: string;
      clientId: number;
      departmentId: null;
      importStates: string[];
    }>(
      `SELECT id, name, client_id AS "clientId", department_id AS "departmentId", import_states AS "importStates"
         FROM shop_connections WHERE id = $1`,
      [connectionId],
    );
    const take = await takeConnectionOf(t.db, row!);
    const ctx = {
      connectionId,
      http: new ShopHttp(connectionId, shop.url, t.db),
      secrets: adapter.secrets(shop),
      settings: {},
    };
    const [order] = await driver.fetchByIds(ctx, [placed.id]);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => takeShopOrder(t.db, take, order!)));
    // One made it; the others waited for it and found it: no second order, no dead letter.
    expect(outcomes.sort()).toEqual(['created', 'unchanged', 'unchanged', 'unchanged']);
    expect((await ordersOfShop()).length).toBe(1);
  });

  test('a webhook is taken once however often it is replayed, and a bad signature changes nothing', async () => {
    adapter.setWebhook(
      shop,
      `${baseUrl(t.app)}${(await connection()).webhookPath}`,
      'whsec-test-secret',
    );
    const events = async () =>
      (
        await t.db.query('SELECT 1 FROM shop_webhook_events WHERE connection_id = $1', [
          connectionId,
        ])
      ).length;
    // The order's webhook comes three times (a shop's retries): taken once, answered 202, 200, 200.
    shop.misbehave({ webhookDuplicates: 2 });
    const placed = adapter.place(shop);
    await shop.webhooksIdle();
    const orderHooks = shop.webhookDeliveries.filter((d) => d.body.trim().startsWith('{'));
    expect(orderHooks.map((d) => d.status)).toEqual([202, 200, 200]);
    expect(await events()).toBe(1);
    // Signed with another key: refused, nothing kept.
    shop.misbehave({ webhookDuplicates: 0, webhookBadSignature: true });
    await adapter.webhook(shop, placed.id);
    expect(shop.webhookDeliveries.at(-1)!.status).toBe(401);
    expect(await events()).toBe(1);
    // The webhook's sync fetches the order by id, even inside the settle time of a poll.
    await t.db.query(`UPDATE shop_connections SET cursor_at = now() WHERE id = $1`, [connectionId]);
    await sync();
    expect((await ordersOfShop()).map((o) => o.number)).toEqual([placed.number]);
  });

  test('a change in the shop is applied while the order is pending; a cancel cancels it', async () => {
    const placed = adapter.place(shop);
    await sync();
    adapter.changeCity(shop, placed.id, 'Bremen');
    await nextShopSecond();
    await sync();
    expect((await ordersOfShop())[0]!.city).toBe('Bremen');
    adapter.cancel(shop, placed.id);
    await nextShopSecond();
    await sync();
    expect((await ordersOfShop())[0]!.status).toBe('cancelled');
  });

  test('a shipment goes back once: pushed three times, one tracking code and one state change', async () => {
    const placed = adapter.place(shop);
    await sync();
    const [order] = await ordersOfShop();
    const shipped = await graphql(
      browser,
      `
        mutation ($id: ID!) {
          shipAll(orderId: $id, version: 1, trackingNumber: "00340434161094042557") {
            id
          }
        }
      `,
      { id: String(order!.id) },
    );
    expect(shipped.errors).toBeUndefined();
    const [push] = await t.db.query<{ id: string }>(
      'SELECT id::text FROM shop_outbox WHERE connection_id = $1',
      [connectionId],
    );
    expect(await pushOne(t.db, push!.id)).toBe('done');
    for (let again = 0; again < 2; again++) {
      await t.db.query(`UPDATE shop_outbox SET state = 'pending' WHERE id = $1`, [push!.id]);
      expect(await pushOne(t.db, push!.id)).toBe('done');
    }
    expect(adapter.tracking(shop, placed.id)).toEqual(['00340434161094042557']);
    expect(adapter.shipStateChanges(shop, placed.id)).toBe(1);
    // Cancelled in the shop after it was shipped: a conflict on the order, not a cancel.
    adapter.cancel(shop, placed.id);
    await nextShopSecond();
    await sync();
    expect((await ordersOfShop())[0]!.status).toBe('complete');
    expect((await connection()).conflicts).toEqual([
      expect.objectContaining({ conflict: expect.stringMatching(/Cancelled in the shop/) }),
    ]);
  });

  test('the credentials never appear in an answer or the request log', async () => {
    adapter.place(shop);
    await sync();
    const secretValues = Object.values(adapter.secrets(shop)).filter((v) => v.length > 8);
    const answer = JSON.stringify(await connection());
    const list = JSON.stringify(
      (await graphql(browser, `{ shopConnections { items { ${CONNECTION_FIELDS} } } }`)).data,
    );
    const log = JSON.stringify(
      await t.db.query('SELECT * FROM shop_requests WHERE connection_id = $1', [connectionId]),
    );
    const stored = JSON.stringify(
      await t.db.query('SELECT * FROM shop_connections WHERE id = $1', [connectionId]),
    );
    expect(log.length).toBeGreaterThan(100);
    for (const secret of [...secretValues, 'whsec-test-secret'])
      for (const text of [answer, list, log, stored]) expect(text).not.toContain(secret);
  });
});
