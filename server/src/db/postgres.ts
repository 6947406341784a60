import { Pool, type PoolClient } from 'pg';
import {
  preparedNameOf,
  runNow,
  withAfterCommit,
  type AfterCommit,
  type Database,
  type Db,
  type SqlParam,
} from './db';

/** A Db bound to one pooled client inside BEGIN … COMMIT. */
function clientDb(client: PoolClient, afterCommit: (fn: AfterCommit) => void): Db {
  const db: Db = {
    ...statementsOn(client),
    transaction: (fn) => fn(db),
    afterCommit,
  };
  return db;
}

/**
 * `query` and `exec` of a Db, sent to the pool (any connection) or to one connection. One
 * connection runs one statement at a time: statements given to it at once (a page and its
 * count in `Promise.all` inside a transaction) wait their turn here, as pg 9 will require.
 */
function statementsOn(target: Pool | PoolClient): Pick<Db, 'query' | 'exec'> {
  const oneConnection = !(target instanceof Pool);
  let previous: Promise<unknown> = Promise.resolve();
  const run = <R>(statement: () => Promise<R>): Promise<R> => {
    if (!oneConnection) return statement();
    const next = previous.then(statement, statement);
    previous = next.catch(() => undefined);
    return next;
  };
  return {
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const name = preparedNameOf(sql);
      const result = await run(() =>
        name
          ? target.query({ name, text: sql, values: params as unknown[] })
          : target.query(sql, params as unknown[]),
      );
      return result.rows as T[];
    },
    async exec(sql: string) {
      await run(() => target.query(sql));
    },
  };
}

/** Connects to a PostgreSQL server through a connection pool. */
export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new Pool({ connectionString, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const database: Database = {
    kind: 'postgres',
    ...statementsOn(pool),
    transaction: <T>(fn: (tx: Db) => Promise<T>) =>
      withAfterCommit(
        database,
        (run: (client: PoolClient) => Promise<T>) => inTransaction(pool, run),
        clientDb,
        fn,
      ),
    afterCommit: runNow,
    async withLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T> {
      // A session-level lock belongs to the connection that took it: lock, work and unlock
      // all on this one client, never on whichever client the pool hands out next.
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn(connectionDb(client));
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } catch (error) {
        // Not back into the pool: the connection may still hold the lock or a broken state.
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        client.release(failure);
      }
    },
    close: () => pool.end(),
  };
  return database;
}

/** A Db on one connection of its own (outside a transaction); its transactions run on it too. */
function connectionDb(client: PoolClient): Db {
  const db: Db = {
    ...statementsOn(client),
    transaction: <T>(fn: (tx: Db) => Promise<T>) =>
      withAfterCommit(
        db,
        (run: (handle: PoolClient) => Promise<T>) => onClient(client, run),
        clientDb,
        fn,
      ),
    afterCommit: runNow,
  };
  return db;
}

/** BEGIN on a pooled client, fn, then COMMIT (or ROLLBACK when fn throws). */
async function inTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await onClient(client, fn);
  } finally {
    client.release();
  }
}

/** BEGIN on this client, fn, then COMMIT (or ROLLBACK when fn throws). */
async function onClient<T>(client: PoolClient, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
