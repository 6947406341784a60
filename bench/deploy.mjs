#!/usr/bin/env node
// What a deploy of one module costs the browsers (issue 5). Not a test: prints a table.
// Needs `npm run build` and the server built. A changed build of @kontor/admin (its
// live version folder copied with one text changed) is served from a local "CDN" and
// deployed by URL; the repository's dist/ is only read.
//   node bench/deploy.mjs [--runs 3]
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const port = 8721;
const base = `http://127.0.0.1:${port}`;
const cdnBase = `http://127.0.0.1:${port + 1}`;
const TOKEN = 'bench-deploy-token-bench-deploy-token';
const PAGE = '/administration/users';

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function api(path, body) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function login(context) {
  await context.request.get(`${base}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const response = await context.request.post(`${base}/login`, {
    data: { email: 'admin@kontor.test', password: 'admin' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) },
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()}`);
}

/** Loads PAGE in the page and sums what came over the network (body + headers). */
async function visit(page, heading) {
  const requests = [];
  const listener = (request) => requests.push(request);
  page.on('requestfinished', listener);
  await page.goto(`${base}${PAGE}`);
  await page.locator('#kontor-content h2', { hasText: heading }).waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', listener);
  let bytes = 0;
  const fetched = [];
  for (const request of requests) {
    const sizes = await request.sizes();
    const response = await request.response();
    const transferred = sizes.responseBodySize + sizes.responseHeadersSize;
    bytes += transferred;
    if (response && response.status() === 200 && sizes.responseBodySize > 0) {
      fetched.push(new URL(request.url()).pathname);
    }
  }
  return { bytes, fetched };
}

const dataDir = mkdtempSync(join(tmpdir(), 'kontor-bench-deploy-'));
const cdnDir = mkdtempSync(join(tmpdir(), 'kontor-bench-cdn-'));
const cdn = http.createServer((request, response) => {
  let body;
  try {
    body = readFileSync(join(cdnDir, decodeURIComponent(request.url.split('?')[0])));
  } catch {
    body = undefined;
  }
  response.writeHead(body ? 200 : 404, {
    'access-control-allow-origin': '*',
    'content-type': request.url.endsWith('.js') ? 'text/javascript' : 'application/json',
    'cache-control': 'public, max-age=31536000, immutable',
  });
  response.end(body);
});
await new Promise((r) => cdn.listen(port + 1, '127.0.0.1', r));
const server = spawn('node', ['server/dist/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    DEPLOY_TOKEN: TOKEN,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const rows = [];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  await waitFor(`${base}/sanctum/csrf-cookie`);
  const builtUrl = (await (await fetch(`${base}/importmap.json`)).json()).imports['@kontor/admin'];
  for (let run = 1; run <= runs; run++) {
    // A changed build of one module: its version folder with one text changed.
    const folder = `admin-${run}`;
    cpSync(join(root, 'dist', builtUrl.slice(1, builtUrl.lastIndexOf('/'))), join(cdnDir, folder), {
      recursive: true,
    });
    for (const file of readdirSync(join(cdnDir, folder)).filter((f) => /\.(js|json)$/.test(f))) {
      const path = join(cdnDir, folder, file);
      writeFileSync(
        path,
        readFileSync(path, 'utf8').replaceAll('Benutzer verwalten', `Benutzer verwalten ${run}`),
      );
    }
    const changedUrl = `${cdnBase}/${folder}/${builtUrl.slice(builtUrl.lastIndexOf('/') + 1)}`;

    const context = await browser.newContext({ locale: 'de-DE' });
    await login(context);
    const page = await context.newPage();
    const first = await visit(page, 'Benutzer verwalten');
    const unchanged = await visit(page, 'Benutzer verwalten');

    const deployStarted = performance.now();
    await api('/spa/deploy', { module: '@kontor/admin', url: changedUrl });
    const deployed = performance.now();
    const returning = await visit(page, `Benutzer verwalten ${run}`);
    const received = performance.now();
    rows.push({
      run,
      first,
      unchanged,
      returning,
      deployMs: deployed - deployStarted,
      pickupMs: received - deployStarted,
    });
    await context.close();
    await api('/spa/deploy/rollback', { module: '@kontor/admin' });
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  cdn.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(cdnDir, { recursive: true, force: true });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`\nDeploy of one module (@kontor/admin), ${PAGE}, median of ${runs} runs`);
const table = [
  ['', 'first visit', 'returning, nothing changed', 'returning, admin deployed'],
  [
    'bytes over the network',
    kb(median(rows.map((r) => r.first.bytes))),
    kb(median(rows.map((r) => r.unchanged.bytes))),
    kb(median(rows.map((r) => r.returning.bytes))),
  ],
  [
    'files downloaded (200)',
    String(median(rows.map((r) => r.first.fetched.length))),
    String(median(rows.map((r) => r.unchanged.fetched.length))),
    String(median(rows.map((r) => r.returning.fetched.length))),
  ],
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
const last = rows.at(-1);
console.log(
  `\nreturning browser after the deploy downloaded: ${last.returning.fetched.join(', ')}`,
);
console.log(
  `deploy API call: ${median(rows.map((r) => r.deployMs)).toFixed(0)} ms; ` +
    `deploy start → first browser showing the new module: ${median(rows.map((r) => r.pickupMs)).toFixed(0)} ms`,
);
