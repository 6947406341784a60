// Uploads (issue 11): POST /spa/uploads streams one CSV or XLSX file into the database;
// anything else, an empty file or one over UPLOAD_MAX_MB is refused with a clear 4xx and
// leaves nothing stored.
import { CHUNK_BYTES, sweepUploads, uploadContent } from '../src/uploads/uploads';
import { baseUrl, Browser, startTestApp, type TestApp } from './helpers';
import { admin, countRows } from './graphql-support';

let t: TestApp;
let boss: Browser;

beforeAll(async () => {
  // A small limit (2 MB) so "too large" costs little.
  t = await startTestApp({ uploads: { maxBytes: 2 * 1024 * 1024, retentionMs: 72 * 3_600_000 } });
  boss = await admin(t.app);
});
afterAll(() => t.close());

/** Sends a multipart upload with the browser's cookies (and CSRF header unless told not to). */
async function upload(
  browser: Browser | undefined,
  name: string,
  content: Buffer | string,
  options: { field?: string; csrf?: boolean; type?: string } = {},
) {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([content], { type: options.type ?? 'application/octet-stream' }),
    name,
  );
  const headers: Record<string, string> = { accept: 'application/json' };
  if (browser) {
    headers.cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = browser.cookies.get('XSRF-TOKEN');
    if (options.csrf !== false && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
  }
  const response = await fetch(`${baseUrl(t.app)}/spa/uploads`, {
    method: 'POST',
    headers,
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const stored = async () => ({
  uploads: await countRows(t, 'uploads'),
  chunks: await countRows(t, 'upload_chunks'),
});

/** The smallest file that starts like an XLSX (a zip). */
const zipHead = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 1)]);

describe('POST /spa/uploads', () => {
  test('a CSV is stored in chunks and reads back byte for byte', async () => {
    const line = 'Name;Straße;Hausnummer;PLZ;Ort;Land\n';
    const rows = Array.from({ length: 40_000 }, (_, i) => `Kunde ${i};Weg;${i};20457;Hamburg;DE\n`);
    const csv = Buffer.from(line + rows.join(''), 'utf8'); // ~1.4 MB: two chunks
    const answer = await upload(boss, 'kunden.csv', csv);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'kunden.csv', size: csv.length, type: 'csv' });
    const back: Buffer[] = [];
    for await (const chunk of uploadContent(t.db, answer.body.id)) back.push(chunk as Buffer);
    expect(Buffer.concat(back).equals(csv)).toBe(true);
    // From any byte on (an XLSX is read through its zip directory): the start of a chunk,
    // inside the first or the second, the last byte, and past the end.
    const chunk = CHUNK_BYTES;
    for (const from of [0, 1, 4_097, chunk - 1, chunk, chunk + 7, csv.length - 1, csv.length]) {
      const part: Buffer[] = [];
      for await (const piece of uploadContent(t.db, answer.body.id, from))
        part.push(piece as Buffer);
      expect([from, Buffer.concat(part).equals(csv.subarray(from))]).toEqual([from, true]);
    }
  });

  test('an XLSX (by its zip content) is accepted', async () => {
    const answer = await upload(boss, 'Kunden.XLSX', zipHead);
    expect(answer.status).toBe(201);
    expect(answer.body.type).toBe('xlsx');
  });

  test('refused files get a clear 4xx naming the file field, and nothing is stored', async () => {
    const before = await stored();
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(100)]);
    const cases: [string, Buffer | string, number, RegExp][] = [
      ['bild.png', png, 422, /CSV or XLSX/],
      ['bild.csv', png, 422, /does not contain text/],
      ['kunden.xlsx', 'Name;Ort\nA;B\n', 422, /not an Excel workbook/],
      [
        'alt.xls',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        422,
        /CSV or XLSX/,
      ],
      ['leer.csv', '', 422, /empty/],
      ['leer2.csv', '\ufeff \r\n', 422, /empty/],
    ];
    for (const [name, content, status, message] of cases) {
      const answer = await upload(boss, name, content);
      expect([name, answer.status]).toEqual([name, status]);
      expect(answer.body.errors.file[0]).toMatch(message);
    }
    // Over the limit (2 MB here): 413, also when the first megabytes were fine text.
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 'a');
    const tooLarge = await upload(boss, 'gross.csv', big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/must not be larger than 2 MB/);
    // No file field.
    const wrongField = await upload(boss, 'kunden.csv', 'Name\nA\n', { field: 'other' });
    expect(wrongField.status).toBe(422);
    expect(wrongField.body.errors.file[0]).toMatch(/required/);
    expect(await stored()).toEqual(before);
  });

  test('only a logged-in user with the CSRF header may upload', async () => {
    const before = await stored();
    const guest = new Browser(t.app);
    await guest.csrfCookie();
    expect((await upload(guest, 'kunden.csv', 'Name\nA\n')).status).toBe(401);
    expect((await upload(boss, 'kunden.csv', 'Name\nA\n', { csrf: false })).status).toBe(419);
    expect(await stored()).toEqual(before);
  });

  test('the sweep deletes uploads older than the retention', async () => {
    const answer = await upload(boss, 'alt.csv', 'Name\nA\n');
    await t.db.query(`UPDATE uploads SET created_at = now() - interval '73 hours' WHERE id = $1`, [
      answer.body.id,
    ]);
    expect(await sweepUploads(t.db, 72 * 3_600_000)).toBe(1);
    const left = await t.db.query(`SELECT 1 FROM upload_chunks WHERE upload_id = $1`, [
      answer.body.id,
    ]);
    expect(left).toHaveLength(0);
  });
});
