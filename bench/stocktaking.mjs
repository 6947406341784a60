#!/usr/bin/env node
// Stocktaking at scale (issue 16) on a throwaway PostgreSQL:
// 1. starting a stocktaking over a warehouse of BENCH_STOCKTAKING_ROWS (100,000) stock rows:
//    the snapshot (places of the scope locked FOR UPDATE, a stocktaking_places row and a
//    lock row per place, a line per stock row) through startStocktaking, beside the same
//    `INSERT … SELECT`s run bare on a twin warehouse;
// 2. booking 10,000 variances (the other lines counted as expected) through
//    bookStocktaking (stock rows and totals locked in key order, one UPDATE … FROM of the
//    stock, the ledger rows, the locks released), beside a bare `UPDATE stock … FROM` +
//    `INSERT INTO stock_changes … SELECT` on the twin.
// Needs `npm run build -w server` and PostgreSQL's binaries.
//   node bench/stocktaking.mjs     BENCH_STOCKTAKING_ROWS=100000 BENCH_VARIANCES=10000
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const server = new URL('../server/dist/', import.meta.url).pathname;
const { migrate, openPostgres } = require(`${server}db/index.js`);
const { seedDemoData } = require(`${server}demo/seed.js`);
const { createStocktaking, startStocktaking, completeStocktaking, bookStocktaking } = require(
  `${server}stocktaking/stocktaking.js`,
);
const { startThrowawayPostgres } = require('../build/throwaway-postgres.cjs');

const ROWS = Number(process.env.BENCH_STOCKTAKING_ROWS ?? 100_000);
const VARIANCES = Number(process.env.BENCH_VARIANCES ?? 10_000);
const PER_PLACE = 5;
const PLACES = ROWS / PER_PLACE;
const RACKS = 100;

/** A warehouse `code` of PLACES places on RACKS racks, each place holding PER_PLACE products. */
async function seedWarehouse(db, code, clientId) {
  const [w] = await db.query(
    `INSERT INTO warehouses (name, code, street, house_number, postcode, city)
     VALUES ($1, $1, 'Kai', '1', '20457', 'Hamburg') RETURNING id`,
    [code],
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
     SELECT r.id, $1, 'P' || n, 'P' || n, $2 || '-' || r.code || '-P' || n,
            $2 || ' / S1 / ' || r.code || ' / P' || n,
            $2 || ' / S1 / R' || lpad(substr(r.code, 2), 10, '0') || ' / P' || lpad(n::text, 10, '0')
       FROM racks r JOIN storages s ON s.id = r.storage_id, generate_series(1, ${PLACES / RACKS}) n
      WHERE s.warehouse_id = $1`,
    [w.id, code],
  );
  await db.query(
    `WITH numbered AS (
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM places WHERE warehouse_id = $1),
     prods AS (
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM products WHERE client_id = $2)
     INSERT INTO stock (product_id, place_id, client_id, warehouse_id, quantity)
     SELECT p.id, pl.id, $2, $1, 1 + (pl.i + k) % 50
       FROM numbered pl CROSS JOIN generate_series(0, ${PER_PLACE - 1}) k
       JOIN prods p ON p.i = (pl.i * ${PER_PLACE} + k) % (SELECT count(*) FROM prods)`,
    [w.id, clientId],
  );
  return w.id;
}

const PG_PORT = 17_432 + Math.floor(Math.random() * 1000);
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
     VALUES ('Bench-Inventur', 'Kai', '1', '20457', 'Hamburg') RETURNING id`,
  );
  await db.query(
    `INSERT INTO products (client_id, sku, name, price_net_cents)
     SELECT $1, 'INV-' || lpad(n::text, 7, '0'), 'Bench product ' || n, 100 + n % 5000
       FROM generate_series(1, ${ROWS / 2}) n`,
    [client.id],
  );
  const seeded = await time(async () => ({
    fn: await seedWarehouse(db, 'STF', client.id),
    bare: await seedWarehouse(db, 'STB', client.id),
  }));
  for (const table of ['products', 'places', 'stock', 'stock_totals'])
    await db.query(`VACUUM ANALYZE ${table}`);
  const warehouses = seeded.result;
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM stock WHERE warehouse_id = $1', [
    warehouses.fn,
  ]);
  console.log(
    `PostgreSQL: 2 warehouses of ${n.toLocaleString('en')} stock rows (${PLACES.toLocaleString('en')} places) seeded in ${seeded.ms.toFixed(0)} ms`,
  );

  // 1. Start: through the business function, and bare.
  const st = await createStocktaking(db, actor, {
    name: 'Bench',
    warehouseId: warehouses.fn,
    storageId: null,
    rackId: null,
    clientId: null,
    blind: false,
  });
  const started = await time(() => startStocktaking(db, actor, st.id, st.version));
  const bareSt = await createStocktaking(db, actor, {
    name: 'Bench bare',
    warehouseId: warehouses.bare,
    storageId: null,
    rackId: null,
    clientId: null,
    blind: false,
  });
  const bareStart = await time(() =>
    db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO stocktaking_places (stocktaking_id, place_id, path_sort)
        SELECT $1, id, path_sort FROM places WHERE warehouse_id = $2`,
        [bareSt.id, warehouses.bare],
      );
      await tx.query(
        `INSERT INTO stocktaking_locks (place_id, stocktaking_id)
        SELECT place_id, $1 FROM stocktaking_places WHERE stocktaking_id = $1`,
        [bareSt.id],
      );
      await tx.query(
        `INSERT INTO stocktaking_lines (stocktaking_id, stocktaking_place_id, place_id,
          product_id, lot, best_before, expected_quantity, price_net_cents)
        SELECT $1, sp.id, st.place_id, st.product_id, st.lot, st.best_before, st.quantity, p.price_net_cents
          FROM stocktaking_places sp JOIN stock st ON st.place_id = sp.place_id
          JOIN products p ON p.id = st.product_id
         WHERE sp.stocktaking_id = $1 AND st.quantity > 0`,
        [bareSt.id],
      );
      await tx.query(`UPDATE stocktakings SET status = 'counting' WHERE id = $1`, [bareSt.id]);
    }),
  );
  const [{ lines }] = await db.query(
    'SELECT count(*)::int AS lines FROM stocktaking_lines WHERE stocktaking_id = $1',
    [st.id],
  );

  // Counted: every line as expected, VARIANCES of them off by +2 / −1 (alternating).
  for (const id of [st.id, bareSt.id]) {
    await db.query(
      `UPDATE stocktaking_lines SET counted_quantity = expected_quantity, counted_by = $2, counted_at = now()
        WHERE stocktaking_id = $1`,
      [id, admin.id],
    );
    await db.query(
      `UPDATE stocktaking_lines l SET counted_quantity = l.expected_quantity + CASE WHEN v.n % 2 = 0 THEN 2 ELSE -1 END
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM stocktaking_lines
                WHERE stocktaking_id = $1 ORDER BY id LIMIT ${VARIANCES}) v
        WHERE l.id = v.id`,
      [id],
    );
    await db.query(`UPDATE stocktaking_places SET counted = true WHERE stocktaking_id = $1`, [id]);
  }
  await db.query('VACUUM ANALYZE stocktaking_lines');
  const [{ version }] = await db.query('SELECT version FROM stocktakings WHERE id = $1', [st.id]);
  const completed = await completeStocktaking(db, actor, st.id, version);

  // 2. Book: through the business function, and bare.
  const booked = await time(() => bookStocktaking(db, actor, st.id, completed.version));
  const bareBook = await time(() =>
    db.transaction(async (tx) => {
      await tx.query(
        `WITH v AS (
          SELECT l.product_id, l.place_id, l.lot, l.counted_quantity - l.expected_quantity AS delta
            FROM stocktaking_lines l WHERE l.stocktaking_id = $1 AND l.counted_quantity <> l.expected_quantity),
        updated AS (
          UPDATE stock st SET quantity = st.quantity + v.delta, updated_at = now() FROM v
           WHERE st.product_id = v.product_id AND st.place_id = v.place_id AND st.lot = v.lot
          RETURNING st.product_id, st.place_id, st.client_id, st.warehouse_id, st.lot, st.best_before, v.delta, st.quantity)
        INSERT INTO stock_changes (product_id, place_id, client_id, warehouse_id, lot, best_before,
          delta, quantity_after, reason, reference, user_id, acting_user_id)
        SELECT product_id, place_id, client_id, warehouse_id, lot, best_before, delta, quantity,
               'stocktaking', 'bare', $2, $2 FROM updated`,
        [bareSt.id, admin.id],
      );
      await tx.query('DELETE FROM stocktaking_locks WHERE stocktaking_id = $1', [bareSt.id]);
      await tx.query(`UPDATE stocktakings SET status = 'booked' WHERE id = $1`, [bareSt.id]);
    }),
  );
  const [{ changes }] = await db.query(
    `SELECT count(*)::int AS changes FROM stock_changes WHERE reason = 'stocktaking' AND reference = $1`,
    [started.result.number],
  );

  const row = (what, fn, bare) =>
    `| ${what.padEnd(44)} | ${fn.toFixed(0).padStart(8)} | ${bare.toFixed(0).padStart(8)} |`;
  console.log(`\n| ${'stocktaking'.padEnd(44)} | Kontor ms | bare SQL ms |`);
  console.log(`|${'-'.repeat(46)}|----------:|------------:|`);
  console.log(
    row(
      `start: snapshot of ${lines.toLocaleString('en')} lines, ${PLACES.toLocaleString('en')} places locked`,
      started.ms,
      bareStart.ms,
    ),
  );
  console.log(row(`book ${changes.toLocaleString('en')} variances`, booked.ms, bareBook.ms));
  console.log(
    `\n(the business functions also lock the scope's places, check other stocktakings, lock the stock and totals rows in key order, and keep stock_totals by its trigger — the bare twin's stock_totals trigger runs as well)`,
  );
} finally {
  await db.close();
  postgres.stop();
}
