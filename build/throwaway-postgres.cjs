// A throwaway PostgreSQL cluster for tests and benchmarks that need a real server (several
// nodes on one database): Debian's binaries, run as user postgres when we are root (the
// server refuses root), on a port of the caller's choosing, removed again by stop().
// server/scripts/test-postgres.sh does the same for the whole server suite.
const { execFileSync } = require('node:child_process');
const {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

/** The newest PostgreSQL binaries on this machine (or PG_BIN), or null. */
function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  if (!existsSync('/usr/lib/postgresql')) return null;
  return (
    readdirSync('/usr/lib/postgresql')
      .sort()
      .map((version) => `/usr/lib/postgresql/${version}/bin`)
      .filter((dir) => existsSync(`${dir}/initdb`))
      .pop() ?? null
  );
}

/** The machine's huge pages of 2 MB: how many there are and how many are taken or promised. */
function hugePagesNow() {
  const meminfo = readFileSync('/proc/meminfo', 'utf8');
  const value = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(meminfo)?.[1] ?? 0);
  return {
    total: value('HugePages_Total'),
    used: value('HugePages_Total') - value('HugePages_Free') + value('HugePages_Rsvd'),
  };
}

/** MB of a PostgreSQL size setting such as '1GB' or '128MB'. */
function megabytes(size) {
  const [, n, unit] = /^(\d+)\s*(GB|MB)$/i.exec(size) ?? ['', '128', 'MB'];
  return Number(n) * (unit.toUpperCase() === 'GB' ? 1024 : 1);
}

/**
 * With `hugePages`, the cluster's shared memory (its cache) in huge pages as far as the machine
 * has them (huge_pages=try), as a database server is set up (PostgreSQL's manual, "Linux Huge
 * Pages"): in small pages every connection's first touch of every cached page is a page fault,
 * which on this machine's virtual CPUs costs tens of µs — bench/orders.mjs's search of a name
 * cost PostgreSQL 9.0 ms of CPU a request in small pages, 3.8 ms in huge ones. As root, too few
 * huge pages are reserved first (vm.nr_hugepages).
 */
function reserveHugePages(sharedBuffers) {
  const needed = Math.ceil((megabytes(sharedBuffers) + 96) / 2);
  const now = hugePagesNow();
  if (now.total - now.used >= needed || process.getuid?.() !== 0) return;
  try {
    writeFileSync('/proc/sys/vm/nr_hugepages', String(now.used + needed));
  } catch {
    // Not allowed here (a container): small pages then.
  }
}

/**
 * Starts a fresh cluster on `port` (fsync off: its data is thrown away); null without binaries.
 * `sharedBuffers` sets PostgreSQL's cache (default 128MB: a bench whose tables are larger sets
 * what a server of such data would have, e.g. '1GB'); `hugePages` puts it in huge pages where
 * the machine allows (reserveHugePages; `hugePages` of the result says whether it did).
 */
function startThrowawayPostgres(port, { sharedBuffers, hugePages = false } = {}) {
  const bin = postgresBin();
  if (!bin) return null;
  const work = mkdtempSync(join(tmpdir(), 'kontor-pg-'));
  chmodSync(work, 0o755);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', work]);
  const run = (command, args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' })
      : execFileSync(command, args, { stdio: 'ignore' });
  run(`${bin}/initdb`, ['-D', `${work}/data`, '-A', 'trust', '-U', 'postgres']);
  if (hugePages) reserveHugePages(sharedBuffers ?? '128MB');
  const before = hugePagesNow().used;
  const options = `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off${sharedBuffers ? ` -c shared_buffers=${sharedBuffers}` : ''} -c huge_pages=${hugePages ? 'try' : 'off'}`;
  run(`${bin}/pg_ctl`, ['-D', `${work}/data`, '-w', '-l', `${work}/log`, '-o', options, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    hugePages: hugePagesNow().used > before,
    stop() {
      try {
        run(`${bin}/pg_ctl`, ['-D', `${work}/data`, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

module.exports = { startThrowawayPostgres };
