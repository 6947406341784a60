import { expect, test, type Page } from '@playwright/test';
import { startKontor } from '../build/kontor-server.cjs';
import { booted, DEMO, TEST_PASSWORD_HASHING } from './support';

// Issue 8: the built app under NODE_ENV=production (its defaults: CSP, HSTS, Secure
// `__Host-` cookies) boots, logs in and opens a module page in Chromium with no Content
// Security Policy violation. Its own server on E2E_PRODUCTION_PORT (default 8761).

const port = Number(process.env.E2E_PRODUCTION_PORT ?? 8761);
const APP_KEY = 'e2e-production-app-key-e2e-production-app-key';
let server: Awaited<ReturnType<typeof startKontor>> | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Two starts on a fresh embedded database (initdb, migrations): slow on a busy machine.
  test.setTimeout(120_000);
  // startKontor waits for an answer on the port: another server there would answer instead.
  const taken = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use: set E2E_PRODUCTION_PORT`);
  // Production never adds the demo users: a first start in test mode adds them to the data.
  const seeding = await startKontor({ port, env: { APP_KEY, ...TEST_PASSWORD_HASHING } });
  await seeding.stop({ keepData: true });
  server = await startKontor({
    port,
    dataDir: seeding.dataDir,
    env: { NODE_ENV: 'production', APP_KEY },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Collects every CSP violation the page reports (event and console message). */
async function cspViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|securitypolicyviolation/i.test(message.text()))
      found.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`,
      );
    });
  });
  return found;
}

test('the login page, a login and a module page work under the production CSP', async ({
  page,
}) => {
  const violations = await cspViolations(page);
  const response = await page.goto(`${server!.base}/login`);
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(response!.headers()['strict-transport-security']).toMatch(/max-age=31536000/);
  await booted(page);

  const form = page.locator('#kontor-content');
  await form.getByLabel('E-Mail').fill(DEMO.admin.email);
  await form.getByLabel('Passwort').fill(DEMO.admin.password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard's files are compressed on their first request to this fresh server.
  await expect(page.getByText('Bestellungen gesamt')).toBeVisible({ timeout: 15_000 });

  await page.goto(`${server!.base}/administration/users`);
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Benutzer verwalten' })).toBeVisible();
  await expect(page.getByRole('cell', { name: DEMO.packer.email })).toBeVisible();
  expect(violations).toEqual([]);
});
