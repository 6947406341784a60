import { invoicePositions, invoiceSummary } from '../src/invoices/invoices';
import { type Browser, startTestApp, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith } from './graphql-support';
import { newClient } from './stock-support';

// The invoice export (issue 15): what was shipped to a client in a period of shipment dates
// (Europe/Berlin days), one row per shipped position, against a fixture computed by hand.
// Rounding: each position's VAT is rounded half-up to the cent (docs/domain.md "VAT"); every sum is
// the sum of the rounded positions (for 7 % this gives 3.79 € where the VAT of the summed net,
// 54.07 € × 7 % = 3.7849 €, would give 3.78 €).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let boss: Browser;
let clientId: number;
let otherClientId: number;
beforeAll(async () => {
  t = await startTestApp({ jobs: { workers: 1, pollIntervalMs: 20, workerTimeoutMs: 60_000 } });
  boss = await admin(t.app);
  clientId = await newClient(t.db, 'Rechnung GmbH');
  otherClientId = await newClient(t.db, 'Andere GmbH');
  await fixture();
});
afterAll(() => t?.close());

let unique = 0;
async function department(client: number, customerNumber: string, name: string) {
  const [row] = await t.db.query<{ id: number }>(
    'INSERT INTO departments (client_id, name, customer_number) VALUES ($1, $2, $3) RETURNING id',
    [client, name, customerNumber],
  );
  return row!.id;
}

/** An order with items [sku, net unit price in cents, VAT rate, ordered]; the items' ids. */
async function order(
  client: number,
  orderDate: string,
  departmentId: number | null,
  items: [string, number, number, number][],
): Promise<{ number: string; items: number[] }> {
  unique += 1;
  const number = `R-${unique}`;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO orders (client_id, number, order_date, status, department_id)
     VALUES ($1, $2, $3, 'processing', $4) RETURNING id`,
    [client, number, orderDate, departmentId],
  );
  const ids: number[] = [];
  for (const [i, [sku, price, rate, ordered]] of items.entries()) {
    const [item] = await t.db.query<{ id: number }>(
      `INSERT INTO order_items (order_id, position, sku, name, ordered_quantity, item_price_cents, vat_rate)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [row!.id, i + 1, sku, `Artikel ${sku}`, ordered, price, rate],
    );
    ids.push(item!.id);
  }
  return { number, items: ids };
}

/** A shipment at `at` (UTC) with packages of [order item id, quantity]. */
async function shipment(orderNumber: string, at: string, packages: [number, number][][]) {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO shipments (order_id, created_at)
     SELECT id, $2 FROM orders WHERE number = $1 RETURNING id`,
    [orderNumber, at],
  );
  for (const items of packages) {
    const [pack] = await t.db.query<{ id: number }>(
      'INSERT INTO shipment_packages (shipment_id, weight_kg) VALUES ($1, 1.5) RETURNING id',
      [row!.id],
    );
    for (const [itemId, quantity] of items)
      await t.db.query(
        'INSERT INTO shipment_package_items (package_id, order_item_id, quantity) VALUES ($1, $2, $3)',
        [pack!.id, itemId, quantity],
      );
  }
}

let o1: { number: string; items: number[] };
let o2: { number: string; items: number[] };
let o3: { number: string; items: number[] };
const PERIOD = { from: '2026-03-01', to: '2026-03-31' };

async function fixture() {
  const purchasing = await department(clientId, 'KD-100', 'Einkauf');
  const marketing = await department(clientId, 'KD-200', 'Marketing');
  o1 = await order(clientId, '2026-03-02', purchasing, [
    ['A', 1999, 19, 3],
    ['B', 1050, 7, 5],
    ['C', 333, 19, 2],
  ]);
  // No department, and the client has two: the customer number stays empty.
  o2 = await order(clientId, '2026-02-27', null, [
    ['D', 5, 19, 10],
    ['E', 1000, 0, 1],
  ]);
  o3 = await order(clientId, '2026-03-10', marketing, [
    ['F', 1, 7, 9],
    ['G', 150, 7, 3],
  ]);
  const other = await order(otherClientId, '2026-03-05', null, [['A', 1999, 19, 1]]);

  // 00:30 on 1 March in Berlin (UTC: 28 February): in the period. Shipment S3.
  await shipment(o2.number, '2026-02-28T23:30:00Z', [
    [
      [o2.items[0]!, 10],
      [o2.items[1]!, 1],
    ],
  ]);
  // Two packages, position A split over both: one row of 3. Shipment S1.
  await shipment(o1.number, '2026-03-03T10:00:00Z', [
    [
      [o1.items[0]!, 2],
      [o1.items[1]!, 1],
    ],
    [
      [o1.items[0]!, 1],
      [o1.items[1]!, 2],
    ],
  ]);
  // Shipment S6.
  await shipment(o3.number, '2026-03-15T12:00:00Z', [
    [
      [o3.items[0]!, 7],
      [o3.items[1]!, 1],
    ],
  ]);
  // 23:30 on 31 March in Berlin (summer time): in the period. Shipment S2.
  await shipment(o1.number, '2026-03-31T21:30:00Z', [
    [
      [o1.items[2]!, 1],
      [o1.items[1]!, 2],
    ],
  ]);
  // Outside: 00:30 on 1 April and 23:30 on 28 February in Berlin.
  await shipment(o3.number, '2026-03-31T22:30:00Z', [[[o3.items[0]!, 1]]]);
  await shipment(o3.number, '2026-02-28T22:30:00Z', [[[o3.items[1]!, 2]]]);
  // Another client's shipment in the period.
  await shipment(other.number, '2026-03-05T10:00:00Z', [[[other.items[0]!, 1]]]);
}

// By hand (cents): net = quantity × unit price; VAT = net × rate / 100 rounded half-up.
//   S3  D  10 ×    5 = 50     19 %   9.50 → 10   gross 60      (no department)
//   S3  E   1 × 1000 = 1000    0 %   0            gross 1000    (no department)
//   S1  A   3 × 1999 = 5997   19 % 1139.43 → 1139 gross 7136    KD-100
//   S1  B   3 × 1050 = 3150    7 %  220.50 → 221 gross 3371     KD-100
//   S6  F   7 ×    1 = 7       7 %    0.49 → 0   gross 7        KD-200
//   S6  G   1 ×  150 = 150     7 %   10.50 → 11  gross 161      KD-200
//   S2  B   2 × 1050 = 2100    7 %  147.00 → 147 gross 2247     KD-100
//   S2  C   1 ×  333 = 333    19 %   63.27 → 63  gross 396      KD-100
const RATES = [
  { vatRate: 19, positions: 3, netCents: 6380, vatCents: 1212, grossCents: 7592 },
  { vatRate: 7, positions: 4, netCents: 5407, vatCents: 379, grossCents: 5786 },
  { vatRate: 0, positions: 1, netCents: 1000, vatCents: 0, grossCents: 1000 },
];

describe('the sums against the fixture computed by hand', () => {
  test('totals per VAT rate, per department and in all, with the orders shipped', async () => {
    const summary = await invoiceSummary(t.db, { clientId, ...PERIOD });
    expect(summary).toMatchObject({
      orders: 3,
      positions: 8,
      netCents: 12787,
      vatCents: 1591,
      grossCents: 14378,
      asJob: false,
    });
    expect(summary.rates).toEqual(RATES);
    expect(summary.departments).toEqual([
      {
        customerNumber: '',
        department: '',
        positions: 2,
        netCents: 1050,
        vatCents: 10,
        grossCents: 1060,
        rates: [
          { vatRate: 0, positions: 1, netCents: 1000, vatCents: 0, grossCents: 1000 },
          { vatRate: 19, positions: 1, netCents: 50, vatCents: 10, grossCents: 60 },
        ],
      },
      {
        customerNumber: 'KD-100',
        department: 'Einkauf',
        positions: 4,
        netCents: 11580,
        vatCents: 1570,
        grossCents: 13150,
        rates: [
          { vatRate: 7, positions: 2, netCents: 5250, vatCents: 368, grossCents: 5618 },
          { vatRate: 19, positions: 2, netCents: 6330, vatCents: 1202, grossCents: 7532 },
        ],
      },
      {
        customerNumber: 'KD-200',
        department: 'Marketing',
        positions: 2,
        netCents: 157,
        vatCents: 11,
        grossCents: 168,
        rates: [{ vatRate: 7, positions: 2, netCents: 157, vatCents: 11, grossCents: 168 }],
      },
    ]);
  });

  test('one row per shipped position in shipping order, packages of one shipment summed', async () => {
    const rows = await invoicePositions(t.db, { clientId, ...PERIOD }, 100);
    expect(
      rows.map((r) => [
        r.orderNumber,
        r.shippedOn,
        r.customerNumber,
        r.sku,
        r.quantity,
        r.netCents,
        r.vatRate,
        r.vatCents,
        r.grossCents,
      ]),
    ).toEqual([
      [o2.number, '2026-03-01', '', 'D', 10, 50, 19, 10, 60],
      [o2.number, '2026-03-01', '', 'E', 1, 1000, 0, 0, 1000],
      [o1.number, '2026-03-03', 'KD-100', 'A', 3, 5997, 19, 1139, 7136],
      [o1.number, '2026-03-03', 'KD-100', 'B', 3, 3150, 7, 221, 3371],
      [o3.number, '2026-03-15', 'KD-200', 'F', 7, 7, 7, 0, 7],
      [o3.number, '2026-03-15', 'KD-200', 'G', 1, 150, 7, 11, 161],
      [o1.number, '2026-03-31', 'KD-100', 'B', 2, 2100, 7, 147, 2247],
      [o1.number, '2026-03-31', 'KD-100', 'C', 1, 333, 19, 63, 396],
    ]);
    // Batches continue where the last one ended.
    const first = await invoicePositions(t.db, { clientId, ...PERIOD }, 3);
    const next = await invoicePositions(t.db, { clientId, ...PERIOD }, 100, {
      shipmentId: first[2]!.shipmentId,
      position: first[2]!.position,
    });
    expect([...first, ...next]).toEqual(rows);
  });

  test('the period is of Berlin days: one day earlier or later takes the edge shipments', async () => {
    const april = await invoiceSummary(t.db, { clientId, from: '2026-04-01', to: '2026-04-01' });
    expect([april.positions, april.netCents]).toEqual([1, 1]);
    const february = await invoiceSummary(t.db, { clientId, from: '2026-02-28', to: '2026-02-28' });
    expect([february.positions, february.netCents]).toEqual([1, 300]);
  });

  test('a client whose only department the order does not name: that department’s number', async () => {
    const single = await newClient(t.db, 'Eine Abteilung GmbH');
    await department(single, 'KD-1', 'Zentrale');
    const lone = await order(single, '2026-03-02', null, [['X', 100, 19, 1]]);
    await shipment(lone.number, '2026-03-02T10:00:00Z', [[[lone.items[0]!, 1]]]);
    const [row] = await invoicePositions(t.db, { clientId: single, ...PERIOD }, 10);
    expect([row!.customerNumber, row!.department, row!.grossCents]).toEqual([
      'KD-1',
      'Zentrale',
      119,
    ]);
  });

  test('an order cannot name a department of another client', async () => {
    const foreign = await department(otherClientId, 'KD-9', 'Fremd');
    await expect(
      t.db.query('UPDATE orders SET department_id = $1 WHERE number = $2', [foreign, o2.number]),
    ).rejects.toThrow(/orders_department_fkey/);
  });
});

const PREVIEW = `query($c: ID!, $from: String!, $to: String!) {
  invoiceExportPreview(clientId: $c, from: $from, to: $to) {
    client { id name } from to orders positions net vat gross asJob
    rates { vatRate positions net vat gross }
    departments { customerNumber name positions net vat gross rates { vatRate net vat gross } }
  } }`;

describe('over GraphQL and HTTP', () => {
  test('the preview shows the sums in euros to a holder of invoice:export', async () => {
    const clerk = await staffWith(t, ['invoice:export']);
    const answer = await graphql(clerk.browser, PREVIEW, { c: clientId, ...PERIOD });
    expect(answer.errors).toBeUndefined();
    const preview = answer.data!.invoiceExportPreview;
    expect(preview).toMatchObject({
      client: { id: String(clientId) },
      orders: 3,
      positions: 8,
      net: 127.87,
      vat: 15.91,
      gross: 143.78,
      asJob: false,
    });
    expect(preview.rates).toEqual([
      { vatRate: 19, positions: 3, net: 63.8, vat: 12.12, gross: 75.92 },
      { vatRate: 7, positions: 4, net: 54.07, vat: 3.79, gross: 57.86 },
      { vatRate: 0, positions: 1, net: 10, vat: 0, gross: 10 },
    ]);
    expect(preview.departments.map((d: { customerNumber: string }) => d.customerNumber)).toEqual([
      '',
      'KD-100',
      'KD-200',
    ]);
  });

  test('bad input is refused on its field: a date, a period backwards, an unknown client', async () => {
    const ask = async (variables: Record<string, unknown>) => {
      const answer = await graphql(boss, PREVIEW, { c: clientId, ...PERIOD, ...variables });
      return [codeOf(answer), Object.keys(answer.errors?.[0]?.extensions?.fieldErrors ?? {})];
    };
    expect(await ask({ from: '2026-02-30' })).toEqual(['BAD_USER_INPUT', ['from']]);
    expect(await ask({ to: '2026-02-01' })).toEqual(['BAD_USER_INPUT', ['to']]);
    expect(await ask({ c: '2147483647' })).toEqual(['BAD_USER_INPUT', ['clientId']]);
  });

  test('without invoice:export: FORBIDDEN, and 403 for the CSV and the PDF', async () => {
    const viewer = await staffWith(t, ['order:view']);
    expect(codeOf(await graphql(viewer.browser, PREVIEW, { c: clientId, ...PERIOD }))).toBe(
      'FORBIDDEN',
    );
    const query = `clientId=${clientId}&from=${PERIOD.from}&to=${PERIOD.to}`;
    expect(
      (await viewer.browser.request({ url: `/export/invoices.csv?${query}` })).statusCode,
    ).toBe(403);
    expect(
      (await viewer.browser.request({ url: `/spa/invoices/summary.pdf?${query}` })).statusCode,
    ).toBe(403);
  });

  test('the German CSV: headers, one row per position, euros with two decimals and a decimal comma, days as 02.03.2026, ; separated', async () => {
    const response = await boss.request({
      url: `/export/invoices.csv?clientId=${clientId}&from=${PERIOD.from}&to=${PERIOD.to}&lang=de`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Bestellnummer;Bestelldatum;Versanddatum;Kundennummer;Abteilung;Position;SKU;Artikel;Menge;Einzelpreis netto (EUR);Netto (EUR);MwSt-Satz (%);MwSt (EUR);Brutto (EUR)',
    );
    expect(lines).toHaveLength(9);
    expect(lines[3]).toBe(
      `${o1.number};02.03.2026;03.03.2026;KD-100;Einkauf;1;A;Artikel A;3;19,99;59,97;19;11,39;71,36`,
    );
    expect(lines[6]).toBe(
      `${o3.number};10.03.2026;15.03.2026;KD-200;Marketing;2;G;Artikel G;1;1,50;1,50;7;0,11;1,61`,
    );
    // The rows add up to the preview's totals.
    const cents = (column: number) =>
      lines
        .slice(1)
        .reduce(
          (sum, line) => sum + Math.round(Number(line.split(';')[column]!.replace(',', '.')) * 100),
          0,
        );
    expect([cents(10), cents(12), cents(13)]).toEqual([12787, 1591, 14378]);
  });

  test('the English CSV has English headers, commas, decimal points and days as 02/03/2026', async () => {
    const response = await boss.request({
      url: `/export/invoices.csv?clientId=${clientId}&from=${PERIOD.from}&to=${PERIOD.to}&lang=en`,
    });
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Order number,Order date,Shipping date,Customer number,Department,Position,SKU,Product,Quantity,Unit price net (EUR),Net (EUR),VAT rate (%),VAT (EUR),Gross (EUR)',
    );
    expect(lines[3]).toBe(
      `${o1.number},02/03/2026,03/03/2026,KD-100,Einkauf,1,A,Artikel A,3,19.99,59.97,19,11.39,71.36`,
    );
  });

  test('the CSV and the PDF refuse a bad period with 422 naming the field', async () => {
    const csv = await boss.request({
      url: `/export/invoices.csv?clientId=${clientId}&from=2026-03-31&to=2026-03-01`,
    });
    expect([csv.statusCode, Object.keys(csv.json().errors)]).toEqual([422, ['to']]);
    const pdf = await boss.request({
      url: `/spa/invoices/summary.pdf?clientId=${clientId}&from=März&to=2026-03-01&lang=fr`,
    });
    expect([pdf.statusCode, Object.keys(pdf.json().errors).sort()]).toEqual([
      422,
      ['from', 'lang'],
    ]);
  });

  test('the PDF summary is a PDF', async () => {
    const response = await boss.request({
      url: `/spa/invoices/summary.pdf?clientId=${clientId}&from=${PERIOD.from}&to=${PERIOD.to}&lang=de`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.body.startsWith('%PDF-')).toBe(true);
  });
});

describe('a large export runs as a job', () => {
  const JOB = 'query($id: ID!) { job(id: $id) { id kind state error result { created } } }';

  test('more than 5,000 positions: the CSV asks for the job, the job writes every row', async () => {
    const big = await newClient(t.db, 'Groß GmbH');
    const [bigOrder] = await t.db.query<{ id: number }>(
      `INSERT INTO orders (client_id, number, order_date, status) VALUES ($1, 'BIG-1', '2026-03-01', 'complete')
       RETURNING id`,
      [big],
    );
    await t.db.query(
      `INSERT INTO order_items (order_id, position, sku, name, ordered_quantity, item_price_cents, vat_rate)
       SELECT $1, g, 'S' || g, 'Teil', 2, 105, 19 FROM generate_series(1, 5001) g`,
      [bigOrder!.id],
    );
    const [ship] = await t.db.query<{ id: number }>(
      `INSERT INTO shipments (order_id, created_at) VALUES ($1, '2026-03-02T10:00:00Z') RETURNING id`,
      [bigOrder!.id],
    );
    const [pack] = await t.db.query<{ id: number }>(
      'INSERT INTO shipment_packages (shipment_id) VALUES ($1) RETURNING id',
      [ship!.id],
    );
    await t.db.query(
      `INSERT INTO shipment_package_items (package_id, order_item_id, quantity)
       SELECT $1, id, 2 FROM order_items WHERE order_id = $2`,
      [pack!.id, bigOrder!.id],
    );
    const preview = await graphql(boss, PREVIEW, { c: big, ...PERIOD });
    // 5,001 × (2 × 1.05 € = 2.10 € net, 0.399 € → 0.40 € VAT).
    expect(preview.data!.invoiceExportPreview).toMatchObject({
      positions: 5001,
      net: 10502.1,
      vat: 2000.4,
      asJob: true,
    });
    const direct = await boss.request({
      url: `/export/invoices.csv?clientId=${big}&from=${PERIOD.from}&to=${PERIOD.to}`,
    });
    expect([direct.statusCode, Object.keys(direct.json().errors)]).toEqual([422, ['clientId']]);

    const started = await graphql(
      boss,
      'mutation($c: ID!) { exportInvoices(clientId: $c, from: "2026-03-01", to: "2026-03-31", lang: "en") { id kind } }',
      { c: big },
    );
    expect(started.errors).toBeUndefined();
    expect(started.data!.exportInvoices.kind).toBe('invoices.export');
    const jobId = started.data!.exportInvoices.id as string;
    let job:
      { state: string; result: { created: number } | null; error: string | null } | undefined;
    for (let i = 0; i < 1000; i += 1) {
      job = (await graphql(boss, JOB, { id: jobId })).data?.job;
      if (job && ['COMPLETED', 'FAILED', 'CANCELLED'].includes(job.state)) break;
      await sleep(30);
    }
    expect([job?.state, job?.error, job?.result?.created]).toEqual(['COMPLETED', null, 5001]);

    const file = await boss.request({ url: `/export/invoices/jobs/${jobId}.csv` });
    expect(file.statusCode).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(5002);
    expect(lines[0]!.startsWith('Order number,')).toBe(true);
    expect(lines[5001]).toBe(
      'BIG-1,01/03/2026,02/03/2026,,,5001,S5001,Teil,2,1.05,2.10,19,0.40,2.50',
    );

    // Someone else (even with the permission) does not get the file.
    const clerk = await staffWith(t, ['invoice:export']);
    expect(
      (await clerk.browser.request({ url: `/export/invoices/jobs/${jobId}.csv` })).statusCode,
    ).toBe(404);
  });
});
