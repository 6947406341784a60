import { readdirSync } from 'node:fs';
import { migrate } from '../src/db';
import { migrationsDir } from '../src/db/migrate';
import { isDatabaseEmpty } from '../src/demo/seed';
import { startTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('migrations', () => {
  test('every migration file is recorded once, in order', async () => {
    const files = readdirSync(migrationsDir)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.replace(/\.sql$/, ''))
      .sort();
    const rows = await t.db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((row) => row.version)).toEqual(files);
  });

  test('running them again on every start applies nothing and changes nothing', async () => {
    const [before] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM permissions');
    expect(await migrate(t.db)).toEqual([]);
    const [after] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM permissions');
    expect(after!.n).toBe(before!.n);
  });

  test('e-mail addresses are unique without regard to case', async () => {
    await expect(
      t.db.query(
        `INSERT INTO users (name, email, password_hash) VALUES ('Twin', 'ADMIN@KONTOR.TEST', 'x')`,
      ),
    ).rejects.toThrow(/unique/i);
  });
});

describe('transactions', () => {
  test('a failing transaction leaves nothing behind', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO roles (name) VALUES ('half-done')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.db.query(`SELECT 1 FROM roles WHERE name = 'half-done'`)).toEqual([]);
  });

  test('a transaction commits what it did, and queries outside wait for it', async () => {
    const inside = t.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO roles (name) VALUES ('committed')`);
      return tx.query<{ name: string }>(`SELECT name FROM roles WHERE name = 'committed'`);
    });
    const outside = t.db.query(`SELECT 1 FROM roles WHERE name = 'no-such-role'`);
    expect(await inside).toEqual([{ name: 'committed' }]);
    expect(await outside).toEqual([]);
    expect(await t.db.query(`SELECT 1 AS one FROM roles WHERE name = 'committed'`)).toEqual([
      { one: 1 },
    ]);
  });
});

describe('demo data', () => {
  test('a seeded database is not empty, so a restart seeds nothing twice', async () => {
    expect(await isDatabaseEmpty(t.db)).toBe(false);
    const roles = await t.db.query<{ name: string }>(
      `SELECT name FROM roles WHERE name IN ('admin', 'packer') ORDER BY name`,
    );
    expect(roles).toEqual([{ name: 'admin' }, { name: 'packer' }]);
  });
});
