#!/usr/bin/env node
// Fulfillment at scale (issue 15) on a throwaway PostgreSQL:
// 1. a picklist for BENCH_ORDERS (1,000) pending orders of 1–3 positions over a warehouse of
//    BENCH_FULFILLMENT_ROWS (100,000) stock rows, through createPicklist: the time, and the
//    SQL statements it issues (counted by wrapping the Db) — a fixed number however many
//    orders (no N+1);
// 2. the packing station's finish of an order of 50 positions (createShipment): time and
//    statements.
// Needs `npm run build -w server` and PostgreSQL's binaries.
//   node bench/fulfillment.mjs     BENCH_FULFILLMENT_ROWS=100000 BENCH_ORDERS=1000
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const server = new URL('../server/dist/', import.meta.url).pathname;
const { migrate, openPostgres } = require(`${server}db/index.js`);
const { seedDemoData } = require(`${server}demo/seed.js`);
const { createPicklist } = require(`${server}picklists/picklists.js`);
const { createShipment } = require(`${server}shipments/shipments.js`);
const { startThrowawayPostgres } = require('../build/throwaway-postgres.cjs');

const ROWS = Number(process.env.BENCH_FULFILLMENT_ROWS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const PER_PLACE = 5;
const PLACES = ROWS / PER_PLACE;
const RACKS = 100;
const PRODUCTS = ROWS / 4;

/** A Db that counts the statements it (and its transactions) run. */
function counting(db, counter) {
  return {
    query: (sql, params) => {
      counter.statements += 1;
      return db.query(sql, params);
    },
    transaction: (fn) => db.transaction((tx) => fn(counting(tx, counter))),
    afterCommit: (fn) => db.afterCommit(fn),
  };
}

const PG_PORT = 18_432 + Math.floor(Math.random() * 1000);
const postgres = startThrowawayPostgres(PG_PORT);
if (!postgres) {
  console.log('No PostgreSQL binaries (set PG_BIN): nothing to measure.');
  process.exit(0);
}
const db = openPostgres(postgres.url, 10);
const time = async (fn) => {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
};
try {
  await migrate(db);
  await seedDemoData(db);
  const [admin] = await db.query("SELECT id FROM users WHERE email = 'admin@kontor.test'");
  const actor = { userId: admin.id, actingUserId: admin.id };
  const [client] = await db.query(
    `INSERT INTO clients (name, street, house_number, postcode, city)
     VALUES ('Bench-Versand', 'Kai', '1', '20457', 'Hamburg') RETURNING id`,
  );
  const [w] = await db.query(
    `INSERT INTO warehouses (name, code, street, house_number, postcode, city)
     VALUES ('Bench', 'FUL', 'Kai', '1', '20457', 'Hamburg') RETURNING id`,
  );
  await db.query(`INSERT INTO storages (warehouse_id, name, code) VALUES ($1, 'Halle', 'S1')`, [
    w.id,
  ]);
  await db.query(
    `INSERT INTO racks (storage_id, name, code)
     SELECT s.id, 'Regal ' || n, 'R' || n FROM storages s, generate_series(1, ${RACKS}) n
      WHERE s.warehouse_id = $1`,
    [w.id],
  );
  await db.query(
    `INSERT INTO places (rack_id, warehouse_id, name, code, barcode, path, path_sort)
     SELECT r.id, $1, 'P' || n, 'P' || n, 'FUL-' || r.code || '-P' || n,
            'FUL / S1 / ' || r.code || ' / P' || n,
            'FUL / S1 / R' || lpad(substr(r.code, 2), 10, '0') || ' / P' || lpad(n::text, 10, '0')
       FROM racks r JOIN storages s ON s.id = r.storage_id, generate_series(1, ${PLACES / RACKS}) n
      WHERE s.warehouse_id = $1`,
    [w.id],
  );
  // Products; half of them with a best-before (FEFO has dates to sort).
  await db.query(
    `INSERT INTO products (client_id, sku, ean, name, price_net_cents, best_before)
     SELECT $1, 'FUL-' || lpad(n::text, 7, '0'), '', 'Bench product ' || n, 100 + n % 5000, n % 2 = 0
       FROM generate_series(1, ${PRODUCTS}) n`,
    [client.id],
  );
  await db.query(
    `WITH numbered AS (
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM places WHERE warehouse_id = $1),
     prods AS (
       SELECT id, best_before, row_number() OVER (ORDER BY id) - 1 AS i FROM products WHERE client_id = $2)
     INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity, best_before, first_booked_at)
     SELECT p.id, pl.id, $2, $1, 1 + (pl.i + k) % 20,
            CASE WHEN p.best_before THEN date '2027-01-01' + ((pl.i * 7 + k) % 300)::int END,
            now() - make_interval(days => ((pl.i + k) % 90)::int)
       FROM numbered pl CROSS JOIN generate_series(0, ${PER_PLACE - 1}) k
       JOIN prods p ON p.i = (pl.i * ${PER_PLACE} + k) % ${PRODUCTS}`,
    [w.id, client.id],
  );
  // Pending orders of 1–3 positions (2 units each) of products with stock, and one order of 50.
  await db.query(
    `INSERT INTO orders (client_id, number, ship_last_name, ship_street, ship_house_number,
       ship_postcode, ship_city)
     SELECT $1, 'B-' || lpad(n::text, 6, '0'), 'Muster', 'Kai', '1', '20457', 'Hamburg'
       FROM generate_series(1, ${ORDERS + 1}) n`,
    [client.id],
  );
  await db.query(
    `WITH o AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM orders WHERE client_id = $1),
     p AS (SELECT id, sku, row_number() OVER (ORDER BY id) AS n FROM products WHERE client_id = $1)
     INSERT INTO order_items (order_id, position, product_id, sku, name, ordered_quantity,
       item_price_cents, vat_rate)
     SELECT o.id, k, p.id, p.sku, 'x', CASE WHEN o.n > ${ORDERS} THEN 1 ELSE 2 END, 100, 19
       FROM o CROSS JOIN generate_series(1, CASE WHEN o.n > ${ORDERS} THEN 50 ELSE 1 + o.n % 3 END) k
       JOIN p ON p.n = ((o.n * 37 + k * 101) % ${PRODUCTS}) + 1`,
    [client.id],
  );
  for (const table of ['products', 'places', 'stock', 'stock_totals', 'orders', 'order_items'])
    await db.query(`VACUUM ANALYZE ${table}`);
  const [{ rows }] = await db.query(
    'SELECT count(*)::int AS rows FROM stock WHERE warehouse_id = $1',
    [w.id],
  );
  const big = await db.query(
    `SELECT o.id, o.version FROM orders o WHERE o.client_id = $1 ORDER BY o.id DESC LIMIT 1`,
    [client.id],
  );
  // The order of 50 stays out of the picklist: it is packed without one (FEFO from available stock).
  await db.query(
    `UPDATE orders SET status = 'on_hold', held_from_status = 'pending' WHERE id = $1`,
    [big[0].id],
  );
  console.log(
    `PostgreSQL: ${rows.toLocaleString('en')} stock rows, ${ORDERS.toLocaleString('en')} pending orders`,
  );

  const counter = { statements: 0 };
  const made = await time(() =>
    createPicklist(counting(db, counter), actor, {
      clientId: client.id,
      shippingMethodId: null,
      maxOrders: ORDERS,
      singleItemOnly: false,
    }),
  );
  const { picklist, errors } = made.result;
  console.log(
    `createPicklist: ${picklist.orderCount} orders reserved (${errors.length} not), ${picklist.lineCount} lines, ` +
      `${made.ms.toFixed(0)} ms, ${counter.statements} SQL statements`,
  );

  await db.query(`UPDATE orders SET status = 'pending', held_from_status = NULL WHERE id = $1`, [
    big[0].id,
  ]);
  const items = await db.query('SELECT id FROM order_items WHERE order_id = $1 ORDER BY position', [
    big[0].id,
  ]);
  const shipCounter = { statements: 0 };
  const shipped = await time(() =>
    createShipment(counting(db, shipCounter), actor, big[0].id, big[0].version + 0, [
      {
        weightKg: 3.5,
        trackingNumber: 'BENCH-1',
        items: items.map((item) => ({ orderItemId: item.id, quantity: 1 })),
      },
    ]),
  );
  console.log(
    `createShipment (50 positions): ${shipped.result.changes.length} stock changes, ` +
      `${shipped.ms.toFixed(0)} ms, ${shipCounter.statements} SQL statements`,
  );
} finally {
  await db.close();
  postgres.stop();
}
