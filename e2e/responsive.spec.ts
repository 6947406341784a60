import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  ADDRESS,
  bookIn,
  booted,
  createClient,
  createOrder,
  createProduct,
  createShippingMethod,
  createSupplier,
  DEMO,
  ean13,
  graphql,
  logInAs,
  scan,
  warehouseWithPlaces,
} from './support';

// Kontor at the three screens its users hold: a handheld scanner (390 px), a tablet at the
// packing table held upright (820 px) and an office desktop (1440 px); German and English; light at every
// width, dark at the tablet's.
// Each combination walks login, dashboard, a list and two forms once, keeps a screenshot of
// each as a test artefact, and checks the layout rules on every one.

const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;
const LANGUAGES = ['de', 'en'] as const;

const TEXT = {
  de: {
    login: 'Anmelden',
    email: 'E-Mail',
    password: 'Passwort',
    dashboard: 'Übersicht',
    users: 'Benutzer verwalten',
    createClient: 'Mandant erstellen',
    // The role's page names the role (the route's title while it loads).
    editRole: /^Rolle (admin|bearbeiten)$/,
    save: 'Speichern',
    menuButton: 'Menü ein- oder ausblenden',
    more: 'Konto und Einstellungen',
    account: 'Konto ansehen und bearbeiten',
    administration: 'Verwaltung',
    roles: 'Rollen',
    clientsGroup: 'Mandanten',
    view: 'Ansehen',
    address: 'Anschrift',
    country: 'Land',
    germany: 'Deutschland',
    postcode: 'PLZ',
    postcodeRule: 'Keine gültige Postleitzahl für dieses Land',
  },
  en: {
    login: 'Login',
    email: 'Email',
    password: 'Password',
    dashboard: 'Dashboard',
    users: 'Manage users',
    createClient: 'Create client',
    editRole: /^(Role admin|Edit role)$/,
    save: 'Save',
    menuButton: 'Show or hide the menu',
    more: 'Account and settings',
    account: 'View and edit account',
    administration: 'Administration',
    roles: 'Roles',
    clientsGroup: 'Clients',
    view: 'View',
    address: 'Address',
    country: 'Country',
    germany: 'Germany',
    postcode: 'Postcode',
    postcodeRule: 'Not a valid postcode for this country',
  },
} as const;

/** Keeps a screenshot of what the user sees now as a test artefact. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * The layout rules of every screen: neither the page nor the content area beside the menu
 * scrolls sideways; every element shown ends inside the window, unless a scroll area of its
 * own (a table's) holds it; the cells of a list's key columns are in sight; the top bar keeps
 * to one line; the page heading starts below the top bar.
 */
async function expectLayoutRules(page: Page, what: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > width)
      found.push(`the page is ${scroller.scrollWidth} px wide in a ${width} px window`);
    // The content area scrolls up and down on its own: sideways only a table's own area may.
    const content = document.getElementById('kontor-content');
    if (content && content.scrollWidth > content.clientWidth + 0.5)
      found.push(
        `the content area is ${content.scrollWidth} px wide in its ${content.clientWidth} px`,
      );
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs inside the page
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')}`;
    // The element and its nearest named ancestors, so a failure says where to look.
    const describe = (element: Element) => {
      const path = [name(element)];
      for (let up = element.parentElement; up && path.length < 4; up = up.parentElement)
        if (up.id || up.classList.length > 0) path.unshift(name(up));
      return `${path.join(' > ')} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    };
    const clippedByOwnScrollArea = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (!(up instanceof HTMLElement)) continue; // an icon's <svg> clips only itself
        const overflow = getComputedStyle(up).overflowX;
        if (['auto', 'scroll', 'hidden', 'clip'].includes(overflow))
          return up.getBoundingClientRect().right <= width + 0.5;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 0.5 && box.left >= -0.5) continue;
      if (!clippedByOwnScrollArea(element))
        found.push(`${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    // The columns a list declares key (TableScroll shows a table too wide as cards): in sight.
    for (const cell of document.querySelectorAll('#kontor-content [data-key-column]')) {
      if (!cell.checkVisibility({ visibilityProperty: true })) continue;
      const box = cell.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        found.push(
          `the key cell ${describe(cell)} spans ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
    }
    const bar = document.getElementById('kontor-topbar');
    if (bar && bar.checkVisibility()) {
      const barBox = bar.getBoundingClientRect();
      if (barBox.height > 51) found.push(`the top bar is ${barBox.height} px high`);
      for (const item of bar.querySelectorAll('button, a, select, [role="img"]')) {
        const box = item.getBoundingClientRect();
        if (box.height === 0) continue;
        if (box.top < barBox.top - 0.5 || box.bottom > barBox.bottom + 0.5)
          found.push(`${describe(item)} sits outside the top bar's line`);
        if (box.left < barBox.left - 0.5 || box.right > barBox.right + 0.5)
          found.push(`${describe(item)} is cut off by the top bar's edge`);
      }
      const heading = document.querySelector('#kontor-content h1');
      if (heading && heading.getBoundingClientRect().top < barBox.bottom)
        found.push('the page heading starts under the top bar');
    }
    return found;
  });
  expect(problems, `layout rules on ${what}`).toEqual([]);
}

/** Goes to a path and waits until Kontor has booted and the page's heading shows. */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await booted(page);
  await expect(page.locator('#kontor-content h1')).toHaveText(heading);
}

/** Moves to a path inside the running page, as a link does (no reload: keeps the spec fast). */
async function goInside(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('#kontor-content h1')).toHaveText(heading);
}

for (const screen of SCREENS) {
  // Themes change colours, not sizes: the dark one is walked at the tablet's width (the
  // packing table's screen), the light one at every width.
  for (const theme of THEMES.filter((t) => t === 'light' || screen.name === 'tablet')) {
    for (const language of LANGUAGES) {
      const combination = `${screen.width}px ${theme} ${language}`;
      const text = TEXT[language];
      test(`at ${combination}, login, dashboard, a list and forms fit the screen`, async ({
        browser,
      }, testInfo) => {
        test.setTimeout(60_000);
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
        const page = await context.newPage();
        const shot = (name: string) =>
          keepScreenshot(page, testInfo, `${screen.name}-${theme}-${language}-${name}`);
        const menu = page.locator('#kontor-menu');
        const topBar = page.locator('#kontor-topbar');

        // Logged out: neither a connection to lose nor a bell.
        await open(page, '/login', text.login);
        expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(
          theme === 'dark',
        );
        await expect(topBar.locator('.kontor-connection')).toHaveCount(0);
        await expect(
          topBar.getByRole('button', { name: /Benachrichtigung|notification/ }),
        ).toHaveCount(0);
        await expectLayoutRules(page, 'the login page');
        await shot('login');

        const content = page.locator('#kontor-content');
        await content.getByLabel(text.email).fill(DEMO.admin.email);
        await content.getByLabel(text.password).fill(DEMO.admin.password);
        await content.getByRole('button', { name: text.login }).click();
        // A login hashes the password: seconds on a CI machine busy with two browsers.
        await expect(page).toHaveURL('/dashboard', { timeout: 15_000 });
        await expect(content.locator('h1')).toHaveText(text.dashboard);
        await expect(topBar.locator('.kontor-connection')).toBeVisible();
        await expectLayoutRules(page, 'the dashboard');
        await shot('dashboard');
        if (screen.name !== 'desktop') {
          // Below desktop width the menu is a drawer over the content, not a column taking its
          // room: hidden until the menu button opens it, closed by Escape, a click beside it and
          // a choice.
          const button = topBar.getByRole('button', { name: text.menuButton });
          await expect(menu).toBeHidden();
          await expect(button).toHaveAttribute('aria-expanded', 'false');
          const heading = await content.locator('h1').boundingBox();
          expect(heading!.x, 'the content starts at the left edge').toBeLessThan(40);
          await button.click();
          await expect(menu).toBeVisible();
          await expect(menu.getByRole('menuitem', { name: 'Home' })).toBeInViewport();
          await expectLayoutRules(page, 'the open drawer');
          await shot('drawer');
          await page.keyboard.press('Escape');
          await expect(menu).toBeHidden();
          await button.click();
          await expect(menu).toBeVisible();
          await page.mouse.click(screen.width - 20, screen.height - 20);
          await expect(menu).toBeHidden();
          await button.click();
          await menu.getByRole('menuitem', { name: text.administration }).click();
          await menu.getByRole('menuitem', { name: text.roles, exact: true }).click();
          await expect(page).toHaveURL('/administration/roles');
          await expect(menu).toBeHidden();
        } else {
          await expect(menu).toBeVisible();
          await expect(menu.getByRole('menuitem', { name: 'Home' })).toBeInViewport();
        }
        if (screen.name === 'phone') {
          // Language, dark mode and the account sit in one menu, so the bar keeps to one line.
          await expect(topBar.getByRole('combobox')).toHaveCount(0);
          await topBar.getByRole('button', { name: text.more }).click();
          const more = page.getByRole('menu', { name: text.more });
          await expect(more.getByRole('option', { name: 'Deutsch' })).toHaveAttribute(
            'aria-selected',
            String(language === 'de'),
          );
          await expect(more.getByRole('menuitem', { name: text.account })).toBeVisible();
          await shot('settings-menu');
          await page.keyboard.press('Escape');
          await expect(more).toBeHidden();
        }

        // A list: on a phone each row a card (no table scrolling sideways), still a table.
        await goInside(page, '/administration/users', text.users);
        await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
        if (screen.name === 'phone')
          await expect(page.locator('.kontor-table-scroll')).toHaveAttribute(
            'data-layout',
            'cards',
          );
        await expectLayoutRules(page, 'the user list');
        await shot('list');

        // A form: sections, the country picker, and a failed save focuses the first error.
        await goInside(page, '/administration/clients/create', text.createClient);
        await expect(page.getByRole('group', { name: text.address })).toBeVisible();
        await expect(page.getByRole('combobox', { name: text.country })).toHaveValue('DE');
        await expect(
          page.getByRole('combobox', { name: text.country }).locator('option:checked'),
        ).toHaveText(text.germany);
        // A long form: save in sight from the start, in the bar at the bottom of the window.
        await expect(page.getByRole('button', { name: text.save })).toBeInViewport();
        await expectLayoutRules(page, 'the client form');
        await shot('form');
        await page.getByRole('button', { name: text.save }).click();
        await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
        await expectLayoutRules(page, 'the client form with its errors');

        // The roles form: permissions under their entity, as words, not keys.
        const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!;
        const roles = await context.request.post('/graphql', {
          headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) },
          data: { query: '{ roles(page: { search: "admin" }) { items { id name } } }' },
        });
        const { items } = (await roles.json()).data.roles as {
          items: { id: string; name: string }[];
        };
        const role = items.find((r) => r.name === 'admin')!;
        await goInside(page, `/administration/roles/${role.id}/edit`, text.editRole);
        const clients = page.getByRole('group', { name: text.clientsGroup });
        await expect(clients.getByRole('checkbox', { name: text.view })).toBeChecked();
        await expect(page.getByText('client:view')).toHaveCount(0);
        await expectLayoutRules(page, 'the role form');
        await shot('role-form');
        await context.close();
      });
    }
  }
}

test('at 390px a postcode the server refuses is focused and scrolled into view', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await logInAs(context, 'admin');
  const page = await context.newPage();
  await open(page, '/administration/clients/create', TEXT.de.createClient);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Klein ${Date.now()}`);
  for (const [label, value] of Object.entries({
    Straße: 'Hafenstraße',
    Hausnummer: '1',
    PLZ: '2045',
    Ort: 'Hamburg',
  }))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  // Save stays in the bar at the window's foot: the postcode may be out of sight when the server answers.
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(TEXT.de.postcodeRule)).toBeVisible();
  const postcode = page.getByRole('textbox', { name: TEXT.de.postcode, exact: true });
  await expect(postcode).toBeFocused();
  await expect(postcode).toBeInViewport();
  await context.close();
});

test('at 820px the avis details with the booking open, the counting page and an order keep to the screen; wide tables show as cards', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A tablet held upright: 820 px, the menu a drawer, the content about 770 px wide.
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  await logInAs(context, 'admin');
  const tag = `R${Date.now().toString(36).toUpperCase()}`;
  const clientId = await createClient(context, `Tablettkunde mit langem Namen ${tag}`);
  const supplier = await createSupplier(context, `Lieferant Großhandel ${tag}`, `L-${tag}`);
  const warehouse = await warehouseWithPlaces(context, `Lager ${tag}`, `W${tag}`);
  const cups = await createProduct(context, {
    clientId,
    sku: `TASSE-${tag}`,
    name: 'Kaffeetasse Steingut blau glasiert',
    ean: ean13(Date.now()),
  });
  const paint = await createProduct(context, {
    clientId,
    sku: `FARBE-${tag}`,
    name: 'Wandfarbe weiß matt 10 Liter',
    lotTracked: true,
  });
  const { createAvis } = await graphql(
    context,
    'mutation($i: AvisInput!) { createAvis(input: $i) { id } }',
    {
      i: {
        supplierId: supplier.id,
        clientId,
        warehouseId: warehouse.id,
        deliveryNoteNumber: `DN-${tag}`,
        deliveryDate: '2026-12-03',
        lines: [
          { productId: cups, announcedQuantity: 120 },
          { productId: paint, announcedQuantity: 40, lot: 'CH-2026-11-0042' },
        ],
      },
    },
  );
  const [first] = warehouse.places;
  await bookIn(context, {
    warehouseId: warehouse.id,
    placeId: first!.id,
    productId: cups,
    quantity: 10,
  });
  const { rack } = await graphql(context, 'query($id: ID!) { rack(id: $id) { storage { id } } }', {
    id: warehouse.rackId,
  });
  const { createStocktaking } = await graphql(
    context,
    'mutation($i: StocktakingInput!) { createStocktaking(input: $i) { id version } }',
    {
      i: {
        name: `Tablett ${tag}`,
        warehouseId: warehouse.id,
        storageId: rack.storage.id,
        rackId: warehouse.rackId,
        blind: false,
      },
    },
  );
  await graphql(
    context,
    'mutation($id: ID!, $v: Int!) { startStocktaking(id: $id, version: $v) { id } }',
    { id: createStocktaking.id, v: createStocktaking.version },
  );
  const page = await context.newPage();

  // The booking open, a quantity and a place scanned: every field of both lines in sight.
  await page.goto(`/administration/avis/${createAvis.id}/details?book=1`);
  await booted(page);
  // The booking's section (its table's own scroll area bears the same name).
  const booking = page.getByRole('region', { name: 'Wareneingang buchen' }).first();
  await expect(booking.getByRole('table')).toBeVisible();
  await scan(page, '2');
  await scan(page, first!.barcode);
  await expect(booking.getByRole('cell', { name: first!.path })).toBeVisible();
  await expectLayoutRules(page, 'the avis details with the booking open');
  const bookingArea = await booking
    .locator('.kontor-table-scroll')
    .evaluate((area) => ({ wide: area.scrollWidth, room: area.clientWidth }));
  expect(bookingArea.wide, 'the booking fits without scrolling sideways').toBeLessThanOrEqual(
    bookingArea.room,
  );
  // The lines, the receipts and the history: wider than the room, they show as cards.
  await expect(page.getByRole('table', { name: 'Positionen', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Verlauf', exact: true })).toBeVisible();

  // Counting: a place scanned shows its lines beside (here: under) the scanner form.
  await page.goto(`/stocktaking/${createStocktaking.id}/edit`);
  await booted(page);
  await expect(page.getByRole('textbox', { name: 'Lagerplatz (Barcode)' })).toBeFocused();
  await scan(page, first!.barcode);
  await expect(page.getByRole('table', { name: `Zeilen: ${first!.path}` })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Plätze' })).toBeVisible();
  await expectLayoutRules(page, 'the counting page');

  // An order's page: positions, attributes and history, each in its own scroll area.
  const order = await createOrder(context, {
    clientId,
    number: `B-${tag}`,
    shippingMethodId: await createShippingMethod(context, tag),
    shippingAddress: { firstName: 'Erika', lastName: 'Mustermann', ...ADDRESS },
    items: [
      { productId: cups, quantity: 12 },
      { productId: paint, quantity: 3 },
    ],
    attributes: [{ key: 'Kundenreferenz des Bestellsystems', value: `REF-${tag}-0001-A` }],
  });
  await page.goto(`/order/${order.id}/edit`);
  await booted(page);
  await expect(page.getByRole('table', { name: 'Verlauf', exact: true })).toBeVisible();
  await expectLayoutRules(page, 'the order page');
  await context.close();
});
