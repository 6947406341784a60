// What the benchmarks share: logging in like a browser, CPU time per request from /proc, and
// closed loops of concurrent clients. Not a test; imported by bench/*.mjs.
import { readdirSync, readFileSync } from 'node:fs';

/** Logs in as the demo admin like a browser; the headers of its later requests. */
export async function adminHeaders(base) {
  const jar = new Map();
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/sanctum/csrf-cookie`));
  keep(
    await fetch(`${base}/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookie(),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')),
      },
      body: JSON.stringify({ email: 'admin@kontor.test', password: 'admin' }),
    }),
  );
  return {
    cookie: cookie(),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN')),
    'content-type': 'application/json',
  };
}

/** The fields of /proc/<pid>/stat after the command (state is [0], ppid [1]); undefined once gone. */
function statOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

/** Clock ticks (USER_HZ 100) in ms. */
const TICK_MS = 10;

/** CPU time (user + system, ms) a process has used so far; 0 once it is gone. */
export function cpuMsOf(pid) {
  const fields = statOf(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0;
}

/** CPU ms of a process's children that have exited and been waited for (cutime + cstime). */
function exitedChildrenCpuMs(pid) {
  const fields = statOf(pid);
  return fields ? (Number(fields[13]) + Number(fields[14])) * TICK_MS : 0;
}

/**
 * CPU ms used so far by the PostgreSQL cluster on `port`: the postmaster, its live children
 * (backends, checkpointer, autovacuum workers …) and its children that have exited — a
 * backend whose connection closed between two readings is in the postmaster's cutime + cstime
 * once reaped (a zombie not yet reaped still shows its own times), so the total only grows.
 * Read until the postmaster's exited-children time is the same before and after the live
 * children were read: a child reaped meanwhile would be counted twice or not at all.
 */
export function postgresCpuMs(port) {
  const pids = readdirSync('/proc').filter((pid) => /^\d+$/.test(pid));
  const master = pids.find((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmd.includes('postgres') && cmd.includes(`-p\0${port}\0`);
    } catch {
      return false; // gone meanwhile
    }
  });
  if (!master) return 0;
  for (let attempt = 0; ; attempt += 1) {
    const exited = exitedChildrenCpuMs(master);
    let live = cpuMsOf(master);
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid) || pid === master) continue;
      const fields = statOf(pid);
      if (fields?.[1] === master) live += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    }
    if (exitedChildrenCpuMs(master) === exited || attempt === 10) return exited + live;
  }
}

/** Runs fn; the CPU ms per request it cost the server process and PostgreSQL. */
export async function cpuPerRequest(serverPid, port, fn) {
  const before = { server: cpuMsOf(serverPid), pg: postgresCpuMs(port), at: performance.now() };
  const result = await fn();
  const n = result.requests.total;
  return {
    result,
    cpu: {
      server: (cpuMsOf(serverPid) - before.server) / n,
      pg: (postgresCpuMs(port) - before.pg) / n,
    },
  };
}

/** `connections` loops running fn back to back for `seconds`: p50/p99 ms and runs per second. */
export async function closedLoop(fn, connections, seconds) {
  const latencies = [];
  const stop = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < stop) {
        const started = performance.now();
        await fn();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / seconds };
}

/**
 * Reads tables and their indexes into PostgreSQL's cache (pg_prewarm, Debian's contrib), as a
 * server that has been running holds what it serves: a bench's bulk seed wrote past the cache
 * (a bulk write keeps to a small ring of it), and on this machine a page read from the disk
 * costs 40 µs. Returns the pages read.
 */
export async function prewarm(db, tables) {
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
  const [{ pages }] = await db.query(
    `SELECT coalesce(sum(pg_prewarm(c.oid)), 0)::int AS pages FROM pg_class c
      WHERE c.oid = ANY($1::regclass[])
         OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = ANY($1::regclass[]))`,
    [tables],
  );
  return pages;
}
