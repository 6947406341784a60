import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serveFolder, startKontor, waitFor, type RunningKontor } from '../build/kontor-server.cjs';
import { booted, logInAs, TEST_PASSWORD_HASHING } from './support';

// Issue 9: a developer overrides a module with its development build (README "Run one module
// from your machine"). Such a build must run against the page's shared React from the import
// map: a module that bundled React's dev JSX runtime crashed in its first JSX element
// (`dispatcher.getOwner is not a function`). Kontor of its own on port E2E_DEV_OVERRIDE_PORT
// (default 8731); every module's development build on a static host (CORS open) on the next
// port; `npm run dev -w mf-admin` on the port after.
test.describe.configure({ mode: 'serial' });

const root = resolve(__dirname, '..');
const port = Number(process.env.E2E_DEV_OVERRIDE_PORT ?? 8731);
const base = `http://127.0.0.1:${port}`;
const devHost = `http://127.0.0.1:${port + 1}`;
const adminDevUrl = `http://127.0.0.1:${port + 2}/kontor-admin.js`;

interface Route {
  path: string;
  access: string;
  pageTitle?: string;
}
interface Manifest {
  routes?: Route[];
  translations?: Record<string, Record<string, unknown>>;
}

let kontor: RunningKontor;
let devHostServer: { close(): Promise<void> };
let bundleDir: string;
/** Import-map name → URL of its development build on the static host. */
let devBundles: Record<string, string>;
let adminDevServer: ChildProcess;

/** `node e2e/dev-bundles.cjs <dir>`: every module built as its dev script builds it. */
function buildDevBundles(dir: string): Promise<Record<string, string>> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(__dirname, 'dev-bundles.cjs'), dir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? done(JSON.parse(out)) : fail(new Error(`dev-bundles.cjs exited ${code}`)),
    );
  });
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  bundleDir = mkdtempSync(join(tmpdir(), 'kontor-e2e-dev-bundles-'));
  // The README's command, as a developer types it (its own process group, stopped as one).
  adminDevServer = spawn(
    'npm',
    ['run', 'dev', '-w', 'mf-admin', '--', '--port', String(port + 2)],
    {
      cwd: root,
      stdio: 'ignore',
      detached: true,
    },
  );
  // All at once (settled, so afterAll stops whatever did start when one of them fails).
  const [started, built, devServerUp] = await Promise.allSettled([
    startKontor({ port, env: TEST_PASSWORD_HASHING }),
    buildDevBundles(bundleDir),
    waitFor(adminDevUrl, 120_000),
  ]);
  if (started.status === 'fulfilled') kontor = started.value;
  for (const result of [started, built, devServerUp]) {
    if (result.status === 'rejected') throw result.reason;
  }
  devBundles = Object.fromEntries(
    Object.entries((built as PromiseFulfilledResult<Record<string, string>>).value).map(
      ([name, url]) => [name, devHost + url],
    ),
  );
  devHostServer = await serveFolder(bundleDir, port + 1);
});

test.afterAll(async () => {
  if (adminDevServer?.pid && adminDevServer.exitCode === null) {
    process.kill(-adminDevServer.pid, 'SIGTERM');
  }
  await kontor?.stop();
  await devHostServer?.close();
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
});

async function adminContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, locale: 'de-DE' });
  await logInAs(context, 'admin');
  return context;
}

/** Errors the page throws or logs (a crashing JSX element logs through React). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Every bundle URL the page requests, as it requests it. */
function collectRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** A manifest's German translation of a key like `admin:users.title`. */
function translate(manifest: Manifest, key: string): string {
  const [namespace, path] = key.split(':') as [string, string];
  let value: unknown = manifest.translations?.de?.[namespace];
  for (const part of path.split('.')) value = (value as Record<string, unknown>)?.[part];
  if (typeof value !== 'string') throw new Error(`no German text for ${key}`);
  return value;
}

const moduleErrorPanels = (page: Page) =>
  page
    .locator('#kontor-content [role=alert]')
    .filter({ hasText: /konnte nicht geladen werden|Etwas ist schiefgelaufen/ });

test('a JSX module overridden through the overrides panel with its `npm run dev` server renders its pages, and removing the override restores the server’s module', async ({
  browser,
}) => {
  test.setTimeout(60_000); // development bundles are big (eval source maps), CI is busy
  const context = await adminContext(browser);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/administration/users');
  await booted(page);
  await page.evaluate(() => localStorage.setItem('devtools', 'true'));
  await page.reload();
  await booted(page);

  // README: the {···} button of import-map-overrides, a module's row, "Override URL".
  const panel = page.locator('import-map-overrides-full');
  await panel.getByRole('button', { name: '{···}' }).click();
  await panel.getByText('@kontor/admin', { exact: true }).click();
  await panel.getByRole('textbox').last().fill(adminDevUrl);
  await panel.getByRole('button', { name: 'Apply override' }).click();

  let requested = collectRequests(page);
  await page.reload();
  await booted(page);
  const content = page.locator('#kontor-content');
  await expect(content.locator('h1')).toHaveText('Benutzer verwalten');
  await expect(content.getByRole('cell', { name: 'admin@kontor.test' })).toBeVisible();
  await expect(content.getByRole('cell', { name: 'packer@kontor.test' })).toBeVisible();
  expect(requested).toContain(adminDevUrl);
  expect(requested.some((url) => url.startsWith(`${base}/modules/mf-admin/`))).toBe(false);

  // The module's other pages (its own JSX, Blueprint's) through its menu.
  const menu = page.locator('#kontor-menu');
  await menu.getByText('Rollen', { exact: true }).click();
  await expect(content.locator('h1')).toHaveText('Rollen verwalten');
  await expect(content.getByRole('row').filter({ hasText: 'packer' })).toBeVisible();
  await content.getByRole('button', { name: 'Erstellen' }).click();
  await expect(content.locator('h1')).toHaveText('Rolle erstellen');
  await expect(content.getByRole('textbox').first()).toBeVisible();
  await expect(moduleErrorPanels(page)).toHaveCount(0);

  // Removing it: the same dialog, the URL cleared → "Reset to default", then a reload.
  await panel.getByRole('button', { name: '{···}' }).click();
  await panel.getByText('@kontor/admin', { exact: true }).click();
  await panel.getByRole('textbox').last().fill('');
  await panel.getByRole('button', { name: 'Reset to default' }).click();
  requested = collectRequests(page);
  await page.goto('/administration/users');
  await booted(page);
  await expect(content.locator('h1')).toHaveText('Benutzer verwalten');
  await expect(content.getByRole('cell', { name: 'admin@kontor.test' })).toBeVisible();
  expect(requested).not.toContain(adminDevUrl);
  expect(requested.some((url) => url.startsWith(`${base}/modules/mf-admin/`))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('import-map-override:@kontor/admin'))).toBe(
    null,
  );
  expect(errors).toEqual([]);
  await context.close();
});

test('with every module overridden by its development build, every page renders against the shared React', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const registry: { name: string; manifest: Manifest }[] = await (
    await fetch(`${base}/modules.json`)
  ).json();
  expect(Object.keys(devBundles).sort()).toEqual(
    [
      ...registry.map((entry) => entry.name),
      '@kontor/root-config',
      '@kontor/shared-session',
      '@kontor/ui',
    ].sort(),
  );

  const context = await adminContext(browser);
  await context.addInitScript((overrides: Record<string, string>) => {
    if (location.origin === 'null') return; // about:blank has no storage
    for (const [name, url] of Object.entries(overrides)) {
      localStorage.setItem(`import-map-override:${name}`, url);
    }
  }, devBundles);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const requested = collectRequests(page);
  await page.goto('/dashboard');
  await booted(page);

  // Every parameter-free page a logged-in admin may open, in the page (no reload).
  const content = page.locator('#kontor-content');
  let pages = 0;
  for (const { manifest } of registry) {
    for (const route of manifest.routes ?? []) {
      if (route.access !== 'login' || route.path.includes(':') || !route.pageTitle) continue;
      await page.evaluate((path) => window.history.pushState(null, '', path), route.path);
      // Development builds (unminified, each module's own chunks) load slower under load.
      await expect(content.locator('h1'), route.path).toHaveText(
        translate(manifest, route.pageTitle),
        { timeout: 15_000 },
      );
      await expect(moduleErrorPanels(page), route.path).toHaveCount(0);
      pages += 1;
    }
  }
  expect(pages).toBeGreaterThan(20);

  for (const url of Object.values(devBundles)) expect(requested).toContain(url);
  expect(requested.filter((url) => url.startsWith(`${base}/modules/`))).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
