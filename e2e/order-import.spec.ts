import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { booted, createClient, createProduct, graphql, logInAs, pick, uploadCsv } from './support';

// The order import (issue 14) in the browser: a CSV of 3 orders (one row per position) with one
// bad row (a sku the client does not have) uploaded on /import/order, its preview with the
// guessed mapping, "only the good orders" (two orders written, the report names row, column,
// value and why, downloadable as CSV); then the fixed file: only the missing order is created,
// no duplicates — German and English.

/** A client with two products. */
async function newClient(context: BrowserContext, name: string, tag: string): Promise<string> {
  const clientId = await createClient(context, name);
  for (const sku of [`${tag}-1`, `${tag}-2`])
    await createProduct(context, { clientId, sku, name: `Artikel ${sku}`, priceNet: 9.5 });
  return clientId;
}

/** The client's order numbers, as the order list reads them. */
async function ordersOf(context: BrowserContext, clientId: string) {
  const data = await graphql(
    context,
    'query($c: ID) { orders(filter: { clientId: $c }, page: { pageSize: 50 }) { items { number } } }',
    { c: clientId },
  );
  return (data.orders.items as { number: string }[]).map((o) => o.number).sort();
}

/** Three orders with German headers; row 4 (order -B) names a sku the client does not have. */
const ordersCsv = (tag: string, badSku: string) =>
  [
    'Auftragsnummer;SKU;Menge;Vorname;Nachname;Straße;Hausnummer;PLZ;Ort;Land',
    `${tag}-A;${tag}-1;2;Erika;Muster;Hauptstraße;1;20457;Hamburg;DE`,
    `${tag}-A;${tag}-2;1;;;;;;;`,
    `${tag}-B;${badSku};3;Max;Muster;Weg;2;10115;Berlin;DE`,
    `${tag}-C;${tag}-2;4;Ida;Muster;Gasse;3;80331;München;DE`,
  ].join('\n');

const TEXT = {
  de: {
    title: 'Bestellungen importieren',
    file: 'Datei',
    uploaded: 'Hochgeladen',
    skuColumn: 'Feld für Spalte „SKU“',
    client: 'Mandant',
    goodRows: /Nur die fehlerfreien Bestellungen/,
    start: 'Import starten',
    done: 'Abgeschlossen',
    summary: (c: number, u: number, r: number) =>
      `4 Zeilen: ${c} Bestellungen angelegt, ${u} schon vorhanden, ${r} abgelehnt (${r} Fehler)`,
    rejected: 'Abgelehnte Zeilen',
    reason: 'Diese SKU ist kein Produkt des Mandanten',
    download: 'Bericht als CSV herunterladen',
    csvHeader: 'Zeile;SKU;Spalte;Feld;Wert;Grund',
    another: 'Weitere Datei importieren',
  },
  en: {
    title: 'Import orders',
    file: 'File',
    uploaded: 'Uploaded',
    skuColumn: 'Field for column “SKU”',
    client: 'Client',
    goodRows: /Import only the orders without bad rows/,
    start: 'Start import',
    done: 'Completed',
    summary: (c: number, u: number, r: number) =>
      `4 rows: ${c} orders created, ${u} already there, ${r} rejected (${r} ${r === 1 ? 'problem' : 'problems'})`,
    rejected: 'Rejected rows',
    reason: 'This SKU is no product of the client',
    download: 'Download the report as CSV',
    csvHeader: 'Row,SKU,Column,Field,Value,Reason',
    another: 'Import another file',
  },
} as const;

type Language = keyof typeof TEXT;

/** Uploads the file on the start page, picks the client and "good orders only", starts; waits. */
async function runImport(
  page: Page,
  text: (typeof TEXT)[Language],
  file: { name: string; content: string },
  client: string,
) {
  await uploadCsv(page, text.file, text.uploaded, file.name, file.content);
  // The preview: the first rows, each column's field guessed from its German header.
  await expect(page.getByRole('combobox', { name: text.skuColumn })).toHaveValue('sku');
  await expect(page.getByRole('cell', { name: 'München' })).toBeVisible();
  await pick(page, text.client, client);
  await page.getByText(text.goodRows).click();
  await expect(page.getByRole('radio', { name: text.goodRows })).toBeChecked();
  await page.getByRole('button', { name: text.start }).click();
  await expect(page).toHaveURL(/\/import\/order\?job=[0-9a-f-]{36}/);
  await expect(page.getByText(text.done)).toBeVisible({ timeout: 30_000 });
}

for (const language of ['de', 'en'] as const) {
  test(`${language}: 3 orders with one bad row — two imported and the row reported; the fixed file adds only the third`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const text = TEXT[language];
    const tag = `O${language.toUpperCase()}${Date.now().toString(36)}`;
    const client = `Auftragsimport ${tag}`;
    if (language === 'en') await page.addInitScript(() => localStorage.setItem('locale', 'en'));
    await logInAs(context, 'admin');
    const clientId = await newClient(context, client, tag);

    await page.goto('/import/order');
    await booted(page);
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();

    // The bad row: its order is not written, the two others are; the report says which and why.
    await runImport(
      page,
      text,
      { name: `auftraege-${tag}.csv`, content: ordersCsv(tag, 'NIX-9') },
      client,
    );
    await expect(page.getByRole('heading', { name: text.summary(2, 0, 1) })).toBeVisible();
    const report = page.getByRole('table', { name: text.rejected });
    const bad = report.getByRole('row').filter({ hasText: 'NIX-9' });
    await expect(bad.getByRole('cell').nth(0)).toHaveText('4');
    await expect(bad.getByRole('cell').nth(1)).toHaveText('NIX-9');
    await expect(bad.getByRole('cell').nth(2)).toHaveText('SKU');
    await expect(bad.getByRole('cell').nth(4)).toHaveText(text.reason);
    expect(await ordersOf(context, clientId)).toEqual([`${tag}-A`, `${tag}-C`]);
    // The report as CSV, in the page's language.
    const href = await page.getByRole('link', { name: text.download }).getAttribute('href');
    const csv = await context.request.get(href!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(text.csvHeader);
    expect(lines[1]).toContain('NIX-9');

    // The row fixed, the whole file again: only the missing order is created, no duplicates.
    await page.getByRole('button', { name: text.another }).click();
    await runImport(
      page,
      text,
      { name: `auftraege-${tag}-2.csv`, content: ordersCsv(tag, `${tag}-1`) },
      client,
    );
    await expect(page.getByRole('heading', { name: text.summary(1, 2, 0) })).toBeVisible();
    expect(await ordersOf(context, clientId)).toEqual([`${tag}-A`, `${tag}-B`, `${tag}-C`]);
  });
}
