import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ADDRESS, booted, createClient, createOrder, createProduct, logInAs } from './support';

// The dashboard (issue 14): the figures and the 30-day chart; a second browser's order moves
// them without a reload; a user without order:view sees the page without figures. German and
// English, light and dark (screenshots).

/** A client with one product, made through the API. */
async function clientWithProduct(context: BrowserContext, tag: string) {
  const clientId = await createClient(context, `Dashboard ${tag}`);
  const productId = await createProduct(context, {
    clientId,
    sku: `DB-${tag}`,
    name: 'Tasse',
    priceNet: 4.5,
  });
  return { clientId, productId };
}

const orderOf = (context: BrowserContext, clientId: string, productId: string) =>
  createOrder(context, {
    clientId,
    shippingAddress: { ...ADDRESS, firstName: 'Erika', lastName: 'Muster' },
    items: [{ productId, quantity: 2 }],
  });

/** The number a figure's card shows. */
async function figure(page: Page, label: string): Promise<number> {
  const card = page.getByRole('group', { name: label, exact: true });
  await expect(card).not.toContainText('…');
  const text = (await card.textContent())!.replace(label, '').replace(/\D/g, '');
  return Number(text);
}

test('German: the figures and the chart; an order made in a second browser moves them without a reload', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `D${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  await page.addInitScript(() => {
    localStorage.setItem('locale', 'de');
    localStorage.setItem('dark', 'false');
  });
  await page.goto('/dashboard');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Übersicht' })).toBeVisible();
  for (const label of [
    'Bestellungen gesamt',
    'Offen',
    'In Bearbeitung',
    'Abgeschlossen',
    'Bestellungen heute',
    'Sendungen heute',
  ])
    await expect(page.getByRole('group', { name: label, exact: true })).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Bestellungen und Sendungen der letzten 30 Tage' }),
  ).toBeVisible();
  await expect(page.locator('.kontor-dashboard-chart canvas')).toBeVisible({ timeout: 15_000 });
  const total = await figure(page, 'Bestellungen gesamt');
  const pending = await figure(page, 'Offen');
  const today = await figure(page, 'Bestellungen heute');

  // Another user's browser creates an order: this page follows without a reload.
  const other = await browser.newContext({ locale: 'de-DE' });
  await logInAs(other, 'admin');
  const s = await clientWithProduct(other, tag);
  await orderOf(other, s.clientId, s.productId);
  // (Other tests may add orders at the same time: each figure grows by at least this one.)
  await expect
    .poll(() => figure(page, 'Bestellungen gesamt'), { timeout: 15_000 })
    .toBeGreaterThan(total);
  await expect.poll(() => figure(page, 'Offen')).toBeGreaterThan(pending);
  await expect.poll(() => figure(page, 'Bestellungen heute')).toBeGreaterThan(today);
  // The chart's table (for screen readers) has today's orders in its last row.
  const lastDay = page
    .getByRole('table', { name: 'Bestellungen und Sendungen der letzten 30 Tage' })
    .getByRole('row')
    .last();
  await expect
    .poll(async () => Number(await lastDay.getByRole('cell').first().textContent()))
    .toBeGreaterThan(today);
  await other.close();

  await page.screenshot({ path: testInfo.outputPath('dashboard-de-light.png'), fullPage: true });
  await page.getByRole('button', { name: 'Dunkelmodus einschalten' }).click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await expect(page.locator('.kontor-dashboard-chart canvas')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath('dashboard-de-dark.png'), fullPage: true });
});

test('English: the figures for a holder of order:view, a greeting without figures for a guest', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await logInAs(context, 'admin');
  await page.addInitScript(() => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem('dark', 'true');
  });
  await page.goto('/dashboard');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const label of ['Total orders', 'Pending', 'Processing', 'Complete', 'Orders today'])
    await expect(page.getByRole('group', { name: label, exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Shipments today', exact: true })).not.toContainText(
    '…',
  );
  await expect(
    page.getByRole('img', { name: 'Orders and shipments of the last 30 days' }),
  ).toBeVisible();
  await expect(page.locator('.kontor-dashboard-chart canvas')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: testInfo.outputPath('dashboard-en-dark.png'), fullPage: true });

  const guestContext = await browser.newContext({ locale: 'en-US' });
  await logInAs(guestContext, 'guest');
  const guest = await guestContext.newPage();
  await guest.addInitScript(() => localStorage.setItem('locale', 'en'));
  await guest.goto('/dashboard');
  await booted(guest);
  await expect(
    guest.getByText('The order figures are shown to users allowed to view orders.'),
  ).toBeVisible();
  await expect(guest.getByRole('group', { name: 'Total orders' })).toHaveCount(0);
  await guest.screenshot({ path: testInfo.outputPath('dashboard-en-guest.png'), fullPage: true });
  await guestContext.close();
});
