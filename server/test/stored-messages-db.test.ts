import { startInvoiceExport } from '../src/invoices/job';
import { admin, graphql } from './graphql-support';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

// What the server stores as catalogue messages (issue 31, docs/design.md "Words, numbers and
// dates"): an order's fulfillment problems, its history's details, the ledger's comment it
// writes, a job's title — stored as keys with parameters and worded in the language asked;
// rows from before keep their stored English text.

let t: TestApp;
let boss: Browser;
let clientId: number;

beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
  clientId = await newClient(t.db, 'Muster GmbH');
});
afterAll(() => t.close());

const address = {
  lastName: 'Mustermann',
  street: 'Hafenstraße',
  houseNumber: '7',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
};
const MESSAGE = 'key params text';

test('an order without stock and method: its problems stored as messages, the old text kept', async () => {
  const productId = await newProduct(t.db, clientId, { sku: 'MV-50002' });
  const created = await graphql(
    boss,
    `mutation($i: OrderInput!) { createOrder(input: $i) { id fulfillmentError
       fulfillmentProblems { ${MESSAGE} } history { kind messages { ${MESSAGE} } } } }`,
    {
      i: {
        clientId: String(clientId),
        shippingAddress: address,
        items: [{ productId: String(productId), quantity: 12 }],
      },
    },
  );
  const order = created.data!.createOrder;
  expect(order.fulfillmentError).toBe(
    'Not enough stock of MV-50002: 12 needed, 0 available. The order has no shipping method.',
  );
  expect(order.fulfillmentProblems).toEqual([
    {
      key: 'fulfillment.stock',
      params: JSON.stringify({ sku: 'MV-50002', needed: 12, available: 0 }),
      text: 'Not enough stock of MV-50002: 12 needed, 0 available.',
    },
    { key: 'fulfillment.shippingMethod', params: null, text: 'The order has no shipping method.' },
  ]);
  const [stored] = await t.db.query<{ problems: unknown }>(
    'SELECT fulfillment_problems AS problems FROM orders WHERE id = $1',
    [order.id],
  );
  expect(stored!.problems).toEqual([
    { key: 'fulfillment.stock', params: { sku: 'MV-50002', needed: 12, available: 0 } },
    { key: 'fulfillment.shippingMethod' },
  ]);
  // The history's fulfillment error carries the same messages.
  const error = order.history.find((e: { kind: string }) => e.kind === 'fulfillment_error');
  expect(error.messages.map((m: { key: string }) => m.key)).toEqual([
    'fulfillment.stock',
    'fulfillment.shippingMethod',
  ]);

  // An order stored before: its English text as its one problem.
  await t.db.query(
    'UPDATE orders SET fulfillment_problems = NULL, fulfillment_error = $2 WHERE id = $1',
    [order.id, 'Stored before.'],
  );
  const old = await graphql(
    boss,
    `query($id: ID!) { order(id: $id) { fulfillmentProblems { ${MESSAGE} } } }`,
    { id: order.id },
  );
  expect(old.data!.order.fulfillmentProblems).toEqual([
    { key: 'stored', params: null, text: 'Stored before.' },
  ]);
});

test("the ledger's server comment: a message, worded in the CSV's language; a user's as typed", async () => {
  const { warehouseId, placeIds } = await warehouseWithPlaces(t.db, 1);
  const productId = await newProduct(t.db, clientId, { sku: 'LEDGER-1' });
  const [admin] = await t.db.query<{ id: number }>('SELECT id FROM users LIMIT 1');
  for (const [comment, message] of [
    ['Order K-2026-000001', { key: 'ledger.shipment', params: { number: 'K-2026-000001' } }],
    ['typed by a user', null],
  ] as const)
    await t.db.query(
      `INSERT INTO stock_changes (product_id, place_id, client_id, warehouse_id, delta,
         quantity_after, reason, comment, comment_message, user_id)
       VALUES ($1, $2, $3, $4, 1, 1, 'shipment', $5, $6::jsonb, $7)`,
      [
        productId,
        placeIds[0],
        clientId,
        warehouseId,
        comment,
        message ? JSON.stringify(message) : null,
        admin!.id,
      ],
    );
  const csv = (lang: string) =>
    boss
      .request({ url: `/export/stock-changes.csv?productId=${productId}&lang=${lang}` })
      .then((answer) => answer.body);
  const german = await csv('de');
  expect(german).toContain('Bestellung K-2026-000001');
  expect(german).not.toContain('Order K-2026-000001');
  expect(german).toContain('typed by a user');
  expect(await csv('en')).toContain('Order K-2026-000001');
  const page = await graphql(
    boss,
    `query($f: StockChangeFilter) { stockChanges(filter: $f) { items { comment commentMessage { ${MESSAGE} } } } }`,
    { f: { productId: String(productId) } },
  );
  expect(page.data!.stockChanges.items).toEqual(
    expect.arrayContaining([
      {
        comment: 'Order K-2026-000001',
        commentMessage: {
          key: 'ledger.shipment',
          params: JSON.stringify({ number: 'K-2026-000001' }),
          text: 'Order K-2026-000001',
        },
      },
      { comment: 'typed by a user', commentMessage: null },
    ]),
  );
});

test("an invoice export's title: the client's name and days in the reader's language", async () => {
  const [user] = await t.db.query<{ id: number }>(
    "SELECT id FROM users WHERE email = 'admin@kontor.test'",
  );
  const job = await startInvoiceExport(
    t.db,
    { clientId, from: '2026-11-01', to: '2026-11-30' },
    'de',
    user!.id,
  );
  const answer = await graphql(
    boss,
    `
      query ($id: ID!) {
        job(id: $id) {
          de: summary(lang: "de")
          en: summary(lang: "en")
          title {
            key
          }
        }
      }
    `,
    { id: job.id },
  );
  const name = (
    await t.db.query<{ name: string }>('SELECT name FROM clients WHERE id = $1', [clientId])
  )[0]!.name;
  expect(answer.data!.job).toEqual({
    de: `Rechnungsexport: ${name}, 01.11.2026 – 30.11.2026`,
    en: `Invoice export: ${name}, 01/11/2026 – 30/11/2026`,
    title: { key: 'job.invoices.export' },
  });
});
