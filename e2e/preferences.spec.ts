import { expect, test } from '@playwright/test';
import { booted, type KontorSystem, logInAs } from './support';

test('German is the default; English can be chosen and stays after a reload', async ({ page }) => {
  await page.goto('/login');
  await booted(page);
  const content = page.locator('#kontor-content');
  await expect(content.getByLabel('Passwort')).toBeVisible();
  await page.getByLabel('Sprache').selectOption('en');
  await expect(content.getByLabel('Password')).toBeVisible();
  await expect(page).toHaveTitle('Kontor-App - Login');
  await page.reload();
  await booted(page);
  await expect(content.getByLabel('Password')).toBeVisible();
  await page.getByLabel('Language').selectOption('de');
  await expect(content.getByLabel('Passwort')).toBeVisible();
});

test('a text missing in English falls back to German', async ({ page }) => {
  await page.goto('/');
  await booted(page);
  await page.getByLabel('Sprache').selectOption('en');
  const shown = await page.evaluate(async () => {
    const system = (window as unknown as { System: KontorSystem }).System;
    const session = await system.import('@kontor/shared-session');
    session.addTranslations({ de: { probe: { onlyGerman: 'Nur auf Deutsch' } } });
    return [
      session.i18n.language,
      session.i18n.t('probe:onlyGerman'),
      session.i18n.t('common:required'),
    ];
  });
  expect(shown).toEqual(['en', 'Nur auf Deutsch', 'That is a mandatory field']);
});

test('dark mode is stored under "dark" and kept across a reload', async ({ page, context }) => {
  await logInAs(context, 'packer');
  await page.goto('/dashboard');
  await booted(page);
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
  await page.getByRole('button', { name: 'Dunkelmodus einschalten' }).click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  expect(await page.evaluate(() => localStorage.getItem('dark'))).toBe('true');
  await page.reload();
  await booted(page);
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await page.getByRole('button', { name: 'Dunkelmodus ausschalten' }).click();
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
  expect(await page.evaluate(() => localStorage.getItem('dark'))).toBe('false');
});
