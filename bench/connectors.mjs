#!/usr/bin/env node
// Shop connectors (issue 29): orders imported per minute from each stand-in shop (pages of
// 100 orders with 5 positions each, every shop request answered after 100 ms) by the sync as
// its job runs it (server/src/shops/sync.ts), beside the stand-in's own bound (pages × latency
// / requests in flight: no sync can be faster) and beside the order file import of the same
// orders (the orders.import job's handler). Then the push-back of shipments (tracking and
// shipped state) beside its bound (requests × latency / requests in flight).
// Needs `npm run build -w server` and `npm run build -w shop-standins`; PostgreSQL needs
// Debian's binaries (or PG_BIN).
//   node bench/connectors.mjs      BENCH_ORDERS=5000 BENCH_PUSHES=300 BENCH_LATENCY_MS=100
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const server = new URL('../server/dist/', import.meta.url).pathname;
const { PGlite } = await import('@electric-sql/pglite');
const { migrate, openPostgres, PGLITE_EXTENSIONS, wrapPglite } = require(`${server}db/index.js`);
require(`${server}shops/plugin.js`); // the connectors
const { setShopsSettings, DEFAULT_SHOPS_SETTINGS } = require(`${server}shops/runtime.js`);
const { createShopConnection } = require(`${server}shops/connections.js`);
const { syncConnection } = require(`${server}shops/sync.js`);
const { shopPush } = require(`${server}shops/outbox.js`);
const { MAX_IN_FLIGHT, ShopHttp } = require(`${server}shops/http.js`);
const { shopConnector } = require(`${server}shops/connector.js`);
const { storeUpload } = require(`${server}uploads/uploads.js`);
const { ordersImport } = require(`${server}orders/import.js`);
const { startThrowawayPostgres } = require('../build/throwaway-postgres.cjs');

const ORDERS = Number(process.env.BENCH_ORDERS ?? 5_000);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 300);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100);
const PAGE = 100;
const POSITIONS = 5;
const PRODUCTS = 1_000;
const APP_KEY = 'bench-key-bench-key-bench-key-bench-key';
const sku = (n) => `SKU-${String(n).padStart(5, '0')}`;
/** The SKUs of order o (the stand-in worker makes the same). */
const skusOf = (o) =>
  Array.from({ length: POSITIONS }, (_, p) => 1 + ((o * 7 + p * 13) % PRODUCTS));

const SHOPS = {
  // Per shipment: read the delivery, write the tracking codes, the transition.
  shopware6: { key: 'standard', requestsPerPush: 3 },
  // Per shipment: read the trackings, add one, read the order, complete it.
  woocommerce: { key: 'flat_rate:1', requestsPerPush: 4 },
};

/** A stand-in with ORDERS orders on a thread of its own (bench/standin-worker.mjs). */
async function startStandin(connector) {
  const worker = new Worker(new URL('./standin-worker.mjs', import.meta.url), {
    workerData: { connector, orders: ORDERS, positions: POSITIONS, products: PRODUCTS },
  });
  const next = (type) =>
    new Promise((resolve, reject) => {
      const listen = (message) => {
        if (message.type !== type) return;
        worker.off('message', listen);
        resolve(message);
      };
      worker.on('message', listen);
      worker.once('error', reject);
    });
  const ready = await next('ready');
  return {
    url: ready.url,
    secrets: ready.secrets,
    misbehave: (change) => worker.postMessage({ type: 'misbehave', change }),
    async requests() {
      const answer = next('requests');
      worker.postMessage({ type: 'requests' });
      return (await answer).count;
    },
    async stop() {
      const stopped = next('stopped');
      worker.postMessage({ type: 'stop' });
      await stopped;
      await worker.terminate();
    },
  };
}

async function prepare(db) {
  await migrate(db, new URL('../server/migrations/', import.meta.url).pathname);
  const [client] = await db.query(`INSERT INTO clients (name) VALUES ('Bench') RETURNING id`);
  await db.query(
    `INSERT INTO products (client_id, sku, name, price_net_cents)
     SELECT $1, 'SKU-' || lpad(n::text, 5, '0'), 'Produkt ' || n, 100 + n % 5000
       FROM generate_series(1, ${PRODUCTS}) n`,
    [client.id],
  );
  const [shipper] = await db.query(`INSERT INTO shippers (name) VALUES ('Bench') RETURNING id`);
  const [method] = await db.query(
    `INSERT INTO shipping_methods (shipper_id, name) VALUES ($1, 'Paket') RETURNING id`,
    [shipper.id],
  );
  const [user] = await db.query(
    `INSERT INTO users (name, email, password_hash) VALUES ('Bench', 'bench@kontor.test', 'x') RETURNING id`,
  );
  setShopsSettings(db, { ...DEFAULT_SHOPS_SETTINGS, appKey: APP_KEY, settleSeconds: 0 });
  return { clientId: client.id, methodId: method.id, userId: user.id };
}

/** The sync of ORDERS orders from a stand-in; then the push-back of PUSHES of them. */
async function measureShop(label, db, ids, connector) {
  const kind = SHOPS[connector];
  const shop = await startStandin(connector);
  shop.misbehave({ latencyMs: LATENCY_MS });
  const connection = await createShopConnection(db, APP_KEY, {
    name: `${connector} ${label}`,
    connector,
    clientId: ids.clientId,
    departmentId: null,
    baseUrl: shop.url,
    settings: [],
    secrets: Object.entries(shop.secrets).map(([key, value]) => ({ key, value })),
    importStates: null,
    shippingMappings: [{ shopKey: kind.key, shippingMethodId: ids.methodId }],
    webhooksEnabled: false,
  });
  await db.query(
    `UPDATE shop_connections SET cursor_at = now() - interval '1 hour' WHERE id = $1`,
    [connection.id],
  );
  // The same pages fetched and parsed by the connector with nothing stored, MAX_IN_FLIGHT at
  // once: what this stand-in allows (its answers take time of their own beyond the latency).
  const driver = shopConnector(connector);
  const ctx = {
    connectionId: connection.id,
    http: new ShopHttp(connection.id, shop.url, db),
    secrets: Object.fromEntries(Object.entries(shop.secrets)),
    settings: {},
  };
  const window = {
    from: new Date(Date.now() - 3_600_000),
    to: new Date(Date.now() - 1000),
    pageSize: PAGE,
  };
  const bareStarted = performance.now();
  const pages = Math.ceil(ORDERS / PAGE);
  let fetched = 0;
  let nextPage = 1;
  const lane = async () => {
    while (nextPage <= pages) {
      const page = nextPage++;
      const { orders } = await driver.fetchWindow(ctx, { ...window, page });
      fetched += orders.length;
    }
  };
  await Promise.all(Array.from({ length: MAX_IN_FLIGHT }, lane));
  const bareSeconds = (performance.now() - bareStarted) / 1000;
  if (fetched !== ORDERS) throw new Error(`${label}: the bare fetch read ${fetched} orders`);

  const started = performance.now();
  const report = await syncConnection(db, connection.id, 'bench');
  const seconds = (performance.now() - started) / 1000;
  const requests = await shop.requests();
  if (report.outcomes.created !== ORDERS) throw new Error(`${label}: ${JSON.stringify(report)}`);

  // Shipments of PUSHES orders, written as the packing station leaves them (positions shipped).
  const shipped = await db.query(
    `SELECT b.order_id AS id FROM shop_order_bindings b WHERE b.connection_id = $1 ORDER BY b.order_id LIMIT $2`,
    [connection.id, PUSHES],
  );
  for (const [i, { id }] of shipped.entries()) {
    const [shipment] = await db.query(`INSERT INTO shipments (order_id) VALUES ($1) RETURNING id`, [
      id,
    ]);
    await db.query(`INSERT INTO shipment_packages (shipment_id, tracking_number) VALUES ($1, $2)`, [
      shipment.id,
      `TRACK-${i}`,
    ]);
    await db.query(
      `UPDATE order_items SET shipped_quantity = ordered_quantity WHERE order_id = $1`,
      [id],
    );
    await db.query(
      `INSERT INTO shop_outbox (connection_id, order_id, shipment_id, idempotency_key)
       VALUES ($1, $2, $3, $4)`,
      [connection.id, id, shipment.id, `shipment:${shipment.id}`],
    );
  }
  const outbox = await db.query(
    `SELECT id::text FROM shop_outbox WHERE connection_id = $1 ORDER BY id`,
    [connection.id],
  );
  const pushStarted = performance.now();
  const pushReport = await shopPush.handler({
    id: 'bench',
    kind: 'shops.push',
    payload: { connectionId: connection.id, ids: outbox.map((row) => row.id) },
    userId: null,
    attempt: 1,
    db,
    progress: async () => undefined,
  });
  const pushSeconds = (performance.now() - pushStarted) / 1000;
  if (pushReport.updated !== shipped.length)
    throw new Error(`${label} push: ${JSON.stringify(pushReport)}`);
  await shop.stop();

  const syncBound = (Math.ceil(ORDERS / PAGE) * LATENCY_MS) / MAX_IN_FLIGHT / 1000;
  const pushBound = (shipped.length * kind.requestsPerPush * LATENCY_MS) / MAX_IN_FLIGHT / 1000;
  return [
    {
      what: `${label}: the same pages fetched, nothing stored (${connector})`,
      seconds: bareSeconds,
      per: ORDERS,
      bound: syncBound,
    },
    {
      what: `${label}: sync from ${connector}`,
      seconds,
      per: ORDERS,
      bound: syncBound,
      requests,
      bare: bareSeconds,
    },
    {
      what: `${label}: push-back to ${connector}`,
      seconds: pushSeconds,
      per: shipped.length,
      bound: pushBound,
    },
  ];
}

/** The order file import of the same orders (CSV, 5 positions each) on a fresh database. */
async function measureFileImport(label, db) {
  const ids = await prepare(db);
  const header =
    'Auftragsnummer;Versandart;SKU;Menge;Vorname;Nachname;Straße;Hausnummer;PLZ;Ort;Land';
  const lines = [header];
  for (let o = 1; o <= ORDERS; o += 1)
    for (const p of skusOf(o))
      lines.push(
        [
          `F-${o}`,
          'Paket',
          sku(p),
          1 + (p % 3),
          'Erika',
          'Muster',
          'Hafenstraße',
          '7',
          '20457',
          'Hamburg',
          'DE',
        ].join(';'),
      );
  const csv = Buffer.from(`${lines.join('\n')}\n`);
  async function* chunks() {
    yield csv;
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
      mapping: [
        'orderNumber',
        'shippingMethod',
        'sku',
        'quantity',
        'firstName',
        'lastName',
        'street',
        'houseNumber',
        'postcode',
        'city',
        'countryCode',
      ],
      mode: 'GOOD_ROWS',
    },
    userId: ids.userId,
    attempt: 1,
    db,
    progress: async () => undefined,
  });
  if (report.created !== ORDERS)
    throw new Error(`${label} file import: ${JSON.stringify(report).slice(0, 500)}`);
  return {
    what: `${label}: order file import (same orders)`,
    seconds: (performance.now() - started) / 1000,
    per: ORDERS,
  };
}

async function measure(label, open) {
  const results = [];
  for (const connector of Object.keys(SHOPS)) {
    const db = await open();
    try {
      results.push(...(await measureShop(label, db, await prepare(db), connector)));
    } finally {
      await db.close();
    }
  }
  const db = await open();
  try {
    results.push(await measureFileImport(label, db));
  } finally {
    await db.close();
  }
  return results;
}

const results = [];
const postgres = startThrowawayPostgres(17_432 + Math.floor(Math.random() * 1000));
if (!postgres) console.log('PostgreSQL: no binaries (set PG_BIN); skipped.');
else {
  try {
    let n = 0;
    results.push(
      ...(await measure('PostgreSQL', async () => {
        const admin = openPostgres(postgres.url, 1);
        n += 1;
        await admin.query(`CREATE DATABASE bench_${n}`);
        await admin.close();
        const url = new URL(postgres.url);
        url.pathname = `/bench_${n}`;
        return openPostgres(url.toString(), 10);
      })),
    );
  } finally {
    postgres.stop();
  }
}
if (process.env.BENCH_PGLITE !== '0')
  results.push(
    ...(await measure('PGlite', async () =>
      wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS })),
    )),
  );

console.log(
  `\nShop connectors: ${ORDERS.toLocaleString('en')} orders of ${POSITIONS} positions, pages of ${PAGE}, ${LATENCY_MS} ms per shop request, ${MAX_IN_FLIGHT} in flight; push-back of ${PUSHES} shipments\n`,
);
console.log(
  '| what | seconds | per minute | bound (s) | share of bound | share of the bare fetch | goal |',
);
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const r of results) {
  const perMinute = Math.round((r.per / r.seconds) * 60);
  const share = r.bound ? `${Math.round((r.bound / r.seconds) * 100)} %` : '';
  const bare = r.bare ? `${Math.round((r.bare / r.seconds) * 100)} %` : '';
  const goal = r.what.includes('sync')
    ? r.what.startsWith('PostgreSQL')
      ? `≥ 50 % and ≥ 5,000/min: ${r.bound / r.seconds >= 0.5 && perMinute >= 5000 ? 'met' : 'NOT met'}`
      : ''
    : r.what.includes('push-back')
      ? `1,000/min: ${perMinute >= 1000 ? 'met' : r.bound && (r.per / r.bound) * 60 < 1000 ? 'above the bound' : 'NOT met'}`
      : '';
  console.log(
    `| ${r.what} | ${r.seconds.toFixed(2)} | ${perMinute.toLocaleString('en')} | ${r.bound ? r.bound.toFixed(2) : ''} | ${share} | ${bare} | ${goal} |`,
  );
}
