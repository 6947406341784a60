import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  ADDRESS,
  booted,
  createAvis,
  createClient,
  createOrder,
  createProduct,
  createSupplier,
  graphql,
  logInAs,
  warehouseWithPlaces,
} from './support';

// The dashboard (issues 14 and 31): the figures and the 30-day chart; a second browser's order
// moves them without a reload; a user without order:view sees the page without figures. Each
// figure opens its list with the filter set, and the list shows the rows it counts; the floor's
// figures (avis due today, running stocktakings) follow changes live; the cards fill their rows
// at 1440, 820 and 390 px; the chart's legend speaks the UI's language. German and English,
// light and dark (screenshots).

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
  // The chart's legend in English: the day, the series, no "Value".
  await page.locator('.kontor-dashboard-chart .u-over').hover();
  await expect(page.locator('.kontor-dashboard-chart .u-legend')).toContainText('Day');
  await expect(page.locator('.kontor-dashboard-chart .u-legend')).not.toContainText('Value');
  await page.screenshot({ path: testInfo.outputPath('dashboard-en-dark.png'), fullPage: true });

  const guestContext = await browser.newContext({ locale: 'en-US' });
  await logInAs(guestContext, 'guest');
  const guest = await guestContext.newPage();
  await guest.addInitScript(() => localStorage.setItem('locale', 'en'));
  await guest.goto('/dashboard');
  await booted(guest);
  await expect(
    guest.getByText(/The figures are shown to users allowed to view orders/),
  ).toBeVisible();
  await expect(guest.getByRole('group', { name: 'Total orders' })).toHaveCount(0);
  await guest.screenshot({ path: testInfo.outputPath('dashboard-en-guest.png'), fullPage: true });
  await guestContext.close();
});

/** Today in Europe/Berlin (docs/domain.md "Today"), YYYY-MM-DD. */
const berlinToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** The day after a YYYY-MM-DD. */
const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The number of rows a list has in all, once its rows have come (its pager's total; 0 when it
 * says "Keine Einträge"). While its page loads, the pager says 0.
 */
async function listTotal(page: Page): Promise<number> {
  await expect(page.locator('.kontor-data-table table[aria-busy="false"]')).toBeVisible({
    timeout: 15_000,
  });
  const pager = page.locator('.kontor-pager-text');
  const empty = page.locator('.kontor-table-empty');
  await expect(pager.or(empty).first()).toBeVisible({ timeout: 15_000 });
  if (await empty.isVisible()) return 0;
  return Number(/\((\d[\d.,]*)/.exec((await pager.textContent())!)![1]!.replace(/\D/g, ''));
}

/** Polls a list's total until it is the figure (a list may show 0 for a moment first). */
const expectTotal = (page: Page, label: string, figure: number) =>
  expect
    .poll(async () => [label, await listTotal(page)], { timeout: 30_000 })
    .toEqual([label, figure]);

/** Opens the list a figure's card links to (the link in its card), from the dashboard. */
async function openFigure(page: Page, label: string, url: RegExp): Promise<number> {
  await page.goto('/dashboard');
  await booted(page);
  const shown = await figure(page, label);
  await page.getByRole('group', { name: label, exact: true }).getByRole('link').click();
  await expect(page).toHaveURL(url);
  return shown;
}

test('German: each figure opens its list with the filter set, showing the rows it counts; avis due today and running stocktakings follow changes live', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const tag = `F${Date.now().toString(36).toUpperCase()}`;
  const today = berlinToday();
  await logInAs(context, 'admin');
  await page.addInitScript(() => localStorage.setItem('locale', 'de'));
  const clientId = await createClient(context, `Dashboard ${tag}`);
  const productId = await createProduct(context, { clientId, sku: `DB-${tag}`, name: 'Tasse' });
  const supplier = await createSupplier(context, `Lieferant ${tag}`, `L-${tag}`);
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, tag.slice(-6), {
    places: 1,
  });
  const avisOf = (deliveryDate: string, note: string) =>
    createAvis(context, {
      supplierId: supplier.id,
      clientId,
      warehouseId: warehouse.id,
      deliveryNoteNumber: `${note}-${tag}`,
      deliveryDate,
      lines: [{ productId, announcedQuantity: 5 }],
    });
  // Not counted: an avis due tomorrow, a stocktaking not yet started.
  const tomorrow = await avisOf(nextDay(today), 'MORGEN');
  const { createStocktaking: draft } = await graphql(
    context,
    'mutation($i: StocktakingInput!) { createStocktaking(input: $i) { id number version } }',
    { i: { name: `Entwurf ${tag}`, warehouseId: warehouse.id, blind: false } },
  );

  await page.goto('/dashboard');
  await booted(page);
  const dueBefore = await figure(page, 'Avis heute fällig');
  const runningBefore = await figure(page, 'Laufende Inventuren');

  // Changes made elsewhere (the API, as another user's screen would) move the figures live.
  const due = await avisOf(today, 'HEUTE');
  await expect
    .poll(() => figure(page, 'Avis heute fällig'), { timeout: 15_000 })
    .toBe(dueBefore + 1);
  await graphql(
    context,
    'mutation($id: ID!, $v: Int!) { startStocktaking(id: $id, version: $v) { id } }',
    { id: draft.id, v: draft.version },
  );
  await expect
    .poll(() => figure(page, 'Laufende Inventuren'), { timeout: 15_000 })
    .toBe(runningBefore + 1);
  const { createStocktaking: other } = await graphql(
    context,
    'mutation($i: StocktakingInput!) { createStocktaking(input: $i) { id number } }',
    { i: { name: `Zweite ${tag}`, warehouseId: warehouse.id, blind: false } },
  );

  // Avis due today: the avis list filtered to them; today's is there, tomorrow's is not.
  const dueShown = await openFigure(
    page,
    'Avis heute fällig',
    /\/administration\/avis\?due=TODAY$/,
  );
  await booted(page);
  await expect(page.getByRole('combobox', { name: 'Fällig' })).toHaveValue('TODAY');
  const avisTable = page.getByRole('table', { name: 'Avis', exact: true });
  await expect(avisTable.getByRole('row').filter({ hasText: due.number })).toHaveCount(1);
  await expect(avisTable.getByRole('row').filter({ hasText: tomorrow.number })).toHaveCount(0);
  await expectTotal(page, 'Avis heute fällig', dueShown);

  // Running stocktakings: the started one is there, the draft made since is not.
  const runningShown = await openFigure(
    page,
    'Laufende Inventuren',
    /\/stocktaking\?phase=RUNNING$/,
  );
  await booted(page);
  await expect(page.getByRole('combobox', { name: 'Phase' })).toHaveValue('RUNNING');
  const stocktakings = page.getByRole('table', { name: 'Inventur', exact: true });
  await expect(stocktakings.getByRole('row').filter({ hasText: draft.number })).toHaveCount(1);
  await expect(stocktakings.getByRole('row').filter({ hasText: other.number })).toHaveCount(0);
  await expectTotal(page, 'Laufende Inventuren', runningShown);

  // The other floor figures and the order figures: each list's total is the figure shown.
  for (const [label, url] of [
    ['Fulfillment-Fehler', /\/order\/error$/],
    ['Angehalten', /\/orders\?status=ON_HOLD$/],
    ['Picklisten offen', /\/picklist\?status=OPEN$/],
    ['Picklisten in Arbeit', /\/picklist\?status=IN_PROGRESS$/],
    ['Offen', /\/orders\?status=PENDING$/],
    ['Bestellungen heute', new RegExp(`/orders\\?from=${today}&to=${today}$`)],
  ] as const) {
    const shown = await openFigure(page, label, url);
    await booted(page);
    await expectTotal(page, label, shown);
  }
  // The picklists' status filter is the one the link set.
  await openFigure(page, 'Picklisten in Arbeit', /\/picklist\?status=IN_PROGRESS$/);
  await booted(page);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('IN_PROGRESS');
});

test('the cards fill their rows at 1440, 820 and 390 px (no row of one under a full one); the chart speaks German', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await logInAs(context, 'admin');
  await page.addInitScript(() => localStorage.setItem('locale', 'de'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await booted(page);
  await expect(page.getByRole('group', { name: 'Bestellungen gesamt' })).not.toContainText('…');
  for (const [width, perRow] of [
    [1440, 6],
    [820, 3],
    [390, 2],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    for (const group of ['Zu erledigen', 'Bestellungen']) {
      const section = page.getByRole('region', { name: group, exact: true });
      const cards = section.getByRole('group');
      await expect(cards).toHaveCount(6);
      // Wait for the layout to follow the new width, then read the rows.
      await expect
        .poll(async () => {
          const boxes = await cards.evaluateAll((elements) =>
            elements.map((e) => {
              const r = e.getBoundingClientRect();
              return { top: Math.round(r.top), right: Math.round(r.right) };
            }),
          );
          const row = await section
            .locator('.kontor-dashboard-figures')
            .evaluate((e) => Math.round(e.getBoundingClientRect().right));
          const rows = new Map<number, number[]>();
          for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box.right]);
          // Each row as its number of cards, and whether its last card reaches the row's end.
          return [...rows.values()].map((rights) => [
            rights.length,
            Math.abs(Math.max(...rights) - row) <= 1,
          ]);
        })
        .toEqual(Array.from({ length: 6 / perRow }, () => [perRow, true]));
    }
    await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });
  }

  // The chart's legend names the day and the series in German, numbers German: no "Value".
  await page.setViewportSize({ width: 1440, height: 900 });
  const chart = page.locator('.kontor-dashboard-chart');
  await expect(chart.locator('canvas')).toBeVisible({ timeout: 15_000 });
  await chart.locator('.u-over').hover();
  const legend = chart.locator('.u-legend');
  await expect(legend).toContainText('Tag');
  await expect(legend).toContainText('Anzahl Bestellungen');
  await expect(legend).toContainText('Sendungen');
  await expect(legend).not.toContainText('Value');
  // The hovered day as the German day and month (28.11.).
  await expect(legend).toContainText(/\d{2}\.\d{2}\./);
});
