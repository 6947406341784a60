import { expect, test } from '@playwright/test';
import { booted, logInAs } from './support';

// One country default (docs/domain.md "Addresses"): every form with an address starts with
// Germany — the client's, the supplier's, the warehouse's and an order's two addresses.

const FORMS = [
  '/administration/clients/create',
  '/administration/supplier/create',
  '/administration/warehouses/create',
  '/order/create',
];

test('German: every address form starts with Deutschland', async ({ page, context }) => {
  test.setTimeout(60_000);
  await logInAs(context, 'admin');
  for (const path of FORMS) {
    await page.goto(path);
    await booted(page);
    const country = page.getByRole('combobox', { name: /^Land/ });
    await expect(country.first(), path).toHaveValue('DE');
    for (const select of await country.all()) {
      await expect(select, path).toHaveValue('DE');
      await expect(select.locator('option:checked'), path).toHaveText('Deutschland');
    }
  }
});
