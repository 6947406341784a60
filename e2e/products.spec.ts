import { expect, test, type Page } from '@playwright/test';
import {
  bookIn,
  booted,
  createClient,
  createProduct,
  createWarehouse,
  graphql,
  logInAs,
  pick,
} from './support';

// Products (issue 12): a hazmat product created through the form by keyboard and mouse, the
// browser's and the server's refusals, the ADR points, an image, edit and delete — German and
// English.

/** A 1 × 1 PNG (red). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test('German: a hazmat product by keyboard and mouse — EAN and CAS check digits refused, ADR points, image, edit, delete', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const client = `Gefahrgut ${tag}`;
  await logInAs(context, 'admin');
  await createClient(context, client);

  await page.goto('/administration/product/create');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Produkt erstellen' })).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  // Client, SKU and name are required.
  await expect(page.getByText('Dies ist ein Pflichtfeld')).toHaveCount(3);

  await pick(page, 'Mandant', client);
  // By keyboard: SKU, then Tab to the next fields.
  await textbox(page, 'SKU').click();
  await page.keyboard.type(`BENZIN-${tag}`);
  await textbox(page, 'Name').fill('Benzin 5 l');
  await textbox(page, 'EAN').fill('4006381333932');
  await textbox(page, 'Preis netto (€)').fill('12,50');
  await textbox(page, 'Preis brutto (€)').fill('14,88');
  await textbox(page, 'Gewicht (kg)').fill('4,25');
  await page.keyboard.press('Enter'); // Enter saves the form
  await expect(page.getByText('Die Prüfziffer der EAN stimmt nicht')).toBeVisible();
  await expect(textbox(page, 'EAN')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('4006381333931');

  // The hazmat tab: every field, a wrong CAS check digit first.
  await page.getByRole('tab', { name: 'Gefahrgut' }).click();
  // By keyboard: Space ticks the box.
  await page.getByRole('checkbox', { name: 'Gefahrgut (ADR)' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Gefahrgut (ADR)' })).toBeChecked();
  await textbox(page, 'UN-Nummer').fill('1203');
  await textbox(page, 'CAS-Nummer').fill('86290-81-6');
  await textbox(page, 'Versandbezeichnung').fill('BENZIN');
  await page.getByRole('combobox', { name: 'Gefahrgutklasse' }).selectOption('3');
  await page.getByRole('combobox', { name: 'Verpackungsgruppe' }).selectOption('II');
  await page.getByRole('combobox', { name: 'Tunnelbeschränkungscode' }).selectOption('D/E');
  await textbox(page, 'Nummer zur Kennzeichnung der Gefahr').fill('33');
  // Transport category 2 → 3 points per unit; 400 units are over the 1,000-point exemption.
  await page.getByRole('combobox', { name: 'Beförderungskategorie' }).selectOption('2');
  await expect(textbox(page, 'Faktor (Punkte je Einheit, ADR 1.1.3.6)')).toHaveValue('3');
  await expect(page.getByTestId('adr-points-per-unit')).toHaveText('Punkte je Einheit: 3');
  await textbox(page, 'Menge (Einheiten)').fill('400');
  await expect(page.getByTestId('adr-points-total')).toContainText(
    '400 Einheiten = 1.200 Punkte Über der Freigrenze von 1.000 Punkten',
  );
  await textbox(page, 'Menge (Einheiten)').fill('300');
  await expect(page.getByTestId('adr-points-total')).toContainText(
    '300 Einheiten = 900 Punkte Innerhalb der Freigrenze',
  );

  // From the data tab the save shows the hazmat tab with its error, focused.
  await page.getByRole('tab', { name: 'Stammdaten' }).click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Prüfziffer der CAS-Nummer stimmt nicht')).toBeVisible();
  await expect(textbox(page, 'CAS-Nummer')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('86290-81-5');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Produkt erfolgreich erstellt')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\d+\/edit$/);
  // The edit page names the product and leads back to the list.
  await expect(
    page.getByRole('heading', { name: `Produkt BENZIN-${tag} – Benzin 5 l` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zu den Produkten' })).toHaveAttribute(
    'href',
    '/products',
  );

  // Saved as typed: EUR with a comma, the hazmat data.
  await expect(textbox(page, 'Preis netto (€)')).toHaveValue('12,50');
  await page.getByRole('tab', { name: 'Gefahrgut' }).click();
  await expect(textbox(page, 'CAS-Nummer')).toHaveValue('86290-81-5');
  await expect(page.getByRole('combobox', { name: 'Tunnelbeschränkungscode' })).toHaveValue('D/E');

  // An image: uploaded, its thumbnail shown (made by the server), deleted again.
  await page.getByRole('tab', { name: 'Bilder' }).click();
  await expect(page.getByText('Noch keine Bilder.')).toBeVisible();
  await page.getByLabel('Bild hochladen').setInputFiles({
    name: 'benzin.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText('Bild hochgeladen')).toBeVisible();
  const thumbnail = page.getByRole('img', { name: 'benzin.png' });
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.getByLabel('Bild hochladen').setInputFiles({
    name: 'kein-bild.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByText('Die Datei muss ein JPEG-, PNG- oder WebP-Bild sein.')).toBeVisible();
  await page.getByRole('button', { name: 'Bild „benzin.png“ löschen' }).click();
  await expect(page.getByText('Bestätigung Erforderlich')).toBeVisible();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(page.getByText('Bild gelöscht')).toBeVisible();
  await expect(page.getByText('Noch keine Bilder.')).toBeVisible();

  // Edit: the name, saved, back on the list.
  await page.getByRole('tab', { name: 'Stammdaten' }).click();
  await textbox(page, 'Name').fill('Benzin 5 l Kanister');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Produkt erfolgreich aktualisiert')).toBeVisible();
  await expect(page).toHaveURL('/products');

  // The list finds it by EAN as you type; delete asks first.
  await page.getByRole('searchbox').fill('40063813');
  const row = page.getByRole('row').filter({ hasText: `BENZIN-${tag}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Benzin 5 l Kanister');
  await expect(row).toContainText(client);
  await row.getByRole('button', { name: 'Löschen Benzin 5 l Kanister' }).click();
  await expect(page.getByText('Bestätigung Erforderlich')).toBeVisible();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(page.getByText('Produkt gelöscht')).toBeVisible();
  await page.getByRole('searchbox').fill(`BENZIN-${tag}`);
  await expect(page.getByText('Keine Einträge')).toBeVisible();
});

test('English: messages, a taken sku from the server, ADR points, edit and delete', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const client = `Hazmat ${tag}`;
  await logInAs(context, 'admin');
  const clientId = await createClient(context, client);
  await createProduct(context, { clientId, sku: `ACID-${tag}`, name: 'Taken' });
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));

  await page.goto('/administration/product/create');
  await booted(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('That is a mandatory field')).toHaveCount(3);
  await pick(page, 'Client', client);
  await textbox(page, 'SKU').fill(`acid-${tag}`);
  await textbox(page, 'Name').fill('Sulphuric acid');
  await textbox(page, 'EAN').fill('12345');
  await textbox(page, 'Width (cm)').fill('-2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('An EAN has 8, 12, 13 or 14 digits')).toBeVisible();
  await expect(page.getByText('Must not be negative')).toBeVisible();
  await textbox(page, 'EAN').fill('96385074');
  await textbox(page, 'Width (cm)').fill('10.5');

  await page.getByRole('tab', { name: 'Hazmat' }).click();
  await page.getByRole('checkbox', { name: 'Hazardous goods (ADR)' }).check({ force: true });
  await textbox(page, 'UN number').fill('12');
  await textbox(page, 'CAS number').fill('7664-93-9');
  await page.getByRole('combobox', { name: 'Hazmat class' }).selectOption('8');
  await page.getByRole('combobox', { name: 'Packing group' }).selectOption('II');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A UN number has 4 digits')).toBeVisible();
  await textbox(page, 'UN number').fill('1830');
  await textbox(page, 'Factor (points per unit, ADR 1.1.3.6)').fill('3');
  await textbox(page, 'Quantity (units)').fill('334');
  await expect(page.getByTestId('adr-points-total')).toContainText(
    '334 units = 1,002 points Above the exemption of 1,000 points',
  );
  // The server decides what the browser cannot know: the sku is taken for this client.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This value is already taken')).toBeVisible();
  await expect(textbox(page, 'SKU')).toBeFocused();
  await textbox(page, 'SKU').fill(`ACID-2-${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\d+\/edit$/);

  // Hazmat unticked: saved as a product without hazardous goods.
  await page.getByRole('tab', { name: 'Hazmat' }).click();
  await expect(textbox(page, 'UN number')).toHaveValue('1830');
  await page.getByRole('checkbox', { name: 'Hazardous goods (ADR)' }).uncheck({ force: true });
  await expect(page.getByText('This product is not hazardous goods.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(page).toHaveURL('/products');

  await page.getByRole('searchbox').fill(`acid-2-${tag}`);
  const row = page.getByRole('row').filter({ hasText: `ACID-2-${tag}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('tab', { name: 'Hazmat' }).click();
  await expect(page.getByRole('checkbox', { name: 'Hazardous goods (ADR)' })).not.toBeChecked();
  await page.goto('/products');
  await booted(page);
  await page.getByRole('searchbox').fill(`ACID-2-${tag}`);
  await page.getByRole('button', { name: 'Delete Sulphuric acid' }).click();
  await expect(page.getByText('Confirmation required')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Product deleted')).toBeVisible();
});

test('German: the stock tab shows the stock by place and lot; a product with stock is not deleted', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36).toUpperCase();
  await logInAs(context, 'admin');
  const clientId = await createClient(context, `Bestand ${tag}`);
  const productId = await createProduct(context, {
    clientId,
    sku: `LAGER-${tag}`,
    name: `Lagerware ${tag}`,
  });
  const { id: warehouseId } = await createWarehouse(context, `Lager ${tag}`, `W${tag}`);
  const storage = await graphql(
    context,
    'mutation($w: ID!, $i: StorageInput!) { createStorage(warehouseId: $w, input: $i) { id } }',
    { w: warehouseId, i: { name: 'Halle 1', code: 'S1' } },
  );
  const rack = await graphql(
    context,
    'mutation($s: ID!, $i: RackInput!) { createRack(storageId: $s, input: $i) { id } }',
    { s: storage.createStorage.id, i: { name: 'Regal 3', code: 'R03' } },
  );
  const place = await graphql(
    context,
    'mutation($r: ID!, $i: PlaceInput!) { createPlace(rackId: $r, input: $i) { id path } }',
    { r: rack.createRack.id, i: { name: 'Platz 12', code: 'P12' } },
  );
  await bookIn(context, { warehouseId, placeId: place.createPlace.id, productId, quantity: 7 });

  await page.goto(`/products/${productId}/edit`);
  await booted(page);
  await page.getByRole('tab', { name: 'Bestand' }).click();
  const table = page.getByRole('table', { name: 'Bestand' });
  // Place, lot, best before, quantity, locked, available.
  await expect(
    table.getByRole('row').filter({ hasText: place.createPlace.path }).getByRole('cell'),
  ).toHaveText([place.createPlace.path, '', '', '7', '0', '7']);
  await expect(table.getByRole('row').filter({ hasText: 'Summe' })).toHaveText(/Summe\s*7\s*0\s*7/);

  await page.goto('/products');
  await booted(page);
  await page.getByRole('searchbox').fill(`LAGER-${tag}`);
  await page.getByRole('button', { name: `Löschen Lagerware ${tag}` }).click();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  // The server's reason, in German.
  await expect(
    page.getByText('Das Produkt hat noch Bestand (7 Stück): buchen Sie ihn zuerst aus.'),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `LAGER-${tag}` })).toHaveCount(1);
});

test('German: only the net price — the empty gross shows what it will be, the server computes it (docs/domain.md "VAT")', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const client = `Preise ${tag}`;
  await logInAs(context, 'admin');
  await createClient(context, client);

  await page.goto('/administration/product/create');
  await booted(page);
  await pick(page, 'Mandant', client);
  await textbox(page, 'SKU').fill(`NETTO-${tag}`);
  await textbox(page, 'Name').fill('Nur netto');
  await textbox(page, 'Preis netto (€)').fill('10,00');
  // The empty gross price says what it will be: net + 19 % (the default rate), then 7 %.
  await expect(
    page.getByText(/^Leer gelassen: 11,90\s€ \(berechnet mit 19 % MwSt\.\)$/),
  ).toBeVisible();
  await expect(textbox(page, 'Preis brutto (€)')).toHaveAttribute('placeholder', '11,90');
  await page.getByRole('combobox', { name: 'MwSt.-Satz' }).selectOption('7');
  await expect(
    page.getByText(/^Leer gelassen: 10,70\s€ \(berechnet mit 7 % MwSt\.\)$/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Produkt erfolgreich erstellt')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\d+\/edit$/);
  // Saved with the gross the server computed.
  await expect(textbox(page, 'Preis brutto (€)')).toHaveValue('10,70');
  await expect(textbox(page, 'Preis netto (€)')).toHaveValue('10,00');
});
