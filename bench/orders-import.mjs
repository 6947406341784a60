#!/usr/bin/env node
// Order import (issue 14): a CSV of 100,000 positions (German headers, 4 positions per order:
// 25,000 orders with their shipping address and shipping method) imported by the job's own
// handler (server/src/orders/import.ts: read the upload, resolve skus and shipping methods,
// check every order with the order form's rules, then write set-based, about 2,000 positions a
// batch: orders/import-write.ts) on PGlite and on PostgreSQL, in
// positions per second, beside PostgreSQL's `COPY` of the same rows (already converted: the
// orders into an orders-shaped table, the positions into an order_items-shaped one, both with
// the same indexes) — the limit. The second import of the same file writes nothing
// (idempotent by client + order number).
// Needs `npm run build -w server`; PostgreSQL needs Debian's binaries (or PG_BIN).
//   node bench/orders-import.mjs        BENCH_ROWS=100000 (positions; a multiple of 4)
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
// BENCH_SERVER_DIST: the absolute path of another build of server/src instead of server/dist
// (e.g. `npx swc src -d .tmp/my-dist --strip-leading-paths --copy-files` in server/), so that a
// rebuild of dist/ by someone else on a shared machine does not change what is measured.
const server = process.env.BENCH_SERVER_DIST
  ? `${process.env.BENCH_SERVER_DIST.replace(/\/$/, '')}/`
  : new URL('../server/dist/', import.meta.url).pathname;
const { PGlite } = await import('@electric-sql/pglite');
const { migrate, openPostgres, PGLITE_EXTENSIONS, wrapPglite } = require(`${server}db/index.js`);
const { storeUpload } = require(`${server}uploads/uploads.js`);
const { ordersImport } = require(`${server}orders/import.js`);
const { startThrowawayPostgres } = require('../build/throwaway-postgres.cjs');

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PER_ORDER = 4;
const ORDERS = Math.ceil(ROWS / PER_ORDER);
const PRODUCTS = 1_000;

const HEADER = [
  'Auftragsnummer',
  'Auftragsdatum',
  'Versandart',
  'SKU',
  'Menge',
  'Preis',
  'Vorname',
  'Nachname',
  'Straße',
  'Hausnummer',
  'PLZ',
  'Ort',
  'Land',
];
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

const sku = (n) => `SKU-${String(n).padStart(5, '0')}`;
const fileLines = [HEADER.join(';')];
const orderLines = [];
const itemLines = [];
for (let o = 1; o <= ORDERS; o += 1) {
  const number = `WEB-${String(o).padStart(7, '0')}`;
  const address = [`Vorname${o % 97}`, `Nachname${o % 89}`, 'Hauptstraße', String(1 + (o % 200))];
  const postcode = String(10_000 + (o % 89_999)).padStart(5, '0');
  orderLines.push([number, '2026-11-01', ...address, postcode, 'Hamburg', 'DE'].join(','));
  for (let p = 1; p <= PER_ORDER && (o - 1) * PER_ORDER + p <= ROWS; p += 1) {
    const product = 1 + ((o * 7 + p * 13) % PRODUCTS);
    const cents = 100 + (product % 5000);
    const price = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    const quantity = 1 + ((o + p) % 5);
    fileLines.push(
      [
        number,
        '01.11.2026',
        'Paket',
        sku(product),
        quantity,
        price,
        ...address,
        postcode,
        'Hamburg',
        'DE',
      ].join(';'),
    );
    itemLines.push([o, p, sku(product), `Produkt ${product}`, quantity, cents, 19].join(','));
  }
}
const csv = Buffer.from(`\ufeff${fileLines.join('\n')}\n`);
const ORDER_COLUMNS =
  'number, order_date, ship_first_name, ship_last_name, ship_street, ship_house_number, ship_postcode, ship_city, ship_country_code';
const ITEM_COLUMNS = 'order_id, position, sku, name, ordered_quantity, item_price_cents, vat_rate';

/** A client with PRODUCTS products, a shipping method "Paket" and a user (the upload's owner). */
async function prepare(db) {
  const [client] = await db.query(`INSERT INTO clients (name) VALUES ('Bench') RETURNING id`);
  await db.query(
    `INSERT INTO products (client_id, sku, name, price_net_cents)
     SELECT $1, 'SKU-' || lpad(n::text, 5, '0'), 'Produkt ' || n, 100 + n % 5000
       FROM generate_series(1, ${PRODUCTS}) n`,
    [client.id],
  );
  const [shipper] = await db.query(`INSERT INTO shippers (name) VALUES ('Bench') RETURNING id`);
  await db.query(`INSERT INTO shipping_methods (shipper_id, name) VALUES ($1, 'Paket')`, [
    shipper.id,
  ]);
  const [user] = await db.query(
    `INSERT INTO users (name, email, password_hash) VALUES ('Bench', 'bench@kontor.test', 'x') RETURNING id`,
  );
  return { clientId: client.id, userId: user.id };
}

/** Stores the file as an upload, then runs the import job's handler on it; seconds and report. */
async function importOnce(db, ids, mode) {
  async function* chunks() {
    for (let i = 0; i < csv.length; i += 256 * 1024) yield csv.subarray(i, i + 256 * 1024);
  }
  const upload = await storeUpload(db, ids.userId, 'bench.csv', chunks(), 1024 * 1024 * 1024);
  const started = performance.now();
  const report = await ordersImport.handler({
    id: 'bench',
    kind: 'orders.import',
    payload: {
      uploadId: upload.id,
      fileName: 'bench.csv',
      clientId: ids.clientId,
      mapping: MAPPING,
      mode,
    },
    userId: ids.userId,
    attempt: 1,
    db,
    progress: async () => undefined,
  });
  return { seconds: (performance.now() - started) / 1000, report };
}

/** The import twice (new orders, then the same file: nothing changes) on one database. */
async function measureImport(label, db) {
  await migrate(db, new URL('../server/migrations/', import.meta.url).pathname);
  const ids = await prepare(db);
  const first = await importOnce(db, ids, 'ALL_OR_NOTHING');
  if (first.report.created !== ORDERS || first.report.rejectedTotal !== 0)
    throw new Error(
      `${label}: ${JSON.stringify({ ...first.report, rejected: first.report.rejected?.slice(0, 3) })}`,
    );
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM order_items');
  if (n !== ROWS) throw new Error(`${label}: ${n} positions written`);
  const again = await importOnce(db, ids, 'GOOD_ROWS');
  if (again.report.created !== 0)
    throw new Error(`${label}: the second import created ${JSON.stringify(again.report)}`);
  return [
    { what: `${label}: import (new orders)`, seconds: first.seconds },
    { what: `${label}: import again (unchanged)`, seconds: again.seconds },
  ];
}

/** Orders- and positions-shaped tables with the same indexes (no foreign keys), for COPY. */
const COPY_TABLES = [
  'CREATE TABLE orders_copy (LIKE orders INCLUDING ALL)',
  'CREATE TABLE order_items_copy (LIKE order_items INCLUDING ALL)',
];

/**
 * The fastest of COPY_RUNS runs of `copy` into emptied copy tables (the limit: a slow run on
 * this shared machine must not make the import look better than it is).
 */
const COPY_RUNS = 3;
async function bestCopy(db, copy) {
  let best = Infinity;
  for (let i = 0; i < COPY_RUNS; i += 1) {
    await db.query('TRUNCATE orders_copy, order_items_copy');
    const started = performance.now();
    await copy();
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM order_items_copy');
  if (n !== ROWS) throw new Error(`COPY: ${n} positions`);
  return best;
}

/** The copy tables, their client column defaulting to the bench's client. */
async function copyTables(db) {
  for (const statement of COPY_TABLES) await db.query(statement);
  const [{ id }] = await db.query(`SELECT id FROM clients WHERE name = 'Bench'`);
  await db.query(`ALTER TABLE orders_copy ALTER COLUMN client_id SET DEFAULT ${id}`);
}

const orderCsv = `${orderLines.join('\n')}\n`;
const itemCsv = `${itemLines.join('\n')}\n`;
const results = [];
const dir = mkdtempSync(join(tmpdir(), 'kontor-bench-orders-import-'));
chmodSync(dir, 0o755);
try {
  const raw = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const pglite = wrapPglite(raw);
  results.push(...(await measureImport('PGlite', pglite)));
  await copyTables(pglite);
  const pgliteCopy = await bestCopy(pglite, async () => {
    await raw.query(`COPY orders_copy (${ORDER_COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
      blob: new Blob([orderCsv]),
    });
    await raw.query(
      `COPY order_items_copy (${ITEM_COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`,
      [],
      {
        blob: new Blob([itemCsv]),
      },
    );
  });
  results.push({ what: 'PGlite: COPY (limit)', seconds: pgliteCopy });
  await pglite.close();

  const postgres = startThrowawayPostgres(16_432 + Math.floor(Math.random() * 1000));
  if (!postgres) console.log('PostgreSQL: no binaries (set PG_BIN); skipped.');
  else {
    const pg = openPostgres(postgres.url, 10);
    try {
      results.push(...(await measureImport('PostgreSQL', pg)));
      await copyTables(pg);
      const orderFile = join(dir, 'orders.csv');
      const itemFile = join(dir, 'items.csv');
      writeFileSync(orderFile, orderCsv);
      writeFileSync(itemFile, itemCsv);
      chmodSync(orderFile, 0o644);
      chmodSync(itemFile, 0o644);
      const pgCopy = await bestCopy(pg, async () => {
        await pg.query(`COPY orders_copy (${ORDER_COLUMNS}) FROM '${orderFile}' WITH (FORMAT csv)`);
        await pg.query(
          `COPY order_items_copy (${ITEM_COLUMNS}) FROM '${itemFile}' WITH (FORMAT csv)`,
        );
      });
      results.push({ what: 'PostgreSQL: COPY (limit)', seconds: pgCopy });
    } finally {
      await pg.close();
      postgres.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const copyOf = (label) => results.find((r) => r.what === `${label}: COPY (limit)`);
console.log(
  `\nOrder import of ${ROWS.toLocaleString('en')} positions (${ORDERS.toLocaleString('en')} orders, CSV; COPY: best of ${COPY_RUNS}, orders + positions)\n`,
);
console.log('| what | seconds | positions/s | share of COPY |');
console.log('|---|---:|---:|---:|');
for (const r of results) {
  const copy = copyOf(r.what.split(':')[0]);
  const share = copy ? `${Math.round((copy.seconds / r.seconds) * 100)} %` : '';
  console.log(
    `| ${r.what} | ${r.seconds.toFixed(2)} | ${Math.round(ROWS / r.seconds).toLocaleString('en')} | ${share} |`,
  );
}
