import { msg } from '@kontor/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import { enqueue, type JobRecord } from '../jobs/jobs';
import { defineJobKind, importOutcome } from '../jobs/kinds';
import { BatchWriter, countDataRows } from '../imports/batches';
import { fileRows, uploadTypeOf } from '../imports/files';
import { headerMatcher, type ImportField } from '../imports/mapping';
import { ImportReport } from '../imports/report';
import { ownUpload } from '../imports/grouped';
import { addressInput, clientInput } from './clients';
import { clientList } from './list';

// The clients import (issue 11): a CSV or XLSX file with the client form's columns (the
// headers of the client list's CSV export in German or English, or the form's field keys),
// upserted by name (ignoring case) in batches of BATCH_ROWS rows, each in its own
// transaction. Re-running the same file updates and never duplicates, so a run cut short
// (crash, restart) is simply run again. Rejected rows are the job's report. Reading the file,
// the header matching, the batch loop and the report are the shared import machinery
// (server/src/imports).

/** Rows per transaction (and per progress report). */
export const BATCH_ROWS = 200;

/** The address fields in the order of the client list's CSV columns (after ID and Name): the address rules' own. */
const ADDRESS_KEYS = Object.keys(addressInput.shape) as (keyof typeof addressInput.shape)[];
type AddressKey = (typeof ADDRESS_KEYS)[number];
type FieldKey = 'name' | AddressKey;

/** The columns a file may have: the export's German and English headers and the form's keys. */
const FIELDS: ImportField<FieldKey>[] = (() => {
  const keys: FieldKey[] = ['name', ...ADDRESS_KEYS];
  // clientList.csv: ID, Name, then the address columns in ADDRESS_KEYS' order.
  const columns = clientList.csv!.columns.slice(1);
  return keys.map((key, index) => ({
    key,
    de: columns[index]!.de,
    en: columns[index]!.en,
    aliases: key === 'countryCode' ? ['country', 'countrycode'] : [],
  }));
})();
const fieldOfHeader = headerMatcher(FIELDS);

/** The payload: the upload to read. */
const importPayload = z.object({ uploadId: z.uuid(), fileName: z.string() });
type ImportPayload = z.output<typeof importPayload>;

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
  title: (p) => msg('job.clients.import', { file: p.fileName }),
  outcome: importOutcome,
  maxAttempts: 3,
  link: (jobId) => `/administration/clients/import?job=${jobId}`,
  async handler(ctx) {
    const { uploadId } = ctx.payload;
    const type = await uploadTypeOf(ctx.db, uploadId);
    const total = await countDataRows(ctx, uploadId, type);

    const result = new ImportReport();
    let columns: (FieldKey | undefined)[] | undefined;
    const seen = new Map<string, number>();
    const writer = new BatchWriter<z.output<typeof clientInput>>({
      size: BATCH_ROWS,
      write: async (batch) => result.count(await upsertBatch(ctx.db, batch)),
      progress: (done) => ctx.progress({ done, total, phase: 'importing' }),
    });
    await ctx.progress({ done: 0, total, phase: 'importing' });
    for await (const { row, cells } of fileRows(ctx.db, uploadId, type)) {
      if (!columns) {
        columns = cells.map(fieldOfHeader);
        if (!columns.includes('name')) {
          result.reject({
            row,
            field: 'name',
            reason: 'The file has no Name column (header row).',
            rule: 'admin:import.noNameColumn',
          });
          return result.report;
        }
        continue;
      }
      result.read();
      const parsed = clientInput.safeParse(inputOf(columns, cells));
      if (!parsed.success) {
        result.rejectIssues(row, parsed.error.issues, {
          fieldOf: (path) => String(path.at(-1) ?? 'name'),
        });
        await writer.row();
        continue;
      }
      const key = parsed.data.name.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) {
        result.reject({
          row,
          field: 'name',
          reason: `The name is already in row ${first} of the file.`,
          rule: 'admin:import.duplicateName',
          params: { row: first },
        });
        await writer.row();
        continue;
      }
      seen.set(key, row);
      await writer.row(parsed.data);
    }
    await writer.flush();
    return result.report;
  },
});

/** Starts a clients import of one of the user's uploads. */
export async function importClients(db: Db, uploadId: string, userId: number): Promise<JobRecord> {
  const upload = await ownUpload(db, uploadId, userId);
  return enqueue(db, clientsImport, { uploadId, fileName: upload.name }, { userId });
}
