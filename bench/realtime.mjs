#!/usr/bin/env node
// Realtime benchmark: 1k, 5k and 10k idle sockets on one Kontor node (memory per socket) and
// the latency of one event fanned out to all of them, side by side with a bare `ws` server
// that broadcasts the same frame to the same number of sockets. Needs `npm run build -w server`.
// Targets (issue 3): 10k sockets under 500 MB; fan-out throughput at least 0.7 of bare ws.
//
// The node runs as in production, on PostgreSQL (a throwaway cluster of Debian's
// postgresql-15, as server/scripts/test-postgres.sh makes one), so its memory is the node's:
// the embedded PGlite alone holds ~700 MB of WebAssembly memory before the first socket.
// BENCH_DB=pglite measures on the embedded database instead. BENCH_COUNTS=1000,5000 picks sizes.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startThrowawayPostgres } from '../build/throwaway-postgres.cjs';

const root = new URL('..', import.meta.url).pathname;
const COUNTS = (process.env.BENCH_COUNTS ?? '1000,5000,10000').split(',').map(Number);
const ROUNDS = 9;
const SECRET = 'bench-secret-bench-secret';

if (!process.argv.includes('--child')) {
  // 10k sockets on each side need more file descriptors than the default 1024.
  const result = spawnSync(
    'bash',
    [
      '-c',
      `{ ulimit -n 65536 2>/dev/null || ulimit -n $(ulimit -Hn); } && exec node ${process.argv[1]} --child`,
    ],
    {
      stdio: 'inherit',
    },
  );
  process.exit(result.status ?? 1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function waitFor(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not come up`);
}

/** RSS once the process has settled (two readings 250 ms apart within 1 MB, at most 10 s). */
async function settledRssMb(pid) {
  let last = rssMb(pid);
  for (let i = 0; i < 40; i++) {
    await sleep(250);
    const now = rssMb(pid);
    if (Math.abs(now - last) < 1) return now;
    last = now;
  }
  return last;
}

/** A throwaway PostgreSQL cluster on port 8512, unless BENCH_DB=pglite (or no binaries). */
function startPostgres() {
  return process.env.BENCH_DB === 'pglite' ? null : startThrowawayPostgres(8512);
}

const postgres = startPostgres();
process.on('exit', () => postgres?.stop());

/** Starts Kontor (8510) or the bare ws server (8511) as a child process. */
async function startServer(kind) {
  if (kind === 'kontor') {
    const dataDir = mkdtempSync(join(tmpdir(), 'kontor-bench-rt-'));
    const child = spawn('node', ['server/dist/main.js'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: '8510',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUSHER_APP_SECRET: SECRET,
        WS_MAX_CONNECTIONS: '20000',
        WS_MAX_CONNECTIONS_PER_IP: '20000', // every bench socket comes from 127.0.0.1
        WS_SHUTDOWN_SPREAD_MS: '0',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      },
    });
    await waitFor('http://127.0.0.1:8510/health');
    return {
      child,
      port: 8510,
      stop: () => (child.kill('SIGTERM'), rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const child = spawn('node', ['bench/realtime-bare.mjs', '8511'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor('http://127.0.0.1:8511/health');
  return { child, port: 8511, stop: () => child.kill('SIGTERM') };
}

/** Publishes one event: Kontor through its signed HTTP API, bare ws through POST /publish. */
async function publish(kind, port, sentAt) {
  const body = JSON.stringify({
    name: 'bench',
    channel: 'bench',
    data: JSON.stringify({ sentAt }),
  });
  if (kind === 'bare') return fetch(`http://127.0.0.1:${port}/publish`, { method: 'POST', body });
  const query = {
    auth_key: 'kontor',
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
  };
  const sorted = Object.keys(query)
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  const signature = createHmac('sha256', SECRET)
    .update(`POST\n/apps/kontor/events\n${sorted}`)
    .digest('hex');
  const res = await fetch(
    `http://127.0.0.1:${port}/apps/kontor/events?${sorted}&auth_signature=${signature}`,
    {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    },
  );
  if (!res.ok) throw new Error(`publish answered ${res.status}`);
}

async function measure(kind, count) {
  const server = await startServer(kind);
  const before = await settledRssMb(server.child.pid);
  const sockets = [];
  let received = 0;
  let latencies = [];
  let onAll = null;
  for (let i = 0; i < count; i += 500) {
    await Promise.all(
      Array.from(
        { length: Math.min(500, count - i) },
        () =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/kontor?protocol=7`);
            ws.on('error', reject);
            ws.on('message', (raw) => {
              const frame = JSON.parse(raw.toString());
              if (frame.event === 'pusher:connection_established') {
                ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bench' } }));
              } else if (frame.event === 'pusher_internal:subscription_succeeded') resolve();
              else if (frame.event === 'bench') {
                latencies.push(performance.now() - JSON.parse(frame.data).sentAt);
                if (++received === count) onAll?.();
              }
            });
            sockets.push(ws);
          }),
      ),
    );
  }
  const after = await settledRssMb(server.child.pid);
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    received = 0;
    latencies = [];
    const done = new Promise((resolve) => (onAll = resolve));
    const sentAt = performance.now();
    await publish(kind, server.port, sentAt);
    await done;
    const all = latencies.sort((a, b) => a - b);
    rounds.push({ p50: pct(all, 50), p99: pct(all, 99), last: all[all.length - 1] });
    await sleep(200);
  }
  for (const ws of sockets) ws.terminate();
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.stop();
  await exited;
  const median = (key) => rounds.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
  return {
    base: before,
    rss: after,
    perConnKb: ((after - before) * 1024) / count,
    p50: median('p50'),
    p99: median('p99'),
    framesPerSec: count / (median('last') / 1000),
  };
}

const rows = [];
for (const count of COUNTS) {
  const kontor = await measure('kontor', count);
  const bare = await measure('bare', count);
  rows.push({ count, kontor, bare });
}
const f = (n, d = 0) => n.toFixed(d).padStart(8);
console.log(
  `\nRealtime: idle sockets and one event fanned out to all (median of ${ROUNDS} rounds); ` +
    `Kontor on ${postgres ? 'PostgreSQL' : 'embedded PGlite'}\n`,
);
console.log(
  'sockets |  Kontor base MB  RSS MB  KB/sock  p50 ms  p99 ms  frames/s |  bare ws RSS MB  KB/sock  p50 ms  p99 ms  frames/s | throughput ratio',
);
for (const { count, kontor: k, bare: b } of rows) {
  console.log(
    `${String(count).padStart(7)} | ${f(k.base)} ${f(k.rss)} ${f(k.perConnKb, 1)} ${f(k.p50, 1)} ${f(k.p99, 1)} ${f(k.framesPerSec)} | ${f(b.rss)}      ${f(b.perConnKb, 1)} ${f(b.p50, 1)} ${f(b.p99, 1)} ${f(b.framesPerSec)} | ${(k.framesPerSec / b.framesPerSec).toFixed(2)}`,
  );
}
const last = rows[rows.length - 1];
console.log(
  `\nTargets: ${last.count} sockets under 500 MB: ${last.kontor.rss < 500 ? 'met' : 'MISSED'} (${last.kontor.rss.toFixed(0)} MB); ` +
    `throughput >= 0.7 of bare ws: ${last.kontor.framesPerSec / last.bare.framesPerSec >= 0.7 ? 'met' : 'MISSED'}`,
);
