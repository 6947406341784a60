import { Pool, type PoolClient } from 'pg';
import {
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
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    transaction: (fn) => fn(db),
    afterCommit,
  };
  return db;
}

/** Connects to a PostgreSQL server through a connection pool. */
export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new Pool({ connectionString, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const database: Database = {
    kind: 'postgres',
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    transaction: <T>(fn: (tx: Db) => Promise<T>) =>
      withAfterCommit(
        database,
        (run: (client: PoolClient) => Promise<T>) => inTransaction(pool, run),
        clientDb,
        fn,
      ),
    afterCommit: runNow,
    close: () => pool.end(),
  };
  return database;
}

/** BEGIN on a pooled client, fn, then COMMIT (or ROLLBACK when fn throws). */
async function inTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
