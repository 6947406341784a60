import { expect, test, type Page } from '@playwright/test';
import { logInAs } from './support';

/** Waits until Kontor has booted (with room for a machine under load, as warehouses.spec does). */
async function booted(page: Page): Promise<void> {
  await expect(page.locator('#kontor-overlay')).toBeHidden({ timeout: 45_000 });
}

// Suppliers (issue 13, /administration/supplier): create, find, edit and delete a supplier with
// its toasts; a taken number is the number field's error — in German and in English.

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
}

test('German: create, search, edit and delete a supplier with the toasts', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Nordholz ${tag}`;
  await logInAs(context, 'admin');
  await page.goto('/administration/supplier/create');
  await booted(page);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Dies ist ein Pflichtfeld').first()).toBeVisible();

  await fill(page, {
    Name: name,
    Lieferantennummer: `NH-${tag}`,
    Kontakt: 'Frau Kühn',
    Straße: 'Industriestraße',
    Hausnummer: '7',
    PLZ: '28199',
    Ort: 'Bremen',
  });
  await page.getByRole('checkbox', { name: /Streckengeschäft/ }).check({ force: true });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Lieferant erfolgreich erstellt')).toBeVisible();
  await expect(page).toHaveURL('/administration/supplier');

  await page.getByRole('searchbox').fill(`NH-${tag}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ja');
  await expect(row).toContainText('Frau Kühn');
  await row.getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(page.getByRole('heading', { name: 'Lieferant bearbeiten' })).toBeVisible();
  await fill(page, { Ort: 'Hamburg', PLZ: '20457' });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Lieferant erfolgreich aktualisiert')).toBeVisible();

  await page.getByRole('searchbox').fill(name);
  await expect(page.getByRole('row').filter({ hasText: 'Hamburg' })).toHaveCount(1);
  await page.getByRole('button', { name: `Löschen ${name}` }).click();
  await expect(page.getByText('Bestätigung Erforderlich')).toBeVisible();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(page.getByText('Lieferant erfolgreich gelöscht')).toBeVisible();
  await expect(page.getByText('Keine Einträge')).toBeVisible();
});

test('English: a taken supplier number is the number field’s error', async ({ page, context }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  await logInAs(context, 'admin');
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  for (const name of [`First ${tag}`, `Second ${tag}`]) {
    await page.goto('/administration/supplier/create');
    await booted(page);
    await expect(page.getByRole('heading', { name: 'Create supplier' })).toBeVisible();
    await fill(page, {
      Name: name,
      'Supplier number': `EN-${tag}`,
      Street: 'Main Street',
      'House number': '1',
      Postcode: '20457',
      City: 'Hamburg',
    });
    await page.getByRole('button', { name: 'Save' }).click();
  }
  await expect(page.getByText('Supplier created successfully')).toHaveCount(0);
  await expect(page.getByText('This value is already taken')).toBeVisible();
  await expect(page).toHaveURL('/administration/supplier/create');
});
