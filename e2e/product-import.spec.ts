import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { booted, createClient, graphql, logInAs, pick, uploadCsv } from './support';

// The product import (issue 12) in the browser: a CSV with one bad row (a wrong EAN check
// digit and a lot flag that is none: two problems) uploaded on /import/product, its preview
// with the guessed mapping ("Gefahrgut" too), "all or nothing" (nothing written; the summary
// counts rows and problems apart, the report names row, SKU, column, value and why,
// downloadable as CSV), then "only the good rows", then the same file again (nothing changes)
// — German and English.

/** The client's products (sku and version), as the product list reads them. */
async function productsOf(context: BrowserContext, clientId: string) {
  const data = await graphql(
    context,
    'query($c: ID) { products(filter: { clientId: $c }, page: { pageSize: 50 }) { items { sku version } } }',
    { c: clientId },
  );
  return (data.products.items as { sku: string; version: number }[]).sort((a, b) =>
    a.sku.localeCompare(b.sku),
  );
}

/** A product CSV with German headers; row 4 has a wrong EAN check digit and a bad lot flag. */
const productsCsv = (tag: string) =>
  [
    'SKU;Name;EAN;Preis netto;Chargenpflicht;Gefahrgut;UN-Nummer;Gefahrgutklasse',
    `${tag}-1;Schraube;4006381333931;1,50;nein;nein;;`,
    `${tag}-2;Farbe;;12,00;ja;ja;1263;3`,
    `${tag}-3;Nagel;4006381333932;0,10;vielleicht;nein;;`,
    `${tag}-4;Ethanol;;5;nein;ja;1170;3`,
  ].join('\n');

const TEXT = {
  de: {
    title: 'Produkte importieren',
    file: 'Datei',
    uploaded: 'Hochgeladen',
    skuColumn: 'Feld für Spalte „SKU“',
    hazmatColumn: 'Feld für Spalte „Gefahrgut“',
    client: 'Mandant',
    allOrNothing: /Alles oder nichts/,
    goodRows: /Nur die fehlerfreien Zeilen/,
    start: 'Import starten',
    done: 'Abgeschlossen',
    summary: (c: number, u: number, r: number, e: number) =>
      `4 Zeilen: ${c} angelegt, ${u} aktualisiert, ${r} abgelehnt (${e} Fehler)`,
    nothing: /Es wurde nichts importiert/,
    rejected: 'Abgelehnte Zeilen',
    reason: 'Die Prüfziffer der EAN stimmt nicht',
    download: 'Bericht als CSV herunterladen',
    csvHeader: 'Zeile;SKU;Spalte;Feld;Wert;Grund',
    another: 'Weitere Datei importieren',
  },
  en: {
    title: 'Import products',
    file: 'File',
    uploaded: 'Uploaded',
    skuColumn: 'Field for column “SKU”',
    hazmatColumn: 'Field for column “Gefahrgut”',
    client: 'Client',
    allOrNothing: /All or nothing/,
    goodRows: /Import only the good rows/,
    start: 'Start import',
    done: 'Completed',
    summary: (c: number, u: number, r: number, e: number) =>
      `4 rows: ${c} created, ${u} updated, ${r} rejected (${e} problems)`,
    nothing: /Nothing was imported/,
    rejected: 'Rejected rows',
    reason: 'The check digit of the EAN is wrong',
    download: 'Download the report as CSV',
    csvHeader: 'Row,SKU,Column,Field,Value,Reason',
    another: 'Import another file',
  },
} as const;

type Language = keyof typeof TEXT;

/** Uploads the file on the start page, picks the client and the mode, starts; waits for the end. */
async function runImport(
  page: Page,
  text: (typeof TEXT)[Language],
  file: { name: string; content: string },
  client: string,
  mode: 'allOrNothing' | 'goodRows',
) {
  await uploadCsv(page, text.file, text.uploaded, file.name, file.content);
  // The preview: the first rows, each column's field guessed from its German header.
  await expect(page.getByRole('combobox', { name: text.skuColumn })).toHaveValue('sku');
  await expect(page.getByRole('combobox', { name: text.hazmatColumn })).toHaveValue('hazmat');
  await expect(page.getByRole('cell', { name: 'Ethanol' })).toBeVisible();
  await pick(page, text.client, client);
  // (Blueprint's indicator lies over the radio button itself: the label is what a user clicks.)
  await page.getByText(text[mode]).click();
  await expect(page.getByRole('radio', { name: text[mode] })).toBeChecked();
  await page.getByRole('button', { name: text.start }).click();
  await expect(page).toHaveURL(/\/import\/product\?job=[0-9a-f-]{36}/);
  await expect(page.getByText(text.done)).toBeVisible({ timeout: 30_000 });
}

for (const language of ['de', 'en'] as const) {
  test(`${language}: a CSV with one bad row — all or nothing writes nothing, only the good rows writes three, again changes nothing`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[language];
    const tag = `${language.toUpperCase()}${Date.now().toString(36)}`;
    const client = `Import ${tag}`;
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logInAs(context, 'admin');
    const clientId = await createClient(context, client);
    const file = { name: `produkte-${tag}.csv`, content: productsCsv(tag) };

    await page.goto('/import/product');
    await booted(page);
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();

    // All or nothing: the bad row stops the import; the report says which and why.
    await runImport(page, text, file, client, 'allOrNothing');
    await expect(page.getByRole('heading', { name: text.summary(0, 0, 1, 2) })).toBeVisible();
    await expect(page.getByText(text.nothing)).toBeVisible();
    const report = page.getByRole('table', { name: text.rejected });
    const bad = report.getByRole('row').filter({ hasText: '4006381333932' });
    await expect(bad.getByRole('cell').nth(0)).toHaveText('4');
    // The row's SKU: which product the problem is of.
    await expect(bad.getByRole('cell').nth(1)).toHaveText(`${tag}-3`);
    await expect(bad.getByRole('cell').nth(2)).toHaveText('EAN');
    await expect(bad.getByRole('cell').nth(4)).toHaveText(text.reason);
    expect(await productsOf(context, clientId)).toEqual([]);
    // The report as CSV, in the page's language.
    const href = await page.getByRole('link', { name: text.download }).getAttribute('href');
    const csv = await context.request.get(href!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(text.csvHeader);
    expect(lines[1]).toContain('4006381333932');
    expect(lines[1]).toContain(`${tag}-3`);

    // Only the good rows: three products.
    await page.getByRole('button', { name: text.another }).click();
    await runImport(page, text, file, client, 'goodRows');
    await expect(page.getByRole('heading', { name: text.summary(3, 0, 1, 2) })).toBeVisible();
    await expect(report.getByRole('row').filter({ hasText: '4006381333932' })).toBeVisible();
    const imported = await productsOf(context, clientId);
    expect(imported).toEqual([
      { sku: `${tag}-1`, version: 1 },
      { sku: `${tag}-2`, version: 1 },
      { sku: `${tag}-4`, version: 1 },
    ]);

    // The same file again: nothing created, nothing updated, no new version.
    await page.getByRole('button', { name: text.another }).click();
    await runImport(page, text, file, client, 'goodRows');
    await expect(page.getByRole('heading', { name: text.summary(0, 0, 1, 2) })).toBeVisible();
    expect(await productsOf(context, clientId)).toEqual(imported);
  });
}
