import type { FastifyInstance } from 'fastify';
import { startShopware, type ShopwareStandin } from '../../shop-standins/src';
import { graphql } from './graphql-support';
import { Browser } from './helpers';
import { buildServer, startServerProcess, type ServerProcess } from './server-process';

// A shop connection's credentials never leave the server (issue 29): not in a GraphQL answer,
// not in a CSV export, not in a line the server logs — checked on a real server process
// logging everything (LOG_LEVEL=trace) through a connection's whole life: created, tested with
// a wrong and the right secret, synced by the scheduler, its orders exported, deleted.

jest.setTimeout(180_000);

let kontor: ServerProcess;
let shop: ShopwareStandin;
beforeAll(async () => {
  buildServer();
  shop = await startShopware();
  kontor = await startServerProcess({
    LOG_LEVEL: 'trace',
    DEMO_DATA: 'true',
    SHOP_SYNC_SETTLE: '0',
    SHOP_SYNC_INTERVAL: '5',
  });
});
afterAll(async () => {
  await kontor?.stop();
  await shop?.stop();
});

test('the secrets appear in no answer, export or log line', async () => {
  const port = Number(new URL(kontor.origin).port);
  const browser = new Browser({
    server: { address: () => ({ port }) },
  } as unknown as FastifyInstance);
  expect((await browser.login('admin@kontor.test', 'admin')).statusCode).toBe(204);
  const webhookSecret = 'whsec-5f1c9a77d2e84b0f';
  const answers: string[] = [];
  const run = async (query: string, variables: Record<string, unknown> = {}) => {
    const answer = await graphql(browser, query, variables);
    answers.push(JSON.stringify(answer));
    return answer;
  };
  const client = await run(
    `mutation { createClient(input: { name: "Geheim GmbH", address: { street: "Hafenstraße",
       houseNumber: "1", postcode: "20457", city: "Hamburg", countryCode: "DE" } }) { id } }`,
  );
  const input = (secret: string) => ({
    name: 'Geheimshop',
    connector: 'shopware6',
    clientId: client.data!.createClient.id,
    baseUrl: shop.url,
    secrets: [
      { key: 'clientId', value: shop.clientId },
      { key: 'clientSecret', value: secret },
      { key: 'webhookSecret', value: webhookSecret },
    ],
  });
  const wrong = await run(
    `mutation($i: ShopConnectionInput!) { testShopConnection(input: $i) { ok status message } }`,
    { i: input(`${shop.clientSecret}x`) },
  );
  expect(wrong.data!.testShopConnection).toMatchObject({ ok: false, status: 401 });
  const created = await run(
    `mutation($i: ShopConnectionInput!) { createShopConnection(input: $i) { id secretsSet } }`,
    { i: input(shop.clientSecret) },
  );
  const id = created.data!.createShopConnection.id;
  expect(created.data!.createShopConnection.secretsSet).toEqual([
    'clientId',
    'clientSecret',
    'webhookSecret',
  ]);
  shop.addOrders(3, { createdAt: new Date(Date.now() - 60_000), paymentState: 'paid' });
  await run(`mutation($id: ID!) { syncShopConnection(id: $id) { id } }`, { id });
  // The scheduler runs the sync as a job; the connection's health shows its orders.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await run(
      `query($id: ID!) { shopConnection(id: $id) { id name baseUrl settings { key value }
         secretsSet webhookPath status lastSuccessAt lastError ordersToday openErrors
         requests { method path status error } deadLetters { reason } pushes { state } } }`,
      { id },
    );
    if (answer.data!.shopConnection.ordersToday === 3) break;
    if (Date.now() > deadline) throw new Error(`no sync: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await run(`{ shopConnections { items { id secretsSet settings { key value } } } }`);
  const csv = await browser.request({ url: '/export/orders.csv' });
  expect(csv.statusCode).toBe(200);
  expect(csv.body.split('\n').length).toBeGreaterThanOrEqual(4);
  await run(`mutation($id: ID!) { deleteShopConnection(id: $id) { id } }`, { id });

  const output = kontor.output();
  expect(output).toMatch(/"level":10|"msg"/); // it logged at trace
  for (const secret of [shop.clientSecret, webhookSecret])
    for (const [what, text] of [
      ['answers', answers.join('\n')],
      ['the CSV export', csv.body],
      ['the log', output],
    ])
      expect({ what, leaked: text.includes(secret) }).toEqual({ what, leaked: false });
});
