// The order import writes set-based, a batch of orders at a time (orders/import-write.ts).
// These tests run the import job's handler on the test database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): an imported order must be what createOrder makes of the same input
// (sums, VAT, positions, fulfillment error, history); a product deleted while the import runs
// refuses only its order (GOOD_ROWS) or everything (ALL_OR_NOTHING) over several batches; two
// imports of the same file at once create every order once.
import type { Db } from '../src/db';
import type { JobProgressReport } from '../src/jobs/kinds';
import { ordersImport } from '../src/orders/import';
import { createOrder } from '../src/orders/orders';
import { orderInput } from '../src/orders/rules';
import { storeUpload } from '../src/uploads/uploads';
import { startTestApp, type TestApp } from './helpers';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

let t: TestApp;
let userId: number;
let methods: { paket: number; gefahrgut: number };
beforeAll(async () => {
  t = await startTestApp();
  const [user] = await t.db.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash) VALUES ('Importer', 'import-batch@kontor.test', 'x')
     RETURNING id`,
  );
  userId = user!.id;
  const [shipper] = await t.db.query<{ id: number }>(
    "INSERT INTO shippers (name) VALUES ('Batch-DHL') RETURNING id",
  );
  const [paket, gefahrgut] = await t.db.query<{ id: number }>(
    `INSERT INTO shipping_methods (shipper_id, name, hazmat_allowed)
     VALUES ($1, 'Paket Batch', false), ($1, 'Gefahrgut Batch', true) RETURNING id`,
    [shipper!.id],
  );
  methods = { paket: paket!.id, gefahrgut: gefahrgut!.id };
}, 120_000);
afterAll(() => t?.close());

const HEADER =
  'Auftragsnummer;Auftragsdatum;Versandart;SKU;Menge;Preis;Vorname;Nachname;Straße;Hausnummer;PLZ;Ort;Land';
const MAPPING = [
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
];

type Mode = 'ALL_OR_NOTHING' | 'GOOD_ROWS';

/** Runs the import job's handler on a CSV; `onProgress` hears every progress report. */
async function runImport(
  db: Db,
  clientId: number,
  mode: Mode,
  lines: string[],
  onProgress: (report: JobProgressReport) => Promise<void> | void = () => undefined,
) {
  const csv = Buffer.from([HEADER, ...lines].join('\n'));
  async function* chunks() {
    yield csv;
  }
  const upload = await storeUpload(db, userId, 'orders.csv', chunks(), 10 * 1024 * 1024);
  return (await ordersImport.handler({
    id: 'test',
    kind: 'orders.import',
    payload: { uploadId: upload.id, fileName: 'orders.csv', clientId, mapping: MAPPING, mode },
    userId,
    attempt: 1,
    db,
    progress: async (report) => onProgress(report),
  })) as unknown as {
    created: number;
    unchanged: number;
    rejectedTotal: number;
    rejected: { row: number; field: string; rule: string }[];
  };
}

/** Everything of an order but its id, number and times: columns, positions, history. */
async function stored(clientId: number, number: string) {
  const [order] = await t.db.query<Record<string, unknown> & { id: number }>(
    `SELECT * FROM orders WHERE client_id = $1 AND number = $2`,
    [clientId, number],
  );
  if (!order) throw new Error(`no order ${number}`);
  const id = order.id;
  for (const key of ['id', 'number', 'created_at', 'updated_at', 'fulfillment_error_at'])
    delete order[key];
  order.has_error_time =
    (
      await t.db.query('SELECT 1 FROM orders WHERE id = $1 AND fulfillment_error_at IS NOT NULL', [
        id,
      ])
    ).length === 1;
  const items = await t.db.query(
    `SELECT position, product_id, sku, name, ordered_quantity, shipped_quantity,
            item_price_cents::float8 AS price, vat_rate
       FROM order_items WHERE order_id = $1 ORDER BY position`,
    [id],
  );
  const events = await t.db.query(
    `SELECT kind, user_id, acting_user_id, from_status, to_status, detail
       FROM order_events WHERE order_id = $1 ORDER BY at, id`,
    [id],
  );
  return { order, items, events };
}

/** How many orders, positions and `created` history entries a client has. */
async function countsOf(clientId: number) {
  const [row] = await t.db.query<{ orders: number; items: number; events: number }>(
    `SELECT count(DISTINCT o.id)::int AS orders, count(i.id)::int AS items,
            (SELECT count(*)::int FROM order_events e JOIN orders x ON x.id = e.order_id
              WHERE x.client_id = $1 AND e.kind = 'created') AS events
       FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.client_id = $1`,
    [clientId],
  );
  return row;
}

/** An address as the order form sends it. */
const addressOf = (first: string, last: string, street: string, house: string) => ({
  firstName: first,
  lastName: last,
  street,
  houseNumber: house,
  postcode: street === 'Weg' ? '10115' : '20457',
  city: street === 'Weg' ? 'Berlin' : 'Hamburg',
  countryCode: 'DE',
});

describe('the order import, set-based', () => {
  test('an imported order is exactly what createOrder makes of the same input', async () => {
    const clientId = await newClient(t.db, `Same-${Math.random()}`);
    const warehouse = await warehouseWithPlaces(t.db, 1);
    const product = async (sku: string, cents: number, vat: number) => {
      const id = await newProduct(t.db, clientId, { sku, priceNetCents: cents });
      await t.db.query('UPDATE products SET vat_rate = $2 WHERE id = $1', [id, vat]);
      return id;
    };
    const shirt = await product('SHIRT', 1999, 19);
    const book = await product('BOOK', 50, 7);
    const plain = await product('PLAIN', 200, 0);
    const paint = await product('PAINT', 1000, 19);
    await t.db.query(
      `INSERT INTO product_hazmat (product_id, un_number, hazmat_class) VALUES ($1, '1263', '3')`,
      [paint],
    );
    // Stock of the shirt only: the other orders get a stock problem.
    await t.db.query(
      `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity)
       VALUES ($1, $2, $3, $4, 100)`,
      [shirt, warehouse.placeIds[0], clientId, warehouse.warehouseId],
    );
    const address = 'Erika;Muster;Hauptstr.;1;20457;Hamburg;DE';
    const lines = [
      // VAT per line rounded half-up; prices given and taken from the product.
      `S-1;01.12.2026;Paket Batch;SHIRT;3;19,99;${address}`,
      'S-1;;;BOOK;1;;;;;;;;',
      'S-1;;;PLAIN;2;;;;;;;;',
      // Hazmat on a method that may not carry it (and no stock).
      `S-2;02.12.2026;Paket Batch;PAINT;1;;${address}`,
      // No shipping method.
      `S-3;;;SHIRT;1;;${address}`,
      // Everything fine: no fulfillment error.
      `S-4;03.12.2026;Gefahrgut Batch;SHIRT;2;;${address}`,
      // No name in the address.
      'S-5;03.12.2026;Gefahrgut Batch;SHIRT;1;;;;Weg;2;10115;Berlin;DE',
    ];
    const report = await runImport(t.db, clientId, 'GOOD_ROWS', lines);
    expect(report).toMatchObject({ created: 5, unchanged: 0, rejectedTotal: 0 });

    const erika = addressOf('Erika', 'Muster', 'Hauptstr.', '1');
    const same = {
      'S-1': {
        orderDate: '2026-12-01',
        shippingMethodId: methods.paket,
        shippingAddress: erika,
        items: [
          { productId: shirt, quantity: 3, itemPrice: 19.99 },
          { productId: book, quantity: 1 },
          { productId: plain, quantity: 2 },
        ],
      },
      'S-2': {
        orderDate: '2026-12-02',
        shippingMethodId: methods.paket,
        shippingAddress: erika,
        items: [{ productId: paint, quantity: 1 }],
      },
      'S-3': {
        orderDate: null,
        shippingMethodId: null,
        shippingAddress: erika,
        items: [{ productId: shirt, quantity: 1 }],
      },
      'S-4': {
        orderDate: '2026-12-03',
        shippingMethodId: methods.gefahrgut,
        shippingAddress: erika,
        items: [{ productId: shirt, quantity: 2 }],
      },
      'S-5': {
        orderDate: '2026-12-03',
        shippingMethodId: methods.gefahrgut,
        shippingAddress: addressOf('', '', 'Weg', '2'),
        items: [{ productId: shirt, quantity: 1 }],
      },
    };
    const actor = { userId, actingUserId: userId };
    for (const [number, input] of Object.entries(same)) {
      await createOrder(
        t.db,
        actor,
        orderInput.parse({ clientId, shop: null, number: `${number}-form`, ...input }),
      );
      const imported = await stored(clientId, number);
      expect(imported).toEqual(await stored(clientId, `${number}-form`));
    }
    // The figures themselves (so that both being wrong the same way fails too).
    const s1 = await stored(clientId, 'S-1');
    // 3 × 19.99 = 59.97 (VAT 11.39) + 0.50 (VAT 0.035 → 0.04) + 2 × 2.00 (0 %)
    expect(s1.order.item_skus).toBe('SHIRT BOOK PLAIN');
    expect(Number(s1.order.subtotal_cents)).toBe(5997 + 50 + 400);
    expect(Number(s1.order.vat_cents)).toBe(1139 + 4);
    expect(Number(s1.order.total_cents)).toBe(5997 + 50 + 400 + 1139 + 4);
    expect(s1.events.map((e) => e.kind)).toEqual(['created', 'fulfillment_error']);
    const errors = Object.fromEntries(
      await Promise.all(
        Object.keys(same).map(async (n) => [
          n,
          (await stored(clientId, n)).order.fulfillment_error,
        ]),
      ),
    );
    expect(errors).toEqual({
      'S-1':
        'Not enough stock of BOOK: 1 needed, 0 available. Not enough stock of PLAIN: 2 needed, 0 available.',
      'S-2':
        'Not enough stock of PAINT: 1 needed, 0 available. The shipping method Batch-DHL Paket Batch may not carry hazardous goods (PAINT).',
      'S-3': 'The order has no shipping method.',
      'S-4': null,
      'S-5': 'The shipping address is incomplete: name missing.',
    });
  });

  test('a product deleted while the import runs: GOOD_ROWS refuses its order only, over several batches; ALL_OR_NOTHING writes nothing', async () => {
    const clientId = await newClient(t.db, `Batches-${Math.random()}`);
    for (let p = 1; p <= 20; p += 1) await newProduct(t.db, clientId, { sku: `P-${p}` });
    const gone = await newProduct(t.db, clientId, { sku: 'GONE' });
    const address = 'Max;Muster;Weg;2;10115;Berlin;DE';
    // 650 orders of 4 positions: 2,600 positions, more than one batch.
    const lines: string[] = [];
    for (let o = 1; o <= 650; o += 1)
      for (let p = 1; p <= 4; p += 1) {
        const sku = o === 600 && p === 3 ? 'GONE' : `P-${1 + ((o + p) % 20)}`;
        lines.push(`M-${o};01.12.2026;Paket Batch;${sku};${p};;${address}`);
      }
    /** Deletes GONE when the writing starts (after every row was checked). */
    const deleteWhenWriting =
      (progress: JobProgressReport[]) => async (report: JobProgressReport) => {
        progress.push(report);
        if (report.phase === 'importing' && report.done === 0)
          await t.db.query('UPDATE products SET deleted_at = now() WHERE id = $1', [gone]);
      };
    const count = () => countsOf(clientId);

    const all: JobProgressReport[] = [];
    const nothing = await runImport(
      t.db,
      clientId,
      'ALL_OR_NOTHING',
      lines,
      deleteWhenWriting(all),
    );
    expect(nothing).toMatchObject({ created: 0, rejectedTotal: 1 });
    expect(nothing.rejected).toEqual([
      expect.objectContaining({ row: 1 + (599 * 4 + 3), field: 'sku', rule: 'exists' }),
    ]);
    expect(await count()).toEqual({ orders: 0, items: 0, events: 0 });

    await t.db.query('UPDATE products SET deleted_at = NULL WHERE id = $1', [gone]);
    const progress: JobProgressReport[] = [];
    const good = await runImport(t.db, clientId, 'GOOD_ROWS', lines, deleteWhenWriting(progress));
    expect(good).toMatchObject({ created: 649, unchanged: 0, rejectedTotal: 1 });
    expect(good.rejected).toEqual([
      expect.objectContaining({ row: 1 + (599 * 4 + 3), field: 'sku', rule: 'exists' }),
    ]);
    expect(await count()).toEqual({ orders: 649, items: 649 * 4, events: 649 });
    // Progress between the batches: more than the start and the end of the writing.
    const importing = progress.filter((p) => p.phase === 'importing').map((p) => p.done);
    expect(importing[0]).toBe(0);
    expect(importing.at(-1)).toBe(650);
    expect(importing.filter((done) => done > 0 && done < 650).length).toBeGreaterThan(0);

    // The same file again: nothing new, M-600 still refused (its product is gone).
    const again = await runImport(t.db, clientId, 'GOOD_ROWS', lines);
    expect(again).toMatchObject({ created: 0, unchanged: 649 });
    expect(await count()).toEqual({ orders: 649, items: 649 * 4, events: 649 });
  });

  test('two imports of the same file at once create every order once', async () => {
    const clientId = await newClient(t.db, `Race-${Math.random()}`);
    for (let p = 1; p <= 10; p += 1) await newProduct(t.db, clientId, { sku: `R-${p}` });
    const lines: string[] = [];
    for (let o = 1; o <= 1200; o += 1)
      for (let p = 1; p <= 2; p += 1)
        lines.push(
          `R-${o};01.12.2026;Paket Batch;R-${1 + ((o + p) % 10)};1;;Max;Muster;Weg;2;10115;Berlin;DE`,
        );
    const [a, b] = await Promise.all([
      runImport(t.db, clientId, 'GOOD_ROWS', lines),
      runImport(t.db, clientId, 'GOOD_ROWS', lines),
    ]);
    expect(a.created + b.created).toBe(1200);
    expect(a.unchanged + b.unchanged).toBe(1200);
    expect(a.rejectedTotal + b.rejectedTotal).toBe(0);
    expect(await countsOf(clientId)).toEqual({ orders: 1200, items: 2400, events: 1200 });
  });
});
