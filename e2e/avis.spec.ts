import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  booted,
  createAvis,
  createClient,
  createProduct,
  createSupplier,
  warehouseWithPlaces,
  graphql,
  logInAs,
  pick,
  scan,
  secondBrowser,
  keepLook,
} from './support';

// Avis (issue 13): an advance delivery notice created on its page with two lines, booked by
// keyboard (one line partly, the other fully, places scanned), closed with a difference and
// its reason; a second browser sees the list and the details change without a reload; the
// new stock is in the inventory. English: an over-delivery is asked about, then recorded.
// Screenshots of the details with the booking open, light and dark.

/**
 * A supplier (made here, or the one named `supplierName` already made on its page), a client,
 * a warehouse with three places, a plain and a lot-tracked product.
 */
async function prerequisites(context: BrowserContext, tag: string, supplierName?: string) {
  const supplier = supplierName
    ? ((
        await graphql(
          context,
          'query($s: String) { suppliers(page: { search: $s }) { items { id name } } }',
          { s: supplierName },
        )
      ).suppliers.items[0] as { id: string; name: string })
    : await createSupplier(context, `Lieferant ${tag}`, `L-${tag}`);
  const clientName = `Avis-Kunde ${tag}`;
  const clientId = await createClient(context, clientName);
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, `W${tag}`);
  const product = (sku: string, name: string, lotTracked: boolean) =>
    createProduct(context, { clientId, sku, name, priceNet: 2.5, lotTracked });
  const plain = { sku: `AP-${tag}`, name: `Schrauben ${tag}` };
  const tracked = { sku: `AL-${tag}`, name: `Farbe ${tag}` };
  return {
    supplierId: supplier.id,
    supplierName: supplier.name,
    clientId,
    clientName,
    warehouseId: warehouse.id,
    warehouseName: warehouse.name,
    places: warehouse.places,
    plain: { ...plain, id: await product(plain.sku, plain.name, false) },
    tracked: { ...tracked, id: await product(tracked.sku, tracked.name, true) },
  };
}

/** An avis of the prerequisites' supplier, client and warehouse, delivery note DN-<tag>. */
const announce = (
  context: BrowserContext,
  s: Awaited<ReturnType<typeof prerequisites>>,
  tag: string,
  input: { deliveryDate: string; lines: object[]; comment?: string },
) =>
  createAvis(context, {
    supplierId: s.supplierId,
    clientId: s.clientId,
    warehouseId: s.warehouseId,
    deliveryNoteNumber: `DN-${tag}`,
    ...input,
  });

/** The cells of a table's row that holds `text`. */
const rowOf = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table, exact: true }).getByRole('row').filter({ hasText: text });

test('German: an avis with two lines, booked by keyboard partly and fully, closed with a difference; a second browser follows', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36).toUpperCase();
  await logInAs(context, 'admin');
  // The supplier is made on its page.
  await page.goto('/administration/supplier/create');
  await booted(page);
  const supplier = {
    Name: `Lieferant ${tag}`,
    Lieferantennummer: `L-${tag}`,
    Straße: 'Kai',
    Hausnummer: '3',
    PLZ: '20457',
    Ort: 'Hamburg',
  };
  for (const [label, value] of Object.entries(supplier))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Lieferant erfolgreich erstellt')).toBeVisible();
  const s = await prerequisites(context, tag, supplier.Name);
  expect(s.supplierName).toBe(supplier.Name);
  const [a, b] = s.places as [(typeof s.places)[0], (typeof s.places)[0]];

  // The second browser watches the list of this supplier's avis.
  const watcher = await secondBrowser(
    browser,
    'admin',
    `/administration/avis?supplierId=${s.supplierId}`,
  );
  const other = watcher.context();
  await expect(watcher.getByRole('heading', { name: 'Avis' })).toBeVisible();
  await expect(watcher.getByText('Keine Einträge')).toBeVisible();

  // Create: header, then two lines (the second product is lot-tracked: its lot field appears).
  await page.goto('/administration/avis');
  await booted(page);
  await page.getByRole('button', { name: 'Erstellen' }).click();
  await expect(page.getByRole('heading', { name: 'Avis erstellen' })).toBeVisible();
  await pick(page, 'Lieferant', s.supplierName);
  await pick(page, 'Mandant', s.clientName);
  await page
    .getByRole('combobox', { name: 'Lager', exact: true })
    .selectOption({ label: s.warehouseName });
  await page.getByRole('textbox', { name: 'Lieferschein-Nr.' }).fill(`LS-${tag}`);
  await page.getByRole('textbox', { name: 'Liefertermin' }).fill('2026-12-01');
  const line1 = page.getByRole('row', { name: 'Position 1', exact: true });
  // The picker shows a product as SKU – name (its EAN beside it) and finds it by its SKU.
  await pick(
    page,
    line1.getByRole('combobox', { name: 'Produkt' }),
    `${s.plain.sku} – ${s.plain.name}`,
    s.plain.sku,
  );
  await line1.getByRole('spinbutton', { name: 'Angekündigt' }).fill('10');
  await page.getByRole('button', { name: 'Position hinzufügen' }).click();
  const line2 = page.getByRole('row', { name: 'Position 2', exact: true });
  await expect(line2.getByRole('combobox', { name: 'Produkt' })).toBeFocused();
  await pick(
    page,
    line2.getByRole('combobox', { name: 'Produkt' }),
    `${s.tracked.sku} – ${s.tracked.name}`,
    s.tracked.sku,
  );
  await line2.getByRole('spinbutton', { name: 'Angekündigt' }).fill('5');
  await line2.getByRole('textbox', { name: 'Charge' }).fill('CH-1');
  await page.getByRole('button', { name: 'Speichern' }).click();
  // Saving and booking wait for the server (room for a machine under load).
  await expect(page.getByText('Das Avis wurde erstellt.')).toBeVisible({ timeout: 15_000 });
  const heading = page.getByRole('heading', { name: /^Avis-Details: AV-/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Avis-Details: ', '');
  await expect(page.getByText('Angekündigt', { exact: true }).first()).toBeVisible();

  // The watcher's list shows the new avis without a reload; a second tab watches its details.
  const listed = watcher.getByRole('row').filter({ hasText: number });
  await expect(listed).toContainText('Angekündigt');
  await expect(listed).toContainText('0 / 15');
  const details = await other.newPage();
  await details.goto(page.url());
  await booted(details);
  await expect(details.getByRole('heading', { name: `Avis-Details: ${number}` })).toBeVisible();
  await expect(details.getByText('Noch nichts gebucht.')).toBeVisible();

  // Book by keyboard: line 1 partly (4 of 10) onto A, line 2 fully (5, lot CH-1) onto B.
  // One line at a time at the top (its SKU large), all lines in the table below.
  await page.getByRole('button', { name: 'Buchen' }).click();
  const quantity = page.getByRole('spinbutton', { name: 'Eingang jetzt' });
  const current = page.locator('.kontor-scan-target').first();
  await expect(quantity).toBeFocused();
  await expect(current).toContainText(`Position 1 von 2${s.plain.sku}`);
  await expect(page.locator('.kontor-scan-hint')).toContainText(
    'Enter im letzten Feld der letzten Position oder Strg+Enter: buchen.',
  );
  await scan(page, '4');
  await expect(
    page.getByRole('textbox', { name: 'Lagerplatz (Barcode oder Suche)' }),
  ).toBeFocused();
  await scan(page, a.barcode);
  await expect(quantity).toBeFocused();
  await expect(current).toContainText(`Position 2 von 2${s.tracked.sku}`);
  await expect(page.getByText(a.path, { exact: true })).toBeVisible();
  await scan(page, '5');
  await scan(page, b.barcode);
  const lot = page.getByRole('textbox', { name: 'Charge', exact: true });
  await expect(lot).toBeFocused();
  await expect(lot).toHaveValue('CH-1');
  // Enter in the last field of the last line books, once.
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Wareneingang ${number}-1 wurde gebucht.`)).toBeVisible({
    timeout: 15_000,
  });

  // Status and differences: line 1 is 6 short, line 2 complete.
  await expect(page.getByText('Teilweise gebucht', { exact: true }).first()).toBeVisible();
  const lines = 'Positionen';
  await expect(rowOf(page, lines, s.plain.sku).getByRole('cell')).toHaveText([
    s.plain.sku,
    s.plain.name,
    '',
    '',
    '10',
    '4',
    '−6',
  ]);
  await expect(rowOf(page, lines, s.tracked.sku).getByRole('cell')).toHaveText([
    s.tracked.sku,
    s.tracked.name,
    'CH-1',
    '',
    '5',
    '5',
    '0',
  ]);
  const receipt = page.getByRole('article', { name: `${number}-1` });
  await expect(receipt).toContainText('Admin');
  const pdfLink = receipt.getByRole('link', { name: `Beleg ${number}-1 (PDF)` });
  await expect(pdfLink).toHaveAttribute('href', /\/spa\/avis\/receipts\/\d+\.pdf\?lang=de$/);
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // The second browser: the list and the details changed without a reload.
  await expect(listed).toContainText('Teilweise gebucht');
  await expect(listed).toContainText('9 / 15');
  await expect(rowOf(details, lines, s.plain.sku).getByRole('cell').nth(6)).toHaveText('−6');
  await expect(details.getByRole('article', { name: `${number}-1` })).toBeVisible();

  // Close with the difference: the reason is required and kept.
  await page.getByRole('button', { name: 'Mit Differenz abschließen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`mit einer Differenz von −6 abgeschlossen`);
  await dialog.getByRole('button', { name: 'Abschließen' }).click();
  await expect(dialog.getByText('Dies ist ein Pflichtfeld')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Grund' }).fill('Lieferant liefert den Rest nicht');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Das Avis wurde abgeschlossen.')).toBeVisible();
  await expect(page.getByText('Gebucht', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Lieferant liefert den Rest nicht').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buchen' })).toHaveCount(0);
  await expect(listed).toContainText('Gebucht');
  const history = page.getByRole('table', { name: 'Verlauf' });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history).toContainText('Abgeschlossen');
  // The booking's detail in the reader's language: its receipt and the units booked.
  await expect(history).toContainText(`${number}-1: 9 Einheiten`);
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('avis-details-closed-de-light.png') });
  await other.close();

  // The new stock is in the inventory: 4 and 5.
  await page.goto(`/administration/currentinventory?warehouseId=${s.warehouseId}`);
  await booted(page);
  await expect(rowOf(page, 'Bestand', s.plain.sku).getByRole('cell').nth(4)).toHaveText('4');
  await expect(rowOf(page, 'Bestand', s.tracked.sku).getByRole('cell').nth(4)).toHaveText('5');
});

test('English: an over-delivery is asked about, then booked and recorded; editing stops once booked', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = `E${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  const { id, number } = await announce(context, s, tag, {
    deliveryDate: '2026-12-02',
    lines: [{ productId: s.plain.id, announcedQuantity: 3 }],
  });
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));

  // From the list's book action straight into the booking.
  await page.goto(`/administration/avis?supplierId=${s.supplierId}`);
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Delivery notices (avis)' })).toBeVisible();
  await page.getByRole('button', { name: `Book avis ${number}` }).click();
  await expect(page.getByRole('heading', { name: `Avis details: ${number}` })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Received now' })).toBeFocused();

  // An unknown place stays in its field with the reason.
  await scan(page, '5');
  await scan(page, `NOPE-${tag}`);
  await expect(page.getByText(`No place “NOPE-${tag}” in this warehouse.`)).toBeVisible();
  const place = page.getByRole('textbox', { name: 'Place (barcode or search)' });
  await expect(place).toBeFocused();
  await place.fill('');

  // 5 of 3 announced: asked first; confirmed, booked with +2 recorded.
  await scan(page, s.places[2]!.barcode);
  await expect(page.getByText(`More than announced: ${s.plain.sku} +2.`)).toBeVisible();
  await page.getByRole('button', { name: 'Book over-delivery' }).click();
  await expect(page.getByText(`Goods receipt ${number}-1 was booked.`)).toBeVisible();
  await expect(page.getByText('Booked', { exact: true }).first()).toBeVisible();
  await expect(rowOf(page, 'Lines', s.plain.sku).getByRole('cell').nth(6)).toHaveText('+2');
  await expect(rowOf(page, `${number}-1`, s.plain.sku).getByRole('cell')).toHaveText([
    s.plain.sku,
    s.places[2]!.path,
    '',
    '',
    '5',
    '+2',
  ]);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'History' })).toContainText(
    `${number}-1: 5 units, over-delivery of 2 confirmed`,
  );

  // The edit page of a booked avis says why it can't be edited.
  await page.goto(`/administration/avis/${id}/edit`);
  await booted(page);
  await expect(page.getByRole('alert')).toContainText('it can no longer be edited');
});

test('German: Ctrl+Enter books what was entered exactly once; a fully received line takes no input', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = `K${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  const { id, number } = await announce(context, s, tag, {
    deliveryDate: '2026-12-05',
    lines: [
      { productId: s.plain.id, announcedQuantity: 3 },
      { productId: s.tracked.id, announcedQuantity: 2, lot: 'CH-7' },
    ],
  });
  await page.goto(`/administration/avis/${id}/details?book=1`);
  await booted(page);
  const quantity = page.getByRole('spinbutton', { name: 'Eingang jetzt' });
  await expect(quantity).toBeFocused();
  await scan(page, '3');
  await scan(page, s.places[0]!.barcode);
  // On the next line's (empty) quantity, Ctrl+Enter books line 1 — once.
  await expect(page.locator('.kontor-scan-target').first()).toContainText(s.tracked.sku);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('status')).toHaveText(`Wareneingang ${number}-1 wurde gebucht.`);
  await expect(page.getByText('Teilweise gebucht', { exact: true }).first()).toBeVisible();
  // Pressed again: nothing more is booked, and no "enter a quantity" refusal.
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('article', { name: /-1$/ })).toHaveCount(1);
  await expect(
    page.getByText('Bitte bei mindestens einer Position eine Menge eingeben.'),
  ).toHaveCount(0);
  // Line 1 is complete: no input for it, the walk starts at line 2.
  const lines = page.getByRole('table', { name: 'Positionen der Buchung' });
  const complete = lines.getByRole('row').filter({ hasText: s.plain.sku });
  await expect(complete).toContainText('vollständig');
  await expect(complete.getByRole('button')).toHaveCount(0);
  await expect(page.locator('.kontor-scan-target').first()).toContainText(
    `Position 1 von 1${s.tracked.sku}`,
  );
  await expect(quantity).toBeFocused();
});

test('the details with the booking open in the light and the dark theme (screenshots)', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(60_000);
  const tag = `S${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  const { id } = await announce(context, s, tag, {
    deliveryDate: '2026-12-03',
    comment: 'Anlieferung über Tor 2',
    lines: [
      { productId: s.plain.id, announcedQuantity: 12 },
      { productId: s.tracked.id, announcedQuantity: 4, lot: 'CH-9' },
    ],
  });
  for (const [locale, dark] of [
    ['de', false],
    ['en', true],
  ] as const) {
    await page.addInitScript(
      ([l, d]) => {
        localStorage.setItem('locale', l);
        localStorage.setItem('dark', String(d));
      },
      [locale, dark] as const,
    );
    await page.goto(`/administration/avis/${id}/details?book=1`);
    await booted(page);
    await scan(page, '2');
    await scan(page, s.places[0]!.barcode);
    await keepLook(page, testInfo, 'avis-details', { language: locale, dark });
    await page.goto(`/administration/avis/${id}/edit`);
    await booted(page);
    await expect(page.getByRole('row', { name: /^(Position|Line) 2$/ })).toBeVisible();
    await keepLook(page, testInfo, 'avis-edit', { language: locale, dark });
    await page.goto(`/administration/avis?supplierId=${s.supplierId}`);
    await booted(page);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await keepLook(page, testInfo, 'avis-list', { language: locale, dark });
  }
});

test('German: an announced avis is edited (a quantity, a line removed), then cancelled with a reason', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = `B${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  const { id, number } = await announce(context, s, tag, {
    deliveryDate: '2026-12-04',
    lines: [
      { productId: s.plain.id, announcedQuantity: 8 },
      { productId: s.tracked.id, announcedQuantity: 2, lot: 'CH-2' },
    ],
  });
  await page.goto(`/administration/avis/${id}/details`);
  await booted(page);
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(page.getByRole('heading', { name: `Avis bearbeiten: ${number}` })).toBeVisible();
  const line1 = page.getByRole('row', { name: 'Position 1', exact: true });
  await expect(line1.getByRole('combobox', { name: 'Produkt' })).toHaveValue(
    `${s.plain.sku} – ${s.plain.name}`,
  );
  await line1.getByRole('spinbutton', { name: 'Angekündigt' }).fill('0');
  await page.getByRole('button', { name: 'Position 2 entfernen' }).click();
  await expect(page.getByRole('row', { name: 'Position 2', exact: true })).toHaveCount(0);
  // 0 is refused in the browser, at its field.
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(line1.getByText('Bitte eine ganze Zahl größer als 0 eingeben.')).toBeVisible();
  await expect(line1.getByRole('spinbutton', { name: 'Angekündigt' })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Das Avis wurde gespeichert.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Avis-Details: ${number}` })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Positionen', exact: true }).getByRole('row');
  await expect(lines).toHaveCount(3); // header, one line, the sum
  await expect(lines.nth(1).getByRole('cell').nth(4)).toHaveText('9');

  // Cancelled with a reason: no booking, no edit any more.
  await page.getByRole('button', { name: 'Stornieren' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Grund' }).fill('Bestellung storniert');
  await dialog.getByRole('button', { name: 'Stornieren' }).click();
  await expect(page.getByText('Das Avis wurde storniert.')).toBeVisible();
  await expect(page.getByText('Storniert', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buchen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Verlauf' })).toContainText('Bestellung storniert');
});
