// The order import (issue 14): a shop's CSV/XLSX, one row per position, grouped by order number
// into pending orders of a chosen client, through the job queue; every row checked before
// anything is written (sku of the client, quantity, price, address, shipping method by name),
// a report of the bad rows, and idempotent by client + order number.
import ExcelJS from 'exceljs';
import type Pusher from 'pusher-js';
import { baseUrl, startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith } from './graphql-support';
import { pusherClient, stateReached } from './realtime-support';
import { newClient, newProduct } from './stock-support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp({ jobs: { workers: 1, pollIntervalMs: 20, workerTimeoutMs: 60_000 } });
  boss = await admin(t.app);
  const [shipper] = await t.db.query<{ id: number }>(
    "INSERT INTO shippers (name) VALUES ('Import-DHL') RETURNING id",
  );
  await t.db.query("INSERT INTO shipping_methods (shipper_id, name) VALUES ($1, 'Paket Import')", [
    shipper!.id,
  ]);
});
afterAll(() => t?.close());

async function upload(browser: Browser, name: string, content: Buffer | string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${baseUrl(t.app)}/spa/uploads`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!),
    },
    body: form,
  });
  const body = (await response.json()) as { id: string };
  if (response.status !== 201)
    throw new Error(`upload: ${response.status} ${JSON.stringify(body)}`);
  return body.id;
}

const PREVIEW = `query($id: ID!) { orderImportPreview(uploadId: $id) {
  fileName columns { index header field } rows fields { key required } } }`;
const IMPORT = `mutation($id: ID!, $c: ID!, $mapping: [ColumnMappingInput!]!, $mode: ImportMode!) {
  importOrders(uploadId: $id, clientId: $c, mapping: $mapping, mode: $mode) {
    id state kind summary } }`;
const JOB = `query($id: ID!) { job(id: $id) { state error
  result { created updated unchanged rejectedTotal rejected { row field column value reason rule params { row } } } } }`;

type Mode = 'ALL_OR_NOTHING' | 'GOOD_ROWS';

/** A client with two products (A-1 at 10.00 €, B-2), and another client's X-1. */
async function setting() {
  const clientId = await newClient(t.db, `Import-${Math.random()}`);
  await newProduct(t.db, clientId, { sku: 'A-1' });
  await newProduct(t.db, clientId, { sku: 'B-2' });
  const other = await newClient(t.db, `Fremd-${Math.random()}`);
  await newProduct(t.db, other, { sku: 'X-1' });
  return { clientId };
}

async function guessed(id: string) {
  const answer = await graphql(boss, PREVIEW, { id });
  expect(answer.errors).toBeUndefined();
  return (answer.data!.orderImportPreview.columns as { index: number; field: string | null }[]).map(
    (c) => ({ column: c.index, field: c.field }),
  );
}

/** Uploads a file, starts its import with the guessed mapping, waits for the job's end. */
async function importFile(clientId: number, mode: Mode, name: string, content: Buffer | string) {
  const id = await upload(boss, name, content);
  const started = await graphql(boss, IMPORT, {
    id,
    c: clientId,
    mapping: await guessed(id),
    mode,
  });
  expect(started.errors).toBeUndefined();
  expect(started.data!.importOrders).toMatchObject({ kind: 'orders.import', state: 'WAITING' });
  const jobId = started.data!.importOrders.id as string;
  for (let i = 0; i < 2000; i += 1) {
    const job = (await graphql(boss, JOB, { id: jobId })).data?.job;
    if (['COMPLETED', 'FAILED', 'CANCELLED'].includes(job?.state)) return job;
    await sleep(30);
  }
  throw new Error('the import did not end');
}

/** The client's orders with their positions, as stored. */
const ordersOf = (clientId: number) =>
  t.db.query<Record<string, unknown>>(
    `SELECT o.number, o.status, o.ship_city AS city, o.ship_postcode AS postcode,
            to_char(o.order_date, 'YYYY-MM-DD') AS date, m.name AS method,
            (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id AND e.kind = 'created') AS created,
            json_agg(json_build_object('sku', i.sku, 'quantity', i.ordered_quantity,
              'price', i.item_price_cents) ORDER BY i.position) AS items
       FROM orders o JOIN order_items i ON i.order_id = o.id
       LEFT JOIN shipping_methods m ON m.id = o.shipping_method_id
      WHERE o.client_id = $1 GROUP BY o.id, m.name ORDER BY o.number`,
    [clientId],
  );

const HEADER =
  'Auftragsnummer;Auftragsdatum;Versandart;SKU;Menge;Preis;Vorname;Nachname;Straße;Hausnummer;PLZ;Ort;Land';
/** Three orders; row 4 names a sku the client does not have. */
const WITH_BAD_ROW = [
  HEADER,
  'B-100;01.12.2026;Paket Import;A-1;2;12,50;Erika;Muster;Hauptstr.;1;20457;Hamburg;DE',
  'B-100;;;b-2;1;;;;;;;;',
  'B-200;2026-12-02;paket import;Z-9;3;;Max;Muster;Weg;2;10115;Berlin;DE',
  'B-300;02.12.2026;;B-2;4;;Ida;Muster;Gasse;3;80331;München;DE',
].join('\n');
const FIXED = WITH_BAD_ROW.replace('Z-9', 'A-1');

describe('the order import', () => {
  test('the preview guesses German headers and shows the first rows', async () => {
    const id = await upload(boss, 'orders.csv', WITH_BAD_ROW);
    const answer = await graphql(boss, PREVIEW, { id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.orderImportPreview.columns.map((c: { field: string }) => c.field)).toEqual([
      'orderNumber',
      'orderDate',
      'shippingMethod',
      'sku',
      'quantity',
      'itemPrice',
      'firstName',
      'lastName',
      'street',
      'houseNumber',
      'postcode',
      'city',
      'countryCode',
    ]);
    expect(answer.data!.orderImportPreview.rows[2][3]).toBe('Z-9');
  });

  test('a bad row is reported, its order not written, the others are; the fixed file adds only it', async () => {
    const { clientId } = await setting();
    const first = await importFile(clientId, 'GOOD_ROWS', 'orders.csv', WITH_BAD_ROW);
    expect(first.state).toBe('COMPLETED');
    expect(first.result).toMatchObject({ created: 2, unchanged: 0, rejectedTotal: 1 });
    expect(first.result.rejected).toEqual([
      expect.objectContaining({
        row: 4,
        field: 'sku',
        column: 'SKU',
        value: 'Z-9',
        rule: 'orders:orderImport.unknownSku',
      }),
    ]);
    expect(await ordersOf(clientId)).toEqual([
      {
        number: 'B-100',
        status: 'pending',
        city: 'Hamburg',
        postcode: '20457',
        date: '2026-12-01',
        method: 'Paket Import',
        created: 1,
        items: [
          { sku: 'A-1', quantity: 2, price: 1250 },
          { sku: 'B-2', quantity: 1, price: expect.any(Number) },
        ],
      },
      expect.objectContaining({
        number: 'B-300',
        method: null,
        items: [expect.objectContaining({ sku: 'B-2', quantity: 4 })],
      }),
    ]);

    // Fixed and imported again: B-200 is created, B-100 and B-300 left as they are.
    const second = await importFile(clientId, 'GOOD_ROWS', 'orders.csv', FIXED);
    expect(second.result).toMatchObject({ created: 1, unchanged: 2, rejectedTotal: 0 });
    const orders = await ordersOf(clientId);
    expect(orders.map((o) => [o.number, o.created])).toEqual([
      ['B-100', 1],
      ['B-200', 1],
      ['B-300', 1],
    ]);
    expect(orders[1]).toMatchObject({
      city: 'Berlin',
      method: 'Paket Import',
      items: [{ sku: 'A-1', quantity: 3 }],
    });

    // A third time: nothing new.
    const third = await importFile(clientId, 'GOOD_ROWS', 'orders.csv', FIXED);
    expect(third.result).toMatchObject({ created: 0, unchanged: 3, rejectedTotal: 0 });
    expect(await ordersOf(clientId)).toHaveLength(3);
  });

  test("every row is checked: address, quantity, price, shipping method, another client's sku, differing order fields", async () => {
    const { clientId } = await setting();
    const file = [
      HEADER,
      'C-1;01.12.2026;Paket Import;A-1;1;;Erika;Muster;Hauptstr.;1;ABC;Hamburg;DE',
      'C-2;01.12.2026;Luftpost;A-1;1;;Erika;Muster;Hauptstr.;1;20457;Hamburg;DE',
      'C-3;01.12.2026;;A-1;zwei;;Erika;Muster;Hauptstr.;1;20457;Hamburg;DE',
      'C-4;01.12.2026;;X-1;1;-3;Erika;Muster;;1;20457;Hamburg;DE',
      'C-5;01.12.2026;;A-1;1;;Erika;Muster;Hauptstr.;1;20457;Hamburg;DE',
      'C-5;;;B-2;1;;;;;;;Bremen;',
      'C-6;31.02.2026;;A-1;1;;Erika;Muster;Hauptstr.;1;20457;Hamburg;DE',
    ].join('\n');
    const job = await importFile(clientId, 'GOOD_ROWS', 'bad.csv', file);
    expect(job.state).toBe('COMPLETED');
    const lines = (job.result.rejected as { row: number; field: string; rule: string }[])
      .map((r) => `${r.row} ${r.field} ${r.rule}`)
      .sort();
    expect(lines).toEqual(
      [
        '2 postcode postcode',
        '3 shippingMethod orders:orderImport.unknownMethod',
        '4 quantity integer',
        '5 itemPrice between',
        '5 sku orders:orderImport.unknownSku',
        '5 street required',
        '6 orderNumber orders:orderImport.orderRejected',
        '7 city orders:orderImport.differs',
        '8 orderDate date',
      ].sort(),
    );
    expect(job.result.created).toBe(0);
    expect(await ordersOf(clientId)).toEqual([]);
  });

  test('ALL_OR_NOTHING writes nothing when one row is bad, everything when all are good (XLSX)', async () => {
    const { clientId } = await setting();
    const job = await importFile(clientId, 'ALL_OR_NOTHING', 'orders.csv', WITH_BAD_ROW);
    expect(job.result).toMatchObject({ created: 0, rejectedTotal: 1 });
    expect(await ordersOf(clientId)).toEqual([]);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Orders');
    for (const line of FIXED.split('\n')) sheet.addRow(line.split(';'));
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const good = await importFile(clientId, 'ALL_OR_NOTHING', 'orders.xlsx', xlsx);
    expect(good.result).toMatchObject({ created: 3, rejectedTotal: 0 });
    expect((await ordersOf(clientId)).map((o) => o.number)).toEqual(['B-100', 'B-200', 'B-300']);
  });

  test('the start is refused with field errors: unmapped required fields, unknown client, foreign upload', async () => {
    const { clientId } = await setting();
    const id = await upload(boss, 'orders.csv', WITH_BAD_ROW);
    const noSku = (await guessed(id)).map((m) => (m.field === 'sku' ? { ...m, field: null } : m));
    const answer = await graphql(boss, IMPORT, {
      id,
      c: '999999',
      mapping: noSku,
      mode: 'GOOD_ROWS',
    });
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    const fields = Object.keys(answer.errors![0]!.extensions!.fieldErrors as object).sort();
    expect(fields).toEqual(['clientId', 'mapping']);
    const unknown = await graphql(boss, IMPORT, {
      id: '00000000-0000-4000-8000-000000000000',
      c: clientId,
      mapping: await guessed(id),
      mode: 'GOOD_ROWS',
    });
    expect(Object.keys(unknown.errors![0]!.extensions!.fieldErrors as object)).toEqual([
      'uploadId',
    ]);
  });

  test('a viewer of orders hears each created order (lists and the dashboard follow), not the ones left as they were', async () => {
    const { clientId } = await setting();
    const viewer = await staffWith(t, ['order:view']);
    const client: Pusher = pusherClient(t.app, viewer.browser);
    try {
      const channel = client.subscribe('private-records.order');
      await new Promise<void>((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve());
        channel.bind('pusher:subscription_error', (error: unknown) =>
          reject(new Error(`refused: ${JSON.stringify(error)}`)),
        );
      });
      const events: { typename: string; id: string; change: string }[] = [];
      channel.bind('RecordChanged', (data: (typeof events)[number]) => events.push(data));
      const heard = async (count: number) => {
        const deadline = Date.now() + 3000;
        while (events.length < count && Date.now() < deadline) await sleep(50);
        await sleep(300);
        return events.splice(0).sort((a, b) => Number(a.id) - Number(b.id));
      };
      await importFile(clientId, 'GOOD_ROWS', 'orders.csv', WITH_BAD_ROW);
      const ids = await t.db.query<{ id: number }>(
        'SELECT id FROM orders WHERE client_id = $1 ORDER BY id',
        [clientId],
      );
      expect(await heard(2)).toEqual(
        ids.map(({ id }) => ({ typename: 'Order', id: String(id), change: 'created' })),
      );
      await importFile(clientId, 'GOOD_ROWS', 'orders.csv', FIXED);
      const [third] = await t.db.query<{ id: number }>(
        "SELECT id FROM orders WHERE client_id = $1 AND number = 'B-200'",
        [clientId],
      );
      expect(await heard(1)).toEqual([
        { typename: 'Order', id: String(third!.id), change: 'created' },
      ]);
    } finally {
      client.disconnect();
      await stateReached(client, 'disconnected').catch(() => undefined);
    }
  });
});
