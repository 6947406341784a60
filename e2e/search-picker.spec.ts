import { expect, test } from '@playwright/test';
import { resolve } from 'node:path';
import { logInContext, startKontor, type RunningKontor } from '../build/kontor-server.cjs';
import { booted, TEST_PASSWORD_HASHING } from './support';

// A Kontor of its own (port E2E_PICKER_PORT, default 8715) whose database holds 100,000
// clients, inserted with one SQL statement between a first start (migrations, demo data) and
// a second one: the department form's client picker must find one of them by keyboard.
test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PICKER_PORT ?? 8715);
const CLIENTS = 100_000;
let kontor: RunningKontor;

/** The server's own opener of the embedded database (with the extensions its indexes need). */
interface ServerPglite {
  openPglite(dir: string): Promise<{
    exec(sql: string): Promise<void>;
    query<T>(sql: string): Promise<T[]>;
    close(): Promise<void>;
  }>;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const first = await startKontor({ port, env: TEST_PASSWORD_HASHING });
  await first.stop({ keepData: true });
  const { openPglite } = require(resolve(__dirname, '../server/dist/db/pglite.js')) as ServerPglite;
  const db = await openPglite(resolve(first.dataDir, 'pglite'));
  try {
    await db.exec(`
      INSERT INTO clients (name, street, house_number, postcode, city)
      SELECT 'Mandant ' || lpad(i::text, 6, '0'), 'Hafenstraße', '1', '20457', 'Hamburg'
      FROM generate_series(1, ${CLIENTS}) AS i;
      ANALYZE clients;
    `);
    const [{ count }] = await db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM clients',
    );
    expect(count).toBeGreaterThanOrEqual(CLIENTS);
  } finally {
    await db.close();
  }
  kontor = await startKontor({ port, dataDir: first.dataDir, env: TEST_PASSWORD_HASHING });
});

test.afterAll(async () => {
  await kontor?.stop();
});

test('the department form finds one client among 100,000 by typing, arrow keys and Enter', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: kontor.base, locale: 'de-DE' });
  await logInContext(context, kontor.base, 'admin@kontor.test', 'admin');
  const page = await context.newPage();
  const tag = Date.now().toString(36);
  await page.goto('/administration/departments/create');
  await booted(page);

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Lager ${tag}`);
  await page.getByRole('textbox', { name: 'Kundennummer' }).fill(`K-${tag}`);
  const picker = page.getByRole('combobox', { name: 'Mandant' });
  await picker.focus();
  // The picker asks the server's client list with the search typed and a small page.
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') &&
      (response.request().postData() ?? '').includes('Mandant 077777'),
  );
  await page.keyboard.type('Mandant 077777');
  const response = await answered;
  const body = (await response.json()) as { data: { clients: { items: { name: string }[] } } };
  expect(body.data.clients.items.map((client) => client.name)).toEqual(['Mandant 077777']);
  const option = page.getByRole('option', { name: 'Mandant 077777' });
  await expect(option).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue('Mandant 077777');

  await page.keyboard.press('Tab');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Abteilung erfolgreich erstellt')).toBeVisible();
  await page.getByRole('searchbox').fill(`Lager ${tag}`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Lager ${tag}` })
      .filter({ hasText: 'Mandant 077777' }),
  ).toHaveCount(1);
  await context.close();
});

test('a required client left empty says "Dies ist ein Pflichtfeld" on the picker and focuses it', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: kontor.base, locale: 'de-DE' });
  await logInContext(context, kontor.base, 'admin@kontor.test', 'admin');
  const page = await context.newPage();
  // The picker's chunk comes late (a slow network or machine): the save shows the error on
  // its stand-in, and the focus goes to the picker when it is there.
  await page.route(/record-picker/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/administration/departments/create');
  await booted(page);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ohne Mandant');
  await page.getByRole('textbox', { name: 'Kundennummer' }).fill('K-1');
  await page.getByRole('button', { name: 'Speichern' }).click();
  const picker = page.getByRole('combobox', { name: 'Mandant' });
  await expect(picker).toBeFocused();
  await expect(picker).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Dies ist ein Pflichtfeld')).toHaveCount(1);
  await context.close();
});
