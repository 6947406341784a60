import { createHash } from 'node:crypto';

/** Work that must wait until a transaction's changes are visible to everyone (a broadcast, a mail). */
export type AfterCommit = () => unknown;

/** A value that can be bound to a SQL parameter. */
export type SqlParam = string | number | boolean | Date | null | undefined | object;

/**
 * The one database interface every area uses: plain SQL with `$1` parameters.
 * Inside `transaction(fn)` the callback gets a Db bound to that transaction; calling
 * `transaction` on it again simply runs within the same transaction.
 */
export interface Db {
  /** Runs one statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn once the transaction this Db belongs to has committed (before `transaction()`
   * resolves), or at once outside a transaction; dropped when the transaction rolls back.
   * fn handles its own errors: the data is committed whatever it does.
   */
  afterCommit(fn: AfterCommit): void;
}

/** A database the process owns: a Db that can be closed. */
export interface Database extends Db {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Waits for the session-level advisory lock `key` (pg_advisory_lock), runs fn, then
   * releases it: every process that asks for the same key runs its fn one after the other.
   * On PostgreSQL one connection of the pool takes the lock, runs everything fn does
   * (its transactions too) and releases it; PGlite has only its one connection.
   */
  withLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Returns the first row of a query, or undefined. */
export async function queryOne<T = Record<string, unknown>>(
  db: Db,
  sql: string,
  params?: readonly SqlParam[],
): Promise<T | undefined> {
  const rows = await db.query<T>(sql, params);
  return rows[0];
}

// A transaction's Db remembers the database it runs on, so that services bound to a
// database (the realtime publisher) are found from inside its transactions too.
const databases = new WeakMap<Db, Db>();

/** The database a Db works on: the Db itself, or the database its transaction runs in. */
export function databaseOf(db: Db): Db {
  return databases.get(db) ?? db;
}

/**
 * Runs fn in a transaction of `database` through `begin` (which commits when fn resolves and
 * rolls back when it throws), giving fn a Db made by `bind`; then runs the after-commit work
 * in order. Shared by the PGlite and the PostgreSQL layer.
 */
export async function withAfterCommit<T, Handle>(
  database: Db,
  begin: (run: (handle: Handle) => Promise<T>) => Promise<T>,
  bind: (handle: Handle, afterCommit: (fn: AfterCommit) => void) => Db,
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  const pending: AfterCommit[] = [];
  const result = await begin((handle) => {
    const tx = bind(handle, (work) => void pending.push(work));
    databases.set(tx, database);
    return fn(tx);
  });
  for (const work of pending) await runSafely(work);
  return result;
}

/** Runs after-commit work outside a transaction: now, without letting its failure escape. */
export function runNow(work: AfterCommit): void {
  void runSafely(work);
}

async function runSafely(work: AfterCommit): Promise<void> {
  try {
    await work();
  } catch {
    // The work reports its own failures (see Db.afterCommit); the commit stands.
  }
}

/**
 * The most statement texts `prepared` names in one process: PostgreSQL keeps every named
 * statement (and its plan) on each connection that ran it, so the set must stay small.
 */
export const MAX_PREPARED = 200;

const preparedNames = new Map<string, string>();

/**
 * Marks a hot statement so that PostgreSQL parses and plans it once per connection (a named
 * prepared statement) instead of on every run; returns the text. For statements every request
 * runs (the session lookup) whose plan does not depend on their parameters' values: after
 * five runs PostgreSQL may keep one generic plan for all values, which is right for a primary
 * key lookup and wrong for a filter on a skewed column (give those no parameters or do not
 * mark them). Beyond MAX_PREPARED texts, statements run unnamed as before. PGlite ignores it.
 */
export function prepared(sql: string): string {
  if (!preparedNames.has(sql) && preparedNames.size < MAX_PREPARED)
    preparedNames.set(sql, `k_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);
  return sql;
}

/** The prepared statement name of a text marked by `prepared`, or undefined. */
export function preparedNameOf(sql: string): string | undefined {
  return preparedNames.get(sql);
}
