#!/usr/bin/env node
// Cold load of /login and /dashboard in Chromium: what a warehouse PC downloads and how
// soon it paints. Not a test: prints a table. Needs `npm run build` and the server built.
//   node bench/load.mjs [--runs 3]
import { chromium } from '@playwright/test';
import launchOptions from '../build/chromium.cjs';
import { logInContext, startKontor } from '../build/kontor-server.cjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const port = 8491;
const base = `http://127.0.0.1:${port}`;
const TARGET_LOGIN_JS = 300 * 1024;

// Counts React renderers: each evaluated copy of react-dom registers one with this hook.
const countRenderers = `
  window.__kontorRenderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(),
    inject() { window.__kontorRenderers += 1; return window.__kontorRenderers; },
    onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
  };`;

async function measure(browser, path, loggedIn, readyText) {
  const context = await browser.newContext();
  if (loggedIn) await logInContext(context, base, 'admin@kontor.test', 'admin');
  const page = await context.newPage();
  await page.addInitScript(countRenderers);
  const requests = [];
  page.on('requestfinished', (request) => requests.push(request));
  await page.goto(`${base}${path}`);
  await page.getByText(readyText).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  );
  const renderers = await page.evaluate(() => window.__kontorRenderers);
  let js = 0;
  let css = 0;
  const seen = new Map();
  for (const request of requests) {
    const sizes = await request.sizes();
    const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
    const url = new URL(request.url()).pathname;
    if (url.endsWith('.js')) js += bytes;
    if (url.endsWith('.css')) css += bytes;
    const lib = url.match(/^\/libs\/([a-z-]+?)[.-][0-9a-f]{8,}/)?.[1];
    if (lib) seen.set(lib, (seen.get(lib) ?? 0) + 1);
  }
  await context.close();
  const duplicates = [...seen].filter(([, n]) => n > 1).map(([name]) => name);
  return { requests: requests.length, js, css, fcp, renderers, duplicates };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const kontor = await startKontor({ port });
const browser = await chromium.launch(launchOptions);
try {
  const pages = [
    { name: '/login (logged out)', path: '/login', loggedIn: false, ready: 'Passwort' },
    {
      name: '/dashboard (admin)',
      path: '/dashboard',
      loggedIn: true,
      ready: 'Bestellungen gesamt',
    },
  ];
  const rows = [];
  for (const p of pages) {
    const samples = [];
    for (let i = 0; i < runs; i++)
      samples.push(await measure(browser, p.path, p.loggedIn, p.ready));
    const last = samples[samples.length - 1];
    rows.push({
      page: p.name,
      'JS (transferred)': kb(median(samples.map((s) => s.js))),
      'CSS (transferred)': kb(median(samples.map((s) => s.css))),
      requests: median(samples.map((s) => s.requests)),
      'FCP (median)': `${median(samples.map((s) => s.fcp)).toFixed(0)} ms`,
      'React copies': last.renderers,
      'duplicate libs': last.duplicates.join(', ') || 'none',
      'JS target':
        p.path === '/login'
          ? median(samples.map((s) => s.js)) <= TARGET_LOGIN_JS
            ? '≤ 300 KB: met'
            : '≤ 300 KB: MISSED'
          : '–',
    });
  }
  console.log(`Cold loads, median of ${runs} runs each, fresh browser context per run`);
  console.table(rows);
} finally {
  await browser.close();
  await kontor.stop();
}
