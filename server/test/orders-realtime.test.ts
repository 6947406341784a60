// Orders broadcast RecordChanged on `private-records.order` to holders of order:view: a created
// or edited order, and each order of a bulk hold/release/cancel (the generic publisher only
// knows single records) — heard through the real pusher-js client on a started server.
import type Pusher from 'pusher-js';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql, staffWith } from './graphql-support';
import { pusherClient, stateReached } from './realtime-support';
import { newClient, newProduct } from './stock-support';

let t: TestApp;
let boss: Browser;
let input: Record<string, unknown>;
const open: Pusher[] = [];

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  const clientId = await newClient(t.db, 'Live GmbH');
  const productId = await newProduct(t.db, clientId, { sku: 'LIVE-1' });
  input = {
    clientId: String(clientId),
    shippingAddress: {
      lastName: 'Live',
      street: 'Weg',
      houseNumber: '1',
      postcode: '20457',
      city: 'Hamburg',
      countryCode: 'DE',
    },
    items: [{ productId: String(productId), quantity: 1 }],
  };
});
afterEach(async () => {
  for (const client of open.splice(0)) {
    client.disconnect();
    await stateReached(client, 'disconnected').catch(() => undefined);
  }
});
afterAll(() => t.close());

/** The RecordChanged events `browser`'s session hears on the order channel. */
async function listen(browser: Browser): Promise<unknown[]> {
  const client = pusherClient(t.app, browser);
  open.push(client);
  const channel = client.subscribe('private-records.order');
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(`refused: ${JSON.stringify(error)}`)),
    );
  });
  const events: unknown[] = [];
  channel.bind('RecordChanged', (data: unknown) => events.push(data));
  return events;
}

/** Waits until `events` holds `count` events (or 3 s have passed), then a little longer. */
async function heard(events: unknown[], count: number): Promise<unknown[]> {
  const deadline = Date.now() + 3000;
  while (events.length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return events;
}

const CREATE = 'mutation($i: OrderInput!) { createOrder(input: $i) { id } }';
const HOLD = 'mutation($ids: [ID!]!) { holdOrders(ids: $ids) { id } }';
const CANCEL = 'mutation($ids: [ID!]!) { cancelOrders(ids: $ids) { id } }';

test('a viewer hears a created order and each order of a bulk hold; a refused bulk publishes nothing', async () => {
  const viewer = await staffWith(t, ['order:view']);
  const events = await listen(viewer.browser);

  const a = (await graphql(boss, CREATE, { i: input })).data!.createOrder.id as string;
  const b = (await graphql(boss, CREATE, { i: input })).data!.createOrder.id as string;
  expect(await heard(events, 2)).toEqual([
    { typename: 'Order', id: a, change: 'created' },
    { typename: 'Order', id: b, change: 'created' },
  ]);

  events.length = 0;
  await graphql(boss, HOLD, { ids: [b, a] });
  expect(await heard(events, 2)).toEqual([
    { typename: 'Order', id: a, change: 'updated' },
    { typename: 'Order', id: b, change: 'updated' },
  ]);

  events.length = 0;
  const refused = await graphql(boss, HOLD, { ids: [a] });
  expect(refused.errors![0]!.extensions!.code).toBe('CONFLICT');
  await graphql(boss, CANCEL, { ids: ['999999', a] });
  expect(await heard(events, 1)).toEqual([]);
});

test('without order:view the order channel is refused', async () => {
  const stranger = await staffWith(t, ['client:view']);
  await expect(listen(stranger.browser)).rejects.toThrow('refused');
});
