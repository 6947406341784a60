import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  copyModuleBuild,
  serveFolder,
  startKontor,
  type RunningKontor,
} from '../build/kontor-server.cjs';
import { floorFindings } from './floor-rules';
import {
  bookIn,
  booted,
  createClient,
  createProduct,
  createShippingMethod,
  graphql,
  gtin13,
  logInAs,
  pick,
  scan,
  TEST_PASSWORD_HASHING,
  warehouseWithPlaces,
} from './support';

// Shop connectors (issue 29) in Chromium against the stand-in shops (shop-standins/, each in a
// process of its own started here: Kontor's connectors see nothing but its base URL).
// - A connector module deployed while Kontor runs appears in the menu and on the shops page,
//   nothing else in the import map changes; a new version and its rollback, then the rollback
//   of its first release, which removes it (a Kontor of its own whose build lacks the Shopware
//   connector: deploys change the live registry).
// - Shopware 6, German: an admin creates the connection (a wrong secret fails the test with
//   the shop's reason, the right one passes), maps the shop's shipping method and syncs; the
//   paid orders are in /orders with the shop's number and address, the unknown SKU on
//   /order/error, the unpaid one is not taken, one in US dollars is a dead letter on the
//   connection's page (with the sync, the lag and the error count); the good order is picked
//   and packed, and the stand-in shows its tracking code and its delivery shipped.
// - WooCommerce, English: the same (processing = paid, flat_rate:1), packed with "Ship all";
//   the stand-in shows the tracking and the order completed.
// Screenshots (outputs): the shops page and the connection page at 1440 and 390 px, German
// and English.
//
// The orders are placed in the stand-in five minutes back: a sync reads up to the shop's now
// minus SHOP_SYNC_SETTLE (30 s by default), so the default server needs no shorter settings.

const root = resolve(__dirname, '..');

/** A stand-in shop in its own process: its URL, credentials and control endpoints. */
interface Standin {
  url: string;
  credentials: Record<string, string>;
  /** POST /__standin/orders: the seed as the stand-in's addOrder takes it. */
  addOrder(seed: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** GET /__standin/state. */
  state(): Promise<StandinState>;
}

interface StandinState {
  rows: { order: string; status: string; tracking: string; delivery: string }[];
  orders: { id: string | number; orderNumber?: string; number?: string; status?: string }[];
  deliveries?: { orderId: string; trackingCodes: string[]; state: string }[];
  trackings?: Record<string, { tracking_number: string }[]>;
}

const standins: ChildProcess[] = [];

/** Starts `node shop-standins/dist/cli.js <kind> --port 0` and reads its URL from what it prints. */
async function startStandin(kind: 'shopware' | 'woocommerce'): Promise<Standin> {
  const child = spawn(
    process.execPath,
    [join(root, 'shop-standins/dist/cli.js'), kind, '--port', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  standins.push(child);
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`no ${kind} stand-in in 30 s: ${output}`)),
      30_000,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ctrl-C')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => fail(new Error(`the ${kind} stand-in exited: ${output}`)));
  });
  const url = /Shop URL:\s+(\S+)/.exec(output)![1]!;
  const state = async () => (await fetch(`${url}/__standin/state`)).json();
  return {
    url,
    credentials: (await state()).credentials,
    async addOrder(seed) {
      const response = await fetch(`${url}/__standin/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(seed),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return response.json();
    },
    state,
  };
}

/** The tags of this worker's tests whose shop connections afterEach deletes. */
const tags: string[] = [];

// A connection left behind would go on syncing with its stand-in gone, fail, and tell every
// holder of shop:update (the admin of the other specs) about it: deleted, whatever the outcome.
test.afterEach(async ({ context }) => {
  for (const tag of tags.splice(0)) {
    const { shopConnections } = await graphql(
      context,
      'query($s: String) { shopConnections(page: { search: $s }) { items { id } } }',
      { s: tag },
    );
    for (const { id } of shopConnections.items)
      await graphql(context, 'mutation($id: ID!) { deleteShopConnection(id: $id) { id } }', {
        id,
      });
  }
  for (const child of standins.splice(0)) child.kill('SIGTERM');
});

/** Five minutes ago: an order the next sync reads (its window ends 30 s before the shop's now). */
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * The Kontor side: a client with a product (SKU, EAN), a shipping method "Post <tag> – Paket
 * <tag>", a warehouse with one place holding 10 of the product.
 */
async function prerequisites(context: BrowserContext, tag: string, digit: string) {
  const client = `Webshop ${tag}`;
  const clientId = await createClient(context, client);
  const sku = `TASSE-${tag}`;
  const ean = gtin13(`42${String(Date.now()).slice(-9)}${digit}`);
  const productId = await createProduct(context, {
    clientId,
    sku,
    name: 'Tasse blau',
    ean,
    priceNet: 10,
    vatRate: 19,
  });
  await createShippingMethod(context, tag);
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, `W${tag}`.slice(0, 20), {
    places: 1,
    storage: 'Halle',
    rack: 'Regal',
  });
  const place = warehouse.places[0]!;
  await bookIn(context, { warehouseId: warehouse.id, placeId: place.id, productId, quantity: 10 });
  return { client, sku, ean, place, method: `Post ${tag} – Paket ${tag}` };
}

/** The numbers of the orders Kontor has whose number contains `search`. */
async function orderNumbers(context: BrowserContext, search: string): Promise<string[]> {
  const { orders } = await graphql(
    context,
    'query($s: String) { orders(page: { search: $s }) { items { number } } }',
    { s: search },
  );
  return orders.items.map((o: { number: string }) => o.number).sort();
}

/** What the connection's page shows, through the API (to wait for the scheduler's work). */
async function health(context: BrowserContext, connectionUrl: string) {
  const { shopConnection } = await graphql(
    context,
    `
      query ($id: ID!) {
        shopConnection(id: $id) {
          lastSuccessAt
          openErrors
          ordersToday
          pushes {
            orderNumber
            doneAt
          }
        }
      }
    `,
    { id: connectionUrl.split('/').pop() },
  );
  return shopConnection as {
    lastSuccessAt: string | null;
    openErrors: number;
    ordersToday: number;
    pushes: { orderNumber: string; doneAt: string | null }[];
  };
}

/** Whether the push-back of order `number` is done. */
const pushed = async (context: BrowserContext, connectionUrl: string, number: string) =>
  (await health(context, connectionUrl)).pushes.some((p) => p.orderNumber === number && p.doneAt);

/** The value of a figure of the connection's health panel (its label names it). */
const figure = (page: Page, label: string) =>
  page
    .locator('.kontor-shop-figures')
    .getByRole('group', { name: label, exact: true })
    .locator('.kontor-shop-figure-value');

/** Full-page screenshots at a desktop's and a phone's width. */
/**
 * Screenshots of the page at a desk's, a tablet's and a handheld's width; at the narrow ones
 * the floor's rules hold (issue 30): nothing scrolls sideways, and the key columns of the
 * lists and the health tables (status, errors, reasons, durations) are inside the window.
 */
async function screenshots(page: Page, name: string, outputPath: (file: string) => string) {
  for (const width of [1440, 820, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : width > 800 ? 1180 : 844 });
    await page.waitForTimeout(300); // the layout's resize observers settle
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
    if (width < 1000) {
      const { problems } = await floorFindings(page, 'details');
      expect(problems, `${name} at ${width} px`).toEqual([]);
    }
    if (width < 800) {
      // The content scrolls inside the layout: the page's end as a phone shows it.
      await page.evaluate(() => {
        for (const element of document.querySelectorAll<HTMLElement>('body, body *')) {
          const { overflowY } = getComputedStyle(element);
          if (/auto|scroll/.test(overflowY) || element === document.body)
            element.scrollTop = element.scrollHeight;
        }
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      await page.screenshot({ path: outputPath(`${name}-${width}-end.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('deploying a connector module while Kontor runs', () => {
  // Its own Kontor (deploys change the live registry), serving a copy of the build without
  // @kontor/connector-shopware: the module's build is there to be deployed, not registered.
  test.describe.configure({ mode: 'serial' });

  const port = Number(process.env.E2E_SHOP_DEPLOY_PORT ?? 8741);
  const base = `http://127.0.0.1:${port}`;
  const cdnBase = `http://127.0.0.1:${port + 1}`;
  const TOKEN = 'e2e-shop-deploy-token-e2e-shop-deploy-token';
  const MODULE = '@kontor/connector-shopware';
  let kontor: RunningKontor;
  let cdn: { close(): Promise<void> };
  let distDir: string;
  let cdnDir: string;
  let builtUrl: string;

  interface ImportMap {
    imports: Record<string, string>;
    integrity: Record<string, string>;
  }

  const api = async (path: string, body: unknown) => {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: await response.json() };
  };
  const liveMap = async (): Promise<ImportMap> => (await fetch(`${base}/importmap.json`)).json();

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    distDir = mkdtempSync(join(tmpdir(), 'kontor-e2e-shopdist-'));
    cpSync(join(root, 'dist'), distDir, { recursive: true });
    const mapFile = join(distDir, 'importmap.json');
    const map: ImportMap = JSON.parse(readFileSync(mapFile, 'utf8'));
    builtUrl = map.imports[MODULE]!;
    delete map.integrity[builtUrl];
    delete map.imports[MODULE];
    writeFileSync(mapFile, JSON.stringify(map));
    const registryFile = join(distDir, 'modules.json');
    const registry: { name: string }[] = JSON.parse(readFileSync(registryFile, 'utf8'));
    writeFileSync(registryFile, JSON.stringify(registry.filter((e) => e.name !== MODULE)));
    cdnDir = mkdtempSync(join(tmpdir(), 'kontor-e2e-shopcdn-'));
    cdn = await serveFolder(cdnDir, port + 1);
    kontor = await startKontor({
      port,
      env: {
        DIST_DIR: distDir,
        DEPLOY_TOKEN: TOKEN,
        DEPLOY_ORIGINS: cdnBase,
        ...TEST_PASSWORD_HASHING,
      },
    });
  });

  test.afterAll(async () => {
    await kontor?.stop();
    await cdn?.close();
    for (const dir of [distDir, cdnDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the Shopware connector deployed while Kontor runs appears in the menu and on the shops page, nothing else changes; a new version rolled back restores it, the first rolled back removes it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: base, locale: 'de-DE' });
    await logInAs(context, 'admin');
    const page = await context.newPage();
    const menu = page.locator('#kontor-menu');
    const connectors = page.getByRole('region', { name: 'Shopsysteme' });
    /** The children of Verwaltung › Shop-Verbindungen, seen from another module's page. */
    const shopMenu = async (expected: string[]) => {
      await page.goto('/administration/users');
      await booted(page);
      await expect(page.locator('#kontor-content h1')).toHaveText('Benutzer verwalten');
      await menu.getByRole('menuitem', { name: 'Shop-Verbindungen' }).click();
      await expect(
        menu.getByRole('group', { name: 'Shop-Verbindungen' }).getByRole('menuitem'),
      ).toHaveText(expected);
    };
    const shopsPage = async (expected: string[]) => {
      await page.goto('/administration/shops');
      await booted(page);
      await expect(page.getByRole('heading', { name: 'Shop-Verbindungen' })).toBeVisible();
      // In the order their modules registered (they load side by side).
      await expect(connectors.getByRole('link')).toHaveCount(expected.length);
      for (const title of expected)
        await expect(connectors.getByRole('link', { name: title, exact: true })).toBeVisible();
    };

    // Before: only WooCommerce.
    await shopMenu(['Alle Verbindungen', 'WooCommerce']);
    await shopsPage(['WooCommerce']);
    const before = await liveMap();
    expect(before.imports[MODULE]).toBeUndefined();

    // The build's version folder of the connector, deployed: one new entry, nothing else moves.
    const version = /\/modules\/mf-connector-shopware\/([^/]+)\//.exec(builtUrl)![1]!;
    const deployed = await api('/spa/deploy', { module: MODULE, version });
    expect(deployed.status, JSON.stringify(deployed.json)).toBe(200);
    const after = await liveMap();
    expect(after.imports[MODULE]).toBe(builtUrl);
    const { [MODULE]: added, ...others } = after.imports;
    expect(added).toBeDefined();
    expect(others).toEqual(before.imports);
    expect(after.integrity).toMatchObject(before.integrity);

    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await shopMenu(['Alle Verbindungen', 'Shopware 6', 'WooCommerce']);
    expect(loaded).toContain(builtUrl);
    await shopsPage(['Shopware 6', 'WooCommerce']);
    await connectors.getByRole('link', { name: 'Shopware 6' }).click();
    await expect(page).toHaveURL(/\/administration\/shops\/shopware$/);
    await expect(page.locator('#kontor-content h1').first()).toHaveText('Shopware 6');
    await expect(page.getByText('Einstellungen › System › Integrationen')).toBeVisible();

    // A new version (its title changed) from the CDN; rolled back, the built one is live again.
    const v2 =
      cdnBase +
      copyModuleBuild(builtUrl, cdnDir, 'shopware-v2', (text: string) =>
        text.replaceAll('Shopware 6', 'Shopware 6 (neu)'),
      );
    expect((await api('/spa/deploy', { module: MODULE, url: v2 })).status).toBe(200);
    await shopMenu(['Alle Verbindungen', 'Shopware 6 (neu)', 'WooCommerce']);
    expect(loaded).toContain(new URL(v2).pathname);
    await shopsPage(['Shopware 6 (neu)', 'WooCommerce']);
    const { [MODULE]: _v2, ...othersV2 } = (await liveMap()).imports;
    expect(othersV2).toEqual(before.imports);

    expect((await api('/spa/deploy/rollback', { module: MODULE })).status).toBe(200);
    expect(await liveMap()).toEqual(after);
    await shopMenu(['Alle Verbindungen', 'Shopware 6', 'WooCommerce']);
    await shopsPage(['Shopware 6', 'WooCommerce']);

    // Its first release rolled back: the connector is gone again, the map as before.
    expect((await api('/spa/deploy/rollback', { module: MODULE })).status).toBe(200);
    expect(await liveMap()).toEqual(before);
    await shopMenu(['Alle Verbindungen', 'WooCommerce']);
    await shopsPage(['WooCommerce']);
    await context.close();
  });
});

/** The connection's page lists the order's push-back as done (in the page's language). */
async function pushListedAsDone(
  page: Page,
  connectionUrl: string,
  orderNumber: string,
  table: string,
  done: string,
): Promise<void> {
  await expect
    .poll(() => pushed(page.context(), connectionUrl, orderNumber), { timeout: 30_000 })
    .toBe(true);
  await page.goto(connectionUrl);
  await booted(page);
  await expect(
    page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: orderNumber }),
  ).toContainText(done);
}

test('Shopware 6 (German): a connection tested with a wrong and the right secret, mapped and synced; paid orders in /orders, the unknown SKU on /order/error, a dead letter on the connection; the order picked and packed, its tracking and shipped delivery in the shop', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = `SW${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  tags.push(tag);
  const s = await prerequisites(context, tag, '1');
  const shop = await startStandin('shopware');
  const number = (n: number) => `${tag}-${n}`;
  const address = {
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Heidestraße 17',
    zipcode: '51147',
    city: 'Köln',
    countryIso: 'DE',
  };
  const order = (n: number, seed: Record<string, unknown>) =>
    shop.addOrder({
      orderNumber: number(n),
      createdAt: minutesAgo(5),
      paymentState: 'paid',
      lineItems: [{ sku: s.sku, quantity: 2 }],
      shippingMethod: { technicalName: 'standard', name: 'Standard' },
      shippingAddress: address,
      billingAddress: address,
      ...seed,
    });
  // Paid with a known SKU; paid with an unknown one; unpaid; paid in US dollars.
  const good = await order(1, {});
  await order(2, { lineItems: [{ sku: `UNBEKANNT-${tag}`, quantity: 1 }] });
  await order(3, { paymentState: 'open' });
  await order(4, { currency: 'USD' });

  // The shops page: create a Shopware 6 connection.
  await page.goto('/administration/shops');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Shop-Verbindungen' })).toBeVisible();
  await page.getByRole('button', { name: 'Erstellen' }).click();
  await expect(
    page.getByText('Mit welchem Shopsystem soll Kontor verbunden werden?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Shopware 6' }).click();
  await expect(
    page.getByRole('heading', { name: 'Shop-Verbindung erstellen: Shopware 6' }),
  ).toBeVisible();
  const name = `Shopware ${tag}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await pick(page, 'Mandant', s.client);
  await page.getByRole('textbox', { name: 'Shop-URL' }).fill(shop.url);
  await page
    .getByRole('textbox', { name: 'Zugangsschlüssel-ID', exact: true })
    .fill(shop.credentials.clientId!);
  const secret = page.getByRole('textbox', { name: 'Geheimer Zugangsschlüssel', exact: true });
  await secret.fill('falsches-geheimnis');
  // A wrong secret: the test fails with the shop's reason.
  const testButton = page.getByRole('button', { name: 'Verbindung testen' });
  await testButton.click();
  const result = page.locator('.kontor-shop-test').getByRole('status');
  await expect(result).toContainText('Verbindung fehlgeschlagen');
  await expect(result).toContainText('401: Client authentication failed');
  await secret.fill(shop.credentials.clientSecret!);
  await testButton.click();
  await expect(result).toContainText('Verbindung erfolgreich', { timeout: 15_000 });
  // Taken are the paid and authorized orders (the connector's defaults).
  const states = page.getByRole('group', { name: 'Übernommene Shop-Status' });
  await expect(states.getByRole('checkbox', { name: 'Bezahlt', exact: true })).toBeChecked();
  await expect(states.getByRole('checkbox', { name: 'Offen', exact: true })).not.toBeChecked();
  // The stand-in's shipping method "standard" → our method.
  await page.getByRole('button', { name: 'Zuordnung hinzufügen' }).click();
  await page.getByRole('textbox', { name: 'Versandart im Shop (Schlüssel)' }).fill('standard');
  await page
    .getByRole('combobox', { name: 'Versandart in Kontor' })
    .selectOption({ label: s.method });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Shop-Verbindung erfolgreich erstellt')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/administration\/shops\/connections\/\d+$/);
  const connectionUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Jetzt synchronisieren' }).click();
  await expect(page.getByText(`Synchronisierung von „${name}“ angestoßen`)).toBeVisible();

  // The paid orders arrive (the unpaid one and the one in dollars do not).
  await expect
    .poll(() => orderNumbers(context, tag), { timeout: 60_000, intervals: [1000] })
    .toEqual([number(1), number(2)]);
  await page.goto(`/orders?search=${tag}`);
  await booted(page);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  const goodRow = page.getByRole('row').filter({ hasText: number(1) });
  await expect(goodRow).toContainText('Erika Mustermann');
  await expect(goodRow).toContainText('Köln');
  await expect(goodRow).toContainText(name);
  await expect(goodRow).toContainText(`Paket ${tag}`);
  // Its page: the shop's address, split into street and house number, and the shop.
  await goodRow.getByRole('link', { name: number(1) }).click();
  await expect(page.locator('.kontor-order-header')).toContainText(name);
  const shipTo = page.getByRole('group', { name: 'Lieferadresse' });
  await expect(shipTo.getByRole('textbox', { name: 'Straße', exact: true })).toHaveValue(
    'Heidestraße',
  );
  await expect(shipTo.getByRole('textbox', { name: 'Hausnummer' })).toHaveValue('17');
  await expect(shipTo.getByRole('textbox', { name: 'PLZ' })).toHaveValue('51147');
  await expect(shipTo.getByRole('textbox', { name: 'Ort' })).toHaveValue('Köln');

  // The unknown SKU: on /order/error with the reason.
  await page.goto('/order/error');
  await booted(page);
  await expect(page.getByRole('row').filter({ hasText: number(2) })).toContainText(
    `Unbekanntes Produkt UNBEKANNT-${tag} (Position 1).`,
  );

  // The connection's page: the sync, the lag, today's orders, the dead letter and its reason.
  await expect
    .poll(() => health(context, connectionUrl), { timeout: 30_000 })
    .toMatchObject({ openErrors: 1, ordersToday: 2, lastSuccessAt: expect.any(String) });
  await page.goto(connectionUrl);
  await booted(page);
  await expect(figure(page, 'Status')).toHaveText('Aktiv');
  await expect(figure(page, 'Letzte erfolgreiche Synchronisierung')).toHaveText(/vor \d+ (s|min)/);
  await expect(figure(page, 'Rückstand')).toHaveText(/\d+ (s|min)/);
  await expect(figure(page, 'Heute importiert')).toHaveText('2');
  await expect(figure(page, 'Offene Fehler')).toHaveText('1');
  const deadLetters = page.getByRole('table', { name: 'Nicht übernommene Bestellungen' });
  await expect(deadLetters.getByRole('row').filter({ hasText: number(4) })).toContainText(
    'currency: Kontor keeps orders in EUR, the shop sent USD.',
  );
  await expect(page.getByRole('table', { name: 'Letzte Anfragen an den Shop' })).toContainText(
    '/api/search/order',
  );
  await page.goto(`/administration/shops?search=${tag}`);
  await booted(page);
  const listRow = page.getByRole('row').filter({ hasText: name });
  await expect(listRow).toContainText('Aktiv');
  await expect(listRow).toContainText(s.client);
  await screenshots(page, 'shops-de', (f) => testInfo.outputPath(f));

  // Picked: a picklist for the client's one fulfillable order, place and EAN scanned.
  await page.goto('/picklist');
  await booted(page);
  await page.getByRole('button', { name: 'Picklist erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Picklist' });
  await dialog.getByRole('combobox', { name: 'Mandant' }).fill(s.client);
  await expect(page.getByRole('option', { name: s.client })).toBeVisible();
  await page.keyboard.press('Enter');
  await dialog.getByRole('combobox', { name: 'Versandart' }).selectOption({ label: s.method });
  await dialog.getByRole('spinbutton', { name: /Anzahl Bestellungen/ }).fill('5');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toContainText(
    /Picklist PL-\d{4}-\d{6} mit 1 Bestellung/,
  );
  await dialog.getByRole('button', { name: 'Picklist öffnen' }).click();
  await expect(page.getByRole('table', { name: 'Zeilen' })).toContainText(`${number(1)} (2)`);
  await expect(page.getByRole('textbox', { name: 'Lagerplatz scannen' })).toBeFocused();
  await scan(page, s.place.barcode);
  await expect(page.getByRole('textbox', { name: 'EAN scannen' })).toBeFocused();
  await scan(page, s.ean);
  await expect(page.getByRole('spinbutton', { name: 'Menge' })).toHaveValue('2');
  await page.keyboard.press('Enter');
  await expect(page.locator('.kontor-pick-head')).toContainText('Erledigt');

  // Packed at the packing station: both cups scanned, a tracking number, finished.
  await page.goto('/shipment/create');
  await booted(page);
  await expect(page.getByRole('textbox', { name: 'Bestellnummer' })).toBeFocused();
  await scan(page, number(1));
  await expect(page.getByRole('textbox', { name: 'EAN scannen' })).toBeFocused();
  await scan(page, s.ean);
  await scan(page, s.ean);
  await expect(page.getByRole('status')).toContainText(`+1 ${s.sku} in Paket 1 (2 von 2)`);
  const tracking = `00340434${String(Date.now()).slice(-10)}`;
  await page.getByRole('textbox', { name: 'Sendungsnummer (optional)' }).fill(tracking);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Fertigstellen' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Bestellung ${number(1)} versendet` }),
  ).toContainText('Die Bestellung ist abgeschlossen.');

  // The push-back (the scheduler's job): the delivery has the tracking code and is shipped.
  const delivery = async () => (await shop.state()).deliveries!.find((d) => d.orderId === good.id);
  await expect
    .poll(delivery, { timeout: 60_000, intervals: [1000] })
    .toEqual(expect.objectContaining({ trackingCodes: [tracking], state: 'shipped' }));
  // The stand-in's own page shows it too.
  const shopPage = await context.newPage();
  await shopPage.goto(shop.url);
  const shopRow = shopPage.locator('#orders tbody tr').filter({ hasText: number(1) });
  await expect(shopRow).toContainText(tracking);
  await expect(shopRow).toContainText('shipped');
  await expect(shopPage.locator('#orders tbody tr').filter({ hasText: number(3) })).toContainText(
    'open',
  );
  await shopPage.close();
  // The connection lists the push-back as done.
  await pushListedAsDone(page, connectionUrl, number(1), 'Rückmeldungen an den Shop', 'Erledigt');
  await screenshots(page, 'connection-de', (f) => testInfo.outputPath(f));
});

test('WooCommerce (English): a connection tested, mapped and synced; the processing order in /orders, the pending one not; packed with ship all, the shop shows its tracking and the order completed', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = `WC${Date.now().toString(36).toUpperCase()}`;
  await logInAs(context, 'admin');
  tags.push(tag);
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
  const s = await prerequisites(context, tag, '2');
  const shop = await startStandin('woocommerce');
  const number = (n: number) => `${tag}-${n}`;
  const shipping = {
    first_name: 'Max',
    last_name: 'Muster',
    address_1: 'Hafenstraße 7',
    postcode: '20457',
    city: 'Hamburg',
    country: 'DE',
  };
  const order = (n: number, seed: Record<string, unknown>) =>
    shop.addOrder({
      number: number(n),
      status: 'processing',
      dateCreatedGmt: minutesAgo(5),
      lineItems: [{ sku: s.sku, quantity: 1, price: 11.9 }],
      shippingLines: [{ method_id: 'flat_rate', instance_id: '1', method_title: 'Versand' }],
      billing: { ...shipping, email: 'max@example.test' },
      shipping,
      ...seed,
    });
  const good = await order(1, {});
  await order(2, { status: 'pending' });
  await order(3, { currency: 'USD' });

  await page.goto('/administration/shops');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Shop connections' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Connectors' }).getByRole('link', { name: 'WooCommerce' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('button', { name: 'WooCommerce' }).click();
  await expect(
    page.getByRole('heading', { name: 'Create shop connection: WooCommerce' }),
  ).toBeVisible();
  const name = `WooCommerce ${tag}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await pick(page, 'Client', s.client);
  await page.getByRole('textbox', { name: 'Shop URL' }).fill(shop.url);
  await page
    .getByRole('textbox', { name: 'Consumer key (ck_…)' })
    .fill(shop.credentials.consumerKey!);
  const secret = page.getByRole('textbox', { name: 'Consumer secret (cs_…)' });
  await secret.fill('cs_wrong');
  const testButton = page.getByRole('button', { name: 'Test connection' });
  await testButton.click();
  const result = page.locator('.kontor-shop-test').getByRole('status');
  await expect(result).toContainText('Connection failed');
  await expect(result).toContainText('401: Consumer secret is invalid.');
  await secret.fill(shop.credentials.consumerSecret!);
  await testButton.click();
  await expect(result).toContainText('Connection successful', { timeout: 15_000 });
  const states = page.getByRole('group', { name: 'Shop states taken' });
  await expect(states.getByRole('checkbox', { name: 'Processing (paid)' })).toBeChecked();
  await expect(states.getByRole('checkbox', { name: 'Pending payment' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Add mapping' }).click();
  await page
    .getByRole('textbox', { name: 'Shipping method in the shop (key)' })
    .fill('flat_rate:1');
  await page
    .getByRole('combobox', { name: 'Shipping method in Kontor' })
    .selectOption({ label: s.method });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Shop connection created successfully')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/administration\/shops\/connections\/\d+$/);
  const connectionUrl = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(`Sync of “${name}” started`)).toBeVisible();

  await expect
    .poll(() => orderNumbers(context, tag), { timeout: 60_000, intervals: [1000] })
    .toEqual([number(1)]);
  await page.goto(`/orders?search=${tag}`);
  await booted(page);
  const row = page.getByRole('row').filter({ hasText: number(1) });
  await expect(row).toContainText('Max Muster');
  await expect(row).toContainText('Hamburg');
  await expect(row).toContainText('Pending');
  await expect(page.getByRole('row').filter({ hasText: number(2) })).toHaveCount(0);

  await expect
    .poll(() => health(context, connectionUrl), { timeout: 30_000 })
    .toMatchObject({ openErrors: 1, ordersToday: 1, lastSuccessAt: expect.any(String) });
  await page.goto(connectionUrl);
  await booted(page);
  await expect(figure(page, 'Status')).toHaveText('Active');
  await expect(figure(page, 'Last successful sync')).toHaveText(/\d+ (s|min) ago/);
  await expect(figure(page, 'Lag')).toHaveText(/\d+ (s|min)/);
  await expect(figure(page, 'Imported today')).toHaveText('1');
  await expect(figure(page, 'Open errors')).toHaveText('1');
  await expect(
    page
      .getByRole('table', { name: 'Orders not taken' })
      .getByRole('row')
      .filter({ hasText: number(3) }),
  ).toContainText('currency: Kontor keeps orders in EUR, the shop sent USD.');
  await page.goto(`/administration/shops?search=${tag}`);
  await booted(page);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Active');
  await screenshots(page, 'shops-en', (f) => testInfo.outputPath(f));

  // Packed at the packing station with "Ship all" and a tracking number.
  await page.goto('/shipment/create');
  await booted(page);
  await expect(page.getByRole('textbox', { name: 'Order number' })).toBeFocused();
  await scan(page, number(1));
  await expect(page.getByRole('textbox', { name: 'Scan EAN' })).toBeFocused();
  await page.getByRole('button', { name: 'Ship all' }).click();
  const confirm = page.getByRole('dialog', { name: 'Ship all' });
  const tracking = `JJD${String(Date.now()).slice(-12)}`;
  await confirm.getByRole('textbox', { name: 'Tracking number (optional)' }).fill(tracking);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${number(1)} shipped` }),
  ).toContainText('The order is complete.');

  // The push-back: the tracking (Shipment Tracking), then the order completed.
  const inShop = async () => {
    const state = await shop.state();
    return {
      tracking: (state.trackings?.[String(good.id)] ?? []).map((t) => t.tracking_number),
      status: state.orders.find((o) => o.id === good.id)?.status,
    };
  };
  await expect
    .poll(inShop, { timeout: 60_000, intervals: [1000] })
    .toEqual({ tracking: [tracking], status: 'completed' });
  const shopPage = await context.newPage();
  await shopPage.goto(shop.url);
  const shopRow = shopPage.locator('#orders tbody tr').filter({ hasText: number(1) });
  await expect(shopRow).toContainText(tracking);
  await expect(shopRow).toContainText('completed');
  await shopPage.close();
  await pushListedAsDone(page, connectionUrl, number(1), 'Push-backs to the shop', 'Done');
  await screenshots(page, 'connection-en', (f) => testInfo.outputPath(f));
});
