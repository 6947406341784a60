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
}

/** A database the process owns: a Db that can be closed. */
export interface Database extends Db {
  readonly kind: 'pglite' | 'postgres';
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
