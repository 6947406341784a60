import { expect, test, type Page } from '@playwright/test';
import { logInAs, warehouseWithPlaces } from './support';

// Warehouses (issue 12): a warehouse with a storage, a rack and 40 places by the series
// dialog, the docs/product.md §8 toasts, the tree's paths following a changed code, and the labels
// PDF — in German and in English.

/** The fields of the open dialog (the page's form has a Name field too). */
const dialog = (page: Page) => page.getByRole('dialog');

async function fill(page: Page, values: Record<string, string>, scope = page.locator('body')) {
  for (const [label, value] of Object.entries(values))
    await scope.getByRole('textbox', { name: label, exact: true }).fill(value);
}

/** Waits until Kontor has booted (support's booted, with room for a machine under load). */
async function booted(page: Page): Promise<void> {
  await expect(page.locator('#kontor-overlay')).toBeHidden({ timeout: 45_000 });
}

/** Scrolls the tree's heading to the top, for the screenshot. */
async function showTree(page: Page, heading: string) {
  await page
    .getByRole('heading', { name: heading })
    .evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

/** The labels link's PDF, fetched with the page's cookies. */
async function expectPdf(page: Page, linkName: string) {
  const href = await page.getByRole('link', { name: linkName }).getAttribute('href');
  expect(href).toMatch(/^\/spa\/warehouses\/labels\.pdf\?/);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

test('German: a warehouse with a storage, a rack and 40 places; toasts, paths, labels', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // Base 24 (digits and A–N): no Y or Z, which a place barcode avoids (a code with one gets
  // `PL<id>` instead of its path), so the barcodes below are the path's.
  const code = `W${Date.now().toString(24).toUpperCase()}`;
  await logInAs(context, 'admin');
  await page.goto('/administration/warehouses/create');
  await booted(page);
  await expect(
    page.getByText('Speichern Sie das Lager, um danach Lagerbereiche anzulegen.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Dies ist ein Pflichtfeld')).toHaveCount(6);

  await fill(page, {
    Name: `Zentrallager ${code}`,
    Kürzel: 'W 1',
    Straße: 'Lagerweg',
    Hausnummer: '5',
    PLZ: '28199',
    Ort: 'Bremen',
  });
  await page.getByRole('button', { name: 'Speichern' }).click();
  // The server's rule of a code, in German.
  await expect(
    page.getByText('Nur Buchstaben, Ziffern, Punkt, Binde- und Unterstrich'),
  ).toBeVisible();
  await fill(page, { Kürzel: code });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Lager erfolgreich erstellt')).toBeVisible();
  await expect(page).toHaveURL(/\/administration\/warehouses\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Lager bearbeiten' })).toBeVisible();
  await expect(page.getByText('Dieses Lager hat noch keine Lagerbereiche.')).toBeVisible();

  await page.getByRole('button', { name: 'Lagerbereich hinzufügen' }).click();
  await fill(page, { Kürzel: 'S1', Name: 'Halle 1' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Lagerbereich erfolgreich erstellt')).toBeVisible();
  await expect(page.getByRole('treeitem', { name: 'S1 – Halle 1' })).toBeVisible();

  await page.getByRole('button', { name: 'Regal hinzufügen S1' }).click();
  await fill(page, { Kürzel: 'R01', Name: 'Regal 1' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Regal erfolgreich erstellt')).toBeVisible();

  await page.getByRole('button', { name: 'Lagerplätze anlegen (Serie) R01' }).click();
  await expect(dialog(page).getByText(`${code} / S1 / R01`)).toBeVisible();
  // The defaults are the usual series: P, 1 to 40, two digits.
  await expect(dialog(page).getByRole('status')).toHaveText('Legt 40 Lagerplätze an: P01 … P40');
  await dialog(page).getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('40 Lagerplätze zum Regal hinzugefügt')).toBeVisible();
  await expect(page.getByText('40 Lagerplätze', { exact: true })).toBeVisible();
  const places = page.getByRole('table', { name: 'Lagerplatz' });
  await expect(places.getByRole('row')).toHaveCount(41);
  await expect(places.getByRole('row').nth(1)).toContainText(`${code} / S1 / R01 / P01`);
  await expect(places.getByRole('row').nth(40)).toContainText(`${code}.S1.R01.P40`);

  await page.getByRole('button', { name: 'Lagerplatz hinzufügen R01' }).click();
  await fill(page, { Kürzel: 'P41', Name: 'Platz 41', 'Breite (cm)': '120,5' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Lagerplatz zum Regal hinzugefügt')).toBeVisible();
  await expect(places.getByRole('row')).toHaveCount(42);
  await expect(page.getByText('41 Lagerplätze', { exact: true })).toBeVisible();
  await expect(places.getByRole('row').filter({ hasText: 'Platz 41' })).toContainText('120,5');

  // A series overlapping existing places is refused whole, naming them.
  await page.getByRole('button', { name: 'Lagerplätze anlegen (Serie) R01' }).click();
  await fill(page, { 'Von Nr.': '40', 'Bis Nr.': '45' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Speichern' }).click();
  await expect(
    dialog(page).getByText('Diese Lagerplätze gibt es auf dem Regal schon: P40, P41'),
  ).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Abbrechen' }).click();
  await expect(places.getByRole('row')).toHaveCount(42);

  // A changed rack code renames every path below; the barcodes stay.
  await page.getByRole('button', { name: 'Regal bearbeiten R01' }).click();
  await fill(page, { Kürzel: 'R1' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Regal erfolgreich aktualisiert')).toBeVisible();
  await expect(places.getByRole('row').nth(1)).toContainText(`${code} / S1 / R1 / P01`);
  await expect(places.getByRole('row').nth(1)).toContainText(`${code}.S1.R01.P01`);

  await page.getByRole('button', { name: `Lagerplatz löschen ${code} / S1 / R1 / P41` }).click();
  await expect(page.getByText('Bestätigung Erforderlich')).toBeVisible();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(page.getByText('Lagerplatz erfolgreich gelöscht')).toBeVisible();
  await expect(places.getByRole('row')).toHaveCount(41);

  await expectPdf(page, 'Etiketten (PDF) R1');
  await showTree(page, 'Lagerbereiche, Regale und Lagerplätze');
  await page.screenshot({ path: test.info().outputPath('warehouse-tree-de.png') });

  // The list finds it; its edit button leads back.
  await page.goto('/administration/warehouses');
  await booted(page);
  await page.getByRole('searchbox').fill(code);
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(1);
});

test('English: the tree with its toasts; a storage with stock-free places is deleted', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const code = `E${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto('/administration/warehouses/create');
  await booted(page);
  await fill(page, {
    Name: `Central ${code}`,
    Code: code,
    Street: 'Dock Road',
    'House number': '7',
    Postcode: '20457',
    City: 'Hamburg',
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Warehouse created successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit warehouse' })).toBeVisible();

  await page.getByRole('button', { name: 'Add storage' }).click();
  await fill(page, { Code: 'H2', Name: 'Hall 2' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Storage created successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Add rack H2' }).click();
  await fill(page, { Code: 'R10', Name: 'Rack 10' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rack created successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Add rack H2' }).click();
  await fill(page, { Code: 'R2', Name: 'Rack 2' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('treeitem', { name: 'R2 – Rack 2' })).toBeVisible();
  // Natural order: R2 before R10.
  const racks = page.getByRole('treeitem', { name: /^R\d+ – / });
  await expect(racks).toHaveText([/R2/, /R10/]);

  await page.getByRole('button', { name: 'Add places (series) R2' }).click();
  await fill(page, { 'From no.': '0', 'To no.': 'x' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByText('Please enter a whole number')).toBeVisible();
  await fill(page, { 'To no.': '39' }, dialog(page));
  await expect(dialog(page).getByRole('status')).toHaveText('Creates 40 places: P00 … P39');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('40 places added to rack')).toBeVisible();
  await expect(page.getByText('40 places', { exact: true })).toBeVisible();
  await expectPdf(page, 'Labels (PDF) R2');
  await showTree(page, 'Storages, racks and places');
  await page.screenshot({ path: test.info().outputPath('warehouse-tree-en.png') });

  await page.getByRole('button', { name: 'Edit storage H2' }).click();
  await fill(page, { Name: 'Hall Two' }, dialog(page));
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Storage updated successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Delete storage H2' }).click();
  await expect(
    page.getByText('Really delete the storage “H2 – Hall Two” with all its racks and places?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Storage deleted successfully')).toBeVisible();
  await expect(page.getByText('This warehouse has no storages yet.')).toBeVisible();
});

test('German on a tablet (820 px): the tree first, one line per row, its actions in a menu', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const tag = `T${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const warehouse = await warehouseWithPlaces(context, `Tablet-Lager ${tag}`, `W${tag}`);
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`/administration/warehouses/${warehouse.id}/edit`);
  await booted(page);
  await expect(
    page.getByRole('heading', { name: `Lager bearbeiten: Tablet-Lager ${tag} (W${tag})` }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zu den Lagern' })).toBeVisible();

  // The tree comes first; the name, code and address are folded after it.
  const tree = page.getByRole('region', { name: 'Lagerbereiche, Regale und Lagerplätze' });
  const master = page.getByText('Stammdaten und Adresse');
  expect((await tree.boundingBox())!.y).toBeLessThan((await master.boundingBox())!.y);
  await expect(page.getByRole('textbox', { name: 'PLZ' })).toBeHidden();

  // Each storage and rack row is one line; its actions are one menu.
  const rows = page.locator('.kontor-tree-row');
  await expect(rows).toHaveCount(2);
  for (const box of await rows.evaluateAll((all) => all.map((r) => r.getBoundingClientRect())))
    expect(box.height).toBeLessThan(60);
  await expect(page.getByRole('button', { name: 'Regal bearbeiten R01' })).toBeHidden();
  await page.getByRole('button', { name: 'Aktionen R01' }).click();
  await page.getByRole('menuitem', { name: 'Regal bearbeiten' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Kürzel' })).toHaveValue('R01');
  await dialog(page).getByRole('button', { name: 'Abbrechen' }).click();

  // Unfolded, the master data is there to edit.
  await master.click();
  await expect(page.getByRole('textbox', { name: 'PLZ' })).toBeVisible();
});
