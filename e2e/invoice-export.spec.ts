import { readFile } from 'node:fs/promises';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  ADDRESS,
  bookIn,
  booted,
  createClient,
  createOrder,
  createProduct,
  warehouseWithPlaces,
  graphql,
  logInAs,
} from './support';

// The invoice export (issue 15): an order shipped through the packing station's API (ship
// all), then /export/invoice by keyboard — client picker, period, Enter — shows the server's
// sums per VAT rate and per department, and the CSV downloaded from the page has one row per
// shipped position. VAT per position rounded half-up: 3 × 2,50 € at 19 % = 1,425 € → 1,43 €.
// German and English, light and dark (screenshots).

/** A client with a department, two products in stock, and one order shipped in full today. */
async function shippedOrder(context: BrowserContext, tag: string) {
  const client = `Rechnung ${tag}`;
  const clientId = await createClient(context, client);
  await graphql(context, 'mutation($i: DepartmentInput!) { createDepartment(input: $i) { id } }', {
    i: { clientId, name: 'Einkauf', customerNumber: `KD-${tag}` },
  });
  const product = (sku: string, name: string, priceNet: number, vatRate: number) =>
    createProduct(context, { clientId, sku, name, priceNet, vatRate });
  const tasse = await product(`TASSE-${tag}`, 'Tasse blau', 2.5, 19);
  const buch = await product(`BUCH-${tag}`, 'Kochbuch', 10, 7);
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, `R${tag}`.slice(0, 20), {
    places: 1,
    storage: 'Halle',
    rack: 'Regal',
  });
  for (const productId of [tasse, buch])
    await bookIn(context, {
      warehouseId: warehouse.id,
      placeId: warehouse.places[0]!.id,
      productId,
      quantity: 10,
    });
  const order = await createOrder(context, {
    clientId,
    shippingAddress: { ...ADDRESS, lastName: 'Petersen' },
    items: [
      { productId: tasse, quantity: 3 },
      { productId: buch, quantity: 1 },
    ],
  });
  await graphql(
    context,
    'mutation($o: ID!, $v: Int!) { shipAll(orderId: $o, version: $v, trackingNumber: "00340434161094042557") { id } }',
    { o: order.id, v: order.version },
  );
  return { client, clientId, number: order.number, tag };
}

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
const deDay = () => today().split('-').reverse().join('.');
const enDay = () => today().split('-').reverse().join('/');

/** Chooses the client and today as the period by keyboard, and asks for the preview. */
async function choose(
  page: Page,
  client: string,
  labels: { client: string; from: string; to: string },
) {
  const picker = page.getByRole('combobox', { name: labels.client });
  await picker.focus();
  await picker.fill(client);
  await expect(page.getByRole('option', { name: client })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(client);
  // The date fields' part order follows the browser's own locale (headless: month first), so
  // the day is filled as the field's value (no mouse), then Enter submits from the field.
  for (const label of [labels.from, labels.to]) {
    await page.getByLabel(label).fill(today());
    await expect(page.getByLabel(label)).toHaveValue(today());
  }
  await expect(page.getByLabel(labels.to)).toBeFocused();
  await page.keyboard.press('Enter');
}

test('German, keyboard only: the sums of a shipped order and its CSV rows', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await logInAs(context, 'admin');
  const s = await shippedOrder(context, Date.now().toString(36).toUpperCase());
  await page.addInitScript(() => {
    localStorage.setItem('locale', 'de');
    localStorage.setItem('dark', 'false');
  });
  await page.goto('/export/invoice');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Rechnungen exportieren' })).toBeVisible();
  await choose(page, s.client, { client: 'Mandant', from: 'Versandt von', to: 'Versandt bis' });

  await expect(
    page.getByText(`${s.client}, versandt ${deDay()} – ${deDay()}: Bestellungen 1, Positionen 2`),
  ).toBeVisible();
  const rates = page.getByRole('table', { name: 'MwSt-Satz' });
  await expect(rates.getByRole('row', { name: /^19 %/ })).toContainText('1');
  await expect(rates.getByRole('row', { name: /^19 %/ })).toContainText('7,50 €');
  await expect(rates.getByRole('row', { name: /^19 %/ })).toContainText('1,43 €');
  await expect(rates.getByRole('row', { name: /^19 %/ })).toContainText('8,93 €');
  await expect(rates.getByRole('row', { name: /^7 %/ })).toContainText('0,70 €');
  await expect(rates.getByRole('row', { name: /^Gesamt/ })).toContainText('17,50 €');
  await expect(rates.getByRole('row', { name: /^Gesamt/ })).toContainText('2,13 €');
  await expect(rates.getByRole('row', { name: /^Gesamt/ })).toContainText('19,63 €');
  const departments = page.getByRole('table', { name: 'Kundennummer – Abteilung' });
  await expect(departments.getByRole('row', { name: new RegExp(`^KD-${s.tag}`) })).toContainText(
    '19,63 €',
  );
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.screenshot({ path: testInfo.outputPath('invoice-export-de-light.png') });

  // The CSV link (a button-looking link) by keyboard: focus it, Enter.
  const link = page.getByRole('button', { name: 'CSV herunterladen' });
  await link.focus();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Bestellnummer;Bestelldatum;Versanddatum;Kundennummer;Abteilung;Position;SKU;Artikel;Menge;Einzelpreis netto (EUR);Netto (EUR);MwSt-Satz (%);MwSt (EUR);Brutto (EUR)',
  );
  // German: the days and the decimal comma as a German spreadsheet reads them.
  expect(lines.slice(1)).toEqual([
    `${s.number};${deDay()};${deDay()};KD-${s.tag};Einkauf;1;TASSE-${s.tag};Tasse blau;3;2,50;7,50;19;1,43;8,93`,
    `${s.number};${deDay()};${deDay()};KD-${s.tag};Einkauf;2;BUCH-${s.tag};Kochbuch;1;10,00;10,00;7;0,70;10,70`,
  ]);

  // The PDF summary opens.
  const pdf = await context.request.get(
    `/spa/invoices/summary.pdf?clientId=${s.clientId}&from=${today()}&to=${today()}&lang=de`,
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});

test('English and dark: the same sums in English, the period kept in the URL', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await logInAs(context, 'admin');
  const s = await shippedOrder(context, `E${Date.now().toString(36).toUpperCase()}`);
  await page.addInitScript(() => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem('dark', 'true');
  });
  await page.goto('/export/invoice');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Export invoices' })).toBeVisible();
  await choose(page, s.client, { client: 'Client', from: 'Shipped from', to: 'Shipped until' });
  await expect(
    page.getByText(`${s.client}, shipped ${enDay()} – ${enDay()}: orders 1, positions 2`),
  ).toBeVisible();
  const rates = page.getByRole('table', { name: 'VAT rate' });
  await expect(rates.getByRole('row', { name: /^Total/ })).toContainText('€19.63');
  await expect(page).toHaveURL(new RegExp(`clientId=${s.clientId}&from=${today()}&to=${today()}`));
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.screenshot({ path: testInfo.outputPath('invoice-export-en-dark.png') });

  // A reload shows the same choice and sums.
  await page.reload();
  await booted(page);
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(s.client);
  await expect(rates.getByRole('row', { name: /^Total/ })).toContainText('€2.13');
  const link = page.getByRole('button', { name: 'Download CSV' });
  await expect(link).toHaveAttribute('href', /lang=en/);
});
