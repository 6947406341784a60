#!/usr/bin/env node
// Background jobs (issue 11): enqueue→start latency (p50/p99) and throughput of no-op jobs
// through Kontor's queue (pg-boss 10 + server/src/jobs' runner) on PGlite and on PostgreSQL,
// each beside a bare `SELECT … FOR UPDATE SKIP LOCKED` queue on the same database as the
// limit. Needs `npm run build -w server` and, for PostgreSQL, Debian's binaries.
//   node bench/jobs.mjs            BENCH_JOBS=1000 jobs per throughput run
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const server = new URL('../server/dist/', import.meta.url).pathname;
const { PGlite } = await import('@electric-sql/pglite');
const { z } = require('zod');
const { migrate, openPostgres, PGLITE_EXTENSIONS, wrapPglite } = require(`${server}db/index.js`);
const { defineJobKind } = require(`${server}jobs/kinds.js`);
const { enqueue } = require(`${server}jobs/jobs.js`);
const { startQueue, stopQueue } = require(`${server}jobs/queue.js`);
const { startRunner } = require(`${server}jobs/runner.js`);
const { startThrowawayPostgres } = require('../build/throwaway-postgres.cjs');

const JOBS = Number(process.env.BENCH_JOBS ?? 1000);
const LATENCY_SAMPLES = 100;
const WORKERS = 4;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Start times of the no-op jobs by job key. */
const started = new Map();
defineJobKind({
  name: 'bench.noop',
  payload: z.object({ key: z.string(), at: z.number() }),
  summary: (p) => p.key,
  retryDelaySeconds: 0,
  async handler(ctx) {
    started.set(ctx.payload.key, now() - ctx.payload.at);
  },
});

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
};
const f = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(0)).padStart(8);

async function waitFor(check, ms = 120_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await sleep(1);
  }
}

/** Kontor's queue: latency one job at a time, then throughput of JOBS enqueued at once. */
async function kontorQueue(db, pollIntervalMs, label) {
  const config = { workers: WORKERS, pollIntervalMs, workerTimeoutMs: 60_000 };
  const { queue } = await startQueue(db, config, (error) => console.error(error));
  const runner = startRunner(db, queue, (error) => console.error(error));
  try {
    const latencies = [];
    for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
      const key = `${label}-lat-${pollIntervalMs}-${i}`;
      await enqueue(db, kindOf(), { key, at: now() }, { userId: null });
      await waitFor(() => started.has(key));
      latencies.push(started.get(key));
      await sleep(2 + Math.random() * 5);
    }
    const first = now();
    await db.transaction(async (tx) => {
      for (let i = 0; i < JOBS; i += 1)
        await enqueue(
          tx,
          kindOf(),
          { key: `${label}-tp-${pollIntervalMs}-${i}`, at: now() },
          { userId: null },
        );
    });
    const enqueued = now() - first;
    const t0 = now();
    await waitFor(() => started.has(`${label}-tp-${pollIntervalMs}-${JOBS - 1}`));
    // The last one started; wait until all are recorded complete.
    for (;;) {
      const [row] = await db.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'bench.noop' AND state = 'completed'`,
      );
      if (row.n >= JOBS + LATENCY_SAMPLES) break;
      await sleep(5);
    }
    const seconds = (now() - t0) / 1000;
    return {
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      perSecond: JOBS / seconds,
      enqueuePerSecond: JOBS / (enqueued / 1000),
    };
  } finally {
    await runner.stop();
    await stopQueue(db, queue);
    await db.query(`DELETE FROM pgboss.job WHERE name = 'bench.noop'`);
  }
}

let kind;
const kindOf = () => (kind ??= require(`${server}jobs/kinds.js`).jobKind('bench.noop'));

/** The limit: a bare table polled by WORKERS loops with UPDATE … FOR UPDATE SKIP LOCKED. */
async function bareQueue(db) {
  await db.exec(`DROP TABLE IF EXISTS bench_queue;
    CREATE TABLE bench_queue (id bigserial PRIMARY KEY, state text NOT NULL DEFAULT 'new',
      at float8 NOT NULL, started float8);
    CREATE INDEX ON bench_queue (id) WHERE state = 'new';`);
  const claim = async () => {
    const [row] = await db.query(
      `UPDATE bench_queue SET state = 'done' WHERE id = (
         SELECT id FROM bench_queue WHERE state = 'new' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
       RETURNING id, at`,
    );
    return row;
  };
  // Latency: WORKERS loops poll without pause; one job inserted at a time.
  let polling = true;
  const latencies = [];
  const loops = Array.from({ length: WORKERS }, async () => {
    while (polling) {
      const row = await claim();
      if (row) latencies.push(now() - row.at);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  });
  for (let i = 0; i < LATENCY_SAMPLES; i += 1) {
    const before = latencies.length;
    await db.query(`INSERT INTO bench_queue (at) VALUES ($1)`, [now()]);
    await waitFor(() => latencies.length > before);
    await sleep(2 + Math.random() * 5);
  }
  polling = false;
  await Promise.all(loops);
  // Throughput: JOBS rows, WORKERS loops claiming until none is left.
  await db.query(`INSERT INTO bench_queue (at) SELECT $1 FROM generate_series(1, ${JOBS})`, [
    now(),
  ]);
  const t0 = now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (await claim());
    }),
  );
  const seconds = (now() - t0) / 1000;
  return {
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    perSecond: JOBS / seconds,
  };
}

async function measure(label, db) {
  await migrate(db);
  const rows = [];
  rows.push([
    `${label}: Kontor queue, poll 1000 ms (local wake)`,
    await kontorQueue(db, 1000, label),
  ]);
  rows.push([`${label}: Kontor queue, poll 50 ms`, await kontorQueue(db, 50, label)]);
  rows.push([`${label}: bare SKIP LOCKED loop (limit)`, await bareQueue(db)]);
  return rows;
}

const results = [];
const pglite = wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
results.push(...(await measure('PGlite', pglite)));
await pglite.close();

const cluster = startThrowawayPostgres(45_000 + Math.floor(Math.random() * 1000));
if (cluster) {
  const db = openPostgres(cluster.url, 10);
  try {
    results.push(...(await measure('PostgreSQL', db)));
  } finally {
    await db.close();
    cluster.stop();
  }
} else console.log('(no PostgreSQL binaries: PostgreSQL skipped)');

console.log(
  `\nNo-op jobs: enqueue→start latency over ${LATENCY_SAMPLES} single jobs, throughput of ${JOBS} ` +
    `enqueued at once, ${WORKERS} workers\n`,
);
console.log(
  `${'queue'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'jobs/s'.padStart(8)}`,
);
for (const [label, r] of results)
  console.log(`${label.padEnd(52)} ${f(r.p50)} ${f(r.p99)} ${f(r.perSecond)}`);
console.log(
  '\nEnqueue inside one transaction (jobs/s): ' +
    results
      .filter(([, r]) => r.enqueuePerSecond)
      .map(([label, r]) => `${label.split(':')[0]} ${r.enqueuePerSecond.toFixed(0)}`)
      .join(', '),
);
