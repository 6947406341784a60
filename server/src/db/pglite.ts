import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  runNow,
  withAfterCommit,
  type AfterCommit,
  type Database,
  type Db,
  type SqlParam,
} from './db';

/**
 * An error of PGlite as an Error of this realm. Tests create their PGlite outside jest's
 * module loader, where its errors are not `instanceof Error` here: GraphQL would then see
 * "Unexpected error value" and lose the code and constraint (a taken name became a 500 in
 * tests only). In production it is the same error.
 */
function ownError(error: unknown): unknown {
  if (error instanceof Error || error === null || typeof error !== 'object') return error;
  const copy = new Error(String((error as { message?: unknown }).message ?? 'PGlite error'));
  return Object.assign(copy, error);
}

/** A Db bound to one open PGlite transaction. */
function transactionDb(tx: Transaction, afterCommit: (fn: AfterCommit) => void): Db {
  const db: Db = {
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      try {
        return (await tx.query<T>(sql, params as unknown[])).rows;
      } catch (error) {
        throw ownError(error);
      }
    },
    async exec(sql: string) {
      try {
        await tx.exec(sql);
      } catch (error) {
        throw ownError(error);
      }
    },
    transaction: (fn) => fn(db),
    afterCommit,
  };
  return db;
}

/**
 * Opens the embedded database: in `dataDir` when given, in memory otherwise.
 * PGlite has a single connection; its own mutex makes every query wait for a running
 * transaction, so transactions are serialized through it.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  return wrapPglite(await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS }));
}

/**
 * The PostgreSQL extensions Kontor's migrations create (pg_trgm: the lists' search indexes);
 * whoever creates a PGlite outside openPglite (tests, benches) passes them to PGlite.create.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Settings of every PGlite session. PGlite does not apply a database's `ALTER DATABASE … SET`
 * defaults when it opens an existing data directory (a restart, a dump loaded), so the one
 * migration 0070 gives PostgreSQL's sessions (the lists' search must use its trigram
 * indexes) is set here whenever a PGlite is opened.
 */
export const PGLITE_SESSION_SETTINGS = 'SET random_page_cost = 1.1';

/** The Database over an open PGlite instance (tests create theirs outside jest's module loader). */
export function wrapPglite(pglite: PGlite): Database {
  // Queued before any statement the caller sends (PGlite runs them in order).
  void pglite.exec(PGLITE_SESSION_SETTINGS).catch(() => undefined);
  const database: Database = {
    kind: 'pglite',
    async query<T>(sql: string, params: readonly SqlParam[] = []) {
      try {
        return (await pglite.query<T>(sql, params as unknown[])).rows;
      } catch (error) {
        throw ownError(error);
      }
    },
    async exec(sql: string) {
      try {
        await pglite.exec(sql);
      } catch (error) {
        throw ownError(error);
      }
    },
    transaction: (fn) =>
      withAfterCommit(database, (run) => pglite.transaction(run), transactionDb, fn).catch(
        (error: unknown) => {
          throw ownError(error);
        },
      ),
    afterCommit: runNow,
    async withLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T> {
      // One connection: the lock is the session's; it keeps out only other sessions.
      await pglite.query('SELECT pg_advisory_lock($1)', [key]);
      try {
        return await fn(database);
      } finally {
        await pglite.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    },
    close: () => pglite.close(),
  };
  return database;
}
