import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import type { Db } from '../db';
import {
  findJob,
  jobEvent,
  notifyEnded,
  publishJob,
  publishJobState,
  type BossCommandResult,
} from './jobs';
import {
  jobKind,
  jobKinds,
  JobRejected,
  JobStopped,
  type JobContext,
  type JobProgressReport,
  type JobReport,
} from './kinds';
import { bossDb, QUEUE_SCHEMA, type Queue } from './queue';

// A node's workers: one poll loop fetching up to `workers` jobs at a time from the kinds'
// queues (pg-boss's fetch: FOR UPDATE SKIP LOCKED, so each job goes to one node), a
// heartbeat of the jobs running here, and the recovery of jobs whose node stopped reporting
// (a killed process): their run is failed, so pg-boss retries them (the handler is idempotent).

/** Progress is stored and sent at most this often per job (≈ 4 per second). */
const PROGRESS_INTERVAL_MS = 250;
/** On shutdown, running jobs get this long to reach a progress point and stop. */
const SHUTDOWN_WAIT_MS = 10_000;

/** The queue's data of a job: the payload and who started it. */
interface JobData {
  payload: unknown;
  userId: number | null;
}

interface Running {
  id: string;
  kind: string;
  userId: number | null;
  attempt: number;
  /** Set by a local cancel or the shutdown; the next progress point throws. */
  stop?: JobStopped;
  lastProgressAt: number;
  done: Promise<void>;
}

export interface Runner {
  stop(): Promise<void>;
}

/** Starts this node's workers on `queue` (config.workers > 0). */
export function startRunner(
  db: Db,
  queue: Queue,
  log: (error: unknown, message: string) => void,
): Runner {
  const { workers, pollIntervalMs, workerTimeoutMs } = queue.config;
  const running = new Map<string, Running>();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;
  let next = 0; // round robin over the kinds

  const schedule = (delay: number) => {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
  };

  /** One look for work; polls again at once while it finds some. */
  const tick = async (): Promise<void> => {
    if (ticking) {
      again = true;
      return;
    }
    let found = false;
    ticking = (async () => {
      const names = [...jobKinds().keys()];
      for (let i = 0; i < names.length && !stopping; i += 1) {
        const free = workers - running.size;
        if (free <= 0) break;
        const name = names[(next + i) % names.length]!;
        const jobs = (await queue.boss.fetch<JobData>(name, {
          batchSize: free,
          includeMetadata: true,
        })) as PgBoss.JobWithMetadata<JobData>[] | null;
        for (const job of jobs ?? []) {
          found = true;
          start(job);
        }
      }
      next += 1;
    })().catch((error: unknown) => log(error, 'jobs: fetching work failed'));
    await ticking;
    ticking = undefined;
    const more = again || (found && running.size < workers);
    again = false;
    schedule(more ? 0 : pollIntervalMs);
  };

  const start = (job: PgBoss.JobWithMetadata<JobData>) => {
    const entry: Running = {
      id: job.id,
      kind: job.name,
      userId: job.data?.userId ?? null,
      attempt: Number(job.retryCount) + 1,
      lastProgressAt: 0,
      done: Promise.resolve(),
    };
    running.set(job.id, entry);
    entry.done = run(job, entry)
      .catch((error: unknown) => log(error, `jobs: ${job.name} ${job.id} could not be recorded`))
      .finally(() => {
        running.delete(job.id);
        if (!stopping) void tick();
      });
  };

  const run = async (job: PgBoss.JobWithMetadata<JobData>, entry: Running): Promise<void> => {
    await db.query(
      `UPDATE jobs SET node = $2, heartbeat_at = now(), progress = NULL WHERE id = $1`,
      [job.id, queue.node],
    );
    const kind = jobKind(job.name);
    let result: JobReport | void;
    try {
      if (!kind) throw new Error(`No job kind ${job.name} on this node.`);
      const payload = kind.payload.parse(job.data?.payload);
      const event = { id: job.id, kind: job.name, state: 'RUNNING' as const, progress: null };
      publishJob(db, { ...event, error: null, attempts: entry.attempt }, entry.userId);
      const context: JobContext<unknown> = {
        id: job.id,
        kind: job.name,
        payload,
        userId: entry.userId,
        attempt: entry.attempt,
        db,
        progress: (report) => progress(entry, report),
      };
      result = await kind.handler(context);
    } catch (error) {
      await ended(job, entry, error);
      return;
    }
    await db.transaction(async (tx) => {
      // Taken up by another node meanwhile (this one was thought dead): that run counts.
      const [mine] = await tx.query(`SELECT 1 FROM jobs WHERE id = $1 AND node = $2 FOR UPDATE`, [
        job.id,
        queue.node,
      ]);
      if (!mine) return;
      const { affected } = (await queue.boss.complete(job.name, job.id, result ?? {}, {
        db: bossDb(tx),
      })) as unknown as BossCommandResult;
      await tx.query(`UPDATE jobs SET node = NULL, heartbeat_at = NULL WHERE id = $1`, [job.id]);
      // Cancelled (or taken up elsewhere) meanwhile: that side has told everyone.
      if (!Number(affected)) return;
      const finished = (await publishJobState(tx, job.id))!;
      await notifyEnded(tx, finished);
    });
  };

  /** A run that threw: stopped (cancelled, lost, shutdown) or failed (retried up to its limit). */
  const ended = async (job: PgBoss.JobWithMetadata<JobData>, entry: Running, error: unknown) => {
    if (error instanceof JobStopped && error.reason === 'lost') return;
    const cancelled = error instanceof JobStopped && error.reason === 'cancelled';
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE jobs SET node = NULL, heartbeat_at = NULL WHERE id = $1 AND node = $2`,
        [job.id, queue.node],
      );
      if (cancelled) return;
      const message = error instanceof Error ? error.message : String(error);
      // A rejected input fails for good now: no attempts are left to retry it with.
      if (error instanceof JobRejected)
        await tx.query(`UPDATE ${QUEUE_SCHEMA}.job SET retry_limit = retry_count WHERE id = $1`, [
          job.id,
        ]);
      // A rejection's reason is kept as a message too (the reader's language on /horizon).
      const text = error instanceof JobRejected ? { text: error.text } : {};
      await queue.boss.fail(
        job.name,
        job.id,
        { message: message.slice(0, 2000), ...text },
        {
          db: bossDb(tx),
        },
      );
      const failed = await findJob(tx, job.id);
      if (!failed) return;
      publishJob(tx, jobEvent(failed), entry.userId);
      if (failed.state === 'FAILED') await notifyEnded(tx, failed);
    });
  };

  /** ctx.progress: stored and sent at most every PROGRESS_INTERVAL_MS; stops a cancelled job. */
  const progress = async (entry: Running, report: JobProgressReport): Promise<void> => {
    // PGlite answers in microtasks: a handler that only awaits the database would never let
    // the event loop serve a request. Each progress point gives it a turn.
    await yieldToEventLoop();
    if (entry.stop) throw entry.stop;
    const now = Date.now();
    const last = report.total != null && report.done >= report.total;
    if (!last && now - entry.lastProgressAt < PROGRESS_INTERVAL_MS) return;
    entry.lastProgressAt = now;
    const value = {
      done: Math.max(0, Math.floor(report.done)),
      total: report.total ?? null,
      phase: report.phase?.slice(0, 100) ?? null,
      message: report.message?.slice(0, 500) ?? null,
    };
    const [row] = await db.query<{ state: string | null }>(
      `UPDATE jobs j SET progress = $3, heartbeat_at = now()
        WHERE j.id = $1 AND j.node = $4
        RETURNING (SELECT b.state::text FROM ${QUEUE_SCHEMA}.job b WHERE b.name = $2 AND b.id = $1) AS state`,
      [entry.id, entry.kind, JSON.stringify(value), queue.node],
    );
    if (row?.state === 'cancelled') throw (entry.stop = new JobStopped('cancelled'));
    if (!row || row.state !== 'active') throw (entry.stop = new JobStopped('lost'));
    publishJob(
      db,
      {
        id: entry.id,
        kind: entry.kind,
        state: 'RUNNING',
        progress: value,
        error: null,
        attempts: entry.attempt,
      },
      entry.userId,
    );
  };

  /** The heartbeat of the jobs running here, and the recovery of other nodes' lost ones. */
  const heartbeat = async () => {
    const ids = [...running.keys()];
    if (ids.length > 0)
      await db.query(`UPDATE jobs SET heartbeat_at = now() WHERE id = any($1) AND node = $2`, [
        ids,
        queue.node,
      ]);
    await recoverLost(db, queue, workerTimeoutMs);
  };
  const heartbeatTimer = setInterval(
    () => void heartbeat().catch((error: unknown) => log(error, 'jobs: heartbeat failed')),
    Math.max(10, Math.floor(workerTimeoutMs / 3)),
  );

  queue.wake = () => {
    if (!stopping) schedule(0);
  };
  queue.cancelLocal = (id) => {
    const entry = running.get(id);
    if (entry) entry.stop ??= new JobStopped('cancelled');
  };
  // Jobs of a node that died while this one was down are taken up at once.
  void heartbeat()
    .catch((error: unknown) => log(error, 'jobs: recovery failed'))
    .finally(() => schedule(0));

  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      clearInterval(heartbeatTimer);
      await ticking;
      for (const entry of running.values()) entry.stop ??= new JobStopped('shutdown');
      const all = Promise.all([...running.values()].map((entry) => entry.done));
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        all,
        new Promise((resolve) => (waited = setTimeout(resolve, SHUTDOWN_WAIT_MS))),
      ]);
      clearTimeout(waited);
      queue.wake = () => undefined;
      queue.cancelLocal = () => undefined;
    },
  };
}

/**
 * Fails the runs of jobs whose node has not reported for `timeoutMs` (it was killed, or lost
 * its database): pg-boss then retries them after their delay, or fails them for good after
 * their last attempt. Each such job is locked (SKIP LOCKED), so two nodes never fail one run twice.
 */
export async function recoverLost(db: Db, queue: Queue, timeoutMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const lost = await tx.query<{ id: string; name: string; createdBy: number | null }>(
      `SELECT b.id, b.name, j.created_by AS "createdBy"
         FROM ${QUEUE_SCHEMA}.job b JOIN jobs j ON j.id = b.id
        WHERE b.state = 'active'
          AND coalesce(j.heartbeat_at, b.started_on) < now() - make_interval(secs => $1::float8 / 1000)
        FOR UPDATE OF b SKIP LOCKED`,
      [timeoutMs],
    );
    for (const job of lost) {
      await queue.boss.fail(
        job.name,
        job.id,
        { message: 'The server running the job stopped; the job is run again.' },
        { db: bossDb(tx) },
      );
      await tx.query(`UPDATE jobs SET node = NULL, heartbeat_at = NULL WHERE id = $1`, [job.id]);
      const after = await publishJobState(tx, job.id);
      if (after?.state === 'FAILED') await notifyEnded(tx, after);
    }
    if (lost.length > 0) tx.afterCommit(() => queue.wake());
    return lost.length;
  });
}
