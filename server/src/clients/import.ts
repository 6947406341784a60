import { parse as csvParse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Db } from '../db';
import { invalidField } from '../domain/errors';
import { ruleOf } from '../domain/validation';
import { enqueue, type JobRecord } from '../jobs/jobs';
import {
  defineJobKind,
  JobRejected,
  MAX_REJECTED_ROWS,
  type JobReport,
  type RejectedRow,
} from '../jobs/kinds';
import { findUpload, uploadContent } from '../uploads/uploads';
import { addressInput, clientInput } from './clients';
import { clientList } from './list';

// The clients import (issue 11): a CSV or XLSX file with the client form's columns (the
// headers of the client list's CSV export in German or English, or the form's field keys),
// upserted by name (ignoring case) in batches of BATCH_ROWS rows, each in its own
// transaction. Re-running the same file updates and never duplicates, so a run cut short
// (crash, restart) is simply run again. Rejected rows are the job's report.

/** Rows per transaction (and per progress report). */
export const BATCH_ROWS = 200;

/** The address fields in the order of the client list's CSV columns (after ID and Name): the address rules' own. */
const ADDRESS_KEYS = Object.keys(addressInput.shape) as (keyof typeof addressInput.shape)[];
type AddressKey = (typeof ADDRESS_KEYS)[number];
type FieldKey = 'name' | AddressKey;

const normalize = (header: string) => header.toLowerCase().replace(/[\s_.-]/g, '');

/** Normalized header → field: the export's German and English headers and the form's keys. */
const HEADERS: Map<string, FieldKey> = (() => {
  const map = new Map<string, FieldKey>();
  const keys: FieldKey[] = ['name', ...ADDRESS_KEYS];
  // clientList.csv: ID, Name, then the address columns in ADDRESS_KEYS' order.
  const columns = clientList.csv!.columns.slice(1);
  columns.forEach((column, index) => {
    const key = keys[index]!;
    map.set(normalize(column.de), key);
    map.set(normalize(column.en), key);
  });
  for (const key of keys) map.set(normalize(key), key);
  map.set('country', 'countryCode');
  map.set('countrycode', 'countryCode');
  return map;
})();

/** The payload: the upload to read. */
const importPayload = z.object({ uploadId: z.uuid(), fileName: z.string() });
type ImportPayload = z.output<typeof importPayload>;

/** One data row: its number in the file (header = 1) and its cells by header position. */
interface FileRow {
  row: number;
  cells: string[];
}

/** A cell of exceljs as text (rich text, formulas, hyperlinks, dates). */
function cellText(value: unknown): string {
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

/** The separator of a CSV file: the most frequent of `;`, `,` and tab in its first line. */
async function csvDelimiter(content: Readable): Promise<string> {
  let head = '';
  for await (const chunk of content) {
    head += (chunk as Buffer).toString('utf8');
    if (head.includes('\n') || head.length > 64 * 1024) break;
  }
  content.destroy();
  const line = head.split('\n')[0] ?? '';
  const counts = [';', ',', '\t'].map((d) => [d, line.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

/** The rows of an upload (header row first, numbered from 1), streamed. */
async function* rowsOf(db: Db, uploadId: string, type: string): AsyncGenerator<FileRow> {
  if (type === 'xlsx') {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(uploadContent(db, uploadId), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield { row: row.number, cells: values.map(cellText) };
      }
      return; // the first sheet only
    }
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
async function* fileRows(db: Db, uploadId: string, type: string): AsyncGenerator<FileRow> {
  try {
    yield* rowsOf(db, uploadId, type);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new JobRejected(`The file could not be read: ${reason}`);
  }
}

/** A data row's client input from the header mapping. */
function inputOf(columns: (FieldKey | undefined)[], cells: string[]) {
  const address: Partial<Record<AddressKey, string>> = {};
  let name = '';
  columns.forEach((key, index) => {
    if (!key) return;
    const value = cells[index]?.trim() ?? '';
    if (key === 'name') name = value;
    else if (value !== '') address[key] = value;
  });
  return { name, address };
}

/** The upsert of one batch in one transaction: created and updated counts. */
async function upsertBatch(
  db: Db,
  clients: z.output<typeof clientInput>[],
): Promise<{ created: number; updated: number }> {
  if (clients.length === 0) return { created: 0, updated: 0 };
  const columns = [
    'name',
    'company',
    'prefix',
    'first_name',
    'middle_name',
    'last_name',
    'suffix',
    'street',
    'house_number',
    'postcode',
    'city',
    'country_code',
    'state',
    'email',
    'phone',
    'additional_lines',
  ];
  const params: string[] = [];
  const tuples = clients.map((client) => {
    const a = client.address;
    const values = [
      client.name,
      a.company,
      a.prefix,
      a.firstName,
      a.middleName,
      a.lastName,
      a.suffix,
      a.street,
      a.houseNumber,
      a.postcode,
      a.city,
      a.countryCode,
      a.state,
      a.email,
      a.phone,
      a.additionalLines,
    ];
    const start = params.length;
    params.push(...values);
    return `(${values.map((_, i) => `$${start + i + 1}`).join(', ')})`;
  });
  const changed = columns.slice(1);
  const rows = await db.transaction((tx) =>
    tx.query<{ inserted: boolean }>(
      `INSERT INTO clients (${columns.join(', ')}) VALUES ${tuples.join(', ')}
       ON CONFLICT (lower(name)) DO UPDATE SET
         ${['name', ...changed].map((c) => `${c} = EXCLUDED.${c}`).join(', ')},
         version = clients.version + 1, updated_at = now()
       WHERE (${['name', ...changed].map((c) => `clients.${c}`).join(', ')})
         IS DISTINCT FROM (${['name', ...changed].map((c) => `EXCLUDED.${c}`).join(', ')})
       RETURNING (xmax = 0) AS inserted`,
      params,
    ),
  );
  const created = rows.filter((row) => row.inserted).length;
  return { created, updated: rows.length - created };
}

/** The clients import: reads the upload twice (count, then import in batches). */
export const clientsImport = defineJobKind<ImportPayload>({
  name: 'clients.import',
  payload: importPayload,
  summary: (payload) => `Clients import: ${payload.fileName}`,
  maxAttempts: 3,
  link: (jobId) => `/administration/clients/import?job=${jobId}`,
  async handler(ctx) {
    const upload = await ctx.db.query<{ type: string }>(
      `SELECT type FROM uploads WHERE id = $1 AND complete`,
      [ctx.payload.uploadId],
    );
    const type = upload[0]?.type;
    if (!type)
      throw new JobRejected('The uploaded file is no longer there (uploads are kept 72 hours).');
    await ctx.progress({ done: 0, total: null, phase: 'reading' });
    let total = 0;
    for await (const row of fileRows(ctx.db, ctx.payload.uploadId, type)) {
      if (row.row === 1) continue;
      total += 1;
      if (total % 1000 === 0)
        await ctx.progress({ done: 0, total: null, phase: 'reading', message: `${total} rows` });
    }

    const report: JobReport = { created: 0, updated: 0, rejectedTotal: 0, rejected: [] };
    const reject = (problem: RejectedRow) => {
      report.rejectedTotal += 1;
      if (report.rejected.length < MAX_REJECTED_ROWS) report.rejected.push(problem);
    };
    let columns: (FieldKey | undefined)[] | undefined;
    let batch: z.output<typeof clientInput>[] = [];
    const seen = new Map<string, number>();
    let done = 0;
    const flush = async () => {
      const counts = await upsertBatch(ctx.db, batch);
      report.created += counts.created;
      report.updated += counts.updated;
      batch = [];
      await ctx.progress({ done, total, phase: 'importing' });
    };
    await ctx.progress({ done: 0, total, phase: 'importing' });
    for await (const { row, cells } of fileRows(ctx.db, ctx.payload.uploadId, type)) {
      if (!columns) {
        columns = cells.map((header) => HEADERS.get(normalize(header)));
        if (!columns.includes('name')) {
          reject({
            row,
            field: 'name',
            reason: 'The file has no Name column (header row).',
            rule: 'admin:import.noNameColumn',
          });
          return report;
        }
        continue;
      }
      done += 1;
      const parsed = clientInput.safeParse(inputOf(columns, cells));
      if (!parsed.success) {
        const fields = new Set<string>();
        for (const issue of parsed.error.issues) {
          const field = String(issue.path.at(-1) ?? 'name');
          if (fields.has(field)) continue;
          fields.add(field);
          reject({ row, field, reason: issue.message, ...ruleOf(issue) });
        }
      } else {
        const key = parsed.data.name.toLowerCase();
        const first = seen.get(key);
        if (first !== undefined)
          reject({
            row,
            field: 'name',
            reason: `The name is already in row ${first} of the file.`,
            rule: 'admin:import.duplicateName',
            params: { row: first },
          });
        else {
          seen.set(key, row);
          batch.push(parsed.data);
        }
      }
      if (batch.length >= BATCH_ROWS || done % BATCH_ROWS === 0) await flush();
    }
    await flush();
    return report;
  },
});

/** Starts a clients import of one of the user's uploads. */
export async function importClients(db: Db, uploadId: string, userId: number): Promise<JobRecord> {
  const upload = await findUpload(db, uploadId, userId);
  if (!upload)
    throw invalidField(
      'uploadId',
      'exists',
      'The upload does not exist or has expired: upload the file again.',
    );
  return enqueue(db, clientsImport, { uploadId, fileName: upload.name }, { userId });
}
