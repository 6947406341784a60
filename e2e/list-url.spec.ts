import { expect, test } from '@playwright/test';
import { booted, logInAs } from './support';

test('a list keeps its search and sort in the URL: a reload and a shared link show the same rows, and the export link carries them', async ({
  page,
  context,
  browser,
}) => {
  await logInAs(context, 'admin');
  await page.goto('/administration/users');
  await booted(page);
  await page.getByRole('searchbox').fill('pack');
  await expect(page).toHaveURL(/\/administration\/users\?search=pack$/);
  await page.getByRole('button', { name: 'E-Mail' }).click();
  await expect(page).toHaveURL(/search=pack&sort=EMAIL/);
  const table = page.getByRole('table', { name: 'Benutzer verwalten' });
  await expect(table.getByRole('row')).toHaveCount(2); // header + Packer
  await expect(page.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute(
    'href',
    '/export/users.csv?search=pack&sort=EMAIL',
  );
  // The server's export answers that link with the same filtered list (S3's route).
  const csv = await context.request.get('/export/users.csv?search=pack&sort=EMAIL');
  expect(csv.ok()).toBeTruthy();
  const text = await csv.text();
  expect(text).toContain('packer@kontor.test');
  expect(text).not.toContain('admin@kontor.test');

  await page.reload();
  await booted(page);
  await expect(page.getByRole('searchbox')).toHaveValue('pack');
  await expect(table.getByRole('row')).toHaveCount(2);

  // A colleague opens the shared link in their own browser.
  const shared = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await logInAs(shared, 'admin');
  const other = await shared.newPage();
  await other.goto(page.url());
  await booted(other);
  await expect(other.getByRole('searchbox')).toHaveValue('pack');
  await expect(
    other
      .getByRole('table', { name: 'Benutzer verwalten' })
      .getByRole('row')
      .filter({ hasText: 'Packer' }),
  ).toHaveCount(1);
  await expect(
    other
      .getByRole('table', { name: 'Benutzer verwalten' })
      .getByRole('row')
      .filter({ hasText: 'Admin' }),
  ).toHaveCount(0);
  await shared.close();
});
