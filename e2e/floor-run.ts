import { expect, type BrowserContext, type Page } from '@playwright/test';
import { scanFieldProblem } from './floor-rules';
import {
  createAvis,
  createClient,
  createProduct,
  createShippingMethod,
  createSupplier,
  ean13,
  graphql,
  warehouseWithPlaces,
} from './support';

// The keyboard-only run of the warehouse floor (floor.spec.ts): the records it starts from
// and the moves of a hand scanner (a code typed, then Enter) with the checks after each scan.

/** A client with two products, a warehouse of three empty places, a supplier and an avis. */
export async function floorRunRecords(context: BrowserContext, tag: string) {
  const clientId = await createClient(context, `Handscanner ${tag}`);
  const supplier = await createSupplier(context, `Zulieferer ${tag}`, `Z-${tag}`);
  const warehouse = await warehouseWithPlaces(context, `Halle ${tag}`, `H${tag}`.slice(0, 20), {
    places: 3,
  });
  const seed = (Date.now() % 1_000_000_000) * 10;
  const product = async (sku: string, name: string, ean: string) => ({
    id: await createProduct(context, { clientId, sku, name, ean, priceNet: 3, vatRate: 19 }),
    sku,
    ean,
  });
  const mugs = await product(`BECHER-${tag}`, 'Becher', ean13(seed + 4));
  const plates = await product(`TELLER-${tag}`, 'Teller', ean13(seed + 5));
  const avis = await createAvis(context, {
    supplierId: supplier.id,
    clientId,
    warehouseId: warehouse.id,
    deliveryNoteNumber: `LS-${tag}`,
    deliveryDate: '2026-12-01',
    lines: [
      { productId: mugs.id, announcedQuantity: 6 },
      { productId: plates.id, announcedQuantity: 4 },
    ],
  });
  const shippingMethodId = await createShippingMethod(context, tag);
  return { clientId, warehouse, mugs, plates, avis, shippingMethodId };
}

const inFlight = new WeakMap<Page, Set<object>>();

/**
 * Waits until the screen has answered the last key: no GraphQL request of the page under way
 * (counted from the first call on) and two frames drawn. A person with a hand scanner scans
 * the next code after the screen's beep, not while it still looks the last one up.
 */
export async function answered(page: Page): Promise<void> {
  let requests = inFlight.get(page);
  if (!requests) {
    const open = new Set<object>();
    inFlight.set(page, open);
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql')) open.add(request);
    });
    const done = (request: object) => open.delete(request);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    requests = open;
  }
  const deadline = Date.now() + 10_000;
  // A request starts after the key's handler ran: look twice, a frame apart.
  for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
    await page.evaluate(
      () =>
        new Promise<void>((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => done())),
        ),
    );
    quiet = requests.size === 0 ? quiet + 1 : 0;
  }
}

/**
 * A hand scanner's code: typed into the focused field, Enter; once the screen has answered,
 * the focus is in the scanner screen's field, which is in view (top to bottom inside the
 * window, not covered). A field out of view fails the test at its end (soft), so the run goes
 * on and names every scan after which it was.
 */
export async function scanInView(page: Page, code: string, what: string): Promise<void> {
  await answered(page);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await answered(page);
  expect
    .soft(await scanFieldProblem(page, 5_000), `the scan field after ${what} (${code})`)
    .toBeNull();
}

/** Enter alone (the next step, a prefilled quantity); the scan field in view after it. */
export async function enterInView(page: Page, what: string): Promise<void> {
  await answered(page);
  await page.keyboard.press('Enter');
  await answered(page);
  expect.soft(await scanFieldProblem(page, 5_000), `the scan field after ${what}`).toBeNull();
}

/** Presses Tab until the focus is on a button whose text matches (what a user without a mouse does). */
export async function tabToButton(page: Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return element instanceof HTMLButtonElement ? (element.textContent ?? '').trim() : '';
    });
    if (name.test(focused)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached a button ${name}`);
}

/** The screen said no "wrong" message (a refused scan) in its message slot. */
export async function expectNoRefusal(page: Page, what: string): Promise<void> {
  const refusal = page.locator('.kontor-scan-screen [role="alert"]');
  expect(
    (await refusal.count()) === 0 ? '' : await refusal.first().textContent(),
    `a refusal after ${what}`,
  ).toBe('');
}

/** Polls a GraphQL read until `check` says yes (the server has what the screen sent). */
export async function serverHas<T>(
  context: BrowserContext,
  query: string,
  variables: object,
  pickOut: (data: Record<string, unknown>) => T,
  expected: T,
  message: string,
): Promise<void> {
  await expect
    .poll(async () => pickOut(await graphql(context, query, variables)), {
      message,
      timeout: 10_000,
    })
    .toEqual(expected);
}
