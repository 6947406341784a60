// Front-end tests talk to the real Kontor server: a child process on a fresh embedded
// database with the demo data, reached through a fetch that behaves like one browser tab
// (cookie jar, readable XSRF-TOKEN mirrored into document.cookie). Nothing of ours is mocked.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import vm from 'node:vm';
import { buildServer } from './kontor-server.cjs';

// jsdom has no fetch; Node's own (outside jest's sandbox) does the real HTTP.
const nodeFetch = vm.runInThisContext('fetch') as typeof fetch;
const root = resolve(__dirname, '..');

/** A request the page made, with its JSON body (undefined when it had none). */
export interface PageRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A second browser, logged in as someone: for the data a test needs, outside the page. */
export interface ApiClient {
  /** The user's id. */
  id: number;
  /** Sends a JSON request with the session cookie and X-XSRF-TOKEN. */
  request(method: string, path: string, body?: unknown): Promise<Response>;
}

/** One running server and the browser-like fetch installed for it. */
export interface RealServer {
  origin: string;
  /** Every request the page made, in order ("GET /user"). */
  calls: string[];
  /** The same requests with their bodies. */
  requests: PageRequest[];
  /** How many of the page's requests have not answered yet. */
  pending(): number;
  /** The id of a demo user, read through the API as that user. */
  userId(email: string, password: string): Promise<number>;
  /** A second browser logged in as that user (one per e-mail, kept for the server's life). */
  client(email: string, password: string): Promise<ApiClient>;
  /** Sends a user a notification as the demo admin (`POST /spa/users/{id}/notifications`). */
  notify(userId: number, message: string): Promise<void>;
  /**
   * Holds the page's next request to `method path` until the returned release is called,
   * then sends it to the server as it was (to look at the page while it waits).
   */
  hold(method: string, path: string): () => void;
  close(): Promise<void>;
}

function mirrorReadableCookie(name: string, value: string | null): void {
  document.cookie =
    value === null
      ? `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
      : `${name}=${value}; path=/`;
}

/** Applies Set-Cookie lines to a jar; returns the cookies a page script may read. */
function storeCookies(jar: Map<string, string>, response: Response): [string, string | null][] {
  const readable: [string, string | null][] = [];
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1);
    const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
    if (expired) jar.delete(name);
    else jar.set(name, value);
    if (!attributes.some((a) => a.trim().toLowerCase() === 'httponly')) {
      readable.push([name, expired ? null : value]);
    }
  }
  return readable;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Starts `server/dist/main.js` on `dataDir`; resolves with the child and its origin. */
async function spawnServer(dataDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const origin = await new Promise<string>((resolveOrigin, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Kontor is running at http:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolveOrigin(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, origin };
}

/** Stops a server and waits until its process has ended (its files are complete then). */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

// Kept on the process outside jest's sandbox: the test files a worker runs share it.
const outerProcess = vm.runInThisContext('process') as NodeJS.Process & {
  kontorDataTemplate?: Promise<string>;
};

/**
 * A data directory holding a migrated database with the demo data, made once per jest worker
 * by starting and stopping a server on it: each test's server starts on a copy (initdb, the
 * migrations and the demo passwords' hashes take seconds; copying takes a fraction of one).
 */
function dataTemplate(): Promise<string> {
  outerProcess.kontorDataTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kontor-jest-template-'));
    outerProcess.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const { child } = await spawnServer(dir);
    await stopServer(child);
    return dir;
  })();
  return outerProcess.kontorDataTemplate;
}

async function startProcess(): Promise<{ child: ChildProcess; origin: string; dataDir: string }> {
  buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kontor-jest-'));
  cpSync(await dataTemplate(), dataDir, { recursive: true });
  const { child, origin } = await spawnServer(dataDir);
  return { child, origin, dataDir };
}

/** Starts the server and points the page's fetch at it. */
export async function startRealServer(): Promise<RealServer> {
  const { child, origin, dataDir } = await startProcess();
  const jar = new Map<string, string>();
  const calls: string[] = [];
  const requests: PageRequest[] = [];
  const holds: { key: string; gate: Promise<void> }[] = [];
  let pending = 0;

  const browserFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    calls.push(key);
    requests.push({ method, path: url.pathname, body: jsonBody(init.body) });
    pending += 1;
    try {
      const held = holds.findIndex((h) => h.key === key);
      if (held >= 0) await holds.splice(held, 1)[0]!.gate;
      const headers = new Headers(init.headers as HeadersInit);
      if (jar.size > 0) headers.set('cookie', cookieHeader(jar));
      const response = await nodeFetch(origin + url.pathname + url.search, {
        method,
        headers: Object.fromEntries(headers.entries()),
        body: init.body as BodyInit | undefined,
        redirect: 'manual',
      });
      for (const [name, value] of storeCookies(jar, response)) mirrorReadableCookie(name, value);
      return response;
    } finally {
      pending -= 1;
    }
  };
  globalThis.fetch = browserFetch as typeof fetch;

  const clients = new Map<string, Promise<ApiClient>>();
  const client = (email: string, password: string) => {
    if (!clients.has(email)) clients.set(email, logIn(origin, email, password));
    return clients.get(email)!;
  };

  return {
    origin,
    calls,
    requests,
    pending: () => pending,
    client,
    async userId(email, password) {
      return (await client(email, password)).id;
    },
    async notify(userId, message) {
      const admin = await client('admin@kontor.test', 'admin');
      const response = await admin.request('POST', `/spa/users/${userId}/notifications`, {
        message,
      });
      if (response.status !== 201) throw new Error(`notify answered ${response.status}`);
    },
    hold(method, path) {
      let release = () => undefined as void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      holds.push({ key: `${method.toUpperCase()} ${path}`, gate });
      return release;
    },
    async close() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request body as JSON when it is JSON text. */
function jsonBody(body: unknown): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Logs in through a cookie jar of its own (a second browser, so the page's session stays). */
async function logIn(origin: string, email: string, password: string): Promise<ApiClient> {
  const jar = new Map<string, string>();
  const request = async (method: string, path: string, body?: unknown) => {
    const xsrf = jar.get('XSRF-TOKEN');
    const response = await nodeFetch(origin + path, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        cookie: cookieHeader(jar),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    storeCookies(jar, response);
    return response;
  };
  await request('GET', '/sanctum/csrf-cookie');
  const login = await request('POST', '/login', { email, password });
  if (login.status >= 400) throw new Error(`login of ${email} answered ${login.status}`);
  const user = (await (await request('GET', '/user')).json()) as { id: number };
  return { id: user.id, request };
}
