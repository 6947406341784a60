// Front-end tests talk to the real Kontor server: a child process on a fresh embedded
// database with the demo data, reached through a fetch that behaves like one browser tab
// (cookie jar, readable XSRF-TOKEN mirrored into document.cookie). Nothing of ours is mocked.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import vm from 'node:vm';

// jsdom has no fetch; Node's own (outside jest's sandbox) does the real HTTP.
const nodeFetch = vm.runInThisContext('fetch') as typeof fetch;
const root = resolve(__dirname, '..');

/** One running server and the browser-like fetch installed for it. */
export interface RealServer {
  origin: string;
  /** Every request the page made, in order ("GET /user"). */
  calls: string[];
  /** The id of a demo user, read through the API as that user. */
  userId(email: string, password: string): Promise<number>;
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

async function startProcess(): Promise<{ child: ChildProcess; origin: string; dataDir: string }> {
  // Several jest workers may start servers at once: one builds, the others wait for it.
  const build = spawnSync(
    'flock',
    ['/tmp/kontor-server-build.lock', 'npm', 'run', '--silent', 'build', '-w', 'server'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'kontor-jest-'));
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
  return { child, origin, dataDir };
}

/** Starts the server and points the page's fetch at it. */
export async function startRealServer(): Promise<RealServer> {
  const { child, origin, dataDir } = await startProcess();
  const jar = new Map<string, string>();
  const calls: string[] = [];

  const browserFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push(`${method} ${url.pathname}`);
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
  };
  globalThis.fetch = browserFetch as typeof fetch;

  return {
    origin,
    calls,
    async userId(email, password) {
      // A second browser, so the page's own session stays as it is.
      const other = new Map<string, string>();
      const call = async (path: string, init: RequestInit = {}) => {
        const xsrf = other.get('XSRF-TOKEN');
        const response = await nodeFetch(origin + path, {
          ...init,
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            cookie: cookieHeader(other),
            ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
          },
        });
        storeCookies(other, response);
        return response;
      };
      await call('/sanctum/csrf-cookie');
      await call('/login', { method: 'POST', body: JSON.stringify({ email, password }) });
      const user = (await (await call('/user')).json()) as { id: number };
      return user.id;
    },
    async close() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
