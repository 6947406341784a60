import { randomBytes } from 'node:crypto';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { createApp } from '../src/app';
import { setPasswordHashing } from '../src/auth/passwords';
import { TEST_HASHING, testConfig, type Config } from '../src/config';
import { migrate, openPostgres, PGLITE_EXTENSIONS, wrapPglite, type Database } from '../src/db';
import { seedDemoData } from '../src/demo/seed';

// A worker's first app makes the template database (seconds); the others copy it.
jest.setTimeout(60_000);

// PGlite loads Node built-ins with import(), which jest's module sandbox refuses without
// --experimental-vm-modules. Node's own require, taken from the process outside the
// sandbox (jest patches the one inside), loads PGlite where import() works.
const outerProcess = vm.runInThisContext('process') as NodeJS.Process;
const nodeModule = outerProcess.getBuiltinModule('node:module') as typeof import('node:module');
const { PGlite } = nodeModule.createRequire(__filename)(
  '@electric-sql/pglite',
) as typeof import('@electric-sql/pglite');

/** An app on its own fresh, migrated and seeded database. */
export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** Another app with other settings on the same database (closed by close()). */
  variant(overrides: Partial<Config>): Promise<FastifyInstance>;
  /** Closes the apps and throws the database away. */
  close(): Promise<void>;
}

async function listeningApp(config: Config, db: Database): Promise<FastifyInstance> {
  const app = await createApp(config, db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** Runs one statement on the PostgreSQL server of `url` with a connection of its own. */
async function onServer(url: string, sql: string): Promise<void> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** `url` with another database name. */
function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

/**
 * The migrated database with the demo data that every test app starts from, made once per
 * jest worker process (initdb, the migrations and the demo passwords' hashes take seconds;
 * copying the result takes one): for PGlite a dump of its data directory, for PostgreSQL a
 * template database. Kept on the process outside jest's sandbox, so the test files a worker
 * runs one after another share it.
 */
function template(): Promise<{ dump: Blob } | { name: string }> {
  const holder = outerProcess as NodeJS.Process & {
    kontorTestTemplate?: Promise<{ dump: Blob } | { name: string }>;
  };
  holder.kontorTestTemplate ??= (async () => {
    setPasswordHashing(TEST_HASHING); // the demo users log in in most tests
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
      const db = wrapPglite(pglite);
      await migrate(db);
      await seedDemoData(db);
      const dump = await pglite.dumpDataDir('none');
      await db.close();
      return { dump };
    }
    const name = `kontor_template_${outerProcess.pid}`;
    await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await onServer(adminUrl, `CREATE DATABASE ${name}`);
    const db = openPostgres(databaseUrl(adminUrl, name), 2);
    await migrate(db);
    await seedDemoData(db);
    await db.close();
    return { name };
  })();
  return holder.kontorTestTemplate;
}

/**
 * A fresh database, migrated, with the demo data: in-memory PGlite by default; with
 * TEST_DATABASE_URL a new database on that PostgreSQL server, dropped again by `drop`.
 */
async function freshDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const from = await template();
  if (!adminUrl || !('name' in from)) {
    const db = wrapPglite(
      await PGlite.create({
        extensions: PGLITE_EXTENSIONS,
        loadDataDir: 'dump' in from ? from.dump : undefined,
      }),
    );
    return { db, drop: () => db.close() };
  }
  const name = `kontor_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${from.name}`);
  // A copy does not inherit the template's ALTER DATABASE … SET defaults (migration 0070's).
  const settings = new Client({ connectionString: adminUrl });
  await settings.connect();
  try {
    const { rows } = await settings.query<{ setting: string }>(
      `SELECT unnest(s.setconfig) AS setting FROM pg_db_role_setting s
         JOIN pg_database d ON d.oid = s.setdatabase WHERE d.datname = $1 AND s.setrole = 0`,
      [from.name],
    );
    for (const { setting } of rows) {
      const [key, value] = setting.split(/=(.*)/s) as [string, string];
      await settings.query(`ALTER DATABASE ${name} SET ${key} = '${value.replace(/'/g, "''")}'`);
    }
  } finally {
    await settings.end();
  }
  const db = openPostgres(databaseUrl(adminUrl, name), 5);
  return {
    db,
    async drop() {
      await db.close();
      await onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Starts an app on a fresh database with the demo data (one per test file: it takes seconds). */
export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const { db, drop } = await freshDatabase();
  // The test peers are loopback: trusting it lets each Browser tell its own address.
  const config = testConfig({ trustProxy: ['loopback'], ...overrides });
  const app = await listeningApp(config, db);
  const variants: FastifyInstance[] = [];
  return {
    app,
    db,
    async variant(more) {
      const other = await listeningApp({ ...config, ...more }, db);
      variants.push(other);
      return other;
    },
    async close() {
      for (const other of variants) await other.close();
      await app.close();
      await drop();
    },
  };
}

/** A request as a browser page would make it. */
export interface BrowserRequest {
  method?: string;
  url: string;
  /** An object is sent as JSON; a string as it is (set content-type yourself). */
  payload?: unknown;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN from the XSRF-TOKEN cookie (default true), as shared-session's http client does. */
  csrf?: boolean;
}

/** What a test looks at in a response. */
export interface TestResponse {
  statusCode: number;
  /** Lower-case names; set-cookie as a list. */
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests compare response shapes freely
}

/** The base URL of a listening app. */
export function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Sends one real HTTP request to the app. */
export async function send(
  app: FastifyInstance,
  options: Omit<BrowserRequest, 'csrf'>,
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (typeof options.payload === 'string') body = options.payload;
  else if (options.payload !== undefined) {
    body = JSON.stringify(options.payload);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(baseUrl(app) + options.url, {
    method: options.method ?? 'GET',
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  const responseHeaders: TestResponse['headers'] = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  responseHeaders['set-cookie'] = response.headers.getSetCookie();
  return {
    statusCode: response.status,
    headers: responseHeaders,
    body: text,
    json: () => JSON.parse(text),
  };
}

/** A cookie jar over real HTTP requests that behaves like one browser at one address. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    /** Sent as X-Forwarded-For; the test app trusts it, so each browser can have its own address. */
    readonly ip = '203.0.113.10',
  ) {}

  /** Sends a request with the jar's cookies, then stores the cookies the answer sets. */
  async request(options: BrowserRequest): Promise<TestResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-forwarded-for': this.ip,
      ...options.headers,
    };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (options.csrf !== false && xsrf !== undefined && !('x-xsrf-token' in headers)) {
      headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    }
    const response = await send(this.app, { ...options, headers });
    for (const line of response.headers['set-cookie'] as string[]) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    return response;
  }

  /** GET /sanctum/csrf-cookie, as the page does at init. */
  csrfCookie() {
    return this.request({ url: '/sanctum/csrf-cookie' });
  }

  /** Fetches the CSRF cookie and logs in; returns the login response. */
  async login(email: string, password: string, remember = false) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.csrfCookie();
    return this.request({ method: 'POST', url: '/login', payload: { email, password, remember } });
  }
}

/** A browser already logged in as one of the demo users. */
export async function loggedIn(
  app: FastifyInstance,
  email: string,
  password: string,
  ip?: string,
): Promise<Browser> {
  const browser = new Browser(app, ip);
  const response = await browser.login(email, password);
  if (response.statusCode !== 204)
    throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
  return browser;
}
