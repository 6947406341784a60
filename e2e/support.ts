import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';

/**
 * Cheap password hashes for the servers the tests start in test mode (server/README.md,
 * PASSWORD_HASH_*): every test logs in, some several times; the cost is not what they prove.
 */
export const TEST_PASSWORD_HASHING = {
  PASSWORD_HASH_MEMORY_KIB: '1024',
  PASSWORD_HASH_TIME_COST: '1',
  PASSWORD_HASH_PARALLELISM: '1',
} as const;

/** The demo users the server creates on an empty database (README). */
export const DEMO = {
  admin: { email: 'admin@kontor.test', password: 'admin', name: 'Admin' },
  packer: { email: 'packer@kontor.test', password: 'packer', name: 'Packer' },
  guest: { email: 'guest@kontor.test', password: 'guest', name: 'Guest' },
} as const;

export type DemoUser = keyof typeof DEMO;

/** Logs a browser context in through the product's own API (as the login page does). */
export async function logInAs(context: BrowserContext, user: DemoUser): Promise<void> {
  await context.request.get('/sanctum/csrf-cookie');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(xsrf, 'the server sets the XSRF-TOKEN cookie').toBeTruthy();
  const response = await context.request.post('/login', {
    data: { email: DEMO[user].email, password: DEMO[user].password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
  });
  expect(response.ok(), `login of ${user} answered ${response.status()}`).toBeTruthy();
}

/** Waits until Kontor has booted: the page overlay is gone (room for a machine under load). */
export async function booted(page: Page): Promise<void> {
  await expect(page.locator('#kontor-overlay')).toBeHidden({ timeout: 45_000 });
}

/**
 * A second browser, logged in as `user`, with a page open at `url` (booted): it watches what
 * the test's own browser changes. Its context (`page.context()`) opens further pages.
 */
export async function secondBrowser(
  browser: Browser,
  user: DemoUser,
  url: string,
  locale = 'de-DE',
): Promise<Page> {
  const context = await browser.newContext({ locale });
  await logInAs(context, user);
  const page = await context.newPage();
  await page.goto(url);
  await booted(page);
  return page;
}

/** SystemJS as a test reaches it inside the page (modules are untyped there on purpose). */
export interface KontorSystem {
  // oxlint-disable-next-line typescript/no-explicit-any -- a module's exports, used inside page.evaluate only
  import(name: string): Promise<any>;
}

// The fixture helpers of the specs: the records a test needs, made through the product's own
// GraphQL API as the logged-in user of a browser context (the same checks as the screens).

/** One GraphQL operation through the product's own API; fails the test on any error. */
export async function graphql(context: BrowserContext, query: string, variables: object = {}) {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!;
  const response = await context.request.post('/graphql', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) },
    data: { query, variables },
  });
  expect(response.ok()).toBeTruthy();
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** An address the records of a test get (clients, suppliers, warehouses). */
export const ADDRESS = {
  street: 'Kai',
  houseNumber: '3',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
} as const;

export type Address = { [K in keyof typeof ADDRESS]: string };

/** Twelve digits with their GTIN-13 check digit. */
export function gtin13(twelve: string): string {
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return twelve + String((10 - (sum % 10)) % 10);
}

/** A GTIN-13 with its check digit, unique for this run (a seed such as Date.now()). */
export const ean13 = (seed: number): string =>
  gtin13(String(400000000000 + (seed % 99999999999)).slice(0, 12));

/** Types as a hand scanner does into the focused field: the code, then Enter. */
export async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/**
 * Chooses a record in a search picker (its combobox, or its label on the page) by typing
 * (`typed`, the name itself unless given), waiting for the option, Enter.
 */
export async function pick(
  page: Page,
  picker: Locator | string,
  name: string,
  typed: string = name,
): Promise<void> {
  const box = typeof picker === 'string' ? page.getByRole('combobox', { name: picker }) : picker;
  await box.fill(typed);
  await expect(page.getByRole('option', { name })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(name);
}

/** Puts a CSV file into the upload field `label` and waits until the page says `uploaded`. */
export async function uploadCsv(
  page: Page,
  label: string,
  uploaded: string,
  name: string,
  content: string,
): Promise<void> {
  await page.getByLabel(label, { exact: true }).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
  await expect(page.getByText(uploaded)).toBeVisible();
}

/** A client; its id. */
export async function createClient(
  context: BrowserContext,
  name: string,
  address: Address = ADDRESS,
): Promise<string> {
  const data = await graphql(
    context,
    'mutation($i: ClientInput!) { createClient(input: $i) { id } }',
    { i: { name, address } },
  );
  return String(data.createClient.id);
}

/** A product (ProductInput: clientId, sku, name, …); its id. */
export async function createProduct(
  context: BrowserContext,
  input: { clientId: string; sku: string; name: string } & Record<string, unknown>,
): Promise<string> {
  const data = await graphql(
    context,
    'mutation($i: ProductInput!) { createProduct(input: $i) { id } }',
    { i: input },
  );
  return String(data.createProduct.id);
}

/** A supplier; its id and name. */
export async function createSupplier(
  context: BrowserContext,
  name: string,
  number: string,
): Promise<{ id: string; name: string }> {
  const data = await graphql(
    context,
    'mutation($i: SupplierInput!) { createSupplier(input: $i) { id name } }',
    { i: { name, number, address: ADDRESS } },
  );
  return { id: String(data.createSupplier.id), name: data.createSupplier.name };
}

/** A storage place: its id, path and barcode. */
export type Place = { id: string; path: string; barcode: string };

/** A warehouse; its id and name. */
export async function createWarehouse(
  context: BrowserContext,
  name: string,
  code: string,
): Promise<{ id: string; name: string }> {
  const { createWarehouse: warehouse } = await graphql(
    context,
    'mutation($i: WarehouseInput!) { createWarehouse(input: $i) { id name } }',
    { i: { name, code, address: ADDRESS } },
  );
  return { id: String(warehouse.id), name: warehouse.name };
}

/**
 * A warehouse with one storage (S1), one rack (R01) and `places` places P01, P02 …; its id,
 * name, rack and places. `storage` and `rack` name the storage and the rack.
 */
export async function warehouseWithPlaces(
  context: BrowserContext,
  name: string,
  code: string,
  { places = 3, storage = 'Halle 1', rack = 'Regal 1' } = {},
): Promise<{ id: string; name: string; rackId: string; places: Place[] }> {
  const warehouse = await createWarehouse(context, name, code);
  const { createStorage } = await graphql(
    context,
    'mutation($w: ID!, $i: StorageInput!) { createStorage(warehouseId: $w, input: $i) { id } }',
    { w: warehouse.id, i: { name: storage, code: 'S1' } },
  );
  const { createRack } = await graphql(
    context,
    'mutation($s: ID!, $i: RackInput!) { createRack(storageId: $s, input: $i) { id } }',
    { s: createStorage.id, i: { name: rack, code: 'R01' } },
  );
  const { createPlaces } = await graphql(
    context,
    'mutation($r: ID!, $i: PlacesInput!) { createPlaces(rackId: $r, input: $i) { id path barcode } }',
    { r: createRack.id, i: { prefix: 'P', from: 1, to: places, digits: 2 } },
  );
  return { ...warehouse, rackId: String(createRack.id), places: createPlaces };
}

/** Books stock in: `quantity` of the product on the place. */
export async function bookIn(
  context: BrowserContext,
  input: { warehouseId: string; placeId: string; productId: string; quantity: number },
): Promise<void> {
  await graphql(context, 'mutation($i: BookingInput!) { bookStock(input: $i) { id } }', {
    i: { kind: 'IN', ...input },
  });
}

/** A shipper "Post <tag>" with a shipping method "Paket <tag>"; the method's id. */
export async function createShippingMethod(context: BrowserContext, tag: string): Promise<string> {
  const { createShipper } = await graphql(
    context,
    'mutation($i: ShipperInput!) { createShipper(input: $i) { id } }',
    { i: { name: `Post ${tag}` } },
  );
  const { createShippingMethod: method } = await graphql(
    context,
    'mutation($i: ShippingMethodInput!) { createShippingMethod(input: $i) { id } }',
    {
      i: {
        name: `Paket ${tag}`,
        shipperId: createShipper.id,
        hazmatAllowed: false,
        trackingRequired: false,
      },
    },
  );
  return String(method.id);
}

/** An avis (AvisInput: supplier, client, warehouse, delivery note, lines); its id and number. */
export async function createAvis(
  context: BrowserContext,
  input: Record<string, unknown>,
): Promise<{ id: string; number: string }> {
  const data = await graphql(
    context,
    'mutation($i: AvisInput!) { createAvis(input: $i) { id number } }',
    { i: input },
  );
  return data.createAvis;
}

/** An order (OrderInput); its id, number and version. */
export async function createOrder(
  context: BrowserContext,
  input: Record<string, unknown>,
): Promise<{ id: string; number: string; version: number }> {
  const data = await graphql(
    context,
    'mutation($i: OrderInput!) { createOrder(input: $i) { id number version } }',
    { i: input },
  );
  return data.createOrder;
}

/**
 * Keeps a screenshot of what the user sees as a test artefact, after asserting that it shows
 * what its name claims: the page's language (`<html lang>`, which i18n sets) and its theme
 * (Blueprint's dark class on the body). A picture named "…-en-dark" is English and dark.
 */
export async function keepLook(
  page: Page,
  testInfo: TestInfo,
  name: string,
  look: { language: 'de' | 'en'; dark: boolean },
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', look.language);
  await expect(page.locator('body')).toHaveClass(
    look.dark ? /\bbp6-dark\b/ : /^(?!.*\bbp6-dark\b)/,
  );
  const path = testInfo.outputPath(`${name}-${look.language}-${look.dark ? 'dark' : 'light'}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
