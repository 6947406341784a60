import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../src/db';
import { kysely } from '../src/db/kysely';
import { startTestApp, type TestApp } from './helpers';

// server/src/db/schema.ts (the table types of typed SQL) is generated from the migrated
// database: this test renders it from information_schema and compares it with the file, on
// PGlite and on PostgreSQL (server/scripts/test-postgres.sh). After a migration, regenerate:
//   UPDATE_DB_SCHEMA=1 npx jest server/test/db-schema.test.ts

const SCHEMA_FILE = path.resolve(__dirname, '../src/db/schema.ts');

interface ColumnRow {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** The TypeScript type a value of this PostgreSQL type is read as (by pg and by PGlite). */
function tsType(udt: string, table: string, column: string): string {
  if (udt.startsWith('_')) return `${tsType(udt.slice(1), table, column)}[]`;
  switch (udt) {
    case 'int2':
    case 'int4':
    case 'float4':
    case 'float8':
      return 'number';
    case 'int8':
      return 'Int8';
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'uuid':
    case 'numeric':
    case 'inet':
    case 'tsvector': // read as its text form
      return 'string';
    case 'bool':
      return 'boolean';
    case 'timestamptz':
    case 'timestamp':
    case 'date':
      return 'Date';
    case 'json':
    case 'jsonb':
      return 'Json'; // rendered as a ColumnType below
    case 'bytea':
      return 'Uint8Array';
    default:
      throw new Error(`${table}.${column}: no TypeScript type for PostgreSQL type ${udt}`);
  }
}

const pascal = (name: string) =>
  name.replace(/(^|_)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());

/** The text of schema.ts for the database's tables (every table but schema_migrations). */
async function renderSchema(db: Db): Promise<string> {
  const columns = await db.query<ColumnRow>(
    `SELECT table_name AS "table", column_name AS "column", udt_name AS type,
            is_nullable = 'YES' AS nullable,
            (column_default IS NOT NULL OR is_identity = 'YES') AS "hasDefault"
       FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> 'schema_migrations'
      ORDER BY table_name, ordinal_position`,
  );
  const tables = [...new Set(columns.map((c) => c.table))];
  const lines = [
    '// Generated from the migrated database by server/test/db-schema.test.ts; do not edit.',
    '// After a migration: UPDATE_DB_SCHEMA=1 npx jest server/test/db-schema.test.ts',
    "import type { ColumnType, Generated } from 'kysely';",
    '',
    '/** bigint: pg reads it as a string, PGlite as a number. */',
    'export type Int8 = string | number;',
    '// json/jsonb columns: read parsed, written as JSON text (`JSON.stringify`).',
    '',
  ];
  for (const table of tables) {
    lines.push(`/** The table ${table}. */`, `export interface ${pascal(table)}Table {`);
    for (const c of columns.filter((row) => row.table === table)) {
      let type = tsType(c.type, table, c.column);
      const orNull = c.nullable ? ' | null' : '';
      if (type === 'Json') {
        // Read parsed (null included in unknown), written as text; a default makes it optional.
        type = `ColumnType<unknown, string${c.hasDefault ? ' | undefined' : ''}${orNull}, string${orNull}>`;
      } else {
        type += orNull;
        if (c.hasDefault) type = `Generated<${type}>`;
      }
      lines.push(`  ${c.column}: ${type};`);
    }
    lines.push('}', '');
  }
  lines.push('/** Every table by name: the database type of Kysely (db/kysely.ts). */');
  lines.push('export interface Tables {');
  for (const table of tables) lines.push(`  ${table}: ${pascal(table)}Table;`);
  lines.push('}', '');
  return lines.join('\n');
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('typed SQL', () => {
  test('the table types in db/schema.ts are those of the migrated database', async () => {
    const rendered = await renderSchema(t.db);
    const stored = readFileSync(SCHEMA_FILE, 'utf8');
    if (process.env.UPDATE_DB_SCHEMA) {
      // A developer's regeneration after a migration: written, not compared (it would be the
      // file with itself). CI never regenerates.
      if (process.env.CI)
        throw new Error('UPDATE_DB_SCHEMA regenerates schema.ts; CI compares it.');
      if (stored !== rendered) writeFileSync(SCHEMA_FILE, rendered);
      console.info(stored === rendered ? 'schema.ts was current' : 'schema.ts regenerated');
      return;
    }
    expect(stored).toBe(rendered);
  });

  test('a typed query on a transaction runs in it: rolled back with it, seen after commit', async () => {
    const seen: string[] = [];
    await expect(
      t.db.transaction(async (tx) => {
        await kysely(tx).insertInto('shippers').values({ name: 'Rolled Back Cargo' }).execute();
        tx.afterCommit(() => void seen.push('rolled back'));
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    const names = () =>
      kysely(t.db)
        .selectFrom('shippers')
        .select('name')
        .where('name', 'in', ['Rolled Back Cargo', 'Committed Cargo'])
        .execute();
    expect(await names()).toEqual([]);

    await t.db.transaction(async (tx) => {
      await kysely(tx).insertInto('shippers').values({ name: 'Committed Cargo' }).execute();
      tx.afterCommit(() => void seen.push('committed'));
    });
    expect(await names()).toEqual([{ name: 'Committed Cargo' }]);
    expect(seen).toEqual(['committed']);
  });

  test('a Kysely transaction is refused: Db.transaction is the one way to start one', async () => {
    await expect(
      kysely(t.db)
        .transaction()
        .execute(async () => undefined),
    ).rejects.toThrow(/db\.transaction/);
  });
});
