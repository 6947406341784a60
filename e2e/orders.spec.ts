import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  ADDRESS as address,
  bookIn,
  booted,
  createClient,
  createProduct,
  createShippingMethod,
  graphql,
  logInAs,
  pick as pickClient,
  warehouseWithPlaces,
} from './support';

// Orders (issue 14): an order created on /order/create by keyboard (client picker, shipping
// address, product search by sku + Enter), the totals the server computed, an edit, put on
// hold and released from its page, the history with user and time; /order/error lists it
// while there is no stock and "check again" clears it once there is; the list /orders finds
// it, shows its status changes in a second browser without a reload and holds it in bulk.
// German and English (a stale edit refused, a cancelled order read-only).

/** A client with two products (net 2,50 € at 19 % and 10,00 € at 7 %) and a shipping method. */
async function prerequisites(context: BrowserContext, tag: string) {
  const client = `Shop ${tag}`;
  const clientId = await createClient(context, client);
  const product = (sku: string, name: string, priceNet: number, vatRate: number) =>
    createProduct(context, { clientId, sku, name, priceNet, vatRate });
  const tasseId = await product(`TASSE-${tag}`, 'Tasse blau', 2.5, 19);
  const buchId = await product(`BUCH-${tag}`, 'Kochbuch', 10, 7);
  await createShippingMethod(context, tag);
  return {
    client,
    tasse: `TASSE-${tag}`,
    buch: `BUCH-${tag}`,
    tasseId,
    buchId,
    method: `Post ${tag} – Paket ${tag}`,
  };
}

/** Books stock in (a warehouse with one place): the products become available. */
async function bookStock(context: BrowserContext, tag: string, stock: [string, number][]) {
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, `O${tag}`.slice(0, 20), {
    places: 1,
    storage: 'Halle',
    rack: 'Regal',
  });
  for (const [productId, quantity] of stock)
    await bookIn(context, {
      warehouseId: warehouse.id,
      placeId: warehouse.places[0]!.id,
      productId,
      quantity,
    });
}

/** Ticks an order's checkbox in the list by keyboard (focus, Space). */
async function pick(page: Page, number: string) {
  const box = page.getByRole('checkbox', { name: `Bestellung ${number} auswählen` });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Adds a product by typing its sku into the product search and pressing Enter (a scanner). */
async function addProduct(page: Page, search: string, sku: string) {
  await textbox(page, search).fill(sku);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('cell', { name: sku, exact: true })).toBeVisible();
  await expect(textbox(page, search)).toHaveValue('');
}

test('German: create an order by keyboard, edit it, hold and release it; history, fulfillment error and a second browser follow', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36).toUpperCase();
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  // Two departments of the client (the invoice's customer numbers).
  const { clients } = await graphql(
    context,
    'query($s: String) { clients(page: { search: $s }) { items { id name } } }',
    { s: s.client },
  );
  const clientId = clients.items.find((c: { name: string }) => c.name === s.client).id;
  for (const [name, customerNumber] of [
    ['Einkauf', `E-${tag}`],
    ['Vertrieb', `V-${tag}`],
  ])
    await graphql(
      context,
      'mutation($i: DepartmentInput!) { createDepartment(input: $i) { id } }',
      { i: { name, customerNumber, clientId } },
    );

  await page.goto('/order/create');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Bestellung erstellen' })).toBeVisible();
  // Nothing filled: the client, the address's required fields and the items are refused.
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Mindestens eine Position.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Mandant' })).toBeFocused();
  // The shipping method is a required choice (docs/domain.md "Outbound"), marked as such.
  await expect(page.locator('label[for="field-shippingMethodId"]')).toContainText('*');

  await pickClient(page, 'Mandant', s.client);
  await page.getByRole('combobox', { name: 'Versandart' }).selectOption({ label: s.method });
  // The department by keyboard: the focused select takes the typed name.
  const department = page.getByRole('combobox', { name: 'Abteilung' });
  await expect(department.getByRole('option', { name: `Vertrieb (V-${tag})` })).toBeAttached();
  await department.focus();
  await page.keyboard.type('Vertrieb');
  await textbox(page, 'Vorname').fill('Erika');
  await textbox(page, 'Nachname').fill('Mustermann');
  await textbox(page, 'Straße').fill('Heidestraße');
  await textbox(page, 'Hausnummer').fill('17');
  await textbox(page, 'PLZ').fill('51147');
  await textbox(page, 'Ort').fill('Köln');
  const search = 'Produkt suchen (SKU, EAN oder Name)';
  await addProduct(page, search, s.tasse);
  await addProduct(page, search, s.buch);
  // The same sku again adds one to its quantity.
  await addProduct(page, search, s.tasse);
  await expect(textbox(page, `Menge ${s.tasse}`)).toHaveValue('2');
  await expect(textbox(page, `Einzelpreis (netto) ${s.tasse}`)).toHaveValue('2,50');
  await textbox(page, `Menge ${s.tasse}`).fill('3');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Bestellung wurde angelegt.')).toBeVisible();
  await expect(page).toHaveURL(/\/order\/\d+\/edit$/);
  // The page names the order it edits; the way back to the list is above the heading.
  await expect(
    page.getByRole('heading', { name: /^Bestellung K-\d{4}-\d{6} bearbeiten$/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zu den Bestellungen' })).toHaveAttribute(
    'href',
    '/orders',
  );

  // The server's totals: 3 × 2,50 € at 19 % and 1 × 10,00 € at 7 %.
  const totals = page.getByRole('definition');
  await expect(totals).toHaveText(['17,50 €', '2,13 €', '19,63 €']);
  const number = (await page.locator('.kontor-order-header strong').textContent())!;
  expect(number).toMatch(/^K-\d{4}-\d{6}$/);
  await expect(page.locator('.kontor-order-header')).toContainText(
    `Abteilung: Vertrieb (V-${tag})`,
  );

  // A second browser watches the list, searched by the new order's number.
  const other = await browser.newContext({ locale: 'de-DE' });
  await logInAs(other, 'admin');
  const watcher = await other.newPage();
  await watcher.goto(`/orders?search=${encodeURIComponent(number)}`);
  await booted(watcher);
  const row = watcher.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Offen');
  await expect(row).toContainText('Erika Mustermann');
  await expect(row).toContainText('19,63 €');

  // Edit: 4 cups and the other department; the totals and the header follow.
  await textbox(page, `Menge ${s.tasse}`).fill('4');
  await department.focus();
  await page.keyboard.type('Einkauf');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Bestellung wurde gespeichert.')).toBeVisible();
  await expect(totals).toHaveText(['20,00 €', '2,60 €', '22,60 €']);
  await expect(page.locator('.kontor-order-header')).toContainText(`Abteilung: Einkauf (E-${tag})`);

  // Put on hold from the order's page, with the confirmation first.
  await page.getByRole('button', { name: 'Anhalten' }).click();
  await expect(page.getByText('Bestätigung Erforderlich')).toBeVisible();
  await expect(page.getByText(`1 Bestellung(en) anhalten: ${number}?`)).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Anhalten' }).click();
  await expect(page.getByText('1 Bestellung(en) angehalten.')).toBeVisible();
  await expect(page.locator('.kontor-order-header')).toContainText('Angehalten');
  await expect(row).toContainText('Angehalten');
  // Released back to pending.
  await page.getByRole('button', { name: 'Freigeben' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('1 Bestellung(en) freigegeben.')).toBeVisible();
  await expect(page.locator('.kontor-order-header')).toContainText('Offen');
  await expect(row).toContainText('Offen');

  // The history, oldest first, each by the admin: created, the fulfillment check (no stock
  // yet), the edit naming what changed, held, released.
  const history = page.getByRole('table', { name: 'Verlauf' }).getByRole('row');
  const event = (text: string) => history.filter({ hasText: text });
  await expect(event('Angelegt')).toHaveCount(1);
  await expect(event('Bearbeitet')).toContainText('Abteilung, Positionen');
  await expect(event(`Nicht genug Bestand von ${s.tasse}: 4 benötigt, 0 verfügbar.`)).toHaveCount(
    1,
  );
  await expect(event('Offen → Angehalten')).toContainText('Status geändert');
  await expect(event('Angehalten → Offen')).toContainText('Status geändert');
  const texts = await history.allTextContents();
  const at = (text: string) => texts.findIndex((line) => line.includes(text));
  expect(at('Angelegt')).toBeLessThan(at('Bearbeitet'));
  expect(at('Bearbeitet')).toBeLessThan(at('Offen → Angehalten'));
  expect(at('Offen → Angehalten')).toBeLessThan(at('Angehalten → Offen'));
  for (const line of texts.slice(1)) expect(line).toContain('Admin');

  // Not fulfillable without stock: /order/error lists it with the reason; with stock booked
  // in, "check again" clears the error and the order leaves the list.
  const reason = page
    .getByRole('region', { name: `Bestellung ${number} bearbeiten` })
    .getByText(`Nicht genug Bestand von ${s.tasse}: 4 benötigt, 0 verfügbar.`);
  await expect(reason.first()).toBeVisible();
  const errors = await context.newPage();
  await errors.goto('/order/error');
  await booted(errors);
  await expect(errors.getByRole('heading', { name: 'Fulfillment Error' })).toBeVisible();
  const errorRow = errors.getByRole('row').filter({ hasText: number });
  await expect(errorRow).toContainText(
    `Nicht genug Bestand von ${s.tasse}: 4 benötigt, 0 verfügbar.`,
  );
  await bookStock(context, tag, [
    [s.tasseId, 10],
    [s.buchId, 10],
  ]);
  await errorRow.getByRole('button', { name: `Erneut prüfen ${number}` }).click();
  await expect(errors.getByText(`Bestellung ${number} ist jetzt erfüllbar.`)).toBeVisible();
  await expect(errorRow).toHaveCount(0);
  await errors.close();
  // The order's page follows without a reload: the error's callout is gone.
  await expect(page.getByRole('heading', { name: 'Fulfillment-Fehler' })).toHaveCount(0);

  // Bulk from the list: picked by its checkbox, put on hold after the confirmation.
  await pick(watcher, number);
  await watcher.getByRole('toolbar').getByRole('button', { name: 'Anhalten' }).click();
  await watcher.getByRole('alertdialog').getByRole('button', { name: 'Anhalten' }).click();
  await expect(watcher.getByText('1 Bestellung(en) angehalten.')).toBeVisible();
  await expect(row).toContainText('Angehalten');
  // The order's page in the first browser follows without a reload.
  await expect(page.locator('.kontor-order-header')).toContainText('Angehalten');
  // Releasing an order that is not on hold is refused, naming it; nothing changes.
  await pick(watcher, number);
  await watcher.getByRole('toolbar').getByRole('button', { name: 'Anhalten' }).click();
  await watcher.getByRole('alertdialog').getByRole('button', { name: 'Anhalten' }).click();
  await expect(
    watcher.getByText(
      `Nichts wurde geändert: die Bestellung ${number} kann nicht angehalten werden.`,
    ),
  ).toBeVisible();
  await expect(row).toContainText('Angehalten');

  // The status filter lives in the URL.
  await watcher.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Offen' });
  await expect(watcher).toHaveURL(/status=PENDING/);
  await expect(watcher.getByText('Keine Einträge')).toBeVisible();
  await watcher.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Angehalten' });
  await expect(watcher).toHaveURL(/status=ON_HOLD/);
  await expect(row).toHaveCount(1);
  // The CSV export takes the list's filters and search: the held order, nothing else.
  const exportLink = watcher.getByRole('link', { name: 'CSV exportieren' });
  await expect(exportLink).toHaveAttribute('href', /status=ON_HOLD/);
  const href = await exportLink.getAttribute('href');
  const csv = await (await other.request.get(href!)).text();
  expect(csv.trim().split('\n')).toHaveLength(2);
  expect(csv).toContain(number);
  // The order date's period too: up to yesterday finds nothing, from today finds it.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
  const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Berlin',
  });
  await watcher.getByLabel('Bestelldatum bis').fill(yesterday);
  await expect(watcher).toHaveURL(new RegExp(`to=${yesterday}`));
  await expect(watcher.getByText('Keine Einträge')).toBeVisible();
  await watcher.getByLabel('Bestelldatum bis').fill('');
  await watcher.getByLabel('Bestelldatum von').fill(today);
  await expect(row).toHaveCount(1);
  await other.close();
});

test('English: a refused stale edit, cancel makes the order read-only, the history in English', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).toUpperCase();
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));

  await page.goto('/order/create');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Create order' })).toBeVisible();
  await pickClient(page, 'Client', s.client);
  // The shipping method is a required choice: an order without one could not be fulfilled.
  await page.getByRole('combobox', { name: 'Shipping method' }).selectOption({ label: s.method });
  await textbox(page, 'Street').fill('Baker Street');
  await textbox(page, 'House number').fill('221b');
  await textbox(page, 'Postcode').fill('10115');
  await textbox(page, 'City').fill('Berlin');
  await textbox(page, 'Company').fill('Holmes GmbH');
  await addProduct(page, 'Find product (SKU, EAN or name)', s.buch);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The order was created.')).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText(['€10.00', '€0.70', '€10.70']);
  const id = /\/order\/(\d+)\/edit/.exec(page.url())![1]!;

  // Someone else holds the order meanwhile: this page's edit is stale and refused.
  await graphql(context, 'mutation($ids: [ID!]!) { holdOrders(ids: $ids) { id } }', { ids: [id] });
  await expect(page.locator('.kontor-order-header')).toContainText('On hold');
  await textbox(page, `Quantity ${s.buch}`).fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  // Said above the save button (and in the toast).
  await expect(
    page.locator('form').getByRole('alert').filter({
      hasText:
        'Someone else has saved this record in the meantime. Reload it and make your change again.',
    }),
  ).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText(['€10.00', '€0.70', '€10.70']);

  // Cancelled: the page shows the order read-only.
  await page.reload();
  await booted(page);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Confirmation required')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('1 order(s) cancelled.')).toBeVisible();
  await expect(
    page.getByText('The order is “Cancelled”: it can be edited only while pending or on hold.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  // Titled as the read-only record it now is, not as an edit.
  await expect(page.getByRole('heading', { name: /^Order K-\d{4}-\d{6}$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Edit order/ })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Items' })).toContainText('Kochbuch');
  const history = page.getByRole('table', { name: 'History' }).getByRole('row');
  await expect(history.filter({ hasText: 'Created' })).toHaveCount(1);
  await expect(history.filter({ hasText: 'Pending → On hold' })).toContainText('Status changed');
  await expect(history.filter({ hasText: 'On hold → Cancelled' })).toContainText('Status changed');
});

test('German: a packer (order:view without order:update) sees an order read-only, without status actions', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).toUpperCase();
  const admin = await browser.newContext();
  await logInAs(admin, 'admin');
  const s = await prerequisites(admin, tag);
  const { createOrder } = await graphql(
    admin,
    'mutation($i: OrderInput!) { createOrder(input: $i) { id number } }',
    {
      i: {
        clientId: (
          await graphql(
            admin,
            'query($s: String) { clients(page: { search: $s }) { items { id } } }',
            {
              s: s.client,
            },
          )
        ).clients.items[0].id,
        shippingAddress: { ...address, lastName: 'Petersen' },
        items: [{ productId: s.tasseId, quantity: 2 }],
      },
    },
  );
  await admin.close();

  await logInAs(context, 'packer');
  await page.goto(`/orders?search=${encodeURIComponent(createOrder.number)}`);
  await booted(page);
  await expect(page.getByRole('row').filter({ hasText: createOrder.number })).toContainText(
    'Petersen',
  );
  // No bulk actions: no checkboxes, no hold/release/cancel.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anhalten' })).toHaveCount(0);

  await page.getByRole('link', { name: createOrder.number }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${createOrder.id}/edit$`));
  await expect(page.getByText('Sie dürfen Bestellungen nicht bearbeiten.')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Bestellung ${createOrder.number}`, exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anhalten' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stornieren' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Positionen' })).toContainText(s.tasse);
  await expect(page.getByRole('definition')).toHaveText(['5,00 €', '0,95 €', '5,95 €']);
});
