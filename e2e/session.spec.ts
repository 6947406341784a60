import { expect, test } from '@playwright/test';
import { booted, type KontorSystem, DEMO, logInAs } from './support';

test('the title bar reads Kontor-App, then the page title', async ({ page, context }) => {
  await page.goto('/no/such/page');
  await booted(page);
  await expect(page).toHaveTitle('Kontor-App');
  await page.goto('/login');
  await expect(page).toHaveTitle('Kontor-App - Anmelden');
  await logInAs(context, 'admin');
  await page.goto('/administration/users');
  await expect(page).toHaveTitle('Kontor-App - Benutzer verwalten');
});

test('a failed login shows its toast and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await booted(page);
  const form = page.locator('#kontor-content');
  await form.getByLabel('E-Mail').fill(DEMO.packer.email);
  await form.getByLabel('Passwort').fill('not-the-password');
  await form.getByRole('button', { name: 'Anmelden' }).click();
  await expect(
    page.getByText('Login nicht erfolgreich! Zugangsdaten nicht gefunden.'),
  ).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(form.getByLabel('E-Mail')).toHaveValue(DEMO.packer.email);
});

test('a successful login lands on /dashboard with a toast that goes after 2.5 s', async ({
  page,
}) => {
  await page.goto('/login');
  await booted(page);
  const form = page.locator('#kontor-content');
  await form.getByLabel('E-Mail').fill(DEMO.admin.email);
  await form.getByLabel('Passwort').fill(DEMO.admin.password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
  // A login hashes the password: seconds on a CI machine busy with two browsers.
  await expect(page).toHaveURL('/dashboard', { timeout: 15_000 });
  const toast = page.getByText('Login erfolgreich!');
  await expect(toast).toBeVisible();
  await expect(page.getByText('Bestellungen gesamt')).toBeVisible();
  await expect(page.getByRole('link', { name: /Admin/ })).toHaveAttribute('href', '/account/edit');
  await expect(toast).toBeHidden({ timeout: 4_000 });
});

test('logout clears the user, toasts and goes to the home page', async ({ page, context }) => {
  await logInAs(context, 'admin');
  await page.goto('/dashboard');
  await booted(page);
  await page.locator('#kontor-menu').getByText('Abmelden').click();
  await expect(page.getByText('Logout erfolgreich!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.locator('#kontor-topbar').getByText('Anmelden')).toBeVisible();
  // The old session is gone on the server too: a guarded page sends to login.
  await page.goto('/administration/users');
  await expect(page).toHaveURL('/login');
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await booted(page);
  await expect(page.getByText('Diese Seite gibt es nicht:')).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
});

test('not-found re-resolves when a module registers the path later', async ({ page, context }) => {
  await logInAs(context, 'admin');
  await page.goto('/administration/shops/demo-shop');
  await booted(page);
  await expect(page.getByText('Diese Seite gibt es nicht:')).toBeVisible();
  // A shop connector registers its route at runtime, as connector modules do.
  await page.evaluate(async () => {
    const system = (window as unknown as { System: KontorSystem }).System;
    const { createElement } = await system.import('react');
    const shops = await system.import('@kontor/shop-connectors');
    shops.registerShopConnector({
      name: 'demo',
      path: 'demo-shop',
      component: () => createElement('p', null, 'Demo-Shop verbunden'),
    });
  });
  await expect(page.getByText('Demo-Shop verbunden')).toBeVisible();
  await expect(page.getByText('Diese Seite gibt es nicht:')).toBeHidden();
});
