import { expect, test, type Page } from '@playwright/test';
import { GUARDED_ROUTES, SPEC_ROUTES, samplePath } from '../build/spec-routes';
import { booted, logInAs } from './support';

// Every route of docs/product.md §2 against each kind of visitor. A route is checked both ways a user
// reaches it: inside the running page (a link, a menu item: single-spa reroutes without a new
// boot) and as a deep link (a reload, a bookmark: the page boots on it). Walking all routes in
// one page keeps this fast; each route is a step of its own, so a failure names it.

const LOGIN_ONLY = SPEC_ROUTES.filter((r) => r.access === 'login' && !r.permission);
const GUARDED = GUARDED_ROUTES.map((route) => ({ ...route, url: samplePath(route.path) }));
/** Deep links for the redirect checks: a plain route, one with a parameter, a nested one. */
const DEEP_LINKS = [
  GUARDED.find((r) => !r.path.includes(':'))!,
  GUARDED.find((r) => r.path.includes(':'))!,
  GUARDED.filter((r) => r.path.split('/').length > 3).at(-1)!,
];

/** Opens `path` inside the running page, as a link does (no reload). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => window.history.pushState(null, '', to), path);
}

/** Opens `path` by loading it (a deep link) and waits for the boot. */
async function deepLink(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await booted(page);
}

test('a logged-out user is sent to /login from every guarded and login-only route', async ({
  page,
}) => {
  await deepLink(page, '/login');
  for (const route of [...GUARDED, ...LOGIN_ONLY]) {
    const path = samplePath(route.path);
    await test.step(path, async () => {
      await navigate(page, path);
      await expect(page, `${path} without a session`).toHaveURL('/login');
    });
  }
  for (const route of DEEP_LINKS)
    await test.step(`deep link ${route.url}`, async () => {
      await deepLink(page, route.url);
      await expect(page).toHaveURL('/login');
    });
});

test('a guest is sent to /unauthorized from every guarded route', async ({ page, context }) => {
  await logInAs(context, 'guest');
  await deepLink(page, '/dashboard');
  for (const route of GUARDED)
    await test.step(`${route.url} needs ${route.permission}`, async () => {
      await navigate(page, route.url);
      await expect(page, `${route.url} without ${route.permission}`).toHaveURL('/unauthorized');
    });
  for (const route of DEEP_LINKS)
    await test.step(`deep link ${route.url}`, async () => {
      await deepLink(page, route.url);
      await expect(page).toHaveURL('/unauthorized');
    });
});

test('a guest opens every route that needs a login only', async ({ page, context }) => {
  test.setTimeout(120_000);
  await logInAs(context, 'guest');
  for (const route of LOGIN_ONLY) {
    const path = samplePath(route.path);
    await test.step(path, async () => {
      await deepLink(page, path);
      await expect(page).toHaveURL(path);
    });
  }
});

// The admin holds every permission: each guarded route opens and shows its page. Two halves,
// so both Playwright workers share them.
const half = Math.ceil(GUARDED.length / 2);
for (const [part, routes] of [
  [1, GUARDED.slice(0, half)],
  [2, GUARDED.slice(half)],
] as const) {
  test(`the admin opens each guarded route with its permission (part ${part} of 2)`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await logInAs(context, 'admin');
    for (const route of routes)
      await test.step(`${route.url} with ${route.permission}`, async () => {
        await deepLink(page, route.url);
        await expect(page).toHaveURL(route.url);
        await expect(page.locator('#kontor-content h1').first()).toBeVisible();
      });
  });
}

test('a packer without user:view clicking a link to the users page lands on /unauthorized', async ({
  page,
  context,
}) => {
  await logInAs(context, 'packer');
  await page.goto('/dashboard');
  await booted(page);
  // A navigation inside the running page (no reload) is guarded too.
  await page.evaluate(() => window.history.pushState(null, '', '/administration/users'));
  await expect(page).toHaveURL('/unauthorized');
  await page.goBack();
  await expect(page).toHaveURL('/dashboard');
});
