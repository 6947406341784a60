import { msg } from '@kontor/contracts';
import { parse as csvParse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import type { Db } from '../db';
import { JobRejected } from '../jobs/kinds';
import { uploadContent, uploadSize, type UploadType } from '../uploads/uploads';

// Reading an uploaded CSV or XLSX file row by row, streamed from the database (never the
// whole file in memory): the part every import shares (issue 11's clients, issue 12's products).

/** One row of a file: its number in the file (the header is row 1) and its cells by position. */
export interface FileRow {
  row: number;
  cells: string[];
}

/** A cell of exceljs as text (rich text, formulas, hyperlinks, dates). */
export function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      error?: string;
    };
    if (v.richText) return v.richText.map((part) => part.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (v.error) return '';
  }
  return String(value);
}

/** The separator of a CSV text: the most frequent of `;`, `,` and tab in its first line. */
export function delimiterOf(head: string): string {
  const line = head.replace(/^\ufeff/, '').split('\n')[0] ?? '';
  const counts = [';', ',', '\t'].map((d) => [d, line.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

/** The separator of a CSV stream, from its first line (the stream is read that far, then closed). */
async function csvDelimiter(content: Readable): Promise<string> {
  let head = '';
  for await (const chunk of content) {
    head += (chunk as Buffer).toString('utf8');
    if (head.includes('\n') || head.length > 64 * 1024) break;
  }
  content.destroy();
  return delimiterOf(head);
}

/**
 * The parts of exceljs's streaming reader that `sheetRows` calls in its own order (exceljs is
 * pinned; the XLSX tests of every import run through them).
 */
interface ExcelReaderParts {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    part: Readable,
    sheetNo: string,
  ): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
  model?: { sheets?: { rId?: string }[] };
  workbookRels?: { Id: string; Target: string }[];
}

const SHEET_PATH = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The rows of an XLSX upload's first sheet (the first tab), row by row.
 *
 * exceljs's own streaming reader reads the zip in one pass in stored order; writers store
 * `xl/workbook.xml` last, and that pass can end before it hands the last part over, which then
 * fails intermittently with "Cannot read properties of undefined (reading 'sheets')"
 * (exceljs/exceljs#3064, open). So the zip is read through its central directory, straight from
 * the stored chunks: the workbook, its relations and the shared strings first, then the one sheet,
 * streamed — neither the file nor the sheet is ever whole in memory.
 */
async function* sheetRows(db: Db, uploadId: string): AsyncGenerator<FileRow> {
  // Loaded with the first XLSX: exceljs's import costs a server's start a third of a second.
  const [{ default: unzipper }, { default: Excel }] = await Promise.all([
    import('unzipper'),
    import('exceljs'),
  ]);
  const size = await uploadSize(db, uploadId);
  const zip = await unzipper.Open.custom({
    size: () => Promise.resolve(size),
    stream: (offset: number) => uploadContent(db, uploadId, offset),
  } as unknown as Parameters<typeof unzipper.Open.custom>[0]);
  const part = (path: string) => zip.files.find((file) => file.path === path);
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  }) as unknown as ExcelReaderParts;
  const rels = part('xl/_rels/workbook.xml.rels');
  const workbook = part('xl/workbook.xml');
  const strings = part('xl/sharedStrings.xml');
  if (rels) await reader._parseRels(rels.stream());
  if (workbook) await reader._parseWorkbook(workbook.stream());
  if (strings) for await (const _ of reader._parseSharedStrings(strings.stream()));

  // The first tab's part; a workbook without that bookkeeping: the lowest-numbered sheet.
  const firstId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((rel) => rel.Id === firstId)?.Target;
  const byTab = target && part(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  const sheets = zip.files
    .filter((file) => SHEET_PATH.test(file.path))
    .sort((a, b) => Number(SHEET_PATH.exec(a.path)![1]) - Number(SHEET_PATH.exec(b.path)![1]));
  const sheet = byTab && SHEET_PATH.test(byTab.path) ? byTab : sheets[0];
  if (!sheet) throw new Error('The workbook has no sheet.');
  for (const { value } of reader._parseWorksheet(sheet.stream(), SHEET_PATH.exec(sheet.path)![1]!))
    for await (const row of value) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield { row: row.number, cells: Array.from(values, cellText) };
    }
}

/** The rows of an upload (header row first, numbered from 1), streamed; XLSX: the first sheet. */
async function* rowsOf(db: Db, uploadId: string, type: UploadType): AsyncGenerator<FileRow> {
  if (type === 'xlsx') {
    yield* sheetRows(db, uploadId);
    return;
  }
  const delimiter = await csvDelimiter(uploadContent(db, uploadId));
  const parser = uploadContent(db, uploadId).pipe(
    csvParse({
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  for await (const record of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    yield { row: record.info.lines, cells: record.record };
  }
}

/** The rows of an upload; a file that cannot be read rejects the job (no retry helps). */
export async function* fileRows(
  db: Db,
  uploadId: string,
  type: UploadType,
): AsyncGenerator<FileRow> {
  try {
    yield* rowsOf(db, uploadId, type);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new JobRejected(msg('job.error.unreadable', { reason }));
  }
}

/** The type of a complete upload; a vanished one rejects the job. */
export async function uploadTypeOf(db: Db, uploadId: string): Promise<UploadType> {
  const [upload] = await db.query<{ type: UploadType }>(
    `SELECT type FROM uploads WHERE id = $1 AND complete`,
    [uploadId],
  );
  if (!upload) throw new JobRejected(msg('job.error.uploadGone'));
  return upload.type;
}

/** The first `limit` rows of an upload (header included), for a preview; an unreadable file is a field error. */
export async function firstRows(
  db: Db,
  uploadId: string,
  type: UploadType,
  limit: number,
): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for await (const row of fileRows(db, uploadId, type)) {
    rows.push(row);
    if (rows.length >= limit) break;
  }
  return rows;
}
