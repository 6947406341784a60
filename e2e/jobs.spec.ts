import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { booted, logInAs } from './support';

// Background jobs in the browser (issue 11): a clients import uploaded on its page moves its
// progress bar live and ends with a notification; /horizon shows it, retries a failed job,
// and stays closed (page and data) to a user without `administrate`.

/** A clients CSV: `rows` good rows, then one without a street (rejected, row rows + 2). */
function clientsCsv(prefix: string, rows: number): string {
  const lines = ['Name;Straße;Hausnummer;PLZ;Ort;Land'];
  for (let i = 1; i <= rows; i += 1) lines.push(`${prefix} ${i};Kaistraße;${i};20457;Hamburg;DE`);
  lines.push(`${prefix} ohne Straße;;1;20457;Hamburg;DE`);
  return `${lines.join('\n')}\n`;
}

async function xsrf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!;
  return decodeURIComponent(cookie.value);
}

/** Uploads a file and starts its import through the product's API; the job's id. */
async function startImport(
  context: BrowserContext,
  name: string,
  content: Buffer,
): Promise<string> {
  const headers = { 'X-XSRF-TOKEN': await xsrf(context), Accept: 'application/json' };
  const uploaded = await context.request.post('/spa/uploads', {
    headers,
    multipart: { file: { name, mimeType: 'application/octet-stream', buffer: content } },
  });
  expect(uploaded.status()).toBe(201);
  const { id: uploadId } = (await uploaded.json()) as { id: string };
  const started = await context.request.post('/graphql', {
    headers,
    data: {
      query: 'mutation($u: ID!) { importClients(uploadId: $u) { id } }',
      variables: { u: uploadId },
    },
  });
  return ((await started.json()) as { data: { importClients: { id: string } } }).data.importClients
    .id;
}

/** Records every value the page's progress bar shows (a live bar moves between polls). */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { seenProgress: number[] }).seenProgress = seen;
    const read = () => {
      const bar = document.querySelector('[role="progressbar"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined && seen.at(-1) !== Number(value))
        seen.push(Number(value));
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { seenProgress: number[] }).seenProgress);
}

test('an admin imports clients from a CSV: the bar moves live, the report lists the rejected row, a notification arrives, and /horizon shows the job', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const file = `mandanten-${tag}.csv`;
  const rows = 3000;
  await logInAs(context, 'admin');
  await page.goto('/administration/clients');
  await booted(page);
  await page.getByRole('link', { name: 'Importieren' }).click();
  await expect(page).toHaveURL('/administration/clients/import');
  await expect(page.getByRole('heading', { name: 'Mandanten importieren' })).toBeVisible();
  const bell = page.getByRole('button', { name: /Benachrichtigung/ });
  const before = Number((await bell.getAttribute('aria-label'))!.match(/^\d+/)?.[0] ?? 0);

  await page.getByLabel('Datei', { exact: true }).setInputFiles({
    name: file,
    mimeType: 'text/csv',
    buffer: Buffer.from(clientsCsv(`Import ${tag}`, rows)),
  });
  await expect(page.getByText('Hochgeladen')).toBeVisible();
  await expect(page.getByText(file)).toBeVisible();
  const seen = await recordProgress(page);
  await page.getByRole('button', { name: 'Import starten' }).click();
  await expect(page).toHaveURL(/\/administration\/clients\/import\?job=[0-9a-f-]{36}$/);

  await expect(page.getByText('Abgeschlossen')).toBeVisible({ timeout: 60_000 });
  const values = await seen();
  // The bar advanced through the batches (not only from empty to full).
  expect(
    values.some((v) => v > 0 && v < 100),
    `progress seen: ${values}`,
  ).toBe(true);
  expect(values.at(-1)).toBe(100);
  await expect(
    page.getByText(`${rows + 1} Zeilen: ${rows} angelegt, 0 aktualisiert, 1 abgelehnt (1 Fehler)`, {
      exact: true,
    }),
  ).toBeVisible();
  const rejected = page.getByRole('table', { name: 'Abgelehnte Zeilen' });
  const badRow = rejected.getByRole('row').filter({ hasText: String(rows + 2) });
  await expect(badRow).toContainText('Straße');
  // The reason in the page's language, from the rule the server names.
  await expect(badRow).toContainText('Dies ist ein Pflichtfeld');
  // The notification, in the page's language: a toast naming the file, and one more in the bell.
  // (Its numbers as German writes them: 3.000.)
  const ended = `Mandanten-Import: ${file}: fertig (3.000 angelegt, 0 aktualisiert, 1 abgelehnt).`;
  await expect(page.getByText(ended).last()).toBeVisible();
  // (At least one more: the other tests here, run beside this one as the same admin, may add theirs.)
  await expect
    .poll(async () => Number(/\d+/.exec((await bell.getAttribute('aria-label')) ?? '')?.[0] ?? 0))
    .toBeGreaterThan(before);
  // In the bell it links to this import's page (its report).
  const report = new URL(page.url());
  await bell.click();
  await expect(page.getByRole('link', { name: ended })).toHaveAttribute(
    'href',
    `${report.pathname}${report.search}`,
  );
  await page.keyboard.press('Escape');

  await page.goto('/horizon');
  await booted(page);
  await expect(page.getByRole('heading', { name: 'Monitoring' })).toBeVisible();
  const queues = page.getByRole('table', { name: 'Warteschlangen' });
  await expect(queues.getByRole('row', { name: /Mandanten-Import/ })).toBeVisible();
  const jobs = page.getByRole('table', { name: 'Jobs' });
  await jobs
    .getByRole('row')
    .filter({ hasText: `Mandanten-Import: ${file}` })
    .getByRole('link', { name: /^Details/ })
    .click();
  await expect(page).toHaveURL(/\/horizon\/jobs\/[0-9a-f-]{36}$/);
  // The job's page names it: its kind and file.
  await expect(page.getByRole('heading', { name: `Job Mandanten-Import: ${file}` })).toBeVisible();
  await expect(page.getByText('Abgeschlossen')).toBeVisible();
  await expect(
    page.getByText(`${rows + 1} Zeilen: ${rows} angelegt, 0 aktualisiert, 1 abgelehnt (1 Fehler)`, {
      exact: true,
    }),
  ).toBeVisible();
});

test('a failed import shows its error on /horizon and runs again on “Erneut ausführen”', async ({
  page,
  context,
}) => {
  // Until it fails the job is tried 3 times, 10 s and 20 s apart (the kind's retry delays).
  test.setTimeout(120_000);
  await logInAs(context, 'admin');
  // A zip named .xlsx passes the upload's check, but no workbook can be read from it.
  const file = `kaputt-${Date.now().toString(36)}.xlsx`;
  const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 7)]);
  const id = await startImport(context, file, broken);
  await page.goto(`/horizon?state=FAILED`);
  await booted(page);
  const jobs = page.getByRole('table', { name: 'Jobs' });
  // Live: the row appears when the job has failed (JobChanged on private-jobs).
  await jobs
    .getByRole('row')
    .filter({ hasText: file })
    .getByRole('link', { name: /^Details/ })
    .click({ timeout: 60_000 });
  await expect(page).toHaveURL(`/horizon/jobs/${id}`);
  await expect(page.getByText('Fehlgeschlagen', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /^Fehler: / })).toBeVisible();
  const attempts = page.locator('dt', { hasText: 'Versuche' }).locator('+ dd');
  const before = Number((await attempts.textContent())!.split(' / ')[0]);

  await page.getByRole('button', { name: 'Erneut ausführen' }).click();
  await expect(page.getByText('Job wird erneut ausgeführt')).toBeVisible();
  // It runs once more (and fails again: the file has not changed).
  await expect(attempts).toHaveText(new RegExp(`^${before + 1} / `), { timeout: 30_000 });
  await expect(page.getByText('Fehlgeschlagen', { exact: true })).toBeVisible({ timeout: 30_000 });
});

test('a packer without administrate is sent away from /horizon, and the server refuses its data', async ({
  page,
  context,
}) => {
  await logInAs(context, 'packer');
  await page.goto('/horizon');
  await booted(page);
  await expect(page).toHaveURL('/unauthorized');
  await expect(page.getByRole('menuitem', { name: 'Monitoring' })).toHaveCount(0);

  const answer = await context.request.post('/graphql', {
    headers: { 'X-XSRF-TOKEN': await xsrf(context) },
    data: { query: '{ queues { kind } jobs { total } }' },
  });
  const body = (await answer.json()) as {
    data: unknown;
    errors: { extensions: { code: string } }[];
  };
  expect(body.data).toBeNull();
  expect(body.errors.map((e) => e.extensions.code)).toContain('FORBIDDEN');
});
