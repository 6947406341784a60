import { expect, test, type Page } from '@playwright/test';
import { booted, logInAs } from './support';

/** Chooses a client in the department form's picker by typing its name, then Enter. */
async function pickClient(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Client' }).fill(name);
  await expect(page.getByRole('option', { name })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(name);
}

async function fillAddress(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
}

test('an admin creates, edits and deletes a client, with required-field and postcode messages in German', async ({
  page,
  context,
}) => {
  // A whole create/edit/delete flow through four pages: more than one page's 30 s on CI.
  test.setTimeout(60_000);
  const name = `Nordlicht ${Date.now().toString(36)}`;
  await logInAs(context, 'admin');
  await page.goto('/administration/clients/create');
  await booted(page);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Dies ist ein Pflichtfeld')).toHaveCount(5);

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await fillAddress(page, { Straße: 'Hafenstraße', Hausnummer: '1', PLZ: '2045', Ort: 'Hamburg' });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Keine gültige Postleitzahl für dieses Land')).toBeVisible();
  await expect(page.getByText('Bitte prüfen Sie die markierten Felder.')).toBeVisible();

  await page.getByRole('textbox', { name: 'PLZ', exact: true }).fill('20457');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Mandant erfolgreich erstellt')).toBeVisible();
  await expect(page).toHaveURL('/administration/clients');

  await page.getByRole('searchbox').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Bearbeiten' }).click();
  // The edit page names the client.
  await expect(page.getByRole('heading', { name: `Mandant ${name}`, exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Bremen');
  await page.getByRole('textbox', { name: 'PLZ', exact: true }).fill('28195');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Mandant erfolgreich aktualisiert')).toBeVisible();

  await page.getByRole('searchbox').fill(name);
  await expect(page.getByRole('row').filter({ hasText: 'Bremen' })).toHaveCount(1);
  await page.getByRole('button', { name: `Löschen ${name}` }).click();
  await expect(page.getByText('Bestätigung Erforderlich')).toBeVisible();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  await expect(page.getByText('Mandant erfolgreich gelöscht')).toBeVisible();
  await expect(page.getByText('Keine Einträge')).toBeVisible();
});

test('in English, departments show "That is a mandatory field", a taken customer number, and their toasts', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  await logInAs(context, 'admin');
  // A client to hang the departments on, through the product's own API.
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!;
  const created = await context.request.post('/graphql', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) },
    data: {
      query: 'mutation($i: ClientInput!) { createClient(input: $i) { id } }',
      variables: {
        i: {
          name: `Südwind ${tag}`,
          address: {
            street: 'Allee',
            houseNumber: '2',
            postcode: '80331',
            city: 'München',
            countryCode: 'DE',
          },
        },
      },
    },
  });
  expect(created.ok()).toBeTruthy();
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));

  await page.goto('/administration/departments/create');
  await booted(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('That is a mandatory field')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Purchasing');
  await page.getByLabel('Customer number').fill(`KD-${tag}`);
  await pickClient(page, `Südwind ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Department created successfully')).toBeVisible();

  await page.goto('/administration/departments/create');
  await booted(page);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sales');
  await page.getByLabel('Customer number').fill(`kd-${tag}`);
  await pickClient(page, `Südwind ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This value is already taken')).toBeVisible();

  await page.goto('/administration/departments');
  await booted(page);
  await page.getByRole('searchbox').fill(`KD-${tag}`);
  await page
    .getByRole('row')
    .filter({ hasText: 'Purchasing' })
    .getByRole('button', { name: 'Edit' })
    .click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Purchasing EU');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Department updated successfully')).toBeVisible();
  await page.getByRole('searchbox').fill(`KD-${tag}`);
  await page.getByRole('button', { name: 'Delete Purchasing EU' }).click();
  await expect(page.getByText('Confirmation required')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Department deleted successfully')).toBeVisible();
});
