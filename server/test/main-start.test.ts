// Kontor started the way people start it — `node server/dist/main.js` as a process of its own,
// configured only through the environment — on an empty database: demo data never in
// production, and several nodes starting together on one PostgreSQL database set it up once.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { migrate, openPostgres } from '../src/db';
import { MIGRATION_LOCK_ID, migrationsDir } from '../src/db/migrate';
import {
  buildServer,
  describeOnPostgres,
  emptyDatabase,
  postgresServer,
  startServerProcess,
  type ServerProcess,
} from './server-process';

jest.setTimeout(180_000);

// Every test here is on PostgreSQL whichever run it is in (its own throwaway cluster without
// TEST_DATABASE_URL): it runs once, in the server suite's PostgreSQL run (`npm test -- postgres`).

const root = path.resolve(__dirname, '..', '..');

const APP_KEY = 'main-start-test-key-main-start-test-key';
const DEMO_LOGINS = [
  ['admin@kontor.test', 'admin'],
  ['packer@kontor.test', 'packer'],
  ['guest@kontor.test', 'guest'],
] as const;

/** Logs in as a browser would (anti-forgery cookie, then POST /login); the answer's status. */
async function loginStatus(origin: string, email: string, password: string): Promise<number> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  };
  keep(await fetch(`${origin}/sanctum/csrf-cookie`, { headers: { accept: 'application/json' } }));
  const login = await fetch(`${origin}/login`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      // XSRF-TOKEN, or __Host-XSRF-TOKEN with secure cookies (production's default)
      'x-xsrf-token': decodeURIComponent(
        [...jar].find(([name]) => name.endsWith('XSRF-TOKEN'))?.[1] ?? '',
      ),
    },
    body: JSON.stringify({ email, password }),
  });
  return login.status;
}

describeOnPostgres('started as a process', () => {
  let pg: { url: string; stop(): void };
  const running: ServerProcess[] = [];
  const databases: { drop(): Promise<void> }[] = [];

  beforeAll(async () => {
    buildServer();
    pg = await postgresServer();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop()));
    for (const database of databases.splice(0)) await database.drop();
  });
  afterAll(() => pg?.stop());

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const server = await startServerProcess(env);
    running.push(server);
    return server;
  }

  async function database(): Promise<string> {
    const created = await emptyDatabase(pg.url);
    databases.push(created);
    return created.url;
  }

  async function rows<T>(url: string, sql: string): Promise<T[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }

  describe('demo data', () => {
    test('an empty embedded database gets the demo users outside production (the control for the next test)', async () => {
      const server = await start({ NODE_ENV: 'test' });
      expect(await loginStatus(server.origin, 'admin@kontor.test', 'admin')).toBe(204);
    });

    test('NODE_ENV=production on an empty embedded database creates no demo user', async () => {
      const server = await start({ NODE_ENV: 'production', APP_KEY });
      for (const [email, password] of DEMO_LOGINS)
        expect(await loginStatus(server.origin, email, password)).toBe(422);
    });

    test('NODE_ENV=production with DATABASE_URL and DEMO_DATA=true creates no demo user', async () => {
      const url = await database();
      const server = await start({
        NODE_ENV: 'production',
        APP_KEY,
        DATABASE_URL: url,
        DEMO_DATA: 'true',
      });
      for (const [email, password] of DEMO_LOGINS)
        expect(await loginStatus(server.origin, email, password)).toBe(422);
      expect(await rows(url, 'SELECT email FROM users')).toEqual([]);
      expect(await rows(url, 'SELECT name FROM roles')).toEqual([]);
    });
  });

  const migrationFiles = () =>
    readdirSync(migrationsDir)
      .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
      .map((name) => name.replace(/\.sql$/, ''))
      .sort();

  describe('three nodes starting at the same moment on one empty PostgreSQL database', () => {
    test('all three serve, every migration is applied once and the demo data exists once', async () => {
      const url = await database();
      const env = { NODE_ENV: 'development', APP_KEY, DATABASE_URL: url, DEMO_DATA: 'true' };
      const starts = [start(env), start(env), start(env)];
      const outcomes = await Promise.allSettled(starts);
      const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
      expect(failures).toEqual([]);
      const nodes = outcomes.map((o) => (o as PromiseFulfilledResult<ServerProcess>).value);

      for (const node of nodes) {
        const health = await fetch(`${node.origin}/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toMatchObject({ status: 'ok' });
      }
      const files = migrationFiles();
      expect(
        await rows(
          url,
          'SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version ORDER BY version',
        ),
      ).toEqual(files.map((version) => ({ version, n: 1 })));
      expect(
        await rows(url, 'SELECT name, count(*)::int AS n FROM roles GROUP BY name ORDER BY name'),
      ).toEqual([
        { name: 'admin', n: 1 },
        { name: 'packer', n: 1 },
      ]);
      expect(
        await rows(
          url,
          'SELECT lower(email) AS email, count(*)::int AS n FROM users GROUP BY 1 ORDER BY 1',
        ),
      ).toEqual(
        DEMO_LOGINS.map(([email]) => ({ email, n: 1 })).sort((a, b) =>
          a.email.localeCompare(b.email),
        ),
      );
      // No unique key guards this one: a second seeding would leave a second welcome.
      expect(await rows(url, 'SELECT count(*)::int AS n FROM notifications')).toEqual([{ n: 1 }]);
      const seeders = nodes.filter((node) => node.output().includes('Demo data created'));
      expect(seeders).toHaveLength(1);
      // Every node logs the demo user in.
      for (const node of nodes)
        expect(await loginStatus(node.origin, 'packer@kontor.test', 'packer')).toBe(204);
    });
  });

  describe('migrations from several servers at once', () => {
    test('five connections migrating one empty database in the same instant: none fails, each migration is applied once', async () => {
      const url = await database();
      const pools = Array.from({ length: 5 }, () => openPostgres(url, 2));
      try {
        const applied = await Promise.all(pools.map((db) => migrate(db)));
        // One of them applied everything; the others found it done.
        expect(applied.map((names) => names.length).sort()).toEqual([
          0,
          0,
          0,
          0,
          migrationFiles().length,
        ]);
      } finally {
        await Promise.all(pools.map((db) => db.close()));
      }
      expect(await rows(url, 'SELECT version FROM schema_migrations ORDER BY version')).toEqual(
        migrationFiles().map((version) => ({ version })),
      );
    });
  });

  test('the migration lock is held by the one connection all the locked work runs on, and free afterwards', async () => {
    const url = await database();
    const db = openPostgres(url, 4);
    const holders = () =>
      rows<{ pid: number }>(
        url,
        // Advisory locks belong to one database: servers migrating other test databases of the
        // same cluster at this moment hold the same key there.
        `SELECT pid FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND objid = ${MIGRATION_LOCK_ID}
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
    try {
      const seen = await db.withLock(MIGRATION_LOCK_ID, async (locked) => {
        const pid = 'SELECT pg_backend_pid() AS pid FROM pg_sleep(0.05)';
        const parallel = await Promise.all([1, 2, 3].map(() => locked.query<{ pid: number }>(pid)));
        const inTransaction = await locked.transaction((tx) => tx.query<{ pid: number }>(pid));
        return {
          pids: new Set([...parallel.flat(), ...inTransaction].map((row) => row.pid)),
          holders: await holders(),
        };
      });
      expect(seen.pids.size).toBe(1);
      expect(seen.holders).toEqual([{ pid: [...seen.pids][0] }]);
      expect(await holders()).toEqual([]);
    } finally {
      await db.close();
    }
  });

  test('a start loads no PDF, spreadsheet or image library: each loads with the first document, XLSX or image that needs it', () => {
    const loaded = spawnSync(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(path.join(root, 'server/dist/app.js'))});
       const modules = Object.keys(require.cache);
       console.log(JSON.stringify(['fastify', 'pdfkit', 'exceljs', 'unzipper', 'sharp'].filter(
         (name) => modules.some((file) => file.includes('/node_modules/' + name + '/')))));`,
      ],
      { encoding: 'utf8' },
    );
    expect(loaded.stderr).toBe('');
    // fastify: the control (the app module was loaded at all).
    expect(JSON.parse(loaded.stdout)).toEqual(['fastify']);
  });
});
