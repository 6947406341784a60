import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database, Db } from './db';

/** server/migrations, seen from server/src/db or server/dist/db. */
export const migrationsDir = path.resolve(__dirname, '..', '..', 'migrations');

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;
/** Any constant shared by every node: serializes setting up the database across servers. */
export const MIGRATION_LOCK_ID = 4_711_2024;

/**
 * Runs fn under the migration lock, on the connection holding it: nodes starting at the same
 * moment on one database set it up one after the other, each seeing what the one before did.
 */
export function withMigrationLock<T>(db: Database, fn: (locked: Db) => Promise<T>): Promise<T> {
  return db.withLock(MIGRATION_LOCK_ID, fn);
}

/** Applies every migration not yet recorded, under the migration lock; returns the names applied. */
export function migrate(db: Database, dir = migrationsDir): Promise<string[]> {
  return withMigrationLock(db, (locked) => applyMigrations(locked, dir));
}

/**
 * Applies every migration file not yet recorded in schema_migrations, in order, each in its
 * own transaction; returns the names applied. The caller holds the migration lock
 * (`withMigrationLock`): even creating schema_migrations races without it.
 */
export async function applyMigrations(db: Db, dir = migrationsDir): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name))
    .sort();
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    const didApply = await db.transaction(async (tx) => {
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (done.length > 0) return false;
      await tx.exec(readFileSync(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      return true;
    });
    if (didApply) applied.push(version);
  }
  return applied;
}
