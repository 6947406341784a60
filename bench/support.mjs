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

/** CPU time (user + system, ms) a process has used so far; 0 once it is gone. */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms (USER_HZ 100)
  } catch {
    return 0;
  }
}

/** CPU ms used so far by the PostgreSQL processes of the cluster on `port` (postmaster + children). */
export function postgresCpuMs(port) {
  const procs = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = stat.split(') ')[1].split(' ')[1];
      procs.push({ pid, ppid, cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8') });
    } catch {
      // gone meanwhile
    }
  }
  const master = procs.find((p) => p.cmd.includes('postgres') && p.cmd.includes(`-p\0${port}\0`));
  if (!master) return 0;
  return procs
    .filter((p) => p.pid === master.pid || p.ppid === master.pid)
    .reduce((sum, p) => sum + cpuMsOf(p.pid), 0);
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
