import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type { AfterCommit, Database, Db, SqlParam } from './db';
export { databaseOf, MAX_PREPARED, prepared, queryOne } from './db';
export { applyMigrations, migrate, withMigrationLock } from './migrate';
export { openPglite, PGLITE_EXTENSIONS, wrapPglite } from './pglite';
export { openPostgres } from './postgres';

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return Promise.resolve(openPostgres(config.databaseUrl));
  return openPglite(path.join(config.dataDir, 'pglite'));
}
