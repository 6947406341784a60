import { expect, test, type BrowserContext } from '@playwright/test';
import {
  booted,
  createClient,
  createProduct,
  createSupplier,
  createWarehouse,
  graphql,
  logInAs,
  pick,
  uploadCsv,
} from './support';

// The avis import (issue 13) in the browser: a supplier's CSV with two delivery notes, one with
// a row whose SKU is no product of the client, uploaded on /import/avis; supplier, client and
// warehouse picked; "only the good delivery notes": the report names the bad row (and the good
// row of the same note, which is not imported either); the good note's avis is in the avis
// list; the same file again creates nothing (unchanged). English: the preview, the guessed
// mapping and its labels, a required field left unmapped is refused, then mapped by hand.
// Screenshots: German light, English dark.

/** A supplier, a client with two products, a warehouse (names carry the tag). */
async function prerequisites(context: BrowserContext, tag: string) {
  const supplier = await createSupplier(context, `Importlieferant ${tag}`, `IL-${tag}`);
  const client = `Importkunde ${tag}`;
  const clientId = await createClient(context, client);
  const warehouse = await createWarehouse(context, `Importlager ${tag}`, `I${tag}`);
  for (const [sku, name] of [
    [`IA-${tag}`, 'Schrauben'],
    [`IB-${tag}`, 'Muttern'],
  ] as const)
    await createProduct(context, { clientId, sku, name, priceNet: 1.5 });
  return { supplierId: supplier.id, supplier: supplier.name, client, warehouse: warehouse.name };
}

/** The supplier's avis (delivery note, status, lines), as the avis list reads them. */
async function avisOf(context: BrowserContext, supplierId: string) {
  const data = await graphql(
    context,
    `
      query ($s: ID) {
        avisList(filter: { supplierId: $s }, page: { pageSize: 50 }) {
          items {
            deliveryNoteNumber
            deliveryDate
            status
            announcedTotal
          }
        }
      }
    `,
    { s: supplierId },
  );
  return data.avisList.items as {
    deliveryNoteNumber: string;
    deliveryDate: string;
    status: string;
    announcedTotal: number;
  }[];
}

test('German: two delivery notes, one with an unknown SKU — only the good note becomes an avis, the same file again creates nothing', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase();
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  // Row 1 is the header: LS-A (rows 2, 3) is good; LS-B's row 5 names an unknown SKU.
  const csv = [
    'Lieferscheinnummer;Lieferdatum;SKU;Menge;Charge;MHD',
    `LS-A-${tag};01.12.2026;IA-${tag};10;;`,
    `LS-A-${tag};01.12.2026;IB-${tag};5;;`,
    `LS-B-${tag};2026-12-02;IA-${tag};3;;`,
    `LS-B-${tag};2026-12-02;XX-${tag};4;;`,
  ].join('\n');

  // The avis list links to the import.
  await page.goto('/administration/avis');
  await booted(page);
  await page.getByRole('button', { name: 'Importieren' }).click();
  await expect(page).toHaveURL(/\/import\/avis$/);
  await expect(page.getByRole('heading', { name: 'Avis importieren' })).toBeVisible();

  const run = async () => {
    await uploadCsv(page, 'Datei', 'Hochgeladen', `avis-${tag}.csv`, csv);
    // The preview with the mapping guessed from the German headers.
    await expect(
      page.getByRole('combobox', { name: 'Feld für Spalte „Lieferscheinnummer“' }),
    ).toHaveValue('deliveryNoteNumber');
    await expect(page.getByRole('combobox', { name: 'Feld für Spalte „Menge“' })).toHaveValue(
      'quantity',
    );
    await expect(page.getByRole('cell', { name: `XX-${tag}` })).toBeVisible();
    await pick(page, page.getByRole('combobox', { name: 'Lieferant', exact: true }), s.supplier);
    await pick(page, page.getByRole('combobox', { name: 'Mandant', exact: true }), s.client);
    await pick(page, page.getByRole('combobox', { name: 'Lager', exact: true }), s.warehouse);
    await page.getByText('Nur die fehlerfreien Lieferscheine importieren').click();
    await expect(
      page.getByRole('radio', { name: 'Nur die fehlerfreien Lieferscheine importieren' }),
    ).toBeChecked();
    await page.getByRole('button', { name: 'Import starten' }).click();
    await expect(page).toHaveURL(/\/import\/avis\?job=[0-9a-f-]{36}/);
    await expect(page.getByText('Abgeschlossen')).toBeVisible({ timeout: 30_000 });
  };

  await run();
  await expect(
    page.getByRole('heading', {
      name: '4 Zeilen: 1 Avis angelegt, 0 unverändert, 2 abgelehnt (2 Fehler)',
    }),
  ).toBeVisible();
  const report = page.getByRole('table', { name: 'Abgelehnte Zeilen' });
  const bad = report.getByRole('row').filter({ hasText: `XX-${tag}` });
  await expect(bad.getByRole('cell').nth(0)).toHaveText('5');
  // The row's SKU, then the column the problem is in.
  await expect(bad.getByRole('cell').nth(1)).toHaveText(`XX-${tag}`);
  await expect(bad.getByRole('cell').nth(2)).toHaveText('SKU');
  await expect(bad.getByRole('cell').nth(4)).toHaveText('Die SKU ist kein Produkt des Mandanten');
  // The good row of the same delivery note is not imported either, and says why.
  const sibling = report.getByRole('row').filter({ hasText: 'Zeile 5 dieses Lieferscheins' });
  await expect(sibling.getByRole('cell').nth(0)).toHaveText('4');
  await expect(sibling.getByRole('cell').nth(1)).toHaveText(`IA-${tag}`);
  await expect(sibling.getByRole('cell').nth(3)).toHaveText(`LS-B-${tag}`);
  // The report as CSV names the bad row too.
  const href = await page
    .getByRole('link', { name: 'Bericht als CSV herunterladen' })
    .getAttribute('href');
  const file = await context.request.get(href!);
  expect(file.status()).toBe(200);
  expect(await file.text()).toContain(`XX-${tag}`);
  await page.screenshot({
    path: testInfo.outputPath('avis-import-report-de-light.png'),
    fullPage: true,
  });

  // The good delivery note is an avis now (announced, 15 units), the bad one is not.
  expect(await avisOf(context, s.supplierId)).toEqual([
    {
      deliveryNoteNumber: `LS-A-${tag}`,
      deliveryDate: '2026-12-01',
      status: 'ANNOUNCED',
      announcedTotal: 15,
    },
  ]);
  await page.getByRole('link', { name: 'Zur Avis-Liste' }).click();
  await expect(page).toHaveURL(/\/administration\/avis$/);
  await page.goto(`/administration/avis?supplierId=${s.supplierId}`);
  await booted(page);
  await expect(page.getByRole('row').filter({ hasText: `LS-A-${tag}` })).toContainText(
    'Angekündigt',
  );
  await expect(page.getByRole('row').filter({ hasText: `LS-B-${tag}` })).toHaveCount(0);

  // The same file again: the supplier has LS-A already (unchanged), nothing new is created.
  await page.goto('/import/avis');
  await booted(page);
  await run();
  await expect(
    page.getByRole('heading', {
      name: '4 Zeilen: 0 Avis angelegt, 1 unverändert, 2 abgelehnt (2 Fehler)',
    }),
  ).toBeVisible();
  await expect(page.getByText('Unverändert: Lieferscheine, zu denen')).toBeVisible();
  expect(await avisOf(context, s.supplierId)).toHaveLength(1);
});

test('English: the preview with the guessed mapping and its labels; an unmapped required field is refused', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).toUpperCase();
  await page.addInitScript(() => {
    localStorage.setItem('locale', 'en');
    localStorage.setItem('dark', 'true');
  });
  await logInAs(context, 'admin');
  const s = await prerequisites(context, tag);
  // English headers, comma-separated; "Units" is no known header of the quantity.
  const csv = [
    'Delivery note,Expected date,Item number,Units,Remark',
    `DN-${tag},2026-12-05,IA-${tag},7,gate 2`,
    `DN-${tag},2026-12-05,IB-${tag},8,`,
  ].join('\n');

  await page.goto('/import/avis');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Import avis' })).toBeVisible();
  await uploadCsv(page, 'File', 'Uploaded', `asn-${tag}.csv`, csv);
  await expect(page.getByRole('heading', { name: 'Preview and column mapping' })).toBeVisible();
  await expect(page.getByText('The first 2 rows of the file.')).toBeVisible();
  const column = (header: string) =>
    page.getByRole('combobox', { name: `Field for column “${header}”` });
  await expect(column('Delivery note')).toHaveValue('deliveryNoteNumber');
  await expect(column('Expected date')).toHaveValue('deliveryDate');
  await expect(column('Item number')).toHaveValue('sku');
  await expect(column('Units')).toHaveValue('');
  await expect(column('Remark')).toHaveValue('');
  // The choices are the fields in English, the required ones marked.
  await expect(column('Units').getByRole('option')).toHaveText([
    '— do not import —',
    'Delivery note number (required)',
    'Delivery date (required)',
    'SKU (required)',
    'Quantity (required)',
    'Lot',
    'Best before',
  ]);
  await expect(page.getByRole('cell', { name: 'gate 2' })).toBeVisible();

  await pick(page, page.getByRole('combobox', { name: 'Supplier', exact: true }), s.supplier);
  await pick(page, page.getByRole('combobox', { name: 'Client', exact: true }), s.client);
  await pick(page, page.getByRole('combobox', { name: 'Warehouse', exact: true }), s.warehouse);
  await expect(page.getByRole('radio', { name: /All or nothing/ })).toBeChecked();
  // The quantity has no column yet: the server refuses, the page says which fields it needs.
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Map delivery note number, delivery date, SKU and quantity' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/import\/avis$/);
  expect(await avisOf(context, s.supplierId)).toEqual([]);
  await page.screenshot({
    path: testInfo.outputPath('avis-import-preview-en-dark.png'),
    fullPage: true,
  });

  // Mapped by hand, the import runs: one avis of 15 units.
  await column('Units').selectOption('quantity');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/import\/avis\?job=[0-9a-f-]{36}/);
  await expect(page.getByText('Completed')).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('heading', {
      name: '2 rows: 1 avis created, 0 unchanged, 0 rejected (0 problems)',
    }),
  ).toBeVisible();
  await page.screenshot({
    path: testInfo.outputPath('avis-import-report-en-dark.png'),
    fullPage: true,
  });
  expect(await avisOf(context, s.supplierId)).toEqual([
    {
      deliveryNoteNumber: `DN-${tag}`,
      deliveryDate: '2026-12-05',
      status: 'ANNOUNCED',
      announcedTotal: 15,
    },
  ]);
});
