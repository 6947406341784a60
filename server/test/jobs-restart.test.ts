// A job survives its server being killed mid-run (issue 11): real `node server/dist/main.js`
// processes on one database (the embedded PGlite in a kept DATA_DIR, or PostgreSQL under
// server/scripts/test-postgres.sh). The first is killed (SIGKILL) while a clients import is
// half done; the second takes the job up again and completes it, with every client once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Browser } from './helpers';
import { graphql } from './graphql-support';
import { buildServer, emptyDatabase, TEST_HASHING_ENV } from './server-process';

jest.setTimeout(240_000);
const root = path.resolve(__dirname, '..', '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Kontor {
  origin: string;
  port: number;
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** Starts `node server/dist/main.js` and resolves once it listens. */
function startKontor(env: Record<string, string>): Promise<Kontor> {
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 120 s:\n${output}`)), 120_000);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Kontor is running at http:\/\/[^:]+:(\d+)\//.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ origin: `http://127.0.0.1:${port}`, port: Number(port), child, exited });
    });
    void exited.then(() => reject(new Error(`Kontor exited before it listened:\n${output}`)));
  });
}

/** A Browser (helpers.ts) pointed at a process instead of an app. */
const browserOf = (kontor: Kontor) =>
  new Browser({ server: { address: () => ({ port: kontor.port }) } } as unknown as FastifyInstance);

async function login(kontor: Kontor): Promise<Browser> {
  const browser = browserOf(kontor);
  const answer = await browser.login('admin@kontor.test', 'admin');
  if (answer.statusCode !== 204) throw new Error(`login: ${answer.statusCode}`);
  return browser;
}

const ROWS = 10_000;
const JOB = `query($id: ID!) { job(id: $id) { state attempts error progress { done total }
  result { created updated rejectedTotal } } }`;

test('a clients import whose server is killed mid-run completes after a restart, each client once', async () => {
  buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kontor-jobs-restart-'));
  const database = process.env.TEST_DATABASE_URL
    ? await emptyDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    DEMO_DATA: 'true',
    JOBS_WORKERS: '1',
    JOBS_POLL_INTERVAL: '50',
    // The second process takes up a run whose node has been silent for 1 s.
    JOBS_WORKER_TIMEOUT: '1',
    ...TEST_HASHING_ENV,
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  let kontor: Kontor | undefined;
  try {
    kontor = await startKontor(env);
    let browser = await login(kontor);
    const rows = Array.from(
      { length: ROWS },
      (_, i) => `Restart ${String(i).padStart(5, '0')};Weg;${i + 1};20457;Hamburg;DE`,
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob([`Name;Straße;Hausnummer;PLZ;Ort;Land\n${rows.join('\n')}\n`]),
      'k.csv',
    );
    const uploaded = await fetch(`${kontor.origin}/spa/uploads`, {
      method: 'POST',
      headers: {
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!),
      },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id: uploadId } = (await uploaded.json()) as { id: string };
    const started = await graphql(
      browser,
      `
        mutation ($id: ID!) {
          importClients(uploadId: $id) {
            id
          }
        }
      `,
      { id: uploadId },
    );
    const jobId = started.data?.importClients.id as string;
    expect(jobId).toBeTruthy();

    // Kill it once a few batches are in, well before the end.
    let done = 0;
    for (let i = 0; i < 2000 && done < 600; i += 1) {
      const job = (await graphql(browser, JOB, { id: jobId })).data?.job;
      done = job?.progress?.total ? job.progress.done : 0;
      expect(job?.state).not.toBe('COMPLETED');
      await sleep(10);
    }
    kontor.child.kill('SIGKILL');
    await kontor.exited;
    kontor = undefined;

    kontor = await startKontor(env);
    browser = await login(kontor);
    let job: Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any -- read freely
    for (let i = 0; i < 3000; i += 1) {
      job = (await graphql(browser, JOB, { id: jobId })).data?.job;
      if (job?.state === 'COMPLETED' || job?.state === 'FAILED') break;
      await sleep(30);
    }
    expect(job).toMatchObject({ state: 'COMPLETED', attempts: 2, progress: { done: ROWS } });
    // The second run created what the first had not, changed nothing the first had written.
    expect(job!.result.created + job!.result.updated).toBeLessThan(ROWS);
    expect(job!.result).toMatchObject({ updated: 0, rejectedTotal: 0 });
    const count = await graphql(
      browser,
      `
        {
          clients(page: { search: "Restart " }) {
            total
          }
        }
      `,
    );
    expect(count.data?.clients.total).toBe(ROWS);
    kontor.child.kill('SIGTERM');
    await kontor.exited;
    kontor = undefined;
  } finally {
    if (kontor) {
      kontor.child.kill('SIGKILL');
      await kontor.exited;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
