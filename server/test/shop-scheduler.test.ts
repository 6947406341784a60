import { createShopConnection } from '../src/shops/connections';
import { enqueueDueWork, sweepShopLogs } from '../src/shops/scheduler';
import { shopsSettingsOf } from '../src/shops/runtime';
import { send, startTestApp, type TestApp } from './helpers';
import { admin, codeOf, graphql } from './graphql-support';
import { sealSecrets } from '../src/shops/secrets';
import { newClient } from './stock-support';

// The shops' scheduler (issue 29): a due connection's sync is enqueued once, however often the
// nodes look (each claims with SKIP LOCKED and moves the next sync on in the same transaction);
// a paused one never; the hourly sweep keeps the last week of request logs and shop jobs.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function connection(name: string): Promise<number> {
  const clientId = await newClient(t.db, 'Scheduler GmbH');
  const created = await createShopConnection(t.db, shopsSettingsOf(t.db).appKey, {
    name,
    connector: 'woocommerce',
    clientId,
    departmentId: null,
    baseUrl: 'http://127.0.0.1:9',
    settings: [],
    secrets: [
      { key: 'consumerKey', value: 'ck_test' },
      { key: 'consumerSecret', value: 'cs_test' },
    ],
    importStates: null,
    shippingMappings: [],
    webhooksEnabled: false,
  });
  return created.id;
}

const syncJobs = async (id: number) =>
  (
    await t.db.query(`SELECT 1 FROM jobs WHERE kind = 'shops.sync' AND summary LIKE $1`, [
      `%Scheduled ${id}`,
    ])
  ).length;

test('a due connection gets one sync job however often the nodes look; a paused one none', async () => {
  const due = await connection(`Scheduled ${process.pid}-a`);
  const paused = await connection(`Scheduled ${process.pid}-b`);
  await t.db.query('UPDATE shop_connections SET paused = true WHERE id = $1', [paused]);
  await t.db.query(
    `UPDATE shop_connections SET name = 'Scheduled ' || id WHERE id = any($1::int[])`,
    [[due, paused]],
  );
  await Promise.all([enqueueDueWork(t.db), enqueueDueWork(t.db), enqueueDueWork(t.db)]);
  await enqueueDueWork(t.db);
  expect(await syncJobs(due)).toBe(1);
  expect(await syncJobs(paused)).toBe(0);
  const [row] = await t.db.query<{ later: boolean }>(
    `SELECT next_sync_at > now() + interval '30 seconds' AS later FROM shop_connections WHERE id = $1`,
    [due],
  );
  expect(row!.later).toBe(true);
});

test('the sweep keeps the last week of request logs and shop jobs', async () => {
  const id = await connection(`Swept ${process.pid}`);
  await t.db.query(
    `INSERT INTO shop_requests (connection_id, at, method, path, status, duration_ms)
     VALUES ($1, now() - interval '8 days', 'GET', '/old', 200, 1),
            ($1, now() - interval '6 days', 'GET', '/recent', 200, 1)`,
    [id],
  );
  await sweepShopLogs(t.db);
  const paths = await t.db.query<{ path: string }>(
    'SELECT path FROM shop_requests WHERE connection_id = $1',
    [id],
  );
  expect(paths.map((p) => p.path)).toEqual(['/recent']);
});

test('credentials sealed under another APP_KEY make no internal error: the form asks for them, a webhook is refused', async () => {
  const id = await connection(`Rekeyed ${process.pid}`);
  const [row] = await t.db.query<{ key: string }>(
    'UPDATE shop_connections SET secrets = $2, webhooks_enabled = true WHERE id = $1 RETURNING webhook_key AS key',
    [
      id,
      sealSecrets('another-app-key-another-app-key-12', {
        consumerKey: 'ck',
        consumerSecret: 'cs',
      }),
    ],
  );
  const browser = await admin(t.app);
  const saved = await graphql(
    browser,
    `
      mutation ($id: ID!, $i: ShopConnectionInput!) {
        updateShopConnection(id: $id, version: 1, input: $i) {
          id
        }
      }
    `,
    {
      id: String(id),
      i: {
        name: `Rekeyed ${process.pid}`,
        connector: 'woocommerce',
        clientId: '1',
        baseUrl: 'http://127.0.0.1:9',
      },
    },
  );
  expect(codeOf(saved)).toBe('BAD_USER_INPUT');
  expect(Object.keys(saved.errors![0]!.extensions!.fieldErrors!)).toContain('secrets.consumerKey');
  const hook = await send(t.app, {
    method: 'POST',
    url: `/api/shop-webhooks/${row!.key}`,
    payload: '{"id": 1}',
    headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': 'AAAA' },
  });
  expect(hook.statusCode).toBe(401);
});
