import { expect, test, type BrowserContext } from '@playwright/test';
import { booted, logInAs } from './support';

test('a list keeps its search and sort in the URL: a reload and a shared link show the same rows, and the export link carries them', async ({
  page,
  context,
  browser,
}) => {
  // Two browsers, three boots: room for a machine under load (see booted).
  test.setTimeout(60_000);
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
    '/export/users.csv?search=pack&sort=EMAIL&lang=de',
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

/** Runs a GraphQL operation as the logged-in context (the product's own API). */
async function graphql<T>(
  context: BrowserContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!;
  const response = await context.request.post('/graphql', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

test('departments filtered by a client (chosen with the search picker) keep the filter on reload and in a shared link; clearing it shows all again', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(60_000);
  const tag = `f${Date.now().toString(36)}`;
  await logInAs(context, 'admin');
  const address = {
    street: 'Kai',
    houseNumber: '1',
    postcode: '20457',
    city: 'Hamburg',
    countryCode: 'DE',
  };
  const clientIds: Record<string, string> = {};
  for (const name of ['Nord', 'Süd']) {
    const { createClient } = await graphql<{ createClient: { id: string } }>(
      context,
      'mutation($i: ClientInput!) { createClient(input: $i) { id } }',
      { i: { name: `${name} ${tag}`, address } },
    );
    clientIds[name] = String(createClient.id);
  }
  for (const [name, client] of [
    ['Lager 1', 'Nord'],
    ['Lager 2', 'Nord'],
    ['Lager 3', 'Süd'],
  ] as const) {
    await graphql(
      context,
      'mutation($i: DepartmentInput!) { createDepartment(input: $i) { id } }',
      {
        i: {
          name: `${name} ${tag}`,
          customerNumber: `K-${tag}-${name.slice(-1)}`,
          clientId: clientIds[client],
        },
      },
    );
  }

  // Page 2 of this run's departments, as a link would give it: a filter change goes to page 1.
  await page.goto(`/administration/departments?search=${tag}&page=2`);
  await booted(page);
  const table = page.getByRole('table', { name: 'Abteilungen verwalten' });
  const rows = table.getByRole('row').filter({ hasText: tag });
  const filter = page.getByRole('combobox', { name: 'Mandant' });
  await expect(filter).toHaveAttribute('placeholder', 'Mandant: alle');
  await filter.click();
  await page.keyboard.type(`Nord ${tag}`);
  await page.getByRole('option', { name: `Nord ${tag}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/administration/departments\\?search=${tag}&clientId=${clientIds.Nord}$`),
  );
  await expect(filter).toHaveValue(`Nord ${tag}`);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Süd ${tag}` })).toHaveCount(0);
  // The export takes the same filter.
  await expect(page.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute(
    'href',
    `/export/departments.csv?search=${tag}&clientId=${clientIds.Nord}&lang=de`,
  );

  await page.reload();
  await booted(page);
  await expect(filter).toHaveValue(`Nord ${tag}`);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Lager 3 ${tag}` })).toHaveCount(0);

  // A colleague opens the shared link: the same client chosen, the same rows.
  const shared = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await logInAs(shared, 'admin');
  const other = await shared.newPage();
  await other.goto(page.url());
  await booted(other);
  await expect(other.getByRole('combobox', { name: 'Mandant' })).toHaveValue(`Nord ${tag}`);
  await expect(
    other
      .getByRole('table', { name: 'Abteilungen verwalten' })
      .getByRole('row')
      .filter({ hasText: tag }),
  ).toHaveCount(2);
  await shared.close();

  // Clearing the filter shows every client's departments again, and the URL forgets it.
  await page.getByRole('button', { name: 'Filter „Mandant“ entfernen' }).click();
  await expect(page).toHaveURL(new RegExp(`/administration/departments\\?search=${tag}$`));
  await expect(filter).toHaveValue('');
  await expect(rows).toHaveCount(3);
});

test('shipping methods filtered by shipper keep the filter on reload; "Versender: alle" clears it', async ({
  page,
  context,
}) => {
  const tag = `s${Date.now().toString(36)}`;
  await logInAs(context, 'admin');
  const shipperIds: Record<string, string> = {};
  for (const name of ['Paketdienst', 'Spedition']) {
    const { createShipper } = await graphql<{ createShipper: { id: string } }>(
      context,
      'mutation($i: ShipperInput!) { createShipper(input: $i) { id } }',
      { i: { name: `${name} ${tag}` } },
    );
    shipperIds[name] = String(createShipper.id);
    for (const method of ['Standard', 'Express']) {
      await graphql(
        context,
        'mutation($i: ShippingMethodInput!) { createShippingMethod(input: $i) { id } }',
        {
          i: {
            name: `${method} ${name} ${tag}`,
            shipperId: shipperIds[name],
            hazmatAllowed: false,
            trackingRequired: true,
          },
        },
      );
    }
  }

  await page.goto(`/administration/shipping/methods?search=${tag}&page=3`);
  await booted(page);
  const rows = page
    .getByRole('table', { name: 'Versandarten' })
    .getByRole('row')
    .filter({ hasText: tag });
  const filter = page.getByRole('combobox', { name: 'Versender' });
  await expect(filter.getByRole('option', { name: `Spedition ${tag}` })).toBeAttached();
  await filter.selectOption({ label: `Spedition ${tag}` });
  await expect(page).toHaveURL(
    new RegExp(
      `/administration/shipping/methods\\?search=${tag}&shipperId=${shipperIds.Spedition}$`,
    ),
  );
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Paketdienst ${tag}` })).toHaveCount(0);

  await page.reload();
  await booted(page);
  await expect(filter).toHaveValue(shipperIds.Spedition);
  await expect(rows).toHaveCount(2);

  await filter.selectOption({ label: 'Versender: alle' });
  await expect(page).toHaveURL(new RegExp(`/administration/shipping/methods\\?search=${tag}$`));
  await expect(rows).toHaveCount(4);
});
