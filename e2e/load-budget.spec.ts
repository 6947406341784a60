import { expect, test, type Browser, type Page } from '@playwright/test';
import { FLOOR_PERMISSIONS, FLOOR_USER } from '../build/floor-role.cjs';
import { startKontor } from '../build/kontor-server.cjs';
import { DEMO, TEST_PASSWORD_HASHING } from './support';

// Issue 30, "light enough for a handheld": what a scanner screen downloads on a cold load (a
// fresh browser: empty cache) in production, as warehouse staff open it on a 390-px handheld.
// - the packing, counting and stock change screens stay within 350 KB of compressed JavaScript
//   (response bodies as sent, until the network is idle);
// - import-map-overrides (15 KB) is not loaded for them, only with the overrides panel on;
// - Blueprint's icons come in one file per size, not in a request each.
// Kontor of its own in production mode (CSP, Secure cookies) on E2E_LOAD_PORT (default 8781).
// `node bench/load.mjs --routes-only` prints every route's figures.

const port = Number(process.env.E2E_LOAD_PORT ?? 8781);
const base = `http://127.0.0.1:${port}`;
const APP_KEY = 'e2e-load-budget-app-key-e2e-load-budget-app-key';
const BUDGET = 350 * 1024;
const FLOOR = FLOOR_USER;
/** A scanner screen's scan field: the kit's screen, or ui's ScannerField. */
const SCAN_FIELD =
  '.kontor-scan-screen input:not([type=checkbox]):not([type=radio]), #kontor-content input[spellcheck="false"]';

let server: Awaited<ReturnType<typeof startKontor>> | undefined;
let stocktakingId = '';

test.describe.configure({ mode: 'serial' });

/** Logs the page in through the product's API, from a page that loads no script (a JSON file). */
async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/modules.json`);
  const status = await page.evaluate(async ({ email, password }) => {
    await fetch('/sanctum/csrf-cookie');
    const xsrf = document.cookie.match(/(?:^|;\s*)(?:__Host-)?XSRF-TOKEN=([^;]*)/)?.[1] ?? '';
    const response = await fetch('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
      body: JSON.stringify({ email, password }),
    });
    return response.status;
  }, user);
  expect(status, `login of ${user.email}`).toBeLessThan(300);
}

/** One GraphQL operation in the logged-in page; its data. */
async function graphql(page: Page, query: string, variables: object = {}) {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const xsrf = document.cookie.match(/(?:^|;\s*)(?:__Host-)?XSRF-TOKEN=([^;]*)/)?.[1] ?? '';
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': decodeURIComponent(xsrf),
        },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    { query, variables },
  );
  expect(body.errors).toBeUndefined();
  return body.data;
}

interface ColdLoad {
  page: Page;
  /** Compressed JavaScript transferred, bytes. */
  javascript: number;
  scripts: string[];
  /** Blueprint icon files: one icon each, and the files of all used icons of a size. */
  singleIcons: string[];
  iconSets: string[];
  close(): Promise<void>;
}

/** Opens `path` in a fresh browser context (empty cache) as `user`, until the network is idle. */
async function coldLoad(
  browser: Browser,
  user: { email: string; password: string },
  path: string,
  ready: string,
  viewport = { width: 390, height: 844 },
): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport, locale: 'de-DE' });
  const page = await context.newPage();
  await logIn(page, user);
  const finished: { url: string; bytes: Promise<number> }[] = [];
  page.on('requestfinished', (request) =>
    finished.push({
      url: new URL(request.url()).pathname,
      bytes: request.sizes().then((sizes) => sizes.responseBodySize),
    }),
  );
  await page.goto(`${base}${path}`);
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const scripts = finished.filter((entry) => entry.url.endsWith('.js'));
  let javascript = 0;
  for (const script of scripts) javascript += await script.bytes;
  const icons = finished
    .map((entry) => entry.url)
    .filter((url) => url.includes('/blueprint-icons-'));
  return {
    page,
    javascript,
    scripts: scripts.map((script) => script.url),
    singleIcons: icons.filter((url) => /\/\d+px\//.test(url)),
    iconSets: icons.filter((url) => !/\/\d+px\//.test(url)),
    close: () => context.close(),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.beforeAll(async ({ browser }) => {
  // Two starts on a fresh embedded database (initdb, migrations): slow on a busy machine.
  test.setTimeout(180_000);
  const taken = await fetch(`${base}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use: set E2E_LOAD_PORT`);
  // Production never adds the demo users: a first start in test mode adds them to the data.
  const seeding = await startKontor({ port, env: { APP_KEY, ...TEST_PASSWORD_HASHING } });
  await seeding.stop({ keepData: true });
  server = await startKontor({
    port,
    dataDir: seeding.dataDir,
    env: { NODE_ENV: 'production', APP_KEY },
  });

  // Warehouse staff, and a running stocktaking of a warehouse with stock to count.
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, DEMO.admin);
  const tag = Date.now().toString(36).toUpperCase();
  const { createRole } = await graphql(
    page,
    'mutation($i: RoleInput!) { createRole(input: $i) { id } }',
    { i: { name: `Lager ${tag}`, permissions: FLOOR_PERMISSIONS } },
  );
  await graphql(page, 'mutation($i: UserInput!) { createUser(input: $i) { id } }', {
    i: { name: 'Lager', ...FLOOR, roleIds: [createRole.id] },
  });
  const address = {
    street: 'Kai',
    houseNumber: '3',
    postcode: '20457',
    city: 'Hamburg',
    countryCode: 'DE',
  };
  const { createClient } = await graphql(
    page,
    'mutation($i: ClientInput!) { createClient(input: $i) { id } }',
    { i: { name: `Last ${tag}`, address } },
  );
  const { createProduct } = await graphql(
    page,
    'mutation($i: ProductInput!) { createProduct(input: $i) { id } }',
    {
      i: { clientId: createClient.id, sku: `LAST-${tag}`, name: 'Kiste', priceNet: 1, vatRate: 19 },
    },
  );
  const { createWarehouse } = await graphql(
    page,
    'mutation($i: WarehouseInput!) { createWarehouse(input: $i) { id } }',
    { i: { name: `Lastlager ${tag}`, code: `LL${tag}`.slice(0, 20), address } },
  );
  const { createStorage } = await graphql(
    page,
    'mutation($w: ID!, $i: StorageInput!) { createStorage(warehouseId: $w, input: $i) { id } }',
    { w: createWarehouse.id, i: { name: 'Halle', code: 'S1' } },
  );
  const { createRack } = await graphql(
    page,
    'mutation($s: ID!, $i: RackInput!) { createRack(storageId: $s, input: $i) { id } }',
    { s: createStorage.id, i: { name: 'Regal', code: 'R01' } },
  );
  const { createPlaces } = await graphql(
    page,
    'mutation($r: ID!, $i: PlacesInput!) { createPlaces(rackId: $r, input: $i) { id } }',
    { r: createRack.id, i: { prefix: 'P', from: 1, to: 2, digits: 2 } },
  );
  await graphql(page, 'mutation($i: BookingInput!) { bookStock(input: $i) { id } }', {
    i: {
      kind: 'IN',
      warehouseId: createWarehouse.id,
      placeId: createPlaces[0].id,
      productId: createProduct.id,
      quantity: 5,
    },
  });
  const { createStocktaking } = await graphql(
    page,
    'mutation($i: StocktakingInput!) { createStocktaking(input: $i) { id version } }',
    { i: { name: `Inventur ${tag}`, warehouseId: createWarehouse.id } },
  );
  await graphql(
    page,
    'mutation($id: ID!, $v: Int!) { startStocktaking(id: $id, version: $v) { id } }',
    {
      id: createStocktaking.id,
      v: createStocktaking.version,
    },
  );
  stocktakingId = String(createStocktaking.id);
  await context.close();
});

test.afterAll(async () => {
  await server?.stop();
});

test('the packing, counting and stock change screens load cold within 350 KB of compressed JavaScript, without import-map-overrides', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const [screen, path] of [
    ['packing', '/shipment/create'],
    ['counting', `/stocktaking/${stocktakingId}/edit`],
    ['stock change', '/stockchange'],
  ] as const) {
    // The first request of a file compresses it on this fresh server: a load before, unmeasured.
    await (await coldLoad(browser, FLOOR, path, SCAN_FIELD)).close();
    const load = await coldLoad(browser, FLOOR, path, SCAN_FIELD);
    // The scan field is usable (the page is there, not an error panel).
    await expect(load.page.locator(SCAN_FIELD).first()).toBeEnabled();
    expect(
      load.javascript,
      `${screen}: ${kb(load.javascript)} of JavaScript in ${load.scripts.length} files:\n${load.scripts.join('\n')}`,
    ).toBeLessThanOrEqual(BUDGET);
    expect(load.scripts.filter((url) => url.includes('import-map-overrides'))).toEqual([]);
    expect(await load.page.evaluate(() => 'importMapOverrides' in window)).toBe(false);
    await load.close();
  }
});

test('icons come in one file per size, not in a request each', async ({ browser }) => {
  test.setTimeout(60_000);
  // The orders list at desktop width: the menu's icons, the list's (41 requests before).
  const load = await coldLoad(browser, DEMO.admin, '/orders', '#kontor-content tbody tr', {
    width: 1280,
    height: 900,
  });
  const menuIcons = load.page.locator('#kontor-menu .bp6-icon svg');
  await expect(menuIcons.first()).toBeVisible();
  // Drawn: each menu icon has its paths.
  const drawn = await menuIcons.evaluateAll(
    (icons) => icons.filter((icon) => icon.querySelector('path')).length,
  );
  expect(drawn).toBeGreaterThan(5);
  expect(load.singleIcons).toEqual([]);
  expect(load.iconSets.length).toBeGreaterThan(0);
  expect(load.iconSets.length).toBeLessThanOrEqual(2);
  await load.close();
});

test('with the overrides panel switched on (devtools), import-map-overrides loads and its panel shows under the production CSP', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|securitypolicyviolation/i.test(message.text()))
      violations.push(message.text());
  });
  await logIn(page, DEMO.admin);
  await page.goto(`${base}/dashboard`);
  const trigger = page.locator('import-map-overrides-full').getByRole('button');
  await expect(page.getByText('Bestellungen gesamt')).toBeVisible({ timeout: 30_000 });
  await expect(trigger).toHaveCount(0);
  expect(await page.evaluate(() => 'importMapOverrides' in window)).toBe(false);

  await page.evaluate(() => localStorage.setItem('devtools', 'true'));
  await page.reload();
  await expect(trigger.first()).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => 'importMapOverrides' in window)).toBe(true);
  await expect(page.getByText('Bestellungen gesamt')).toBeVisible();
  expect(violations).toEqual([]);
  await context.close();
});
