// Kontor as `node server/dist/main.js` starts it — a real process with its own environment —
// and the PostgreSQL server such processes share.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { buildServer } from '../../build/kontor-server.cjs';
import { startThrowawayPostgres } from '../../build/throwaway-postgres.cjs';
import { TEST_HASHING } from '../src/config';

export { buildServer };

const root = path.resolve(__dirname, '..', '..');

/** One started Kontor process. */
export interface ServerProcess {
  /** http://127.0.0.1:<port>, once it listens. */
  origin: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then waits for it to exit; removes its DATA_DIR. */
  stop(): Promise<void>;
  /** SIGKILL (a node that dies mid-work), then waits for it to exit; removes its DATA_DIR. */
  kill(): Promise<void>;
}

/**
 * `describe` in the server suite's PostgreSQL run (TEST_DATABASE_URL: server/scripts/
 * test-postgres.sh), `describe.skip` in the PGlite run: for tests that are on PostgreSQL anyway.
 */
export const describeOnPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** The tests' cheap password hashing as a process's environment (server/README.md). */
export const TEST_HASHING_ENV: Record<string, string> = {
  PASSWORD_HASH_MEMORY_KIB: String(TEST_HASHING.memoryKib),
  PASSWORD_HASH_TIME_COST: String(TEST_HASHING.timeCost),
  PASSWORD_HASH_PARALLELISM: String(TEST_HASHING.parallelism),
};

/**
 * Starts `node server/dist/main.js` with PORT=0 and its own DATA_DIR plus `env` (hashing
 * passwords cheaply unless NODE_ENV=production, which refuses that); resolves once
 * it prints its URL and answers GET /health, rejects with its output when it exits first.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kontor-process-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(env.NODE_ENV === 'production' ? {} : TEST_HASHING_ENV),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = () => end('SIGTERM');
  const kill = () => end('SIGKILL');
  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`Kontor did not start within 120 s:\n${output}`));
    }, 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Kontor is running at http:\/\/[^:]+:(\d+)\//.exec(output)?.[1];
      if (!port) return;
      child.stdout!.off('data', read);
      child.stdout!.on('data', (more: Buffer) => (output += more.toString()));
      const origin = `http://127.0.0.1:${port}`;
      fetch(`${origin}/health`).then(
        (health) => {
          clearTimeout(timer);
          if (health.ok) resolve({ origin, output: () => output, stop, kill });
          else reject(new Error(`GET /health answered ${health.status}:\n${output}`));
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`Kontor exited with ${code} before it listened:\n${output}`));
    });
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A PostgreSQL server: the one TEST_DATABASE_URL names (test-postgres.sh), else a throwaway cluster. */
export async function postgresServer(): Promise<{ url: string; stop(): void }> {
  if (process.env.TEST_DATABASE_URL)
    return { url: process.env.TEST_DATABASE_URL, stop: () => undefined };
  const cluster = startThrowawayPostgres(await freePort());
  if (!cluster) throw new Error('No PostgreSQL server binaries on this machine');
  return cluster;
}

/** A new, empty database on that server; `drop` removes it again. */
export async function emptyDatabase(serverUrl: string): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const name = `kontor_proc_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
