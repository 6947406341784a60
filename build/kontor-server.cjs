// Starting a built Kontor for end-to-end tests and benchmarks that need a server of their
// own (a deploy, a restart), and the small static host that plays a CDN for deploys by URL.
const { spawn, spawnSync } = require('node:child_process');
const {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const http = require('node:http');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const vm = require('node:vm');
const { SERVER_NODE_FLAGS } = require('./server-flags.cjs');

const root = resolve(__dirname, '..');

/** Waits until `url` answers 2xx, or throws after `ms`. */
async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Builds server/dist (`npm run build -w server`) for the tests that start `server/dist/main.js`,
 * once per process: remembered on the real `process`, outside jest's sandbox, so the test files
 * one jest worker runs build once. Others may build at the same moment (another jest worker, a
 * person): all take /tmp/kontor-build.lock (`flock /tmp/kontor-build.lock npm run build -w
 * server` by hand), one builds, the others wait for it.
 */
function buildServer() {
  const outer = vm.runInThisContext('process');
  // `npm test` builds it once before the suites (KONTOR_SERVER_BUILT): none builds again.
  if (outer.kontorServerBuilt || process.env.KONTOR_SERVER_BUILT) return;
  const build = spawnSync(
    'flock',
    ['/tmp/kontor-build.lock', 'npm', 'run', '--silent', 'build', '-w', 'server'],
    { cwd: root, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
  outer.kontorServerBuilt = true;
}

/** Starts `server/dist/main.js` on `port` with a fresh embedded database and the demo data. */
async function startKontor({ port, env = {}, dataDir } = {}) {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'kontor-run-'));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/sanctum/csrf-cookie`, 120_000); // a busy CI machine starts slowly
  } catch (error) {
    child.kill('SIGTERM'); // never leave a half-started server holding the port
    if (!dataDir) rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    dataDir: dir,
    /** The server's process id (benchmarks read its memory from /proc). */
    pid: child.pid,
    /** Stops the server (SIGTERM) and, unless `keepData`, removes its data. */
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Logs a Playwright browser context in through the product's own API. */
async function logInContext(context, base, email, password) {
  await context.request.get(`${base}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await context.request.post(`${base}/login`, {
    data: { email, password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) },
  });
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()}`);
}

/**
 * A static host for a folder (a CDN stand-in): CORS open, caching as asked. A Kontor deploys
 * from it by URL only when started with its base as DEPLOY_ORIGINS (env of startKontor).
 */
async function serveFolder(dir, port, cacheControl = 'no-store') {
  const server = http.createServer((request, response) => {
    const file = join(dir, decodeURIComponent(request.url.split('?')[0]));
    let body;
    try {
      body = file.startsWith(dir) ? readFileSync(file) : undefined;
    } catch {
      body = undefined;
    }
    response.writeHead(body ? 200 : 404, {
      'access-control-allow-origin': '*',
      'content-type': file.endsWith('.js') ? 'text/javascript' : 'application/json',
      'cache-control': cacheControl,
    });
    response.end(body);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Copies a module's built version folder (from its live URL under dist/) into `targetDir/name`,
 * changing every .js/.json file's text; returns the path of the copied entry inside targetDir.
 */
function copyModuleBuild(liveUrl, targetDir, name, change) {
  const folder = join(root, 'dist', liveUrl.slice(1, liveUrl.lastIndexOf('/')));
  const target = join(targetDir, name);
  cpSync(folder, target, { recursive: true });
  for (const file of readdirSync(target).filter((f) => /\.(js|json)$/.test(f))) {
    writeFileSync(join(target, file), change(readFileSync(join(target, file), 'utf8')));
  }
  return `/${name}/${liveUrl.slice(liveUrl.lastIndexOf('/') + 1)}`;
}

module.exports = {
  buildServer,
  waitFor,
  startKontor,
  logInContext,
  serveFolder,
  copyModuleBuild,
};
