#!/usr/bin/env node
// Stock at scale (issue 12) on a throwaway PostgreSQL, side by side in one run:
// 1. the inventory list — a page of 50 rows with one filter (the warehouse) over 1,000,000
//    stock rows — through POST /graphql of a Kontor process at 1, 8 and 32 clients, beside
//    the same statements run bare on a pool of the server's size (session, page with its
//    capped total and its rows' products, warehouses and clients read along). Goal: p99 < 100 ms at 32.
//    Beside it the CPU each request costs the server process and PostgreSQL (from /proc):
//    with the load generator on the same cores, cores / (CPU per request) bounds req/s.
// 2. bookings per second on one hot stock row and on random rows, through bookStock (each a
//    transaction: checks, the stock upsert, the totals trigger, the ledger row), beside a bare
//    `UPDATE stock SET quantity = quantity + 1 … RETURNING` on the same rows.
// Needs `npm run build -w server` and PostgreSQL's binaries.
//   node bench/stock.mjs       BENCH_SECONDS=10 per measurement, BENCH_STOCK_ROWS=1000000
import autocannon from 'autocannon';
import { adminHeaders, closedLoop, cpuPerRequest } from './support.mjs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const server = new URL('../server/dist/', import.meta.url).pathname;
const { testConfig } = require(`${server}config.js`);
const { migrate, openPostgres, prepared } = require(`${server}db/index.js`);
const { seedDemoData } = require(`${server}demo/seed.js`);
const { pageStatement, shapedFor, shapedPageStatement } = require(`${server}lists/list.js`);
const { askedOf } = require(`${server}lists/projection.js`);
const { inventoryList } = require(`${server}stock/list.js`);
const { findSessionOfRequest } = require(`${server}auth/sessions.js`);
const { lifetimeOf } = require(`${server}auth/cookies.js`);
const { startThrowawayPostgres } = require('../build/throwaway-postgres.cjs');
const { startKontor } = require('../build/kontor-server.cjs');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STOCK_ROWS = Number(process.env.BENCH_STOCK_ROWS ?? 1_000_000);
const PRODUCTS = STOCK_ROWS / 10;
const CLIENTS = 10;
const PLACES_PER_WAREHOUSE = 5_000;

/** A number for the tables: two decimals below 10. */
const f = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

/**
 * Two warehouses of PLACES_PER_WAREHOUSE places, CLIENTS clients, PRODUCTS products, each
 * product on 5 places of each warehouse: STOCK_ROWS stock rows. The totals trigger is off
 * while the rows go in; the totals are then computed in one statement (what it would keep).
 */
async function seed(db) {
  const started = Date.now();
  await db.query(`INSERT INTO clients (name, street, house_number, postcode, city)
    SELECT 'Bench-Mandant ' || n, 'Kai', '1', '20457', 'Hamburg' FROM generate_series(1, ${CLIENTS}) n`);
  await db.query(`INSERT INTO warehouses (name, code, street, house_number, postcode, city)
    SELECT 'Bench-Lager ' || n, 'BW' || n, 'Kai', '1', '20457', 'Hamburg' FROM generate_series(1, 2) n`);
  await db.query(`INSERT INTO storages (warehouse_id, name, code)
    SELECT id, 'Halle', 'S1' FROM warehouses WHERE code LIKE 'BW%'`);
  await db.query(`INSERT INTO racks (storage_id, name, code)
    SELECT s.id, 'Regal ' || n, 'R' || n FROM storages s, generate_series(1, 50) n
     WHERE s.code = 'S1' AND s.warehouse_id IN (SELECT id FROM warehouses WHERE code LIKE 'BW%')`);
  const perRack = PLACES_PER_WAREHOUSE / 50;
  await db.query(`INSERT INTO places (rack_id, warehouse_id, name, code, barcode, path, path_sort)
    SELECT r.id, w.id, 'P' || n, 'P' || n, w.code || '-' || r.code || '-P' || n,
           w.code || ' / S1 / ' || r.code || ' / P' || n,
           w.code || ' / S1 / R' || lpad(substr(r.code, 2), 10, '0') || ' / P' || lpad(n::text, 10, '0')
      FROM racks r JOIN storages s ON s.id = r.storage_id JOIN warehouses w ON w.id = s.warehouse_id,
           generate_series(1, ${perRack}) n
     WHERE w.code LIKE 'BW%'`);
  await db.query(`INSERT INTO products (client_id, sku, ean, name, price_net_cents)
    SELECT c.id, 'SKU-' || lpad(n::text, 7, '0'), '', 'Bench product ' || (n * 7919 % ${PRODUCTS}), 100 + n % 5000
      FROM generate_series(1, ${PRODUCTS}) n
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM clients WHERE name LIKE 'Bench-Mandant%') c
        ON c.i = n % ${CLIENTS}`);
  await db.query('ALTER TABLE stock DISABLE TRIGGER stock_totals_keep');
  await db.query(`WITH numbered AS (
      SELECT id, warehouse_id, row_number() OVER (PARTITION BY warehouse_id ORDER BY id) - 1 AS i
        FROM places WHERE warehouse_id IN (SELECT id FROM warehouses WHERE code LIKE 'BW%'))
    INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity)
    SELECT p.id, pl.id, p.client_id, pl.warehouse_id, 1 + (p.id + k) % 50
      FROM products p CROSS JOIN generate_series(0, 4) k
      JOIN numbered pl ON pl.i = (p.id * 7 + k * 1013) % ${PLACES_PER_WAREHOUSE}
     WHERE p.sku LIKE 'SKU-%'`);
  await db.query(`INSERT INTO stock_totals (product_id, warehouse_id, client_id, quantity, locked_qty)
    SELECT product_id, warehouse_id, min(client_id), sum(quantity), sum(locked_qty)
      FROM stock GROUP BY product_id, warehouse_id`);
  await db.query('ALTER TABLE stock ENABLE TRIGGER stock_totals_keep');
  for (const table of ['products', 'places', 'stock', 'stock_totals', 'clients', 'warehouses'])
    await db.query(`VACUUM ANALYZE ${table}`);
  // The capped count is an index-only scan: it reads no table page only where the visibility
  // map says "all visible". A VACUUM that ran while autovacuum's ANALYZE of the fresh rows
  // held an older snapshot sets no bit (seen: relallvisible 0 of 1,667, 10,001 heap fetches
  // per count), so vacuum again until the map covers the table, as autovacuum would in time.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const [{ pages, visible }] = await db.query(
      "SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'stock_totals'",
    );
    if (visible >= pages) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await db.query('VACUUM stock_totals');
  }
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM stock');
  console.log(
    `PostgreSQL: ${n.toLocaleString('en')} stock rows seeded in ${Date.now() - started} ms`,
  );
}

const INVENTORY = `query($w: ID!) { inventory(filter: { warehouseId: $w }, page: { pageSize: 50 }) {
  total totalIsLowerBound items { id quantity locked available value
  product { id sku name } warehouse { id name } client { id name } } } }`;
const BOOK = `mutation($i: BookingInput!) { bookStock(input: $i) { id quantityAfter } }`;

const PG_PORT = 16_432 + Math.floor(Math.random() * 1000);
const postgres = startThrowawayPostgres(PG_PORT, { hugePages: true });
if (!postgres) {
  console.log('No PostgreSQL binaries (set PG_BIN): nothing to measure.');
  process.exit(0);
}
console.log(
  `PostgreSQL's shared memory in huge pages: ${postgres.hugePages ? 'yes' : 'no (as root: sysctl vm.nr_hugepages)'}`,
);
const db = openPostgres(postgres.url, 10);
const bare = openPostgres(postgres.url, 10);
let kontor;
const inventoryRows = [];
const bookingRows = [];
try {
  await migrate(db);
  await seedDemoData(db);
  await seed(db);
  if (process.env.BENCH_EXPLAIN) {
    // The plans of the inventory page and its count (to look at, then stop).
    const [w] = await db.query("SELECT id FROM warehouses WHERE code = 'BW1'");
    const statement = pageStatement(
      inventoryList,
      { sortBy: 'SKU', direction: 'ASC', filter: { warehouseId: w.id } },
      51,
    );
    for (let i = 0; i < 2; i += 1) await db.query(statement.text, statement.params);
    const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
    console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
    process.exitCode = 0;
    throw new Error('explained');
  }
  kontor = await startKontor({ port: 8494, env: { DATABASE_URL: postgres.url } });
  const base = kontor.base;
  const headers = await adminHeaders(base);
  const [warehouse] = await db.query("SELECT id FROM warehouses WHERE code = 'BW1'");
  const body = JSON.stringify({ query: INVENTORY, variables: { w: String(warehouse.id) } });
  const check = await (await fetch(`${base}/graphql`, { method: 'POST', headers, body })).json();
  if (check.data?.inventory.items.length !== 50)
    throw new Error(`inventory bench: ${JSON.stringify(check).slice(0, 300)}`);

  // The request's statements, bare: session, the page with its total and its rows' products,
  // warehouses and clients.
  const token = decodeURIComponent(/kontor_session=([^;]+)/.exec(headers.cookie)[1]);
  const lifetime = lifetimeOf(testConfig());
  // The page as the server shapes it for the query (its rows' products … read along).
  const { parse } = require('graphql');
  const [field] = parse(INVENTORY).definitions[0].selectionSet.selections;
  const asked = askedOf({ fieldNodes: [field], fragments: {} }).get('items');
  const page = shapedPageStatement(
    shapedFor(inventoryList, asked),
    { sortBy: 'SKU', direction: 'ASC', filter: { warehouseId: warehouse.id } },
    51,
  );
  // Named as the server names it (a first page without parameters: the warehouse is a literal).
  const pageText = page.params.length === 0 ? prepared(page.text) : page.text;
  const bareInventory = async () => {
    if (!(await findSessionOfRequest(bare, token, lifetime))) throw new Error('no session');
    await bare.query(pageText, page.params);
  };
  await db.query('CHECKPOINT');
  await autocannon({
    url: `${base}/graphql`,
    method: 'POST',
    headers,
    body,
    connections: 8,
    duration: 2,
  });
  for (const connections of [1, 8, 32]) {
    const { result, cpu } = await cpuPerRequest(kontor.pid, PG_PORT, () =>
      autocannon({
        url: `${base}/graphql`,
        method: 'POST',
        headers,
        body,
        connections,
        duration: SECONDS,
      }),
    );
    const sql = await closedLoop(bareInventory, connections, SECONDS);
    inventoryRows.push({
      connections,
      cpu,
      gql: { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average },
      errors: result.errors + result.non2xx,
      sql,
    });
  }

  // Bookings: a hot row (one product on one place), and random products on random places.
  const [hot] = await db.query(
    `SELECT s.id, s.product_id AS "productId", s.place_id AS "placeId" FROM stock s
      WHERE s.warehouse_id = $1 ORDER BY s.id LIMIT 1`,
    [warehouse.id],
  );
  const randomRows = await db.query(
    `SELECT s.id, s.product_id AS "productId", s.place_id AS "placeId" FROM stock s
      WHERE s.warehouse_id = $1 ORDER BY random() LIMIT 10000`,
    [warehouse.id],
  );
  const booking = (row) =>
    JSON.stringify({
      query: BOOK,
      variables: {
        i: {
          kind: 'IN',
          warehouseId: String(warehouse.id),
          placeId: String(row.placeId),
          productId: String(row.productId),
          quantity: 1,
        },
      },
    });
  const pick = () => randomRows[Math.floor(Math.random() * randomRows.length)];
  for (const [label, choose] of [
    ['one hot row', () => hot],
    ['random rows', pick],
  ]) {
    const ledgerBefore = (await db.query('SELECT count(*)::int AS n FROM stock_changes'))[0].n;
    const result = await autocannon({
      url: `${base}/graphql`,
      method: 'POST',
      headers,
      connections: 32,
      duration: SECONDS,
      requests: [{ setupRequest: (request) => ({ ...request, body: booking(choose()) }) }],
    });
    const ledgerAfter = (await db.query('SELECT count(*)::int AS n FROM stock_changes'))[0].n;
    const sql = await closedLoop(
      () =>
        bare.query(
          'UPDATE stock SET quantity = quantity + 1, updated_at = now() WHERE id = $1 RETURNING quantity',
          [choose().id],
        ),
      32,
      SECONDS,
    );
    bookingRows.push({
      label,
      gql: { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average },
      errors: result.errors + result.non2xx,
      ledger: ledgerAfter - ledgerBefore,
      sql,
    });
  }
} finally {
  await kontor?.stop();
  await bare.close();
  await db.close();
  postgres.stop();
}

console.log(
  `\nInventory: a page of 50 (filter: one warehouse) over ${STOCK_ROWS.toLocaleString('en')} stock rows on PostgreSQL, ${SECONDS} s per row; bare SQL = the request's statements (session, page with total and the rows' products, warehouses, clients) on a pool of 10\n`,
);
console.log(
  '| clients | GraphQL p50 ms | GraphQL p99 ms | GraphQL req/s | errors | CPU ms/req server | CPU ms/req PostgreSQL | SQL p50 ms | SQL p99 ms | SQL runs/s |',
);
console.log(
  '| ------- | -------------- | -------------- | ------------- | ------ | ----------------- | --------------------- | ---------- | ---------- | ---------- |',
);
for (const r of inventoryRows)
  console.log(
    `| ${r.connections} | ${f(r.gql.p50)} | ${f(r.gql.p99)} | ${f(r.gql.rps)} | ${r.errors} | ${f(r.cpu.server)} | ${f(r.cpu.pg)} | ${f(r.sql.p50)} | ${f(r.sql.p99)} | ${f(r.sql.rps)} |`,
  );
// What the machine allows: the server and PostgreSQL share its cores with the load generator,
// so requests per second cannot pass cores / (CPU ms per request), and at 32 clients in a
// closed loop the mean latency is 32 / (requests per second) (Little's law).
const cores = (await import('node:os')).availableParallelism();
const last = inventoryRows.at(-1);
const perRequest = last.cpu.server + last.cpu.pg;
console.log(
  `\nCPU per request at ${last.connections} clients: ${f(perRequest)} ms (server ${f(last.cpu.server)} + PostgreSQL ${f(last.cpu.pg)}, load generator not counted) on ${cores} cores: at most ${f((cores * 1000) / perRequest)} req/s, so a mean latency of at least ${f((last.connections * perRequest) / cores)} ms at ${last.connections} clients`,
);
const at32 = inventoryRows.find((r) => r.connections === 32);
console.log(
  `\n32 clients: GraphQL p99 ${at32.gql.p99} ms (goal < 100 ms: ${at32.gql.p99 < 100 ? 'met' : 'NOT met'})`,
);
console.log(
  `\nBookings at 32 clients, ${SECONDS} s per row: bookStock (transaction with checks, upsert, totals trigger, ledger row) vs bare UPDATE … RETURNING (+ trigger) on a pool of 10\n`,
);
console.log(
  '| rows | bookStock p50 ms | bookStock p99 ms | bookStock/s | errors | ledger rows | UPDATE p50 ms | UPDATE p99 ms | UPDATE/s |',
);
console.log(
  '| ---- | ---------------- | ---------------- | ----------- | ------ | ----------- | ------------- | ------------- | -------- |',
);
for (const r of bookingRows)
  console.log(
    `| ${r.label} | ${f(r.gql.p50)} | ${f(r.gql.p99)} | ${f(r.gql.rps)} | ${r.errors} | ${r.ledger} | ${f(r.sql.p50)} | ${f(r.sql.p99)} | ${f(r.sql.rps)} |`,
  );
