import { expect, test } from '@playwright/test';
import { booted, logInAs } from './support';

// Each evaluated copy of react-dom registers one renderer with this hook.
const countReactRenderers = () => {
  (window as unknown as { renderers: number }).renderers = 0;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ =
    {
      supportsFiber: true,
      renderers: new Map(),
      inject() {
        return ++(window as unknown as { renderers: number }).renderers;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
};

test('a module bundle is loaded only when its route is visited', async ({ page, context }) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await booted(page);
  await expect(page.locator('#kontor-content').getByLabel('Passwort')).toBeVisible();
  const fetched = (prefix: string) => loaded.some((path) => path.startsWith(prefix));
  expect(fetched('/modules/shell-layout/')).toBe(true);
  for (const module of [
    'mf-admin',
    'mf-orders',
    'mf-warehouse',
    'mf-stocktaking',
    'mf-shop-connectors',
  ]) {
    expect(fetched(`/modules/${module}/`), `${module} on /login`).toBe(false);
  }
  // The login page needs neither GraphQL nor the socket client, nor the list/form toolkit
  // (@kontor/ui) or react-router (issue 10: both load with the first module page).
  expect(
    loaded.filter((path) =>
      /\/libs\/(apollo|graphql|laravel-echo|pusher|react-router)|\/modules\/ui\//.test(path),
    ),
  ).toEqual([]);

  await logInAs(context, 'admin');
  await page.goto('/administration/users');
  await booted(page);
  await expect(page.locator('#kontor-content h1')).toHaveText('Benutzer verwalten');
  expect(fetched('/modules/mf-admin/')).toBe(true);
  expect(fetched('/modules/mf-warehouse/')).toBe(false);
  // The admin pages bring the toolkit, Apollo and react-router with them.
  for (const prefix of ['/modules/ui/', '/libs/apollo-client-react.', '/libs/react-router-dom.']) {
    expect(fetched(prefix), prefix).toBe(true);
  }
});

test('connector modules load at boot for a holder of shop:view, never for the packer', async ({
  page,
  context,
  browser,
}) => {
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  await logInAs(context, 'admin');
  // A page of another module: the connectors load anyway (their registration runs at boot).
  await page.goto('/administration/users');
  await booted(page);
  await expect(page.locator('#kontor-content h1')).toHaveText('Benutzer verwalten');
  const fetched = (prefix: string) => loaded.some((path) => path.startsWith(prefix));
  await expect.poll(() => fetched('/modules/mf-connector-shopware/')).toBe(true);
  await expect.poll(() => fetched('/modules/mf-connector-woocommerce/')).toBe(true);
  // Registered: Shop-Verbindungen opens its overview and the connectors.
  const menu = page.locator('#kontor-menu');
  await menu.getByRole('menuitem', { name: 'Shop-Verbindungen' }).click();
  await expect(
    menu.getByRole('group', { name: 'Shop-Verbindungen' }).getByRole('menuitem'),
  ).toHaveText(['Alle Verbindungen', 'Shopware 6', 'WooCommerce']);

  const packer = await browser.newContext({ locale: 'de-DE' });
  await logInAs(packer, 'packer');
  const packerPage = await packer.newPage();
  const packerLoaded: string[] = [];
  packerPage.on('request', (request) => packerLoaded.push(new URL(request.url()).pathname));
  await packerPage.goto('/orders');
  await booted(packerPage);
  await packerPage.waitForLoadState('networkidle');
  expect(packerLoaded.filter((path) => /\/modules\/mf-(connector|shop)/.test(path))).toEqual([]);
  await packer.close();
});

test('React is evaluated once while moving between modules', async ({ page, context }) => {
  await page.addInitScript(countReactRenderers);
  await logInAs(context, 'admin');
  await page.goto('/dashboard');
  await booted(page);
  for (const [label, heading] of [
    ['Verwaltung', null],
    ['Benutzer', 'Benutzer verwalten'],
    ['Produkte', 'Produkte'],
    ['Inventur', 'Inventur'],
  ] as const) {
    await page.locator('#kontor-menu').getByText(label, { exact: true }).first().click();
    if (heading) await expect(page.locator('#kontor-content h1')).toHaveText(heading);
  }
  expect(await page.evaluate(() => (window as unknown as { renderers: number }).renderers)).toBe(1);
});
