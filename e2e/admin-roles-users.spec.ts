import { expect, test } from '@playwright/test';
import { booted, logInAs } from './support';

test('an admin creates a role and a user with it, logs in as that user and sees exactly what the role allows', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const roleName = `Disponent ${tag}`;
  const userName = `Dana ${tag}`;
  await logInAs(context, 'admin');

  await page.goto('/administration/roles/create');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Rolle erstellen' })).toBeVisible();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Dies ist ein Pflichtfeld')).toBeVisible();
  await page.getByLabel('Name').fill(roleName);
  // Permissions read as words under their entity: administrate, client:view, client:create.
  await page
    .getByRole('group', { name: 'Allgemein', exact: true })
    .getByRole('checkbox', { name: /^Verwalten/ })
    .check({ force: true });
  const clients = page.getByRole('group', { name: 'Mandanten', exact: true });
  for (const action of ['Ansehen', 'Erstellen'])
    await clients.getByRole('checkbox', { name: action, exact: true }).check({ force: true });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Rolle erfolgreich erstellt')).toBeVisible();
  await expect(page).toHaveURL('/administration/roles');
  // Its form names the role, and its back link leads to the list.
  await page.getByRole('searchbox').fill(tag);
  await page
    .getByRole('row')
    .filter({ hasText: roleName })
    .getByRole('button', { name: 'Bearbeiten' })
    .click();
  await expect(page.getByRole('heading', { name: `Rolle ${roleName}`, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Zu den Rollen' }).click();
  await expect(page).toHaveURL('/administration/roles');

  await page.goto('/administration/users/create');
  await booted(page);
  await page.getByLabel('Name').fill(userName);
  await page.getByLabel('E-Mail').fill(`dana-${tag}@kontor.test`);
  await page.getByLabel('Passwort').fill('disponent-passwort');
  await page.getByRole('checkbox', { name: roleName }).check({ force: true });
  await page.getByRole('button', { name: 'Speichern' }).click();
  // The server's first password hash of a run takes seconds (on a busy machine more than 5).
  await expect(page.getByText('Benutzer erfolgreich erstellt')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL('/administration/users');

  await page.getByRole('searchbox', { name: 'Suchen …' }).fill(tag);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Einloggen als ${userName}` }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.locator('#kontor-topbar')).toContainText(userName);

  const group = page.locator('#kontor-menu').getByRole('group', { name: 'Verwaltung' });
  await page.locator('#kontor-menu').getByText('Verwaltung').click();
  await expect(group.getByRole('menuitem', { name: 'Mandanten' })).toBeVisible();
  for (const hidden of ['Benutzer', 'Abteilungen'])
    await expect(group.getByRole('menuitem', { name: hidden, exact: true })).toHaveCount(0);

  await page.goto('/administration/clients');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Mandanten verwalten' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erstellen' })).toBeVisible();
  await page.goto('/administration/users');
  await booted(page);
  await expect(page).toHaveURL('/unauthorized');
  await page.goto('/administration/departments/create');
  await booted(page);
  await expect(page).toHaveURL('/unauthorized');
});
