import { expect, test as base } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import {
  floorFindings,
  formatProblems,
  goInside,
  keepScreenshot,
  scanFieldProblem,
  settled,
} from './floor-rules';
import { VISITS } from './floor-pages';
import {
  answered,
  enterInView,
  expectNoRefusal,
  floorRunRecords,
  scanInView,
  serverHas,
  tabToButton,
} from './floor-run';
import { seedFloor, type FloorSeed } from './floor-seed';
import { booted, graphql, logInAs, scan } from './support';

// The warehouse floor (issue 30): Kontor at a 390-px handheld scanner and an 820-px tablet,
// light and dark, German and English.
// - The sweep: every business list and details page of the modules (floor-pages.ts) with rows
//   (floor-seed.ts) — no page scrolls sideways, the key columns a list declares are inside
//   the window, a list declares key columns at all; the scanner screens are the kit's, at
//   390 px their controls are at least 44 px tall, and the scan field stays in view after each
//   scan; no page shows an ISO day, a German page no decimal point, an English one no decimal
//   comma (floor-rules.ts formatProblems). A screenshot of every page is kept as an artefact (test-results/…/<width>-…png).
//   Every broken rule of every page is collected before the test fails, so one run names
//   all of them.
// - The floor run, keyboard only at 390 px in German and English, as a hand scanner types (the
//   code, Enter): an avis received and booked; a picklist for the order picked by place, EAN
//   and Enter; the order packed by its number and the EANs and finished; then the rack counted
//   by place, EAN and quantity. After navigating, only the keyboard; after each scan the focus
//   is in the scanner screen's field and that field is in view. The server is asked after each
//   screen that what was typed arrived exactly once.

/** The seed is made once per worker (a worker restarted after a failure makes its own). */
const test = base.extend<object, { seed: FloorSeed }>({
  seed: [
    async ({ browser }, provide) => {
      const context = await browser.newContext();
      await logInAs(context, 'admin');
      const seed = await seedFloor(context);
      await context.close();
      await provide(seed);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

const SCREENS = [
  { width: 390, height: 844 }, // a handheld scanner
  { width: 820, height: 1180 }, // a tablet held upright
] as const;

for (const screen of SCREENS)
  for (const theme of ['light', 'dark'] as const)
    for (const language of ['de', 'en'] as const) {
      const combination = `${screen.width}px ${theme} ${language}`;
      test(`floor sweep at ${combination}: every list and details page keeps its key columns in view, scanner screens are made for the hand`, async ({
        browser,
        seed,
      }, testInfo) => {
        test.setTimeout(120_000);
        const context = await browser.newContext({
          viewport: { width: screen.width, height: screen.height },
          locale: language === 'de' ? 'de-DE' : 'en-GB',
        });
        await context.addInitScript(
          ([dark, locale]) => {
            localStorage.setItem('dark', dark);
            localStorage.setItem('locale', locale);
          },
          [String(theme === 'dark'), language] as const,
        );
        await logInAs(context, 'admin');
        const page = await context.newPage();
        await page.goto('/dashboard');
        await booted(page);
        expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(
          theme === 'dark',
        );
        const notes: string[] = [];
        // Every broken rule of every page, so that one run names them all.
        const broken: string[] = [];
        const summary: object[] = [];
        for (const visit of VISITS) {
          const path = visit.path(seed);
          const shot = `${screen.width}-${theme}-${language}-${visit.name}`;
          await test.step(`${visit.name}: ${path}`, async () => {
            // The heading of the page left behind is marked: the next page is the one with a
            // heading of its own (its records shown, not the last page's).
            await page.evaluate(() =>
              document
                .querySelectorAll('#kontor-content h1')
                .forEach((h) => h.setAttribute('data-floor-left', '')),
            );
            await goInside(page, path);
            await page
              .locator('#kontor-content h1:not([data-floor-left])')
              .first()
              .waitFor({ timeout: 5_000 })
              .catch(() => notes.push(`${visit.name}: its heading stayed the last page's element`));
            await visit.ready(page, seed);
            await settled(page);
            if (visit.kind === 'scan') {
              const problem = await scanFieldProblem(page);
              if (problem) broken.push(`${visit.name} when it opens: ${problem}`);
            }
            for (const code of visit.scans?.(seed) ?? []) {
              await answered(page);
              await scan(page, code);
              await answered(page);
              const problem = await scanFieldProblem(page);
              if (problem) broken.push(`${visit.name} after scanning ${code}: ${problem}`);
            }
            await settled(page);
            const findings = await floorFindings(page, visit.kind);
            await keepScreenshot(page, testInfo, shot);
            notes.push(...findings.notes.map((note) => `${visit.name}: ${note}`));
            summary.push({ page: visit.name, path, ...findings });
            broken.push(
              ...findings.problems.map((problem) => `${visit.name} (${path}): ${problem}`),
            );
            // Dates and numbers in the page's language (no ISO day, the language's decimal mark).
            broken.push(
              ...(await formatProblems(page, language)).map(
                (problem) => `${visit.name} (${path}): ${problem}`,
              ),
            );
          });
        }
        if (notes.length > 0)
          testInfo.annotations.push({ type: 'notes', description: notes.join('\n') });
        // Per page: the key cells seen, the problems and notes (for whoever fixes them).
        const summaryPath = testInfo.outputPath('floor-summary.json');
        writeFileSync(summaryPath, JSON.stringify(summary, null, 1));
        await testInfo.attach('floor-summary.json', {
          path: summaryPath,
          contentType: 'application/json',
        });
        await context.close();
        expect(broken, `the floor rules at ${combination}`).toEqual([]);
      });
    }

for (const language of ['de', 'en'] as const)
  test(`floor run by keyboard at 390px in ${language === 'de' ? 'German' : 'English'}: receive, book, pick, pack, ship, count`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: language === 'de' ? 'de-DE' : 'en-GB',
    });
    await context.addInitScript((locale) => localStorage.setItem('locale', locale), language);
    await logInAs(context, 'admin');
    const tag = `HS${language.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    const r = await floorRunRecords(context, tag);
    const [p1, p2] = r.warehouse.places as [
      (typeof r.warehouse.places)[0],
      (typeof r.warehouse.places)[0],
    ];
    const page = await context.newPage();
    const open = async (path: string) => {
      await page.goto(path);
      await booted(page);
      // A scanner screen opens with the focus in its field: the scanner's first code lands there.
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest('.kontor-scan-screen')), {
          message: `${path} opens with the focus in its scanner screen`,
        })
        .toBe(true);
      expect
        .soft(await scanFieldProblem(page, 5_000), `the scan field when ${path} opens`)
        .toBeNull();
    };
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`run-390-${language}-${name}.png`) });

    // Receive: the avis's booking, line by line: quantity, place; the last Enter books.
    await open(`/administration/avis/${r.avis.id}/details?book=1`);
    await scanInView(page, '6', `the quantity of ${r.mugs.sku}`);
    await scanInView(page, p1.barcode, `the place of ${r.mugs.sku}`);
    await scanInView(page, '4', `the quantity of ${r.plates.sku}`);
    await shot('avis-booking');
    await answered(page);
    await page.keyboard.type(p2.barcode);
    await page.keyboard.press('Enter');
    await serverHas(
      context,
      'query($id: ID!) { avis(id: $id) { status receipts { id } } }',
      { id: r.avis.id },
      (data) => {
        const avis = data.avis as { status: string; receipts: unknown[] };
        return [avis.status, avis.receipts.length];
      },
      ['BOOKED', 1],
      'the avis is booked, in one receipt',
    );
    await expectNoRefusal(page, 'booking the avis');
    await shot('avis-booked');
    const stock = await graphql(
      context,
      'query($w: ID!) { inventory(filter: { warehouseId: $w }) { items { product { sku } quantity } } }',
      { w: r.warehouse.id },
    );
    expect(
      Object.fromEntries(
        (stock.inventory.items as { product: { sku: string }; quantity: number }[]).map((i) => [
          i.product.sku,
          i.quantity,
        ]),
      ),
    ).toEqual({ [r.mugs.sku]: 6, [r.plates.sku]: 4 });

    // The order, and a picklist made for it.
    const { createOrder: order } = await graphql(
      context,
      'mutation($i: OrderInput!) { createOrder(input: $i) { id number } }',
      {
        i: {
          clientId: r.clientId,
          number: `HS-${tag}`,
          shippingMethodId: r.shippingMethodId,
          shippingAddress: {
            firstName: 'Erika',
            lastName: 'Mustermann',
            street: 'Kai',
            houseNumber: '3',
            postcode: '20457',
            city: 'Hamburg',
            countryCode: 'DE',
          },
          items: [
            { productId: r.mugs.id, quantity: 2 },
            { productId: r.plates.id, quantity: 1 },
          ],
        },
      },
    );
    const { createPicklist } = await graphql(
      context,
      'mutation($i: PicklistInput!) { createPicklist(input: $i) { picklist { id } } }',
      { i: { clientId: r.clientId, maxOrders: 1 } },
    );
    expect(createPicklist.picklist, 'a picklist for the order').toBeTruthy();

    // Pick: in walking order, place, EAN, Enter on the prefilled quantity.
    await open(`/picklist?id=${createPicklist.picklist.id}`);
    for (const [place, product] of [
      [p1, r.mugs],
      [p2, r.plates],
    ] as const) {
      await scanInView(page, place.barcode, `the place ${place.path}`);
      await scanInView(page, product.ean, `the EAN of ${product.sku}`);
      await expectNoRefusal(page, `scanning ${product.sku} at ${place.path}`);
      if (place === p2) {
        await shot('picking');
        // The last pick ends the picklist: its scanner screen gives way to "done".
        await answered(page);
        await page.keyboard.press('Enter');
        await answered(page);
      } else await enterInView(page, `picking ${product.sku}`);
      await expectNoRefusal(page, `picking ${product.sku}`);
    }
    await serverHas(
      context,
      'query($id: ID!) { picklist(id: $id) { status lines { quantity pickedQuantity } } }',
      { id: createPicklist.picklist.id },
      (data) => {
        const picklist = data.picklist as {
          status: string;
          lines: { quantity: number; pickedQuantity: number }[];
        };
        return [picklist.status, picklist.lines.map((l) => l.pickedQuantity)];
      },
      ['DONE', [2, 1]],
      'the picklist is picked, each line once',
    );

    // The done picklist hands the focus to the way on: Enter there opens the packing station,
    // its scan field focused.
    await expect(page.locator(':focus')).toHaveText(
      language === 'de' ? 'Zur Packstation' : 'To the packing station',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shipment\/create$/);
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('.kontor-scan-screen')), {
        message: 'the packing station opens with the focus in its scanner screen',
      })
      .toBe(true);

    // Pack and ship: the order's number, its EANs, on with Tab and Enter, finished by Enter.
    await scanInView(page, order.number, 'the order number');
    await scanInView(page, r.mugs.ean, `the 1st EAN of ${r.mugs.sku}`);
    await scanInView(page, r.mugs.ean, `the 2nd EAN of ${r.mugs.sku}`);
    await scanInView(page, r.plates.ean, `the EAN of ${r.plates.sku}`);
    await expectNoRefusal(page, 'scanning the order and its EANs');
    await shot('packing');
    await tabToButton(page, language === 'de' ? /^Weiter$/ : /^Forward$/);
    await page.keyboard.press('Enter');
    await answered(page);
    await tabToButton(page, language === 'de' ? /^Fertigstellen$/ : /^Finish$/);
    await page.keyboard.press('Enter');
    await serverHas(
      context,
      'query($id: ID!) { order(id: $id) { status packages { id } } }',
      { id: order.id },
      (data) => {
        const o = data.order as { status: string; packages: unknown[] };
        return [o.status, o.packages.length];
      },
      ['COMPLETE', 1],
      'the order is shipped complete, in one package',
    );
    // Ready for the next order: the scan field back in view.
    expect.soft(await scanFieldProblem(page, 5_000), 'the scan field after finishing').toBeNull();
    await shot('shipped');

    // Count: a stocktaking of the rack; place, EAN, quantity + Enter; an empty Enter goes on.
    const { rack } = await graphql(
      context,
      'query($id: ID!) { rack(id: $id) { storage { id } } }',
      {
        id: r.warehouse.rackId,
      },
    );
    const { createStocktaking: draft } = await graphql(
      context,
      'mutation($i: StocktakingInput!) { createStocktaking(input: $i) { id version } }',
      {
        i: {
          name: `Handscanner ${tag}`,
          warehouseId: r.warehouse.id,
          storageId: rack.storage.id,
          rackId: r.warehouse.rackId,
          blind: false,
        },
      },
    );
    await graphql(
      context,
      'mutation($id: ID!, $v: Int!) { startStocktaking(id: $id, version: $v) { id } }',
      { id: draft.id, v: draft.version },
    );
    await open(`/stocktaking/${draft.id}/edit`);
    for (const [place, product, counted] of [
      [p1, r.mugs, 4],
      [p2, r.plates, 2],
    ] as const) {
      await scanInView(page, place.barcode, `the place ${place.path}`);
      await scanInView(page, product.ean, `the EAN of ${product.sku}`);
      if (place === p2) await shot('counting');
      await scanInView(page, String(counted), `the count of ${product.sku}`);
      await expectNoRefusal(page, `counting ${product.sku}`);
      await enterInView(page, 'the next place');
    }
    await serverHas(
      context,
      'query($id: ID!) { stocktakingSummary(id: $id) { lines { items { product { sku } countedQuantity } } } }',
      { id: draft.id },
      (data) => {
        const summary = data.stocktakingSummary as {
          lines: { items: { product: { sku: string }; countedQuantity: number | null }[] };
        };
        return Object.fromEntries(
          summary.lines.items.map((l) => [l.product.sku, l.countedQuantity]),
        );
      },
      { [r.mugs.sku]: 4, [r.plates.sku]: 2 },
      'the counts arrived',
    );
    await context.close();
  });
