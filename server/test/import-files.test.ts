import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { fileRows, type FileRow } from '../src/imports/files';
import { CHUNK_BYTES, storeUpload } from '../src/uploads/uploads';
import { startTestApp, type TestApp } from './helpers';

// Reading an uploaded XLSX (imports/files.ts), which every import shares. A zip's parts may be
// stored in any order; Excel, LibreOffice and exceljs each choose their own, and exceljs stores
// the workbook part last. The rows must come out the same whatever the order, every time.

let t: TestApp;
let userId: number;

beforeAll(async () => {
  t = await startTestApp();
  const [user] = await t.db.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash) VALUES ('Files', 'import-files@kontor.test', 'x')
     RETURNING id`,
  );
  userId = user!.id;
});
afterAll(() => t.close());

/** A workbook written by exceljs, each sheet with its rows. */
async function workbookOf(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The same zip with its parts stored in another order: `first` first, the rest as they were. */
async function restored(file: Buffer, first: string[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file);
  const paths = Object.keys(zip.files).filter((path) => !zip.files[path]!.dir);
  const out = new JSZip();
  for (const path of [...first, ...paths.filter((p) => !first.includes(p))])
    out.file(path, await zip.file(path)!.async('nodebuffer'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function rowsOfFile(file: Buffer): Promise<FileRow[]> {
  async function* content() {
    yield file;
  }
  const upload = await storeUpload(t.db, userId, 'file.xlsx', content(), 64 * 1024 * 1024);
  const rows: FileRow[] = [];
  for await (const row of fileRows(t.db, upload.id, 'xlsx')) rows.push(row);
  return rows;
}

const ROWS = [
  ['SKU', 'Name', 'Net price'],
  ['X-1', 'Xlsx one', 2.5],
  ['X-2', 'Xlsx two', 3],
];
const EXPECTED = [
  { row: 1, cells: ['SKU', 'Name', 'Net price'] },
  { row: 2, cells: ['X-1', 'Xlsx one', '2.5'] },
  { row: 3, cells: ['X-2', 'Xlsx two', '3'] },
];

describe('an uploaded XLSX', () => {
  test('is read the same in every order of its parts, the workbook part last included', async () => {
    const file = await workbookOf({ Products: ROWS });
    const orders = [
      [], // as exceljs stores it: the sheet, then the shared strings, the workbook last
      ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml'],
      ['xl/worksheets/sheet1.xml', 'xl/workbook.xml', 'xl/sharedStrings.xml'],
      ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'],
    ];
    for (const first of orders) {
      const rows = await rowsOfFile(first.length ? await restored(file, first) : file);
      expect([first, rows]).toEqual([first, EXPECTED]);
    }
  });

  test('is read the same every time (reading it is no race)', async () => {
    const file = await workbookOf({ Products: ROWS });
    for (let i = 0; i < 25; i += 1) expect(await rowsOfFile(file)).toEqual(EXPECTED);
  });

  test('gives the rows of its first tab, not of the sheet stored first', async () => {
    const file = await workbookOf({ Erste: ROWS, Zweite: [['Falsch'], ['nein']] });
    expect(await rowsOfFile(file)).toEqual(EXPECTED);
    // The second sheet made the first tab: the workbook lists it first.
    const zip = await JSZip.loadAsync(file);
    const workbook = await zip.file('xl/workbook.xml')!.async('string');
    const tabs = workbook.match(/<sheet [^>]*\/>/g)!;
    expect(tabs).toHaveLength(2);
    zip.file('xl/workbook.xml', workbook.replace(tabs.join(''), [tabs[1], tabs[0]].join('')));
    const swapped = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(await rowsOfFile(swapped)).toEqual([
      { row: 1, cells: ['Falsch'] },
      { row: 2, cells: ['nein'] },
    ]);
  });

  test('larger than a stored chunk is read whole, its parts found past the first chunk', async () => {
    // Random texts hardly compress: about 1.5 MB, two chunks of the database, the workbook part
    // (stored last) in the second.
    const rows = Array.from({ length: 14_000 }, (_, i) => [
      `S-${i}`,
      randomBytes(100).toString('hex'),
    ]);
    const file = await workbookOf({ Products: [['SKU', 'Name'], ...rows] });
    expect(file.length).toBeGreaterThan(CHUNK_BYTES);
    const read = await rowsOfFile(file);
    expect(read).toHaveLength(14_001);
    expect(read[14_000]).toEqual({ row: 14_001, cells: rows[13_999] });
    expect(read.map((row) => row.cells[1]).slice(1)).toEqual(rows.map((row) => row[1]));
  });

  test('without a sheet cannot be read, and says so', async () => {
    const zip = new JSZip();
    zip.file('xl/workbook.xml', '<workbook/>');
    const file = await zip.generateAsync({ type: 'nodebuffer' });
    await expect(rowsOfFile(file)).rejects.toThrow('The file could not be read: ');
  });
});
