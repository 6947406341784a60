// Background jobs (issue 11): pg-boss on the test's database (PGlite, or PostgreSQL with
// server/scripts/test-postgres.sh), the node's workers polling every 20 ms. Test job kinds
// write their effects into a table of the test, so what ran is read from the database.
import type Pusher from 'pusher-js';
import { z } from 'zod';
import { enqueue } from '../src/jobs/jobs';
import { defineJobKind, JobStopped } from '../src/jobs/kinds';
import { startQueue, stopQueue } from '../src/jobs/queue';
import { startRunner } from '../src/jobs/runner';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith } from './graphql-support';
import { pusherClient, stateReached } from './realtime-support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done` holds (or fails after `ms`). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${ms} ms`);
    await sleep(20);
  }
}

let t: TestApp;
let boss: Browser;
let bossId: number;
/** The test kinds' database; set before any job runs. */
const effectsOf = async (key: string) =>
  (
    await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM job_effects WHERE key = $1`, [
      key,
    ])
  )[0]!.n;

/** Writes its key (once per run that gets that far); fails its first `failTimes` runs. */
const effect = defineJobKind({
  name: 'test.effect',
  payload: z.object({ key: z.string(), failTimes: z.number().int().default(0) }),
  summary: (p) => `effect ${p.key}`,
  maxAttempts: 3,
  retryDelaySeconds: 0,
  async handler(ctx) {
    if (ctx.attempt <= ctx.payload.failTimes) throw new Error(`run ${ctx.attempt} broke`);
    await ctx.db.query(`INSERT INTO job_effects (key) VALUES ($1)`, [ctx.payload.key]);
  },
});

let healed = false;
/** Fails every run until `healed`. */
const flaky = defineJobKind({
  name: 'test.flaky',
  payload: z.object({ key: z.string() }),
  summary: (p) => `flaky ${p.key}`,
  maxAttempts: 2,
  retryDelaySeconds: 0,
  async handler(ctx) {
    if (!healed) throw new Error('The shop answered 500 Internal Server Error');
    await ctx.db.query(`INSERT INTO job_effects (key) VALUES ($1)`, [ctx.payload.key]);
  },
});

/** `steps` steps, each a progress point and then one effect in its own transaction. */
const slow = defineJobKind({
  name: 'test.slow',
  payload: z.object({ key: z.string(), steps: z.number().int(), stepMs: z.number().int() }),
  summary: (p) => `slow ${p.key}`,
  retryDelaySeconds: 0,
  async handler(ctx) {
    for (let step = 0; step < ctx.payload.steps; step += 1) {
      await ctx.progress({ done: step, total: ctx.payload.steps, phase: 'stepping' });
      await ctx.db.transaction((tx) =>
        tx.query(`INSERT INTO job_effects (key) VALUES ($1)`, [ctx.payload.key]),
      );
      await sleep(ctx.payload.stepMs);
    }
    await ctx.progress({ done: ctx.payload.steps, total: ctx.payload.steps });
    return { created: ctx.payload.steps, updated: 0, rejectedTotal: 0, rejected: [] };
  },
});

const JOB = `query Job($id: ID!) { job(id: $id) { id kind state attempts maxAttempts error summary
  progress { done total phase } result { created rejectedTotal } createdBy { id name }
  startedAt finishedAt } }`;

const jobOf = async (browser: Browser, id: string) =>
  (await graphql(browser, JOB, { id })).data?.job;
const stateOf = async (id: string) => (await jobOf(boss, id))?.state as string | undefined;

beforeAll(async () => {
  t = await startTestApp({ jobs: { workers: 2, pollIntervalMs: 20, workerTimeoutMs: 60_000 } });
  await t.db.exec(`CREATE TABLE job_effects (key text NOT NULL)`);
  boss = await admin(t.app);
  const [row] = await t.db.query<{ id: number }>(
    `SELECT id FROM users WHERE email = 'admin@kontor.test'`,
  );
  bossId = row!.id;
});
afterAll(() => t.close());

describe('enqueue', () => {
  test('a job enqueued in a transaction that rolls back never runs; one that commits runs', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueue(tx, effect, { key: 'rolled-back', failTimes: 0 }, { userId: bossId });
        throw new Error('the caller failed after enqueueing');
      }),
    ).rejects.toThrow('the caller failed');
    const later = await enqueue(
      t.db,
      effect,
      { key: 'committed', failTimes: 0 },
      { userId: bossId },
    );
    expect(later.state).toBe('WAITING');
    // Jobs run in order: once the later one is done, the rolled-back one would have run.
    await until(
      () => stateOf(later.id),
      (state) => state === 'COMPLETED',
    );
    expect(await effectsOf('committed')).toBe(1);
    expect(await effectsOf('rolled-back')).toBe(0);
    const rows = await t.db.query(`SELECT 1 FROM jobs WHERE summary = 'effect rolled-back'`);
    expect(rows).toHaveLength(0);
  });

  test('a payload that breaks the kind’s rules is refused before anything is stored', async () => {
    await expect(
      enqueue(t.db, effect, { key: 5 } as unknown as { key: string; failTimes: number }, {
        userId: bossId,
      }),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('running, progress and the starter', () => {
  test('progress reaches the starter live, the job completes with its result, a notification links to it', async () => {
    const client: Pusher = pusherClient(t.app, boss);
    try {
      const channel = client.subscribe(`private-App.Models.User.${bossId}`);
      await new Promise<void>((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve());
        channel.bind('pusher:subscription_error', reject);
      });
      const heard: { id: string; state: string; progress: { done: number } | null }[] = [];
      channel.bind('JobProgress', (event: (typeof heard)[number]) => heard.push(event));
      const job = await enqueue(
        t.db,
        slow,
        { key: 'progress', steps: 8, stepMs: 100 },
        { userId: bossId },
      );
      await until(
        () => stateOf(job.id),
        (state) => state === 'COMPLETED',
      );
      const done = await jobOf(boss, job.id);
      expect(done).toMatchObject({
        state: 'COMPLETED',
        attempts: 1,
        error: null,
        progress: { done: 8, total: 8 },
        result: { created: 8, rejectedTotal: 0 },
        createdBy: { id: String(bossId) },
      });
      await until(
        async () => heard.filter((e) => e.id === job.id).map((e) => e.state),
        (states) => states.includes('COMPLETED'),
        3000,
      );
      const mine = heard.filter((e) => e.id === job.id);
      const running = mine.filter((e) => e.state === 'RUNNING' && e.progress);
      // Several progress points arrived live, in order, and throttled (≤ 1 per 250 ms + the last).
      expect(running.length).toBeGreaterThanOrEqual(2);
      expect(running.length).toBeLessThanOrEqual(8);
      const dones = running.map((e) => e.progress!.done);
      expect([...dones].sort((a, b) => a - b)).toEqual(dones);
      const [note] = await t.db.query<{ type: string; data: Record<string, unknown> }>(
        `SELECT type, data FROM notifications WHERE data->>'jobId' = $1`,
        [job.id],
      );
      expect(note).toMatchObject({
        type: 'job',
        data: { state: 'COMPLETED', kind: 'test.slow', link: `/horizon/jobs/${job.id}` },
      });
    } finally {
      client.disconnect();
      await stateReached(client, 'disconnected').catch(() => undefined);
    }
  });

  test('private-jobs is open to administrate holders only', async () => {
    const outsider = await staffWith(t, ['client:create']);
    const authorize = async (browser: Browser, channel: string) =>
      browser.request({
        method: 'POST',
        url: '/broadcasting/auth',
        payload: new URLSearchParams({ socket_id: '1.1', channel_name: channel }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await authorize(boss, 'private-jobs')).statusCode).toBe(200);
    expect((await authorize(outsider.browser, 'private-jobs')).statusCode).toBe(403);
  });
});

describe('retry', () => {
  test('a throwing handler is retried up to its limit and then kept as failed with its error', async () => {
    const job = await enqueue(
      t.db,
      effect,
      { key: 'twice-broken', failTimes: 2 },
      { userId: bossId },
    );
    await until(
      () => stateOf(job.id),
      (state) => state === 'COMPLETED',
    );
    expect(await jobOf(boss, job.id)).toMatchObject({ attempts: 3, maxAttempts: 3, error: null });
    expect(await effectsOf('twice-broken')).toBe(1);

    healed = false;
    const failing = await enqueue(t.db, flaky, { key: 'flaky' }, { userId: bossId });
    await until(
      () => stateOf(failing.id),
      (state) => state === 'FAILED',
    );
    expect(await jobOf(boss, failing.id)).toMatchObject({
      state: 'FAILED',
      attempts: 2,
      maxAttempts: 2,
      error: 'The shop answered 500 Internal Server Error',
    });
    const [note] = await t.db.query<{ data: { state: string } }>(
      `SELECT data FROM notifications WHERE data->>'jobId' = $1`,
      [failing.id],
    );
    expect(note?.data.state).toBe('FAILED');

    // /horizon's retry runs it again.
    healed = true;
    const retried = await graphql(
      boss,
      `
        mutation ($id: ID!) {
          retryJob(id: $id) {
            id
            state
          }
        }
      `,
      {
        id: failing.id,
      },
    );
    expect(retried.errors).toBeUndefined();
    expect(retried.data?.retryJob.state).toBe('WAITING');
    await until(
      () => stateOf(failing.id),
      (state) => state === 'COMPLETED',
    );
    expect(await effectsOf('flaky')).toBe(1);
    // A completed job is not retried.
    const again = await graphql(
      boss,
      `
        mutation ($id: ID!) {
          retryJob(id: $id) {
            id
          }
        }
      `,
      {
        id: failing.id,
      },
    );
    expect(codeOf(again)).toBe('CONFLICT');
  });
});

describe('cancel', () => {
  test('a running job stops at its next progress point; what it did per step stays whole', async () => {
    const starter = await staffWith(t, ['client:create']);
    const job = await enqueue(
      t.db,
      slow,
      { key: 'cancelled', steps: 500, stepMs: 20 },
      { userId: starter.id },
    );
    await until(
      () => effectsOf('cancelled'),
      (n) => n >= 3,
    );
    const answer = await graphql(
      starter.browser,
      `
        mutation ($id: ID!) {
          cancelJob(id: $id) {
            id
            state
          }
        }
      `,
      { id: job.id },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.cancelJob.state).toBe('CANCELLED');
    const atCancel = await effectsOf('cancelled');
    await sleep(400);
    const after = await effectsOf('cancelled');
    // At most the step under way when the cancel came finished; nothing after it.
    expect(after - atCancel).toBeLessThanOrEqual(1);
    expect(after).toBeLessThan(50);
    await sleep(200);
    expect(await effectsOf('cancelled')).toBe(after);
    expect(await jobOf(starter.browser, job.id)).toMatchObject({ state: 'CANCELLED' });
    const [note] = await t.db.query<{ data: { state: string } }>(
      `SELECT data FROM notifications WHERE data->>'jobId' = $1`,
      [job.id],
    );
    expect(note?.data.state).toBe('CANCELLED');
    // An ended job cannot be cancelled again.
    const again = await graphql(
      starter.browser,
      `
        mutation ($id: ID!) {
          cancelJob(id: $id) {
            id
          }
        }
      `,
      { id: job.id },
    );
    expect(codeOf(again)).toBe('CONFLICT');
  });

  test('a waiting job that is cancelled never runs', async () => {
    // Both workers busy: the next job waits.
    const busy: { id: string }[] = [];
    for (const key of ['busy-1', 'busy-2'])
      busy.push(await enqueue(t.db, slow, { key, steps: 10, stepMs: 30 }, { userId: bossId }));
    await until(
      async () => Promise.all(busy.map((job) => stateOf(job.id))),
      (states) => states.every((state) => state === 'RUNNING'),
    );
    const job = await enqueue(
      t.db,
      effect,
      { key: 'cancel-waiting', failTimes: 0 },
      { userId: bossId },
    );
    const answer = await graphql(
      boss,
      `
        mutation ($id: ID!) {
          cancelJob(id: $id) {
            state
          }
        }
      `,
      {
        id: job.id,
      },
    );
    expect(answer.data?.cancelJob.state).toBe('CANCELLED');
    await until(
      async () => Promise.all(busy.map((b) => stateOf(b.id))),
      (states) => states.every((state) => state === 'COMPLETED'),
    );
    await sleep(100);
    expect(await effectsOf('cancel-waiting')).toBe(0);
    expect(await stateOf(job.id)).toBe('CANCELLED');
  });
});

describe('permissions', () => {
  test('queues, jobs and retry need administrate; another user’s job is NOT_FOUND', async () => {
    const starter = await staffWith(t, ['client:create']);
    const other = await staffWith(t, ['client:create']);
    const job = await enqueue(t.db, effect, { key: 'owned', failTimes: 0 }, { userId: starter.id });
    for (const query of [
      '{ queues { kind } }',
      '{ jobs { total } }',
      `mutation { retryJob(id: "${job.id}") { id } }`,
    ])
      expect(codeOf(await graphql(starter.browser, query))).toBe('FORBIDDEN');
    expect((await jobOf(starter.browser, job.id))?.id).toBe(job.id);
    expect(codeOf(await graphql(other.browser, JOB, { id: job.id }))).toBe('NOT_FOUND');
    expect(
      codeOf(await graphql(other.browser, `mutation { cancelJob(id: "${job.id}") { id } }`)),
    ).toBe('NOT_FOUND');
    expect(codeOf(await graphql(other.browser, JOB, { id: 'not-a-uuid' }))).toBe('NOT_FOUND');
  });
});

describe('/horizon data', () => {
  test('queues count by state; the list filters by state and kind, newest first', async () => {
    const queues = await graphql(
      boss,
      '{ queues { kind waiting running completed failed cancelled perMinute } }',
    );
    expect(queues.errors).toBeUndefined();
    const effectQueue = queues.data?.queues.find((q: { kind: string }) => q.kind === 'test.effect');
    expect(effectQueue.completed).toBeGreaterThanOrEqual(2);
    expect(effectQueue.perMinute).toHaveLength(60);
    expect(effectQueue.perMinute[59]).toBeGreaterThanOrEqual(1);

    const list = async (filter: Record<string, unknown>, page: Record<string, unknown> = {}) =>
      graphql(
        boss,
        `
          query ($filter: JobFilter, $page: PageInput) {
            jobs(filter: $filter, page: $page) {
              total
              nextCursor
              items {
                id
                kind
                state
                summary
              }
            }
          }
        `,
        { filter, page },
      );
    const cancelled = await list({ state: 'CANCELLED' });
    expect(cancelled.data?.jobs.items.length).toBeGreaterThanOrEqual(1);
    const states = cancelled.data!.jobs.items.map((i: { state: string }) => i.state);
    expect(new Set(states)).toEqual(new Set(['CANCELLED']));
    const slowOnes = await list({ kind: 'test.slow' });
    expect(slowOnes.data?.jobs.items.map((i: { summary: string }) => i.summary)).toEqual([
      'slow busy-2',
      'slow busy-1',
      'slow cancelled',
      'slow progress',
    ]);
    const unknown = await list({ kind: 'no.such' });
    expect(codeOf(unknown)).toBe('BAD_USER_INPUT');
    // Paging by cursor reaches every job once.
    const first = await list({}, { pageSize: 2 });
    const second = await list({}, { pageSize: 2, after: first.data?.jobs.nextCursor });
    const ids = [...first.data!.jobs.items, ...second.data!.jobs.items].map((i) => i.id);
    expect(new Set(ids).size).toBe(4);
  });
});

describe('several nodes', () => {
  test('two nodes on one database run each of 200 jobs exactly once', async () => {
    // A second node: its own pg-boss and workers on the same database (another Db object,
    // so another queue; on PostgreSQL its statements run on other pool connections).
    const second = { ...t.db };
    const { queue } = await startQueue(
      second,
      { workers: 4, pollIntervalMs: 20, workerTimeoutMs: 60_000 },
      () => undefined,
    );
    const runner = startRunner(second, queue, () => undefined);
    try {
      const jobs = await t.db.transaction(async (tx) => {
        const all = [];
        for (let i = 0; i < 200; i += 1)
          all.push(await enqueue(tx, effect, { key: `many-${i}`, failTimes: 0 }, { userId: null }));
        return all;
      });
      await until(
        async () =>
          (
            await t.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE id = any($1) AND state = 'completed'`,
              [jobs.map((j) => j.id)],
            )
          )[0]!.n,
        (n) => n === 200,
        60_000,
      );
      const counts = await t.db.query<{ key: string; n: number }>(
        `SELECT key, count(*)::int AS n FROM job_effects WHERE key LIKE 'many-%' GROUP BY key`,
      );
      expect(counts).toHaveLength(200);
      expect(counts.every((row) => row.n === 1)).toBe(true);
    } finally {
      await runner.stop();
      await stopQueue(second, queue);
    }
  });
});

test('JobStopped says why', () => {
  expect(new JobStopped('cancelled').message).toMatch(/cancelled/);
});
