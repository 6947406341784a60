import { expect, test } from '@playwright/test';
import { GUARDED_ROUTES, SPEC_ROUTES, samplePath } from '../build/spec-routes';
import { booted, logInAs } from './support';

const LOGIN_ONLY = SPEC_ROUTES.filter((r) => r.access === 'login' && !r.permission);

test.describe('every guarded route of SPEC.md §2', () => {
  for (const route of GUARDED_ROUTES) {
    const path = samplePath(route.path);

    test(`a logged-out user opening ${path} is sent to /login`, async ({ page }) => {
      await page.goto(path);
      await booted(page);
      await expect(page).toHaveURL('/login');
    });

    test(`a guest without ${route.permission} opening ${path} is sent to /unauthorized`, async ({
      page,
      context,
    }) => {
      await logInAs(context, 'guest');
      await page.goto(path);
      await booted(page);
      await expect(page).toHaveURL('/unauthorized');
    });

    test(`the admin holding ${route.permission} may open ${path}`, async ({ page, context }) => {
      await logInAs(context, 'admin');
      await page.goto(path);
      await booted(page);
      await expect(page).toHaveURL(path);
      await expect(page.locator('#kontor-content h2').first()).toBeVisible();
    });
  }
});

test.describe('routes needing login only', () => {
  for (const route of LOGIN_ONLY) {
    const path = samplePath(route.path);

    test(`${path} sends a logged-out user to /login and lets the guest in`, async ({
      page,
      context,
    }) => {
      await page.goto(path);
      await booted(page);
      await expect(page).toHaveURL('/login');
      await logInAs(context, 'guest');
      await page.goto(path);
      await booted(page);
      await expect(page).toHaveURL(path);
    });
  }
});

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
