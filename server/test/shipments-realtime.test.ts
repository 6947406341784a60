// Fulfillment broadcasts (issue 15), heard through the real pusher-js client on a started
// server: a new picklist on `private-records.picklist` with its orders on
// `private-records.order`; a finished shipment's order and stock changes on the order and
// stock channels (lists, details, the dashboard and the inventory follow without reload).
import type Pusher from 'pusher-js';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql, staffWith } from './graphql-support';
import { pusherClient, stateReached } from './realtime-support';
import { createPicklist, order, product, stockRow, world } from './picklists-support';

let t: TestApp;
let boss: Browser;
const open: Pusher[] = [];

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterEach(async () => {
  for (const client of open.splice(0)) {
    client.disconnect();
    await stateReached(client, 'disconnected').catch(() => undefined);
  }
});
afterAll(() => t.close());

async function listen(
  browser: Browser,
  name: string,
): Promise<{ typename: string; id: string; change: string }[]> {
  const client = pusherClient(t.app, browser);
  open.push(client);
  const channel = client.subscribe(`private-records.${name}`);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(`refused: ${JSON.stringify(error)}`)),
    );
  });
  const events: { typename: string; id: string; change: string }[] = [];
  channel.bind('RecordChanged', (data: { typename: string; id: string; change: string }) =>
    events.push(data),
  );
  return events;
}

async function heard<T>(events: T[], count: number): Promise<T[]> {
  const deadline = Date.now() + 3000;
  while (events.length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return events;
}

test('a picklist and a shipment are heard by viewers of picklists, orders and stock', async () => {
  const viewer = await staffWith(t, ['picklist:view', 'order:view', 'stock:view']);
  const picklists = await listen(viewer.browser, 'picklist');
  const orders = await listen(viewer.browser, 'order');
  const stock = await listen(viewer.browser, 'stock');

  const w = await world(t.db);
  const mug = await product(t.db, w, { sku: 'MUG' });
  await stockRow(t.db, w, mug, w.placeIds[0]!, 1);
  await stockRow(t.db, w, mug, w.placeIds[1]!, 5);
  const o = await order(boss, w, [[mug, 3]]);
  await heard(orders, 1);
  orders.length = 0;

  const { picklist } = (await createPicklist(boss, { clientId: String(w.clientId) })).data!
    .createPicklist;
  expect(await heard(picklists, 1)).toEqual([
    { typename: 'Picklist', id: picklist.id, change: 'created' },
  ]);
  expect(await heard(orders, 1)).toEqual([{ typename: 'Order', id: o.id, change: 'updated' }]);

  orders.length = 0;
  const version = (
    await t.db.query<{ version: number }>('SELECT version FROM orders WHERE id = $1', [
      Number(o.id),
    ])
  )[0]!.version;
  const shipped = await graphql(
    boss,
    'mutation($o: ID!, $v: Int!) { shipAll(orderId: $o, version: $v) { id } }',
    {
      o: o.id,
      v: version,
    },
  );
  expect(shipped.errors).toBeUndefined();
  expect(await heard(orders, 1)).toEqual([{ typename: 'Order', id: o.id, change: 'updated' }]);
  // Two stock rows touched (1 from P01 + 2 from P02): two ledger rows heard.
  const changes = await heard(stock, 2);
  expect(changes.map((c) => [c.typename, c.change])).toEqual([
    ['StockChange', 'created'],
    ['StockChange', 'created'],
  ]);
});
