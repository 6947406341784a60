#!/usr/bin/env node
// What a deploy of one module costs the browsers (issue 5). Not a test: prints a table.
// Needs `npm run build` and the server built. A changed build of @kontor/admin (its
// live version folder copied with one text changed) is served from a local "CDN" and
// deployed by URL; the repository's dist/ is only read.
//   node bench/deploy.mjs [--runs 3]
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import launchOptions from '../build/chromium.cjs';
import {
  copyModuleBuild,
  logInContext,
  serveFolder,
  startKontor,
} from '../build/kontor-server.cjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const port = 8721;
const base = `http://127.0.0.1:${port}`;
const cdnBase = `http://127.0.0.1:${port + 1}`;
const TOKEN = 'bench-deploy-token-bench-deploy-token';
const PAGE = '/administration/users';

async function api(path, body) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
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

const cdnDir = mkdtempSync(join(tmpdir(), 'kontor-bench-cdn-'));
const cdn = await serveFolder(cdnDir, port + 1, 'public, max-age=31536000, immutable');
// The CDN stand-in is the one origin deploys by URL may fetch from.
const kontor = await startKontor({ port, env: { DEPLOY_TOKEN: TOKEN, DEPLOY_ORIGINS: cdnBase } });

const rows = [];
const browser = await chromium.launch(launchOptions);
try {
  const builtUrl = (await (await fetch(`${base}/importmap.json`)).json()).imports['@kontor/admin'];
  for (let run = 1; run <= runs; run++) {
    // A changed build of one module: its version folder with one text changed.
    const changedUrl =
      cdnBase +
      copyModuleBuild(builtUrl, cdnDir, `admin-${run}`, (text) =>
        text.replaceAll('Benutzer verwalten', `Benutzer verwalten ${run}`),
      );

    const context = await browser.newContext({ locale: 'de-DE' });
    await logInContext(context, base, 'admin@kontor.test', 'admin');
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
  await kontor.stop();
  await cdn.close();
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
