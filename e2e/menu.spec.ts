import { expect, test, type Page } from '@playwright/test';
import { booted, logInAs, type DemoUser } from './support';

/** The labels of the side menu's top level, in order. */
async function topLevel(page: Page): Promise<string[]> {
  const items = page.locator('#kontor-menu ul.bp6-menu').first().locator(':scope > li > a');
  return (await items.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

const MENUS: Record<DemoUser, string[]> = {
  admin: [
    'Home',
    'Inventur',
    'Monitoring',
    'Verwaltung',
    'Import',
    'Export',
    'Produkte',
    'Bestellungen',
    'Abmelden',
  ],
  packer: ['Home', 'Bestellungen', 'Abmelden'],
  guest: ['Home', 'Abmelden'],
};

for (const [user, expected] of Object.entries(MENUS) as [DemoUser, string[]][]) {
  test(`the ${user} sees exactly the menu their permissions allow`, async ({ page, context }) => {
    await logInAs(context, user);
    await page.goto('/dashboard');
    await booted(page);
    await expect.poll(() => topLevel(page)).toEqual(expected);
  });
}

test('a logged-out visitor sees Home and a login link', async ({ page }) => {
  await page.goto('/');
  await booted(page);
  await expect.poll(() => topLevel(page)).toEqual(['Home', 'Anmelden']);
});

test('the administration group lists its children in SPEC order', async ({ page, context }) => {
  await logInAs(context, 'admin');
  await page.goto('/administration/users');
  await booted(page);
  const group = page.locator('#kontor-menu').getByRole('group', { name: 'Verwaltung' });
  await expect(group.getByRole('menuitem')).toHaveText([
    'Benutzer',
    'Rollen',
    'Mandanten',
    'Abteilungen',
    'Shop-Verbindungen',
    'Lager',
    'Bestandsänderungen',
    'Bestand',
    'Lieferanten',
    'Avis',
    'Versender',
    'Versandarten',
  ]);
});

test('the packer opens an order screen from the menu without a reload', async ({
  page,
  context,
}) => {
  await logInAs(context, 'packer');
  await page.goto('/dashboard');
  await booted(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.locator('#kontor-menu').getByText('Bestellungen').click();
  await page.locator('#kontor-menu').getByText('Sendung erstellen').click();
  await expect(page).toHaveURL('/shipment/create');
  await expect(page.locator('#kontor-content h1')).toHaveText('Sendung erstellen');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});
