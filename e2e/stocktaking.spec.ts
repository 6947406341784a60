import { expect, test, type BrowserContext } from '@playwright/test';
import {
  bookIn,
  booted,
  createClient,
  createProduct,
  warehouseWithPlaces,
  ean13,
  graphql,
  logInAs,
  scan,
  type Place,
  keepLook,
} from './support';
import { floorFindings } from './floor-rules';

// Stocktaking (issue 16): a rack counted by keyboard alone, as a hand scanner types (barcode +
// Enter) — one variance and one item found where none was expected; a second counter's
// browser sees the counts arrive without a reload; the summary with variances and values;
// complete and book; the inventory and the ledger show the booked variances. A blind count
// in English hides the expected quantities until it is completed. German and English, light
// and dark (screenshots).

/**
 * A client, a warehouse with one storage and one rack of three places, two products (2,50 €
 * and 4,00 € net), and stock: 10 × A on the first place, 5 × B on the second; by GraphQL.
 */
async function prerequisites(context: BrowserContext, tag: string) {
  const clientId = await createClient(context, `Inventurkunde ${tag}`);
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, `W${tag}`);
  const seed = Date.now() + Math.floor(Math.random() * 1000);
  const product = (sku: string, ean: string, priceNet: number) =>
    createProduct(context, { clientId, sku, ean, name: `Ware ${sku}`, priceNet });
  const a = { sku: `INA-${tag}`, ean: ean13(seed) };
  const b = { sku: `INB-${tag}`, ean: ean13(seed + 7) };
  const s = {
    clientId,
    warehouseId: warehouse.id,
    warehouseName: warehouse.name,
    rackId: warehouse.rackId,
    places: warehouse.places as [Place, Place, Place],
    a: { ...a, id: await product(a.sku, a.ean, 2.5) },
    b: { ...b, id: await product(b.sku, b.ean, 4) },
  };
  const warehouseId = warehouse.id;
  await bookIn(context, { warehouseId, placeId: s.places[0].id, productId: s.a.id, quantity: 10 });
  await bookIn(context, { warehouseId, placeId: s.places[1].id, productId: s.b.id, quantity: 5 });
  return s;
}

test('German: a rack counted by scanner with a variance and a found item, seen live by a second counter, summarized and booked', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36).toUpperCase();
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  const [p1, p2, p3] = s.places;
  const name = `Regal 1 ${tag}`;

  // Create the stocktaking of the rack on the list page, then start it.
  await page.goto('/stocktaking');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Inventur', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Inventur anlegen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill(name);
  await dialog
    .getByRole('combobox', { name: 'Lager', exact: true })
    .selectOption({ label: s.warehouseName });
  // The scope's labels name the field; the empty choice says what it means (issue 31).
  const storage = dialog.getByRole('combobox', { name: 'Lagerbereich', exact: true });
  await expect(storage.locator('option').first()).toHaveText('Ganzes Lager');
  await storage.selectOption({ label: 'Halle 1 (S1)' });
  const rack = dialog.getByRole('combobox', { name: 'Regal', exact: true });
  await expect(rack.locator('option').first()).toHaveText('Ganzer Lagerbereich');
  await rack.selectOption({ label: 'Regal 1 (R01)' });
  await expect(dialog.getByText(/: —\)/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Inventur erfolgreich erstellt')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Entwurf');
  await expect(row).toContainText(`${s.warehouseName} › Halle 1 › Regal 1`);
  await row.getByRole('button', { name: `Starten: ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Starten' }).click();
  await expect(
    page.getByText('Inventur gestartet: der Bestand im Umfang ist gesperrt.'),
  ).toBeVisible();
  await expect(row).toContainText('Zählung läuft');
  await expect(row).toContainText('0 von 3 Plätzen');

  // The stock in scope is locked: a booking on it is refused, naming the stocktaking.
  const locked = await context.request.post('/graphql', {
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(
        (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
      ),
    },
    data: {
      query: 'mutation($i: BookingInput!) { bookStock(input: $i) { id } }',
      variables: {
        i: {
          kind: 'OUT',
          warehouseId: s.warehouseId,
          placeId: p1.id,
          productId: s.a.id,
          quantity: 1,
        },
      },
    },
  });
  expect(JSON.stringify(await locked.json())).toContain('INV-');

  // Counting: by keyboard alone, from the list's count button.
  await row.getByRole('button', { name: `Zählen: ${name}` }).click();
  await booted(page);
  const placeField = page.getByRole('textbox', { name: 'Lagerplatz (Barcode)' });
  const productField = page.getByRole('textbox', { name: 'Produkt (EAN oder SKU)' });
  const quantityField = page.getByRole('spinbutton', { name: 'Gezählte Menge' });
  await expect(placeField).toBeFocused();
  const countingUrl = page.url();

  // The second counter opens the same stocktaking and the first place.
  const other = await browser.newContext({ locale: 'de-DE' });
  await logInAs(other, 'admin');
  const watcher = await other.newPage();
  await watcher.goto(countingUrl);
  await booted(watcher);
  await expect(watcher.getByRole('textbox', { name: 'Lagerplatz (Barcode)' })).toBeFocused();
  await scan(watcher, p1.barcode);
  const watchedLines = watcher.getByRole('table', { name: `Zeilen: ${p1.path}` });
  const watchedA = watchedLines.getByRole('row').filter({ hasText: s.a.sku });
  // Not blind: the expected 10, nothing counted yet.
  await expect(watchedA.getByRole('cell').nth(4)).toHaveText('10');
  await expect(watchedA.getByRole('cell').nth(5)).toHaveText('');

  // Place 1: 8 of the expected 10 (a variance of −2).
  await scan(page, p1.barcode);
  await expect(productField).toBeFocused();
  await expect(page.getByRole('table', { name: `Zeilen: ${p1.path}` })).toBeVisible();
  await scan(page, s.a.ean);
  await expect(quantityField).toBeFocused();
  await scan(page, '8');
  await expect(page.getByRole('status')).toHaveText(`8 × ${s.a.sku} auf ${p1.path} gezählt.`);
  await expect(productField).toBeFocused();

  // The second counter sees the count without a reload, with its user.
  await expect(watchedA.getByRole('cell').nth(5)).toHaveText('8');
  await expect(watchedA.getByRole('cell').nth(6)).toContainText('Admin');
  await expect(watcher.getByText('Platz gezählt').first()).toBeVisible();

  // An empty Enter goes to the next place. Place 2: B as expected, typed by its SKU.
  await page.keyboard.press('Enter');
  await expect(placeField).toBeFocused();
  await scan(page, p2.barcode);
  await expect(page.getByRole('table', { name: `Zeilen: ${p2.path}` })).toBeVisible();
  await scan(page, s.b.sku);
  await expect(quantityField).toBeFocused();
  await scan(page, '5');
  await expect(page.getByRole('status')).toHaveText(`5 × ${s.b.sku} auf ${p2.path} gezählt.`);

  // Place 3: nothing expected, 3 × A found there.
  await page.keyboard.press('Enter');
  await expect(placeField).toBeFocused();
  await scan(page, p3.barcode);
  await expect(page.getByText('Auf diesem Platz wird nichts erwartet.')).toBeVisible();
  await scan(page, s.a.ean);
  await expect(quantityField).toBeFocused();
  await scan(page, '3');
  await expect(page.getByRole('status')).toHaveText(`3 × ${s.a.sku} auf ${p3.path} gezählt.`);
  const found = page.getByRole('table', { name: `Zeilen: ${p3.path}` }).getByRole('row');
  await expect(found.filter({ hasText: s.a.sku })).toContainText('neu gefunden');
  await expect(page.getByText('3 von 3 Plätzen')).toBeVisible();
  // The second counter's place list and progress followed too.
  await expect(watcher.getByText('3 von 3 Plätzen')).toBeVisible();
  await other.close();

  // The summary: expected, counted, variance and its value per line and in total.
  await page.getByRole('button', { name: 'Zusammenfassung' }).click();
  await booted(page);
  const table = page.getByRole('table', { name: 'Inventur-Zusammenfassung' });
  const lines = table.getByRole('row');
  await expect(lines).toHaveCount(4);
  // Columns: select, place, sku, product, lot, best-before, expected, counted, variance, value.
  const cells = (sku: string, path: string) =>
    lines.filter({ hasText: sku }).filter({ hasText: path }).getByRole('cell');
  await expect(cells(s.a.sku, p1.path).nth(6)).toHaveText('10');
  await expect(cells(s.a.sku, p1.path).nth(7)).toHaveText('8');
  await expect(cells(s.a.sku, p1.path).nth(8)).toHaveText('−2');
  await expect(cells(s.a.sku, p1.path).nth(9)).toHaveText('−5,00\u00a0€');
  await expect(cells(s.b.sku, p2.path).nth(8)).toHaveText('0');
  await expect(cells(s.a.sku, p3.path).nth(3)).toContainText('neu gefunden');
  await expect(cells(s.a.sku, p3.path).nth(8)).toHaveText('+3');
  await expect(cells(s.a.sku, p3.path).nth(9)).toHaveText('7,50 €');
  await expect(page.getByRole('status', { name: 'Summe' })).toHaveText(
    'Summen: Soll 15, gezählt 16, Differenz +1 (2,50 €)',
  );
  // Keyboard: the switch takes Space.
  const onlyVariances = page.getByRole('checkbox', { name: 'Nur Differenzen' });
  await onlyVariances.focus();
  await page.keyboard.press('Space');
  await expect(onlyVariances).toBeChecked();
  await expect(lines).toHaveCount(3);
  await page.keyboard.press('Space');
  await expect(lines).toHaveCount(4);

  // Complete, then book (each after the confirmation).
  await page.getByRole('button', { name: 'Zählung abschließen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Zählung abschließen' }).click();
  await expect(page.getByText('Zählung abgeschlossen.')).toBeVisible();
  await expect(page.getByText('Gezählt', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zählung abschließen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Differenzen buchen' }).click();
  await expect(page.getByText('Bestätigung Erforderlich')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Differenzen buchen' }).click();
  await expect(page.getByText('Differenzen gebucht: die Sperre ist aufgehoben.')).toBeVisible();
  await expect(page.getByText('Gebucht', { exact: true })).toBeVisible();
  const csv = await page.request.get(
    (await page.getByRole('button', { name: 'CSV' }).getAttribute('href'))!,
  );
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(s.a.sku);

  // The inventory: A 10 − 2 + 3 = 11, B unchanged 5.
  await page.goto(`/administration/currentinventory?warehouseId=${s.warehouseId}`);
  await booted(page);
  const inventoryA = page.getByRole('row').filter({ hasText: s.a.sku });
  await expect(inventoryA.getByRole('cell').nth(4)).toHaveText('11');
  await expect(
    page.getByRole('row').filter({ hasText: s.b.sku }).getByRole('cell').nth(4),
  ).toHaveText('5');

  // The ledger: the two variances of A with the reason Inventur.
  await page.goto(`/storage/bookings?productId=${s.a.id}&reason=STOCKTAKING`);
  await booted(page);
  const ledger = page.getByRole('table', { name: 'Lagerbuchungen' }).getByRole('row');
  await expect(ledger).toHaveCount(3);
  await expect(ledger.filter({ hasText: p1.path })).toContainText('−2');
  await expect(ledger.filter({ hasText: p3.path })).toContainText('+3');
  await expect(ledger.nth(1)).toContainText('Inventur');
});

/** A stocktaking of the prerequisites' rack by GraphQL: created and (unless a draft) started. */
async function stocktakingOf(
  context: BrowserContext,
  s: Awaited<ReturnType<typeof prerequisites>>,
  name: string,
  blind: boolean,
) {
  const tree = await graphql(context, 'query($id: ID!) { rack(id: $id) { id storage { id } } }', {
    id: s.rackId,
  });
  const created = await graphql(
    context,
    'mutation($i: StocktakingInput!) { createStocktaking(input: $i) { id version } }',
    {
      i: {
        name,
        warehouseId: s.warehouseId,
        storageId: tree.rack.storage.id,
        rackId: s.rackId,
        blind,
      },
    },
  );
  const started = await graphql(
    context,
    'mutation($id: ID!, $v: Int!) { startStocktaking(id: $id, version: $v) { id version } }',
    { id: created.createStocktaking.id, v: created.createStocktaking.version },
  );
  return started.startStocktaking.id as string;
}

test("German: completing with places not counted warns with their number first, then says the server's reason", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36).toUpperCase();
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  // The whole warehouse: stock on two of its three places, nothing counted yet.
  const { createStocktaking: st } = await graphql(
    context,
    'mutation($i: StocktakingInput!) { createStocktaking(input: $i) { id number version } }',
    { i: { name: `Ganz ${tag}`, warehouseId: s.warehouseId, blind: false } },
  );
  await graphql(
    context,
    'mutation($id: ID!, $v: Int!) { startStocktaking(id: $id, version: $v) { id } }',
    { id: st.id, v: st.version },
  );
  await page.goto(`/stocktaking/${st.id}/summary`);
  await booted(page);
  await page.getByRole('button', { name: 'Zählung abschließen' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Noch nicht gezählt: 2 von 3 Lagerplätzen.');
  await question.getByRole('button', { name: 'Zählung abschließen' }).click();
  // The server refuses and its reason shows, in German — not "Etwas ist schiefgelaufen".
  await expect(
    page.getByText(
      `2 Lagerplätze der Inventur ${st.number} sind noch nicht gezählt: zählen oder als leer bestätigen, dann abschließen.`,
    ),
  ).toBeVisible();
  await expect(page.getByText('Etwas ist schiefgelaufen')).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Zählung abschließen' })).toBeVisible();
});

test('English: a blind count hides the expected quantities until it is completed', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = `E${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  const id = await stocktakingOf(context, s, `Blind ${tag}`, true);
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  await page.goto(`/stocktaking/${id}/edit`);
  await booted(page);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Count stocktaking INV-.* – Blind ${tag}$`) }),
  ).toBeVisible();
  await expect(page.getByText('Blind', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Place (barcode)' })).toBeFocused();
  await scan(page, s.places[0].barcode);
  const lines = page.getByRole('table', { name: `Lines: ${s.places[0].path}` });
  await expect(lines).toBeVisible();
  // No expected column, no expected number anywhere on the screen.
  await expect(lines.getByRole('columnheader', { name: 'Expected' })).toHaveCount(0);
  await expect(lines.getByRole('row').filter({ hasText: s.a.sku }).getByRole('cell')).toHaveCount(
    7,
  );
  await scan(page, s.a.ean);
  await expect(page.getByRole('spinbutton', { name: 'Counted quantity' })).toBeFocused();
  await scan(page, '9');
  await expect(page.getByRole('status')).toHaveText(
    `Counted 9 × ${s.a.sku} on ${s.places[0].path}.`,
  );
  // An unknown place is refused in the place field.
  await page.keyboard.press('Enter');
  await scan(page, `NIX-${tag}`);
  await expect(
    page.getByText(`No place with the barcode "NIX-${tag}" in this stocktaking.`),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Place (barcode)' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Place (barcode)' }).fill('');
  // The other places: B as expected; the third confirmed empty (keyboard: Tab to the button).
  await scan(page, s.places[1].barcode);
  await expect(page.getByRole('table', { name: `Lines: ${s.places[1].path}` })).toBeVisible();
  await scan(page, s.b.ean);
  await expect(page.getByRole('spinbutton', { name: 'Counted quantity' })).toBeFocused();
  await scan(page, '5');
  await expect(page.getByRole('status')).toHaveText(
    `Counted 5 × ${s.b.sku} on ${s.places[1].path}.`,
  );
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Place (barcode)' })).toBeFocused();
  await scan(page, s.places[2].barcode);
  await expect(page.getByText('Nothing is expected on this place.')).toBeVisible();
  await page.getByRole('button', { name: 'Place is empty' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(`Place ${s.places[2].path} confirmed empty.`);
  await expect(page.getByText('3 of 3 places').first()).toBeVisible();

  // The summary while blind: expected and variance hidden.
  await page.getByRole('button', { name: 'Summary' }).click();
  await booted(page);
  const total = page.getByRole('status', { name: 'Total' });
  await expect(total).toHaveText('Totals: expected hidden, counted 14, variance hidden (hidden)');
  const rowA = page.getByRole('row').filter({ hasText: s.a.sku });
  // A cell by its column (a wide summary shows its rows as cards, without the empty cells).
  const cell = (column: string) => rowA.locator(`td[data-label="${column}"]`);
  await expect(cell('Expected')).toHaveText('hidden');
  await expect(cell('Counted')).toHaveText('9');
  await expect(cell('Variance')).toHaveText('');
  // Completed: the expected quantities and the variance show.
  await page.getByRole('button', { name: 'Complete counting' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Complete counting' }).click();
  await expect(page.getByText('Counting completed.')).toBeVisible();
  await expect(cell('Expected')).toHaveText('10');
  await expect(cell('Variance')).toHaveText('−1');
  await expect(cell('Variance value')).toHaveText('−€2.50');
  await expect(total).toHaveText('Totals: expected 15, counted 14, variance −1 (−€2.50)');

  // Recount the chosen line: its count is cleared and the stocktaking counts again.
  await page.getByRole('checkbox', { name: new RegExp(`^Select: .*${s.a.sku}`) }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Recount selected' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Recount selected' }).click();
  await expect(page.getByText('1 lines are to be counted again.')).toBeVisible();
  await expect(cell('Counted')).toHaveText('');
  await expect(page.getByText('Counting', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to counting' })).toBeVisible();
});

test('the stocktaking screens in German and English, light and dark (screenshots)', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `S${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  const id = await stocktakingOf(context, s, `Bilder ${tag}`, false);
  for (const locale of ['de', 'en'] as const) {
    for (const dark of [false, true]) {
      await page.addInitScript(
        ([l, on]) => {
          localStorage.setItem('locale', String(l));
          localStorage.setItem('dark', String(on));
        },
        [locale, dark] as const,
      );
      const shot = (screen: string) =>
        keepLook(page, testInfo, `stocktaking-${screen}`, { language: locale, dark });
      await page.goto('/stocktaking');
      await booted(page);
      await expect(page.getByRole('row').filter({ hasText: `Bilder ${tag}` })).toBeVisible();
      await shot('list');
      await page.getByRole('button', { name: /^(Inventur anlegen|Create stocktaking)$/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('combobox', { name: /^(Lager|Warehouse)$/ })
        .selectOption({ label: s.warehouseName });
      await expect(
        page.getByRole('dialog').getByRole('combobox', { name: /^(Lagerbereich|Storage)/ }),
      ).toContainText('Halle 1 (S1)');
      await shot('create');
      await page.goto(`/stocktaking/${id}/edit`);
      await booted(page);
      await expect(page.getByRole('textbox', { name: /^(Lagerplatz|Place)/ })).toBeFocused();
      await scan(page, s.places[0].barcode);
      await expect(
        page.getByRole('table', { name: new RegExp(s.places[0].path) }).first(),
      ).toBeVisible();
      await scan(page, s.a.ean);
      await shot('counting');
      await page.goto(`/stocktaking/${id}/summary`);
      await booted(page);
      await expect(page.getByRole('row').filter({ hasText: s.b.sku })).toBeVisible();
      await shot('summary');
    }
  }
});

test('on a 390-px handheld by keyboard alone: the place large and confirmed, its lots offered, the scan field always in view', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `H${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  const [, p2, p3] = s.places;
  // A lot-tracked product: two lots on the third place, one on the second.
  const c = { sku: `INC-${tag}`, ean: ean13(Date.now() + 13) };
  const cId = await createProduct(context, {
    clientId: s.clientId,
    sku: c.sku,
    ean: c.ean,
    name: `Ware ${c.sku}`,
    priceNet: 1,
    lotTracked: true,
  });
  const bookLot = (placeId: string, lot: string, quantity: number) =>
    graphql(context, 'mutation($i: BookingInput!) { bookStock(input: $i) { id } }', {
      i: { kind: 'IN', warehouseId: s.warehouseId, placeId, productId: cId, quantity, lot },
    });
  await bookLot(p3.id, 'CH-A', 4);
  await bookLot(p3.id, 'CH-B', 6);
  await bookLot(p2.id, 'CH-ONE', 5);
  const id = await stocktakingOf(context, s, `Handheld ${tag}`, false);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/stocktaking/${id}/edit`);
  await booted(page);
  const field = page.getByRole('textbox', { name: /^(Lagerplatz \(Barcode\)|Produkt)/ });
  await expect(page.getByRole('textbox', { name: 'Lagerplatz (Barcode)' })).toBeFocused();
  const placeTarget = page.locator('.kontor-scan-target').filter({ hasText: 'Lagerplatz' });
  await expect(placeTarget).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByText('Als Nächstes: Lagerplatz scannen.')).toBeVisible();
  /** The rules of the floor (issue 30) hold: ≥ 44-px controls, nothing sideways. */
  const floorRules = async () => expect((await floorFindings(page, 'scan')).problems).toEqual([]);
  await floorRules();

  // The place: large, confirmed in green, named in the message; the product field is next.
  await scan(page, p3.barcode);
  await expect(placeTarget).toHaveAttribute('data-state', 'confirmed');
  await expect(placeTarget).toContainText(p3.path);
  await expect(page.getByRole('status')).toHaveText(`Platz ${p3.path} erkannt.`);
  await expect(page.getByRole('textbox', { name: 'Produkt (EAN oder SKU)' })).toBeFocused();
  await expect(field).toBeInViewport();

  // Two lots of the product on the place: both offered, and another lot; arrows and Enter.
  await scan(page, c.ean);
  const choices = page.getByRole('group', { name: /^Mehrere Treffer/ }).getByRole('button');
  await expect(choices).toHaveCount(3);
  await expect(choices.nth(0)).toContainText('Charge CH-A');
  await expect(choices.nth(1)).toContainText('Charge CH-B');
  await expect(choices.nth(2)).toContainText('andere Charge');
  await expect(choices.nth(0)).toBeFocused();
  await floorRules();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const quantityField = page.getByRole('spinbutton', { name: 'Gezählte Menge' });
  await expect(quantityField).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Charge' })).toHaveValue('CH-B');
  await expect(
    page.getByText(`Als Nächstes: Gezählte Menge von ${c.sku}, Charge CH-B, eingeben`),
  ).toBeVisible();
  await expect(page.locator('.kontor-scan-target').filter({ hasText: 'Produkt' })).toHaveAttribute(
    'data-state',
    'confirmed',
  );
  await floorRules();
  await scan(page, '6');
  await expect(page.getByRole('status')).toHaveText(`6 × ${c.sku} auf ${p3.path} gezählt.`);
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();

  // Another lot found there: the lot is asked for; an empty one is refused once, in the
  // message, and the field does not move.
  await scan(page, c.ean);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const lotField = page.getByRole('textbox', { name: 'Charge' });
  await expect(lotField).toBeFocused();
  await expect(lotField).toHaveValue('');
  const lotAt = (await lotField.boundingBox())!.y;
  await page.keyboard.press('Enter');
  const refusal = 'Das Produkt hat Chargen: bitte die Charge scannen oder tippen.';
  await expect(page.getByRole('alert')).toHaveText(refusal);
  await expect(page.getByText(refusal)).toHaveCount(1);
  expect((await lotField.boundingBox())!.y).toBe(lotAt);
  await expect(lotField).toBeFocused();
  await scan(page, 'CH-NEU');
  await expect(quantityField).toBeFocused();
  await scan(page, '2');
  await expect(page.getByRole('status')).toHaveText(`2 × ${c.sku} auf ${p3.path} gezählt.`);
  const lines = page.getByRole('table', { name: `Zeilen: ${p3.path}` });
  await expect(lines.getByRole('row').filter({ hasText: 'CH-NEU' })).toContainText('neu gefunden');

  // A product scanned by mistake: Escape goes back to the product, nothing saved.
  await scan(page, s.a.ean);
  await expect(quantityField).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(field).toBeFocused();
  await expect(lines.getByRole('row').filter({ hasText: s.a.sku })).toHaveCount(0);

  // The next place (an empty Enter): its one lot is taken without asking.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Lagerplatz (Barcode)' })).toBeFocused();
  await scan(page, p2.barcode);
  await scan(page, c.sku);
  await expect(quantityField).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Charge' })).toHaveValue('CH-ONE');
  await expect(page.getByText('Charge des Platzes (eine andere: überschreiben)')).toBeVisible();
  await page
    .locator('.kontor-scan-screen')
    .screenshot({ path: testInfo.outputPath('stocktaking-counting-390.png') });
  await scan(page, '5');
  await expect(page.getByRole('status')).toHaveText(`5 × ${c.sku} auf ${p2.path} gezählt.`);
  await expect(field).toBeInViewport();
  await floorRules();
  await page.screenshot({
    path: testInfo.outputPath('stocktaking-counting-390-page.png'),
    fullPage: true,
  });

  // The summary on the phone: expected, counted and variance of every line in sight.
  await page.getByRole('button', { name: 'Zusammenfassung' }).click();
  await booted(page);
  const rowB = page.getByRole('row').filter({ hasText: 'CH-B' });
  await expect(rowB.locator('[data-label="Soll"]')).toHaveText('6');
  await expect(rowB.locator('[data-label="Gezählt"]')).toHaveText('6');
  await expect(rowB.locator('[data-label="Differenz"]')).toHaveText('0');
  await rowB.scrollIntoViewIfNeeded();
  await expect(rowB.locator('[data-label="Gezählt"]')).toBeInViewport();
  await expect(rowB.locator('[data-label="Differenz"]')).toBeInViewport();
  expect((await floorFindings(page, 'details')).problems).toEqual([]);
  await page.screenshot({
    path: testInfo.outputPath('stocktaking-summary-390.png'),
    fullPage: true,
  });

  // The list on the phone: number, status and progress of the stocktaking in sight.
  await page.goto('/stocktaking');
  await booted(page);
  const listed = page.getByRole('row').filter({ hasText: `Handheld ${tag}` });
  await expect(listed.locator('[data-label="Fortschritt"]')).toContainText('von 3 Plätzen');
  expect((await floorFindings(page, 'list')).problems).toEqual([]);

  // A tablet's width: the counting screen and the summary keep to the rules too.
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`/stocktaking/${id}/edit`);
  await booted(page);
  await expect(page.getByRole('textbox', { name: 'Lagerplatz (Barcode)' })).toBeFocused();
  await scan(page, p3.barcode);
  await expect(lines).toBeVisible();
  await floorRules();
  await page.goto(`/stocktaking/${id}/summary`);
  await booted(page);
  await expect(page.getByRole('row').filter({ hasText: 'CH-NEU' })).toBeVisible();
  expect((await floorFindings(page, 'details')).problems).toEqual([]);
});
