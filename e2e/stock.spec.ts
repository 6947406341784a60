import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  booted,
  createClient,
  createProduct,
  warehouseWithPlaces,
  ean13,
  logInAs,
  scan,
  secondBrowser,
} from './support';

// Stock (issue 12): the booking screen /stockchange used by keyboard alone, as a hand scanner
// types (barcode + Enter): book in, move, correct, a refused book-out, a lot-tracked product;
// the ledger /storage/bookings; the inventory /administration/currentinventory, which a
// second browser sees change without a reload. German and English.

/** A client, a warehouse with three places and two products (one lot-tracked), by GraphQL. */
async function prerequisites(context: BrowserContext, tag: string) {
  const clientId = await createClient(context, `Bestandskunde ${tag}`);
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, `W${tag}`);
  const seed = Date.now() + Math.floor(Math.random() * 1000);
  const product = (sku: string, ean: string, lotTracked: boolean) =>
    createProduct(context, { clientId, sku, ean, name: `Ware ${sku}`, priceNet: 2.5, lotTracked });
  const plain = { sku: `ST-${tag}`, ean: ean13(seed) };
  const tracked = { sku: `LOT-${tag}`, ean: ean13(seed + 7) };
  return {
    clientId,
    warehouseId: warehouse.id,
    warehouseName: warehouse.name,
    places: warehouse.places,
    plain: { ...plain, id: await product(plain.sku, plain.ean, false) },
    tracked: { ...tracked, id: await product(tracked.sku, tracked.ean, true) },
  };
}

/** Scans a product's EAN and waits until the screen knows the product (the next field has the focus). */
async function scanEan(page: Page, ean: string, next: string) {
  await scan(page, ean);
  await expect(page.getByLabel(next, { exact: true })).toBeFocused();
}

test('German: book in by scanner, move, correct, a refused book-out; the inventory of a second browser follows', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase();
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  const [a, b, c] = s.places as [(typeof s.places)[0], (typeof s.places)[0], (typeof s.places)[0]];

  // The second browser watches the inventory of the new warehouse.
  const watcher = await secondBrowser(
    browser,
    'admin',
    `/administration/currentinventory?warehouseId=${s.warehouseId}`,
  );
  const other = watcher.context();
  await expect(watcher.getByRole('heading', { name: 'Bestand' })).toBeVisible();
  await expect(watcher.getByText('Keine Einträge')).toBeVisible();

  await page.goto('/stockchange');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Bestandsänderungen' })).toBeVisible();
  const placeField = page.getByRole('textbox', { name: 'Lagerplatz (Barcode)', exact: true });
  await expect(placeField).toBeFocused();

  // Book in: place, EAN, quantity — each ended by Enter. No warehouse is chosen first: the
  // scanned place's is taken.
  await scan(page, a.barcode);
  await expect(page.getByRole('textbox', { name: 'Produkt (EAN)' })).toBeFocused();
  await expect(page.locator('.kontor-scan-target').first()).toContainText(
    `${a.path}${s.warehouseName} · ${a.barcode}`,
  );
  await scan(page, s.plain.ean);
  await expect(page.getByRole('spinbutton', { name: 'Menge' })).toBeFocused();
  await scan(page, '12');
  await expect(page.getByRole('status')).toHaveText(
    `12 × ${s.plain.sku} auf ${a.path} eingebucht (Bestand 12).`,
  );
  await expect(placeField).toBeFocused();
  await expect(placeField).toHaveValue('');

  // The second browser's inventory shows it without a reload.
  const watched = watcher.getByRole('row').filter({ hasText: s.plain.sku });
  await expect(watched.getByRole('cell').nth(4)).toHaveText('12');
  await expect(watched.getByRole('cell').nth(7)).toHaveText('30,00 €');

  // A scan of an unknown place stays in the place field with the reason.
  await scan(page, `NIX-${tag}`);
  await expect(page.getByText(`Kein Lagerplatz mit dem Barcode „NIX-${tag}“.`)).toBeVisible();
  await expect(placeField).toBeFocused();
  await placeField.fill('');

  // Move 5 from A to B.
  await page.getByRole('radio', { name: 'Umbuchen' }).click();
  await expect(placeField).toBeFocused();
  await scan(page, a.barcode);
  await expect(page.getByRole('textbox', { name: 'Ziel-Lagerplatz (Barcode)' })).toBeFocused();
  await scan(page, b.barcode);
  await scanEan(page, s.plain.ean, 'Menge');
  await scan(page, '5');
  await expect(page.getByRole('status')).toHaveText(
    `5 × ${s.plain.sku} von ${a.path} nach ${b.path} umgebucht.`,
  );

  // Correct B to the counted 4: Enter on the quantity asks for the comment first.
  await page.getByRole('radio', { name: 'Korrigieren' }).click();
  await scan(page, b.barcode);
  await scanEan(page, s.plain.ean, 'Gezählte Menge');
  await scan(page, '4');
  await expect(page.getByRole('textbox', { name: 'Kommentar (Pflicht)' })).toBeFocused();
  await scan(page, 'Zählung Regal 1');
  await expect(page.getByRole('status')).toHaveText(
    `Bestand von ${s.plain.sku} auf ${b.path} auf 4 korrigiert.`,
  );

  // More than is there: refused with what is available, at the quantity.
  await page.getByRole('radio', { name: 'Ausbuchen' }).click();
  await scan(page, a.barcode);
  await scanEan(page, s.plain.ean, 'Menge');
  await scan(page, '100');
  await expect(page.getByRole('alert')).toHaveText('Nur 7 verfügbar.');
  await expect(page.getByRole('spinbutton', { name: 'Menge' })).toBeFocused();

  // A lot-tracked product asks for its lot.
  await page.getByRole('button', { name: 'Neu beginnen' }).click();
  await page.getByRole('radio', { name: 'Einbuchen' }).click();
  await scan(page, c.barcode);
  await scanEan(page, s.tracked.ean, 'Charge');
  await expect(page.getByRole('textbox', { name: 'Charge' })).toBeFocused();
  await scan(page, 'L-2026-11');
  await scan(page, '3');
  await expect(page.getByRole('status')).toHaveText(
    `3 × ${s.tracked.sku} auf ${c.path} eingebucht (Bestand 3).`,
  );

  // Its correction: the one lot the place holds is filled in, the counted quantity is next.
  await page.getByRole('radio', { name: 'Korrigieren' }).click();
  await scan(page, c.barcode);
  await scanEan(page, s.tracked.ean, 'Gezählte Menge');
  await expect(page.getByRole('textbox', { name: 'Charge' })).toHaveValue('L-2026-11');
  await expect(
    page.getByRole('group', { name: 'Chargen auf dem Lagerplatz' }).getByRole('button'),
  ).toHaveText(['L-2026-11 · 3 Stk.']);
  await scan(page, '2');
  await scan(page, 'Bruch');
  await expect(page.getByRole('status')).toHaveText(
    `Bestand von ${s.tracked.sku} auf ${c.path} auf 2 korrigiert.`,
  );

  // The watcher saw every change: 7 on A + 4 on B, and the lot-tracked product.
  await expect(watched.getByRole('cell').nth(4)).toHaveText('11');
  await expect(watcher.getByRole('row').filter({ hasText: s.tracked.sku })).toHaveCount(1);
  await watched.getByRole('button', { name: `Bestand nach Lagerplatz: ${s.plain.sku}` }).click();
  const detail = watcher.getByRole('table', {
    name: `Bestand von ${s.plain.sku} in ${s.warehouseName}`,
  });
  await expect(detail.getByRole('row')).toHaveCount(3);
  // Its key columns (place, stock, available), a table or cards alike; nothing locked.
  const keys = (n: number) => detail.getByRole('row').nth(n).locator('td[data-key-column]');
  await expect(keys(1)).toHaveText([a.path, '7', '7']);
  await expect(keys(2)).toHaveText([b.path, '4', '4']);
  await expect(detail.locator('td[data-label="Gesperrt"]')).toHaveText(['0', '0']);
  await other.close();

  // The ledger, newest first, filtered by the product in the URL.
  await page.goto(`/storage/bookings?productId=${s.plain.id}`);
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Lagerbuchungen' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Lagerbuchungen' }).getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toContainText('Korrektur');
  await expect(rows.nth(1)).toContainText('Zählung Regal 1');
  await expect(rows.nth(4)).toContainText('Einbuchung');
  await expect(rows.nth(4)).toContainText('+12');
  // Newest first is the list's default: the URL stays as it was, the export keeps the order.
  await expect(page).not.toHaveURL(/dir=/);
  await page.getByRole('combobox', { name: 'Grund' }).selectOption({ label: 'Umbuchung' });
  await expect(rows).toHaveCount(3);
  await expect(page).toHaveURL(/reason=MOVE/);
  const href = await page.getByRole('link', { name: 'CSV exportieren' }).getAttribute('href');
  expect(href).toContain('dir=desc');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).trim().split('\r\n')).toHaveLength(3);
});

test('English: book in by scanner with a pick among products sharing an EAN; the ledger and the inventory', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = `E${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  // A second client's product with the same EAN: the scan asks which one.
  const second = await createClient(context, `Other client ${tag}`);
  await createProduct(context, {
    clientId: second,
    sku: `TWIN-${tag}`,
    ean: s.plain.ean,
    name: 'Twin',
  });
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto('/stockchange');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Stock changes' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Place (barcode)' })).toBeFocused();
  await scan(page, s.places[0]!.barcode);
  await scan(page, s.plain.ean);
  await expect(page.getByText('Several products have this EAN: please pick one.')).toBeVisible();
  const first = page.getByRole('radio', { name: new RegExp(`^ST-${tag}`) });
  await expect(page.getByRole('radio', { name: new RegExp(`^TWIN-${tag}`) })).toBeVisible();
  // The first choice has the focus; Enter picks it.
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toBeFocused();
  await expect(first).toHaveCount(0);
  await scan(page, '2');
  await expect(page.getByRole('status')).toHaveText(
    `2 × ${s.plain.sku} booked in on ${s.places[0]!.path} (stock 2).`,
  );
  // Booking out more than is there: refused, in English.
  await page.getByRole('radio', { name: 'Book out' }).click();
  await scan(page, s.places[0]!.barcode);
  await scan(page, s.plain.ean);
  await expect(page.getByRole('radio', { name: new RegExp(`^ST-${tag}`) })).toBeFocused();
  await page.keyboard.press('Enter');
  await scan(page, '3');
  await expect(page.getByRole('alert')).toHaveText('Only 2 available.');

  // The next visit starts in the warehouse last used; the first scan in another one is no
  // refusal: the place says its warehouse, and that one is remembered.
  const elsewhere = await warehouseWithPlaces(context, `Second ${tag}`, `V${tag}`);
  await page.reload();
  await booted(page);
  const warehouseTarget = page.locator('.kontor-scan-target').first();
  await expect(warehouseTarget).toContainText(`${s.warehouseName} (last used)`);
  await scan(page, elsewhere.places[0]!.barcode);
  await expect(page.getByRole('textbox', { name: 'Product (EAN)' })).toBeFocused();
  await expect(warehouseTarget).toContainText(elsewhere.name);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await booted(page);
  await expect(warehouseTarget).toContainText(`${elsewhere.name} (last used)`);

  await page.goto(`/administration/currentinventory?warehouseId=${s.warehouseId}`);
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Current inventory' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: s.plain.sku });
  await expect(row.getByRole('cell').nth(6)).toHaveText('2');
  await expect(row.getByRole('cell').nth(7)).toHaveText('€5.00');

  await page.goto(`/storage/bookings?productId=${s.plain.id}`);
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Warehouse bookings' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Warehouse bookings' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Book in');
  await expect(rows.nth(1)).toContainText('Admin');
});

test('the booking screen in the light and the dark theme (screenshots)', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = `S${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  for (const dark of [false, true]) {
    await page.addInitScript((on) => localStorage.setItem('dark', String(on)), dark);
    await page.goto('/stockchange');
    await booted(page);
    await page.getByRole('radio', { name: 'Umbuchen' }).click();
    await scan(page, s.places[0]!.barcode);
    await scan(page, `NIX-${tag}`);
    await expect(page.getByText(`Kein Lagerplatz mit dem Barcode „NIX-${tag}“.`)).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath(`stockchange-${dark ? 'dark' : 'light'}.png`),
      fullPage: true,
    });
  }
});
