import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { prepared, type Db, type SqlParam } from './db';
import type { Tables } from './schema';

// Kysely is our typed query builder only: every statement it compiles runs through a `Db`,
// the one connection layer (PGlite or the PostgreSQL pool, transactions with afterCommit,
// advisory locks). A query built on `kysely(tx)` therefore runs inside `tx`.

/** One "connection" of Kysely: the Db the queries go to. */
class DbConnection implements DatabaseConnection {
  constructor(private readonly db: Db) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const rows = await this.db.query<R>(compiled.sql, compiled.parameters as readonly SqlParam[]);
    // Db returns rows only, so Kysely's numAffectedRows is unknown here: use RETURNING to
    // learn what an update or delete touched.
    return { rows };
  }

  // eslint-disable-next-line require-yield -- not supported: Db has no cursors
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported through Db; page with LIMIT or use a cursor.');
  }
}

/** A Kysely driver over one Db: no pool, no transactions of its own (Db.transaction does that). */
class DbDriver implements Driver {
  private readonly connection: DbConnection;

  constructor(db: Db) {
    this.connection = new DbConnection(db);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}

  beginTransaction(): Promise<void> {
    return notHere();
  }
  commitTransaction(): Promise<void> {
    return notHere();
  }
  rollbackTransaction(): Promise<void> {
    return notHere();
  }
}

function notHere(): Promise<never> {
  return Promise.reject(
    new Error('Use db.transaction(async (tx) => …kysely(tx)…), not Kysely transactions.'),
  );
}

/** The PostgreSQL dialect of Kysely (PGlite speaks it too) executing through a Db. */
function dbDialect(db: Db): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DbDriver(db),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

// One builder per Db (a transaction's Db lives as long as the transaction).
const builders = new WeakMap<Db, Kysely<Tables>>();

/**
 * The typed query builder over `db`: `await kysely(tx).selectFrom('clients')…execute()`
 * runs on `tx` (inside its transaction when `tx` is one). Table and column types come from
 * `db/schema.ts`.
 */
export function kysely(db: Db): Kysely<Tables> {
  let builder = builders.get(db);
  if (!builder) {
    builder = new Kysely<Tables>({ dialect: dbDialect(db) });
    builders.set(db, builder);
  }
  return builder;
}

/**
 * Runs a built query as a named prepared statement (see `prepared` in db.ts): for the
 * primary-key lookups every page runs, whose one plan fits every value.
 */
export async function executePrepared<R>(
  db: Db,
  query: { compile(): CompiledQuery<R> },
): Promise<R[]> {
  const compiled = query.compile();
  return db.query<R>(prepared(compiled.sql), compiled.parameters as readonly SqlParam[]);
}
