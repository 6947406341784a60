// A throwaway PostgreSQL cluster for tests and benchmarks that need a real server (several
// nodes on one database): Debian's binaries, run as user postgres when we are root (the
// server refuses root), on a port of the caller's choosing, removed again by stop().
// server/scripts/test-postgres.sh does the same for the whole server suite.
const { execFileSync } = require('node:child_process');
const { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } = require('node:fs');
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

/**
 * Starts a fresh cluster on `port` (fsync off: its data is thrown away); null without binaries.
 * `sharedBuffers` sets PostgreSQL's cache (default 128MB: a bench whose tables are larger sets
 * what a server of such data would have, e.g. '1GB').
 */
function startThrowawayPostgres(port, { sharedBuffers } = {}) {
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
  const options = `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off${sharedBuffers ? ` -c shared_buffers=${sharedBuffers}` : ''}`;
  run(`${bin}/pg_ctl`, ['-D', `${work}/data`, '-w', '-l', `${work}/log`, '-o', options, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
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
