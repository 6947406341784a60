import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { booted, logInAs, TEST_PASSWORD_HASHING } from './support';

const CONNECTED = 'Connected to notification-server';
const DISCONNECTED = 'Lost connection to notification-server';
const indicator = (page: Page) => page.locator('.kontor-connection');

/** Sends a message to a user through the admin endpoint, as ops would. */
async function sendMessage(request: APIRequestContext, message: string): Promise<void> {
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!;
  const me = await (await request.get('/user')).json();
  const response = await request.post(`/spa/users/${me.id}/notifications`, {
    data: { message },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) },
  });
  expect(response.status()).toBe(201);
}

test('the login page loads neither laravel-echo nor pusher-js', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  await page.goto('/login');
  await booted(page);
  await page.waitForLoadState('networkidle');
  expect(loaded.filter((url) => /laravel-echo|pusher-js/.test(url))).toEqual([]);
});

test('after login the indicator turns green, a message arrives as a toast and in the bell within a second, and all can be marked read', async ({
  page,
  context,
}) => {
  await logInAs(context, 'admin');
  await page.goto('/dashboard');
  await booted(page);
  await expect(indicator(page)).toHaveAttribute('aria-label', CONNECTED);
  const bell = page.getByRole('button', { name: /Benachrichtigung/ });
  const before = Number((await bell.getAttribute('aria-label'))!.match(/^\d+/)?.[0] ?? 0);

  const message = `Import fertig ${Date.now()}`;
  await sendMessage(context.request, message);
  await expect(page.getByText(message).first()).toBeVisible({ timeout: 1000 });
  await expect(bell).toHaveAttribute('aria-label', `${before + 1} neue Benachrichtigungen`, {
    timeout: 1000,
  });

  await bell.click();
  const item = page.locator('.kontor-notifications li', { hasText: message });
  await item.getByRole('button', { name: 'Als gelesen markieren' }).click();
  const after =
    before === 0 ? 'Keine neue Benachrichtigungen' : `${before} neue Benachrichtigungen`;
  await expect(bell).toHaveAttribute('aria-label', after);

  await sendMessage(context.request, `Inventur abgeschlossen ${Date.now()}`);
  await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
  await expect(bell).toHaveAttribute('aria-label', 'Keine neue Benachrichtigungen');
});

test.describe('a server of its own', () => {
  const port = Number(process.env.E2E_REALTIME_PORT ?? 8520); // 8500–8599: this ports
  const root = resolve(__dirname, '..');
  const dataDir = mkdtempSync(join(tmpdir(), 'kontor-e2e-rt-'));
  let server: ChildProcess | null = null;

  async function start(): Promise<void> {
    server = spawn('node', ['server/dist/main.js'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        ...TEST_PASSWORD_HASHING,
        WS_SHUTDOWN_SPREAD_MS: '0',
      },
    });
    // Up to 60 s: a fresh data directory is migrated and seeded first, slow on a busy CI machine.
    for (let i = 0; i < 600; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not start');
  }

  async function stop(): Promise<void> {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    await new Promise((r) => {
      child.once('exit', r);
      child.kill('SIGTERM');
    });
  }

  test.afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('stopping the server turns the indicator red with its tooltip, restarting turns it green without a reload', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    await start();
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      locale: 'de-DE',
    });
    const page = await context.newPage();
    await logInAs(context, 'admin');
    await page.goto('/dashboard');
    await booted(page);
    await expect(indicator(page)).toHaveAttribute('aria-label', CONNECTED);
    let navigations = 0;
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);

    await stop();
    await expect(indicator(page)).toHaveAttribute('aria-label', DISCONNECTED);
    await indicator(page).hover();
    await expect(page.locator('.bp6-tooltip')).toHaveText(DISCONNECTED);

    await start();
    await expect(indicator(page)).toHaveAttribute('aria-label', CONNECTED, { timeout: 30_000 });
    expect(navigations).toBe(0);
    await context.close();
  });
});
