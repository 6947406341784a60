import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  copyModuleBuild,
  serveFolder,
  startKontor,
  waitFor,
  type RunningKontor,
} from '../build/kontor-server.cjs';
import { booted, logInAs, TEST_PASSWORD_HASHING } from './support';

// Deploys change the live registry, so these tests run against a Kontor of their own
// (port E2E_DEPLOY_PORT, default 8711, on a fresh database), one after another. Changed and
// broken builds are made in a temp folder and served from a "CDN" on the next port; the
// repository's dist/ is only read.
test.describe.configure({ mode: 'serial' });

const root = resolve(__dirname, '..');
const port = Number(process.env.E2E_DEPLOY_PORT ?? 8711);
const base = `http://127.0.0.1:${port}`;
const cdnBase = `http://127.0.0.1:${port + 1}`;
const devServerPort = port + 2;
const TOKEN = 'e2e-deploy-token-e2e-deploy-token-e2e';

let kontor: RunningKontor;
let cdn: { close(): Promise<void> };
let cdnDir: string;
const children: ChildProcess[] = [];

interface ImportMap {
  imports: Record<string, string>;
  integrity: Record<string, string>;
}

async function api(path: string, body: unknown) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function liveMap(): Promise<ImportMap> {
  return (await fetch(`${base}/importmap.json`)).json();
}

/** Copies a module's live version folder into the CDN folder under `name`, changing its text. */
function copyLiveBuild(url: string, name: string, change: (text: string) => string): string {
  return cdnBase + copyModuleBuild(url, cdnDir, name, change);
}

async function adminContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, locale: 'de-DE' });
  await logInAs(context, 'admin');
  return context;
}

test.beforeAll(async () => {
  cdnDir = mkdtempSync(join(tmpdir(), 'kontor-e2e-cdn-'));
  cdn = await serveFolder(cdnDir, port + 1);
  // The CDN stand-in is the one origin deploys by URL may fetch from.
  kontor = await startKontor({
    port,
    env: { DEPLOY_TOKEN: TOKEN, DEPLOY_ORIGINS: cdnBase, ...TEST_PASSWORD_HASHING },
  });
});

test.afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await kontor?.stop();
  await cdn?.close();
  rmSync(cdnDir, { recursive: true, force: true });
});

test('a deployed change of one module shows after a reload, leaves every other bundle alone, and a rollback restores it', async ({
  browser,
}) => {
  const context = await adminContext(browser);
  const page = await context.newPage();
  await page.goto('/administration/users');
  await booted(page);
  await expect(page.locator('#kontor-content h1')).toHaveText('Benutzer verwalten');

  const before = await liveMap();
  const url = copyLiveBuild(before.imports['@kontor/admin']!, 'admin-v2', (text) =>
    text.replaceAll('Benutzer verwalten', 'Benutzer verwalten (neu)'),
  );
  const deployed = await api('/spa/deploy', { module: '@kontor/admin', url });
  expect(deployed.status).toBe(200);

  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await page.reload();
  await booted(page);
  await expect(page.locator('#kontor-content h1')).toHaveText('Benutzer verwalten (neu)');
  expect(loaded).toContain(url);
  const after = await liveMap();
  expect(after.imports['@kontor/admin']).toBe(url);
  expect({ ...after.imports, '@kontor/admin': 'x' }).toEqual({
    ...before.imports,
    '@kontor/admin': 'x',
  });

  expect((await api('/spa/deploy/rollback', { module: '@kontor/admin' })).status).toBe(200);
  await page.reload();
  await booted(page);
  await expect(page.locator('#kontor-content h1')).toHaveText('Benutzer verwalten');
  expect(await liveMap()).toEqual(before);
  await context.close();
});

test('a deploy with a broken bundle or a bad manifest is refused and the live map stays as it was', async ({
  browser,
}) => {
  const before = await liveMap();
  const broken = copyLiveBuild(before.imports['@kontor/admin']!, 'admin-broken', (text) =>
    text.startsWith('System.register') ? text.slice(0, text.length / 2) : text,
  );
  const refusedBundle = await api('/spa/deploy', { module: '@kontor/admin', url: broken });
  expect(refusedBundle.status).toBe(422);
  expect(refusedBundle.json.errors.bundle[0]).toMatch(/does not parse/);

  const badManifest = copyLiveBuild(before.imports['@kontor/admin']!, 'admin-bad-manifest', (t) =>
    t.replace('"name": "@kontor/admin"', '"name": "@kontor/orders"'),
  );
  const refusedManifest = await api('/spa/deploy', { module: '@kontor/admin', url: badManifest });
  expect(refusedManifest.status).toBe(422);
  expect(refusedManifest.json.errors['manifest.name'][0]).toMatch(/names "@kontor\/orders"/);
  expect(await liveMap()).toEqual(before);

  const context = await adminContext(browser);
  const page = await context.newPage();
  await page.goto('/administration/users');
  await booted(page);
  await expect(page.locator('#kontor-content h1')).toHaveText('Benutzer verwalten');
  await context.close();
});

test('a module that throws on mount shows its error panel while navigation to the other modules works', async ({
  browser,
}) => {
  const registry = await (await fetch(`${base}/modules.json`)).json();
  const manifest = registry.find(
    (e: { name: string }) => e.name === '@kontor/stocktaking',
  ).manifest;
  writeFileSync(join(cdnDir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(cdnDir, 'throws.js'),
    `System.register([], function (_export) { return { execute: function () { _export({
      bootstrap: function () { return Promise.resolve(); },
      mount: function () { return Promise.reject(new Error('Inventur defekt')); },
      unmount: function () { return Promise.resolve(); } }); } }; });`,
  );
  expect(
    (await api('/spa/deploy', { module: '@kontor/stocktaking', url: `${cdnBase}/throws.js` }))
      .status,
  ).toBe(200);

  const context = await adminContext(browser);
  const page = await context.newPage();
  await page.goto('/stocktaking');
  await booted(page);
  const panel = page
    .getByRole('alert')
    .filter({ hasText: 'Dieser Bereich konnte nicht geladen werden.' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Inventur defekt');
  await expect(panel.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  await expect(page.locator('#kontor-menu')).toContainText('Inventur');

  await page.locator('#kontor-menu').getByText('Verwaltung').click();
  await page.locator('#kontor-menu').getByText('Benutzer', { exact: true }).click();
  await expect(page.locator('#kontor-content h1')).toHaveText('Benutzer verwalten');
  await expect(panel).toHaveCount(0);
  await page.goBack();
  await expect(panel).toBeVisible();

  // A bundle that cannot be fetched: the panel's retry loads it once it is there again.
  expect((await api('/spa/deploy/rollback', { module: '@kontor/stocktaking' })).status).toBe(200);
  const built = (await liveMap()).imports['@kontor/stocktaking']!;
  const good = copyLiveBuild(built, 'st', (t) => t);
  expect((await api('/spa/deploy', { module: '@kontor/stocktaking', url: good })).status).toBe(200);
  rmSync(join(cdnDir, 'st'), { recursive: true });
  await page.goto('/stocktaking');
  await booted(page);
  await expect(panel).toBeVisible();
  copyLiveBuild(built, 'st', (t) => t);
  await panel.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.locator('#kontor-content h1')).toHaveText('Inventur');
  expect((await api('/spa/deploy/rollback', { module: '@kontor/stocktaking' })).status).toBe(200);
  await context.close();
});

test("an override set through import-map-overrides loads that module from its developer's dev server", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dev = spawn(
    process.execPath,
    [
      join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'),
      'serve',
      '--config',
      'webpack.config.cjs',
      '--mode',
      'development',
      '--port',
      String(devServerPort),
    ],
    { cwd: join(root, 'mf-stocktaking'), stdio: 'ignore' },
  );
  children.push(dev);
  const devUrl = `http://127.0.0.1:${devServerPort}/kontor-stocktaking.js`;
  await waitFor(devUrl, 90_000);

  const context = await adminContext(browser);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await booted(page);
  // The panel of import-map-overrides shows only with the devtools flag outside development.
  const trigger = page.locator('import-map-overrides-full').getByRole('button');
  await expect(trigger).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('devtools', 'true'));
  await page.reload();
  await booted(page);
  await expect(trigger.first()).toBeVisible();

  await page.evaluate(
    (url) =>
      (
        window as unknown as { importMapOverrides: { addOverride(n: string, u: string): void } }
      ).importMapOverrides.addOverride('@kontor/stocktaking', url),
    devUrl,
  );
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await page.goto('/stocktaking');
  await booted(page);
  await expect(page.locator('#kontor-content h1')).toHaveText('Inventur');
  expect(loaded).toContain(devUrl);
  expect(loaded.some((u) => u.startsWith(`${base}/modules/mf-stocktaking/`))).toBe(false);
  dev.kill('SIGTERM');
  await context.close();
});
