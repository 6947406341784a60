import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  bookIn,
  booted,
  createClient,
  createOrder,
  createProduct,
  createShippingMethod,
  warehouseWithPlaces,
  graphql,
  gtin13,
  logInAs,
  scan,
  secondBrowser,
  keepLook,
} from './support';

// Fulfillment (issue 15), keyboard only at the scanner screens (a hand scanner types the code
// and presses Enter): a picklist for 3 orders is created on /picklist and picked line by line
// by scanning place and EAN (a wrong EAN is refused loudly and changes nothing); at the
// packing station /shipment/create one order is packed into two packages (EAN scans, a wrong
// one refused, a weight and a tracking number) and finished, another shipped with 'Alle
// versenden' and a tracking number; the inventory, the orders list and the dashboard of a
// second browser follow without a reload; the delivery note and the label are PDFs. English:
// an unknown order, a partial shipment that keeps the order processing, ship all of the rest,
// a picklist cancelled with confirmation (its stock released, its order pending again).
// Screenshots (outputs): German light and English dark of both screens.

const address = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Heidestraße',
  houseNumber: '17',
  postcode: '51147',
  city: 'Köln',
  countryCode: 'DE',
};

/**
 * A client with two products (EANs), a shipping method, a warehouse with places P01 and P02
 * (barcodes of their paths), stock: 10 cups on P01, 5 books on P02; and `orders` pending orders
 * of that client (number → [sku, quantity] list).
 */
async function prerequisites(
  context: BrowserContext,
  tag: string,
  orders: Record<string, ['tasse' | 'buch', number][]>,
) {
  const client = `Versand ${tag}`;
  const clientId = await createClient(context, client);
  const digits = String(Date.now()).slice(-9);
  const product = (sku: string, name: string, ean: string) =>
    createProduct(context, { clientId, sku, name, ean, priceNet: 5, vatRate: 19 });
  const tasse = { sku: `TASSE-${tag}`, ean: gtin13(`40${digits}1`), id: '' };
  const buch = { sku: `BUCH-${tag}`, ean: gtin13(`40${digits}2`), id: '' };
  tasse.id = await product(tasse.sku, 'Tasse blau', tasse.ean);
  buch.id = await product(buch.sku, 'Kochbuch', buch.ean);
  const shippingMethodId = await createShippingMethod(context, tag);
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, `F${tag}`.slice(0, 20), {
    places: 2,
    storage: 'Halle',
    rack: 'Regal',
  });
  const places = warehouse.places;
  for (const [productId, placeId, quantity] of [
    [tasse.id, places[0]!.id, 10],
    [buch.id, places[1]!.id, 5],
  ] as const)
    await bookIn(context, { warehouseId: warehouse.id, placeId, productId, quantity });
  const products = { tasse, buch };
  for (const [number, items] of Object.entries(orders))
    await createOrder(context, {
      clientId,
      number,
      shippingMethodId,
      shippingAddress: address,
      items: items.map(([which, quantity]) => ({ productId: products[which].id, quantity })),
    });
  return {
    client,
    clientId,
    method: `Post ${tag} – Paket ${tag}`,
    tasse,
    buch,
    places,
  };
}

/** Presses Tab until `target` has the focus (what a user without a mouse does). */
async function tabTo(page: Page, target: Locator, shift = false) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The inventory row of a sku: [total, locked, available] as shown. */
function inventoryRow(page: Page, sku: string) {
  return page.getByRole('row').filter({ hasText: sku });
}
async function expectStock(page: Page, sku: string, total: number, locked: number) {
  const cells = inventoryRow(page, sku).getByRole('cell');
  await expect(cells.nth(4)).toHaveText(String(total), { timeout: 10_000 });
  await expect(cells.nth(5)).toHaveText(String(locked));
  await expect(cells.nth(6)).toHaveText(String(total - locked));
}

/** The dashboard's figure 'Sendungen heute' as a number. */
async function shipmentsToday(page: Page, label: string) {
  const text = await page
    .getByRole('group', { name: label })
    .locator('.kontor-dashboard-figure')
    .textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

test('German: a picklist for 3 orders picked by scanning; one order packed in two packages, one shipped with ship all; stock, orders and dashboard follow', async ({
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase();
  const [a, b, c] = [`A-${tag}`, `B-${tag}`, `C-${tag}`];
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag, {
    [a]: [
      ['tasse', 2],
      ['buch', 1],
    ],
    [b]: [['tasse', 1]],
    [c]: [['buch', 1]],
  });

  // A second browser watches the inventory and the dashboard.
  const inventory = await secondBrowser(
    browser,
    'admin',
    `/administration/currentinventory?search=${tag}`,
  );
  const other = inventory.context();
  await expectStock(inventory, s.tasse.sku, 10, 0);
  await expectStock(inventory, s.buch.sku, 5, 0);
  const dashboard = await other.newPage();
  await dashboard.goto('/dashboard');
  await booted(dashboard);
  await expect(dashboard.getByRole('group', { name: 'Sendungen heute' })).not.toContainText('…');
  const shipmentsBefore = await shipmentsToday(dashboard, 'Sendungen heute');

  // Create the picklist: client, shipping method, 3 orders (keyboard: focus, type, Enter).
  await page.goto('/picklist');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Picklist' })).toBeVisible();
  await page.getByRole('button', { name: 'Picklist erstellen' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Neue Picklist' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Mandant' }).fill(s.client);
  await expect(page.getByRole('option', { name: s.client })).toBeVisible();
  await page.keyboard.press('Enter');
  await dialog.getByRole('combobox', { name: 'Versandart' }).selectOption({ label: s.method });
  await dialog.getByRole('spinbutton', { name: /Anzahl Bestellungen/ }).fill('3');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText(
    /Picklist PL-\d{4}-\d{6} mit 3 Bestellung/,
  );
  await expect(dialog).toContainText('Alle passenden Bestellungen wurden reserviert.');
  await expect(dialog.getByRole('button', { name: 'Picklist öffnen' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The picklist: lines in walking order (P01 before P02) with the orders they serve.
  await expect(page).toHaveURL(/\/picklist\?id=\d+$/);
  await expect(page.getByRole('heading', { name: /^Picklist PL-/ })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Zeilen' }).getByRole('row');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(1)).toContainText(s.places[0]!.path);
  await expect(lines.nth(1)).toContainText(s.tasse.sku);
  await expect(lines.nth(1).getByRole('cell').nth(6)).toHaveText('3');
  await expect(lines.nth(1)).toContainText(`${a} (2)`);
  await expect(lines.nth(1)).toContainText(`${b} (1)`);
  await expect(lines.nth(2)).toContainText(s.buch.sku);
  await expect(lines.nth(2).getByRole('cell').nth(6)).toHaveText('2');
  // The stock is reserved (locked) in the other browser, live.
  await expectStock(inventory, s.tasse.sku, 10, 3);
  await expectStock(inventory, s.buch.sku, 5, 2);

  // Picking by scanner: the focus is in the place field; the next place is named.
  const placeField = page.getByRole('textbox', { name: 'Lagerplatz scannen' });
  await expect(placeField).toBeFocused();
  await expect(page.locator('.kontor-scan-next')).toContainText(
    `Als Nächstes: Zu ${s.places[0]!.path} gehen und den Lagerplatz scannen.`,
  );
  // The product to take there, large beside the place: 3 cups for orders A and B.
  const product = page.locator('.kontor-scan-target').nth(1);
  await expect(product).toContainText(s.tasse.sku);
  await expect(product).toContainText('3 × Tasse blau · für');
  for (const order of [a, b]) await expect(product).toContainText(order);
  await scan(page, s.places[0]!.barcode);
  const eanInput = page.getByRole('textbox', { name: 'EAN scannen' });
  await expect(eanInput).toBeFocused();
  // The place is confirmed (green, large); the product to take there is named.
  await expect(page.locator('.kontor-scan-target-confirmed')).toContainText(s.places[0]!.path);
  await expect(page.locator('.kontor-scan-next')).toContainText(`EAN von ${s.tasse.sku}`);
  // The book's EAN at the cups' place: refused loudly, once, and the field stays where it is.
  const fieldAt = (await eanInput.boundingBox())!.y;
  await scan(page, s.buch.ean);
  await expect(page.getByRole('alert')).toContainText(`EAN ${s.buch.ean} liegt auf`);
  await expect(page.getByText(`EAN ${s.buch.ean} liegt auf`)).toHaveCount(1);
  await expect(eanInput).toBeFocused();
  expect((await eanInput.boundingBox())!.y).toBe(fieldAt);
  await expect(lines.nth(1).getByRole('cell').nth(7)).toHaveText('0');
  await page.keyboard.press('Control+A');
  await scan(page, s.tasse.ean);
  const quantityField = page.getByRole('spinbutton', { name: 'Menge' });
  await expect(quantityField).toBeFocused();
  await expect(quantityField).toHaveValue('3');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Gepickt:' })).toContainText(
    `Gepickt: 3 × ${s.tasse.sku}`,
  );
  await expect(lines.nth(1).getByRole('cell').nth(7)).toHaveText('3 ✓');
  await expect(page.locator('.kontor-pick-head')).toContainText('In Arbeit');
  await expect(placeField).toBeFocused();
  await scan(page, s.places[1]!.barcode);
  await scan(page, s.buch.ean);
  await expect(quantityField).toHaveValue('2');
  await page.keyboard.press('Enter');
  await expect(lines.nth(2).getByRole('cell').nth(7)).toHaveText('2 ✓');
  await expect(page.locator('.kontor-pick-head')).toContainText('Erledigt');
  await expect(page.getByText('Diese Picklist ist „Erledigt“')).toBeVisible();
  // A finished picklist leads on to the packing station.
  await expect(page.getByRole('link', { name: 'Zur Packstation' })).toHaveAttribute(
    'href',
    '/shipment/create',
  );
  await page.screenshot({ path: testInfo.outputPath('picklist-de-light.png'), fullPage: true });
  const picklistPdf = await context.request.get(
    (await page.getByRole('link', { name: 'PDF' }).getAttribute('href'))!,
  );
  expect(picklistPdf.status()).toBe(200);
  expect(picklistPdf.headers()['content-type']).toContain('application/pdf');
  await page.goto('/picklist');
  await booted(page);
  const listRow = page.getByRole('row').filter({ hasText: s.client });
  await expect(listRow).toContainText('Erledigt');
  await expect(listRow).toContainText('2 / 2');

  // The packing station: the focus waits in the scan field.
  await page.goto('/shipment/create');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Sendung erstellen' })).toBeVisible();
  const orderField = page.getByRole('textbox', { name: 'Bestellnummer' });
  await expect(orderField).toBeFocused();
  await scan(page, `X-${tag}`);
  await expect(page.getByRole('alert')).toContainText(
    `Keine Bestellung mit der Nummer „X-${tag}“ gefunden.`,
  );
  await expect(orderField).toBeFocused();
  await page.keyboard.press('Control+A');
  // A scanner does not wait for the screen: while the order is on its way (held back here),
  // the first cup's EAN is scanned completely and the second one half; neither is lost.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('OrderForPacking')) await held;
    await route.continue();
  });
  await scan(page, a);
  await scan(page, s.tasse.ean);
  await page.keyboard.type(s.tasse.ean.slice(0, 5));
  answer();
  const currentStep = page.getByRole('list', { name: 'Schritte' }).locator('[aria-current="step"]');
  await expect(currentStep).toContainText('Bestellpositionen zuordnen');
  await page.keyboard.type(s.tasse.ean.slice(5));
  await page.keyboard.press('Enter');
  await page.unroute('**/graphql');
  const eanField = page.getByRole('textbox', { name: 'EAN scannen' });
  await expect(eanField).toBeFocused();
  await expect(currentStep).toContainText('Bestellpositionen zuordnen');
  const positions = page.locator('.kontor-packing-item');
  await expect(positions.nth(0)).toContainText(s.tasse.sku);
  await expect(positions.nth(0).locator('[data-figure="ordered"]')).toHaveText('2');
  await expect(positions.nth(0).locator('[data-figure="shipped"]')).toHaveText('0');
  await expect(positions.nth(0).locator('[data-figure="remaining"]')).toHaveText('0');
  // Package 1: two cups by those two scans.
  await expect(page.getByRole('status')).toContainText(`+1 ${s.tasse.sku} in Paket 1 (2 von 2)`);
  await expect(
    page.getByRole('spinbutton', { name: `Menge von ${s.tasse.sku} in Paket 1` }),
  ).toHaveValue('2');
  // A third cup: everything open is assigned; an EAN not in the order: loud, nothing changes.
  await scan(page, s.tasse.ean);
  await expect(page.getByRole('alert')).toContainText('alles Offene ist schon zugeordnet');
  await scan(page, '4000000000000');
  await expect(page.getByRole('alert')).toContainText(
    `EAN 4000000000000 gehört zu keiner Position von Bestellung ${a}.`,
  );
  await expect(
    page.getByRole('spinbutton', { name: `Menge von ${s.tasse.sku} in Paket 1` }),
  ).toHaveValue('2');
  await expect(
    page.getByRole('spinbutton', { name: `Menge von ${s.buch.sku} in Paket 1` }),
  ).toHaveValue('0');
  const sounds = await page.evaluate(
    () => (window as unknown as { kontorSounds: string[] }).kontorSounds,
  );
  expect(sounds.slice(-4)).toEqual(['ok', 'ok', 'error', 'error']);
  // Its weight (Tab from the scan field through the package's fields).
  await tabTo(page, page.getByRole('textbox', { name: 'Gewicht (kg)' }));
  await page.keyboard.type('1,5');
  // Package 2 ('Paket hinzufügen' by keyboard): the book, a tracking number.
  await tabTo(page, page.getByRole('button', { name: 'Paket hinzufügen' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Paket 2', selected: true })).toBeVisible();
  await expect(eanField).toBeFocused();
  await scan(page, s.buch.ean);
  await expect(page.getByRole('status')).toContainText(`+1 ${s.buch.sku} in Paket 2 (1 von 1)`);
  await tabTo(page, page.getByRole('textbox', { name: 'Sendungsnummer (optional)' }));
  await page.keyboard.type(`TRK-${tag}`);
  await page.screenshot({ path: testInfo.outputPath('packing-de-light.png'), fullPage: true });
  await tabTo(page, page.getByRole('button', { name: 'Weiter' }));
  await page.keyboard.press('Enter');
  // Step 3: the packages once more; 'Fertigstellen' has the focus.
  const summary = page.locator('.kontor-packing-summary tbody tr');
  await expect(summary.nth(0)).toContainText(`2 × ${s.tasse.sku}`);
  await expect(summary.nth(0)).toContainText('1,5');
  await expect(summary.nth(1)).toContainText(`1 × ${s.buch.sku}`);
  await expect(summary.nth(1)).toContainText(`TRK-${tag}`);
  await expect(page.getByRole('button', { name: 'Fertigstellen' })).toBeFocused();
  await page.keyboard.press('Enter');
  const done = page.getByRole('status').filter({ hasText: `Bestellung ${a} versendet` });
  await expect(done).toContainText('2 Paket(e). Die Bestellung ist abgeschlossen.');
  await expect(orderField).toBeFocused();
  // The delivery note and the labels are PDFs.
  for (const name of [
    'Lieferschein (PDF)',
    'Versandetikett Paket 1 (PDF)',
    'Versandetikett Paket 2 (PDF)',
  ]) {
    const href = await done.getByRole('link', { name }).getAttribute('href');
    const pdf = await context.request.get(href!);
    expect(pdf.status(), name).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  }
  await expectStock(inventory, s.tasse.sku, 8, 1);
  await expectStock(inventory, s.buch.sku, 4, 1);

  // The same order again: everything is shipped.
  await scan(page, a);
  await expect(page.getByRole('alert')).toContainText(
    `Bestellung ${a} ist bereits vollständig versendet.`,
  );

  // Order B with 'Alle versenden': the confirmation names what happens; a tracking number.
  await page.keyboard.press('Control+A');
  await scan(page, b);
  await expect(eanField).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Alle versenden' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Alle versenden' });
  await expect(confirm).toContainText(
    `Alle offenen Bestellpositionen von Bestellung ${b} kommen in ein weiteres Paket, und die Bestellung wird abgeschlossen.`,
  );
  await expect(confirm.getByRole('textbox', { name: 'Sendungsnummer (optional)' })).toBeFocused();
  await scan(page, `TRK2-${tag}`);
  await expect(confirm).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: `Bestellung ${b} versendet` }),
  ).toContainText('Die Bestellung ist abgeschlossen.');
  await expectStock(inventory, s.tasse.sku, 7, 0);

  // The orders: A and B complete (B's package with its tracking number), C still processing.
  await page.goto(`/orders?search=${tag}`);
  await booted(page);
  await expect(page.getByRole('row').filter({ hasText: a })).toContainText('Abgeschlossen');
  await expect(page.getByRole('row').filter({ hasText: b })).toContainText('Abgeschlossen');
  await expect(page.getByRole('row').filter({ hasText: c })).toContainText('In Bearbeitung');
  // The dashboard of the other browser counted both shipments without a reload.
  await expect
    .poll(() => shipmentsToday(dashboard, 'Sendungen heute'), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(shipmentsBefore + 2);
  await other.close();
});

test('German: a picklist for one order chosen in the orders list; an order without a shipping method is named with a link in the picklist dialog and at the packing station', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const tag = `W${Date.now().toString(36).toUpperCase()}`;
  const [older, chosen] = [`A-${tag}`, `B-${tag}`];
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag, {
    [older]: [['tasse', 1]],
    [chosen]: [['tasse', 2]],
  });
  // As a fresh Kontor's first order was: no shipping method.
  const stray = await createOrder(context, {
    clientId: s.clientId,
    number: `C-${tag}`,
    shippingAddress: address,
    items: [{ productId: s.tasse.id, quantity: 1 }],
  });

  // The orders list: one order chosen, 'Picklist erstellen' makes a picklist of it alone.
  await page.goto(`/orders?search=${encodeURIComponent(tag)}`);
  await booted(page);
  const choose = async (number: string) => {
    const box = page.getByRole('checkbox', { name: `Bestellung ${number} auswählen` });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  };
  await choose(chosen);
  await page.getByRole('toolbar').getByRole('button', { name: 'Picklist erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Picklist für die ausgewählten Bestellungen' });
  await expect(dialog.getByRole('status')).toContainText(
    /Picklist PL-\d{4}-\d{6} mit 1 Bestellung/,
  );
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  const rowOf = (number: string) => page.getByRole('row').filter({ hasText: number });
  await expect(rowOf(chosen)).toContainText('In Bearbeitung');
  await expect(rowOf(older)).toContainText('Offen');

  // The order without a shipping method: left out, named with its problem and a link to it.
  await choose(stray.number);
  await page.getByRole('toolbar').getByRole('button', { name: 'Picklist erstellen' }).click();
  await expect(dialog.getByRole('status')).toContainText('Keine Picklist erstellt');
  const left = dialog.getByRole('region', { name: 'Nicht aufgenommen' });
  await expect(left.getByRole('listitem')).toContainText(`${stray.number}: Fulfillment-Problem – `);
  const link = left.getByRole('link', { name: stray.number });
  await expect(link).toHaveAttribute('href', `/order/${stray.id}/edit`);

  // The packing station refuses it, naming the problem, with the way to the order.
  await page.goto('/shipment/create');
  await booted(page);
  await expect(page.getByRole('textbox', { name: 'Bestellnummer' })).toBeFocused();
  await scan(page, stray.number);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    `Bestellung ${stray.number} kann nicht gepackt werden – Fulfillment-Problem:`,
  );
  await alert.getByRole('link', { name: `Bestellung ${stray.number} öffnen` }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${stray.id}/edit$`));
});

test('English: an unknown order, a partial shipment keeps the order processing, ship all of the rest; a picklist cancelled releases its stock', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(150_000);
  const tag = `E${Date.now().toString(36).toUpperCase()}`;
  const [d, e] = [`D-${tag}`, `E-${tag}`];
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag, { [d]: [['tasse', 3]], [e]: [['buch', 2]] });
  await page.addInitScript(() => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem('dark', 'true');
  });

  // Order D is packed without a picklist (pending orders ship too, from free stock).
  await page.goto('/shipment/create');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Create shipment' })).toBeVisible();
  const orderField = page.getByRole('textbox', { name: 'Order number' });
  await expect(orderField).toBeFocused();
  await scan(page, `NOPE-${tag}`);
  await expect(page.getByRole('alert')).toContainText(`No order with the number “NOPE-${tag}”.`);
  await page.keyboard.press('Control+A');
  await scan(page, d);
  await expect(page.getByRole('textbox', { name: 'Scan EAN' })).toBeFocused();
  await scan(page, s.buch.ean);
  await expect(page.getByRole('alert')).toContainText(
    `EAN ${s.buch.ean} is on no position of order ${d}.`,
  );
  // One cup typed by hand: Tab to its quantity.
  const quantity = page.getByRole('spinbutton', {
    name: `Quantity of ${s.tasse.sku} in package 1`,
  });
  await tabTo(page, quantity);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  // More than open: marked at once, and forward is refused.
  await expect(page.getByText('More than open: at most 3.')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Forward' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Please correct the marked entries first.');
  await tabTo(page, quantity, true);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await page.screenshot({ path: testInfo.outputPath('packing-en-dark.png'), fullPage: true });
  await tabTo(page, page.getByRole('button', { name: 'Forward' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Finish' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Order ${d} shipped` })).toContainText(
    'Partial delivery: the order stays processing.',
  );
  // Again: 1 already shipped, 2 open; ship all of it.
  await scan(page, d);
  const row = page.locator('.kontor-packing-item').first();
  await expect(row.locator('[data-figure="shipped"]')).toHaveText('1');
  await expect(row.locator('[data-figure="remaining"]')).toHaveText('2');
  await tabTo(page, page.getByRole('button', { name: 'Ship all' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Ship all' });
  await expect(confirm).toContainText(
    `All open positions of order ${d} go into one further package`,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Order ${d} shipped` })).toContainText(
    'The order is complete.',
  );

  // A picklist for order E (single client), cancelled: its stock is free again, E pending.
  await page.goto('/picklist');
  await booted(page);
  await page.getByRole('button', { name: 'Create picklist' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New picklist' });
  await dialog.getByRole('combobox', { name: 'Client' }).fill(s.client);
  await expect(page.getByRole('option', { name: s.client })).toBeVisible();
  await page.keyboard.press('Enter');
  await dialog.getByRole('spinbutton', { name: /Number of orders/ }).fill('1');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText(
    /Picklist PL-\d{4}-\d{6} created with 1 order/,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Picklist PL-/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lines' })).toContainText(`${e} (2)`);
  await page.screenshot({ path: testInfo.outputPath('picklist-en-dark.png'), fullPage: true });
  await page.getByRole('button', { name: 'Cancel picklist' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toContainText('Stock still reserved is released');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel picklist' }).click();
  await expect(page.locator('.kontor-pick-head')).toContainText('Cancelled');
  await expect(page.getByText('This picklist is “Cancelled”')).toBeVisible();
  const { inventory } = await graphql(
    context,
    'query($s: String) { inventory(page: { search: $s }) { items { product { sku } quantity locked } } }',
    { s: s.buch.sku },
  );
  expect(inventory.items).toEqual([{ product: { sku: s.buch.sku }, quantity: 5, locked: 0 }]);
  await page.goto(`/orders?search=${e}`);
  await booted(page);
  await expect(page.getByRole('row').filter({ hasText: e })).toContainText('Pending');
});

test('screenshots: the packing station and a picklist in German dark and English light', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = `S${Date.now().toString(36).toUpperCase()}`;
  const f = `F-${tag}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag, {
    [f]: [
      ['tasse', 2],
      ['buch', 1],
    ],
  });
  const { createPicklist } = await graphql(
    context,
    'mutation($i: PicklistInput!) { createPicklist(input: $i) { picklist { id } } }',
    {
      i: {
        maxOrders: 1,
        clientId: (
          await graphql(
            context,
            'query($s: String) { clients(page: { search: $s }) { items { id } } }',
            { s: s.client },
          )
        ).clients.items[0].id,
      },
    },
  );
  for (const [locale, dark] of [
    ['de', true],
    ['en', false],
  ] as const) {
    await page.addInitScript(
      ([l, dk]) => {
        localStorage.setItem('locale', l);
        localStorage.setItem('dark', String(dk));
      },
      [locale, dark] as const,
    );
    await page.goto(`/picklist?id=${createPicklist.picklist.id}`);
    await booted(page);
    await expect(page.locator('.kontor-pick-lines tbody tr')).toHaveCount(2);
    await scan(page, s.places[0]!.barcode);
    await scan(page, s.buch.ean);
    await expect(page.getByRole('alert')).toBeVisible();
    await keepLook(page, testInfo, 'picklist', { language: locale, dark });
    await page.goto('/picklist');
    await booted(page);
    await expect(page.getByRole('row').filter({ hasText: s.client })).toBeVisible();
    await keepLook(page, testInfo, 'picklists', { language: locale, dark });
    await page.goto('/shipment/create');
    await booted(page);
    await scan(page, f);
    await scan(page, s.tasse.ean);
    await scan(page, '4000000000000');
    await expect(page.getByRole('alert')).toBeVisible();
    await keepLook(page, testInfo, 'packing', { language: locale, dark });
  }
});

/** On screen: inside the viewport and not covered (by the sticky top block or action bar). */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const seen = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      inside:
        box.top >= 0 &&
        box.left >= 0 &&
        box.bottom <= window.innerHeight &&
        box.right <= window.innerWidth,
      uncovered: hit !== null && (hit === element || element.contains(hit)),
    };
  });
  expect(seen).toEqual({ inside: true, uncovered: true });
}

test('handheld 390 px: picking with the field near the top, a wrong scan said once without moving it, the cancel apart; packing with the figures and "Weiter" in view after each scan', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = `H${Date.now().toString(36).toUpperCase()}`;
  const g = `G-${tag}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag, {
    [g]: [
      ['tasse', 2],
      ['buch', 1],
    ],
  });
  const clientId = (
    await graphql(context, 'query($s: String) { clients(page: { search: $s }) { items { id } } }', {
      s: s.client,
    })
  ).clients.items[0].id;
  const { createPicklist } = await graphql(
    context,
    'mutation($i: PicklistInput!) { createPicklist(input: $i) { picklist { id } } }',
    { i: { maxOrders: 1, clientId } },
  );

  // Picking: the place field is in the upper half of the screen, focused.
  await page.goto(`/picklist?id=${createPicklist.picklist.id}`);
  await booted(page);
  const placeField = page.getByRole('textbox', { name: 'Lagerplatz scannen' });
  await expect(placeField).toBeFocused();
  await expectOnScreen(placeField);
  expect((await placeField.boundingBox())!.y).toBeLessThan(844 / 2);
  // A wrong place: said once (in the message slot), the field did not move.
  const fieldAt = (await placeField.boundingBox())!.y;
  await scan(page, `NIX-${tag}`);
  await expect(page.getByRole('alert')).toContainText(`Lagerplatz NIX-${tag} hat keine`);
  await expect(page.getByText(`Lagerplatz NIX-${tag} hat keine`)).toHaveCount(1);
  expect((await placeField.boundingBox())!.y).toBe(fieldAt);
  // 'Picklist stornieren' is apart: below the lines, far from 'Zur Liste' above the heading.
  const cancel = page.getByRole('button', { name: 'Picklist stornieren' });
  const linesBottom = await page
    .getByRole('table', { name: 'Zeilen' })
    .evaluate((table) => table.getBoundingClientRect().bottom + window.scrollY);
  const cancelTop = await cancel.evaluate(
    (button) => button.getBoundingClientRect().top + window.scrollY,
  );
  expect(cancelTop).toBeGreaterThan(linesBottom);
  await expect(page.getByRole('link', { name: 'Zur Liste' })).toBeVisible();
  await page.keyboard.press('Control+A');
  for (const [place, ean] of [
    [s.places[0]!.barcode, s.tasse.ean],
    [s.places[1]!.barcode, s.buch.ean],
  ] as const) {
    await scan(page, place);
    await expect(page.locator('.kontor-scan-target-confirmed').first()).toBeVisible();
    await scan(page, ean);
    const quantity = page.getByRole('spinbutton', { name: 'Menge' });
    await expect(quantity).toBeFocused();
    await expectOnScreen(quantity);
    await page.keyboard.press('Enter');
    await expect(
      page
        .getByRole('table', { name: 'Zeilen' })
        .getByRole('row')
        .filter({ hasText: place === s.places[0]!.barcode ? s.tasse.sku : s.buch.sku }),
    ).toContainText('✓');
  }
  await page.screenshot({ path: testInfo.outputPath('picklist-390-done.png'), fullPage: true });
  // Done: on to the packing station by the order's link, which opens the order there.
  await expect(page.getByRole('link', { name: 'Zur Packstation' })).toBeVisible();
  await page.getByRole('link', { name: `${g} packen` }).click();
  await expect(page).toHaveURL(/\/shipment\/create$/);

  // Packing: after each scan the scan field, the position's figures and 'Weiter' are in view.
  await expect(page.locator('.kontor-scan-target-confirmed')).toContainText(g);
  const eanField = page.getByRole('textbox', { name: 'EAN scannen' });
  await expect(eanField).toBeFocused();
  for (const [product, assigned] of [
    [s.tasse, 1],
    [s.tasse, 2],
    [s.buch, 1],
  ] as const) {
    await scan(page, product.ean);
    await expect(page.getByRole('status')).toContainText(`+1 ${product.sku} in Paket 1`);
    const card = page.locator('.kontor-packing-item').filter({ hasText: product.sku });
    await expectOnScreen(eanField);
    await expectOnScreen(card.locator('[data-figure="remaining"]'));
    await expectOnScreen(card.getByText('Noch zuzuordnen'));
    const inPackage = card.getByRole('spinbutton', { name: `Menge von ${product.sku} in Paket 1` });
    await expect(inPackage).toHaveValue(String(assigned));
    await expectOnScreen(inPackage);
    await expectOnScreen(page.getByRole('button', { name: 'Weiter' }));
  }
  await page.screenshot({ path: testInfo.outputPath('packing-390.png') });
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('button', { name: 'Fertigstellen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `Bestellung ${g} versendet` }),
  ).toBeVisible();
});
