import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { databaseOf, type Database, type Db } from '../db';
import type { JobsConfig } from '../config';
import { jobKinds, type JobKind } from './kinds';

// The queue is pg-boss 10 (Node ≥ 20; see ARCHITECTURE.md "Background jobs") on Kontor's own
// database. pg-boss talks to the database only through `executeSql(text, values)`; this file
// gives it our `Db` — PGlite or the PostgreSQL pool alike — instead of its own pg pool, and a
// transaction's `Db` when a job is enqueued inside the caller's transaction.

/** The advisory lock under which a node starts the queue (see startQueue). */
const QUEUE_START_LOCK_ID = 4_711_2025;

/** The schema pg-boss keeps its tables in. */
export const QUEUE_SCHEMA = 'pgboss';

/** pg-boss's database interface. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** A statement text holding more than one statement (pg-boss's schema and maintenance scripts). */
function isScript(text: string): boolean {
  return /;\s*\S/.test(text.trim().replace(/;\s*$/, ''));
}

/**
 * pg-boss's adapter over a Db. Parameterless scripts (`BEGIN; …; COMMIT;` under an advisory
 * lock, its schema) go through `exec`: PGlite's `query` takes one statement only. A script
 * that fails inside its own BEGIN leaves PGlite's one connection in an aborted transaction:
 * rolled back here (on PostgreSQL the pool drops a connection whose query failed).
 */
export function bossDb(db: Db): BossDb {
  return {
    async executeSql(text, values) {
      if ((!values || values.length === 0) && isScript(text)) {
        try {
          await db.exec(text);
        } catch (error) {
          if (/^\s*BEGIN\b/i.test(text)) await db.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
        return { rows: [] };
      }
      const rows = await db.query<Record<string, unknown>>(text, (values ?? []) as never[]);
      return { rows };
    },
  };
}

/** The pg-boss options of a kind's queue. */
function queueOptions(kind: JobKind<unknown>) {
  return {
    retryLimit: Math.max(0, (kind.maxAttempts ?? 3) - 1),
    retryDelay: kind.retryDelaySeconds ?? 10,
    retryBackoff: (kind.retryDelaySeconds ?? 10) > 0,
    expireInSeconds: Math.min(kind.timeoutSeconds ?? 4 * 3600, 23 * 3600),
  };
}

/** One node's queue: pg-boss on the database, and the node's workers when it has any. */
export interface Queue {
  boss: PgBoss;
  /** This process's id in `jobs.node`. */
  node: string;
  config: JobsConfig;
  /** Asks the workers to look for work now (after a local enqueue commits). */
  wake(): void;
  /** Set by the runner: the local flag a cancel sets for a job running here. */
  cancelLocal(id: string): void;
}

const queues = new WeakMap<Db, Queue & { users: number }>();

/** The started queue of the database `db` works on (a transaction finds its database's). */
export function queueOf(db: Db): Queue {
  const queue = queues.get(databaseOf(db));
  if (!queue) throw new Error('The job queue is not started on this database.');
  return queue;
}

/**
 * Starts pg-boss on `database` (creating or migrating its schema under its advisory lock,
 * and one queue per defined kind) and registers it for enqueue and the reads.
 */
export async function startQueue(
  database: Db,
  config: JobsConfig,
  onError: (error: unknown) => void,
): Promise<{ queue: Queue; owner: boolean }> {
  // A second app on the same Db (a test's variant) shares the first one's queue.
  const shared = queues.get(databaseOf(database));
  if (shared) {
    shared.users += 1;
    return { queue: shared, owner: false };
  }
  const boss = new PgBoss({
    db: bossDb(database),
    schema: QUEUE_SCHEMA,
    // Its maintenance (expiring, archiving, deleting) only where jobs run; schedules are unused.
    supervise: config.workers > 0,
    schedule: false,
    migrate: true,
    // Kept for /horizon: ended jobs move to pgboss.archive after 12 hours, deleted after 7 days.
    archiveCompletedAfterSeconds: 12 * 3600,
    archiveFailedAfterSeconds: 12 * 3600,
    deleteAfterDays: 7,
  });
  boss.on('error', onError);
  // Nodes starting at once on an empty database would each create pg-boss's schema (its own
  // lock comes after CREATE SCHEMA): one at a time, the others find it made.
  const owned = database as Partial<Database>;
  const oneAtATime = <T>(fn: () => Promise<T>) =>
    owned.withLock ? owned.withLock(QUEUE_START_LOCK_ID, fn) : fn();
  await oneAtATime(async () => {
    await boss.start();
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const kind of jobKinds().values()) {
      if (existing.has(kind.name))
        await boss.updateQueue(kind.name, { name: kind.name, ...queueOptions(kind) });
      else await boss.createQueue(kind.name, { name: kind.name, ...queueOptions(kind) });
    }
  });
  const queue = {
    boss,
    node: randomUUID(),
    config,
    wake: () => undefined,
    cancelLocal: () => undefined,
    users: 1,
  };
  queues.set(databaseOf(database), queue);
  return { queue, owner: true };
}

/** Stops pg-boss when its last app closes (the runner has stopped first). */
export async function stopQueue(database: Db, queue: Queue): Promise<void> {
  const entry = queues.get(databaseOf(database));
  if (entry === queue && --entry.users > 0) return;
  if (entry === queue) queues.delete(databaseOf(database));
  await queue.boss.stop({ graceful: false, close: false, wait: true });
}
