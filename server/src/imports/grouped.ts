import { msg } from '@kontor/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import { InvalidInput, invalidField, type FieldProblems } from '../domain/errors';
import { JobRejected, type JobContext } from '../jobs/kinds';
import { findUpload, type UploadType } from '../uploads/uploads';
import { fileRows, firstRows, type FileRow } from './files';
import { chosenMapping, guessMapping, type ImportField } from './mapping';
import type { ImportRejectedRow, ImportReport } from './report';

// What the grouped file imports share (issue 13's avis: rows grouped by delivery note; issue
// 14's orders: rows grouped by order number): the user's upload, its preview with the guessed
// mapping, the start's checks, reading the data rows, the cells by field, and the rule that a
// group is written whole or not at all (its good rows are reported with the bad row). Their
// writing in batches is writeGroups (batches.ts).

/** A field of a file import, as the preview shows it. */
export type PreviewField<K extends string> = ImportField<K> & { required: boolean };

/** The payload every grouped import's job has (each adds its records' ids). */
export const groupedImportPayload = z.object({
  uploadId: z.uuid(),
  fileName: z.string(),
  /** The field of each column by its position (null: not imported). */
  mapping: z.array(z.string().nullable()),
  mode: z.enum(['ALL_OR_NOTHING', 'GOOD_ROWS']),
});

/** Rows the preview shows. */
export const PREVIEW_ROWS = 10;

/** An upload of the user, or the field error on uploadId. */
export async function ownUpload(db: Db, uploadId: string, userId: number) {
  const upload = await findUpload(db, uploadId, userId);
  if (!upload) throw invalidField('uploadId', 'exists', msg('uploads.expired'));
  return upload;
}

/** What the preview shows: the headers, the first rows, the guessed field of each column. */
export interface ImportPreview {
  uploadId: string;
  fileName: string;
  columns: { index: number; header: string; field: string | null }[];
  rows: string[][];
  fields: { key: string; de: string; en: string; required: boolean }[];
}

/** The header and first rows of one of the user's uploads, with the guessed mapping. */
export async function importPreview<K extends string>(
  db: Db,
  uploadId: string,
  userId: number,
  fields: readonly PreviewField<K>[],
): Promise<ImportPreview> {
  const upload = await ownUpload(db, uploadId, userId);
  let rows;
  try {
    rows = await firstRows(db, upload.id, upload.type, PREVIEW_ROWS + 1);
  } catch (error) {
    if (error instanceof JobRejected) throw invalidField('uploadId', 'readable', error.message);
    throw error;
  }
  const headers = rows[0]?.cells ?? [];
  const guessed = guessMapping(fields, headers);
  return {
    uploadId: upload.id,
    fileName: upload.name,
    columns: headers.map((header, index) => ({ index, header, field: guessed[index] ?? null })),
    rows: rows.slice(1).map((row) => headers.map((_, index) => row.cells[index] ?? '')),
    fields: fields.map(({ key, de, en, required }) => ({ key, de, en, required })),
  };
}

/**
 * The start's checks of the file: the mapping names a known field at most once and maps every
 * required one (`<area>:<import>.fieldTwice`, `.requiredField`), the upload is the user's.
 * Adds its problems to the caller's (the records the import names) and throws them all as
 * one InvalidInput when there are any; else the upload and the field of each column.
 */
export async function checkedStart(
  db: Db,
  args: { uploadId: string; mapping: readonly { column: number; field?: string | null }[] },
  userId: number,
  options: { fields: readonly PreviewField<string>[]; rules: string },
  problems: FieldProblems,
) {
  const mapping = chosenMapping(
    args.mapping,
    new Set(options.fields.map((f) => f.key)),
    `${options.rules}.fieldTwice`,
    problems,
  );
  for (const { key } of options.fields.filter((f) => f.required))
    if (!mapping.includes(key))
      problems.mapping ??= [
        {
          message: `The ${key} field must be mapped to a column.`,
          rule: `${options.rules}.requiredField`,
        },
      ];
  const upload = await ownUpload(db, args.uploadId, userId).catch((error: unknown) => {
    if (!(error instanceof InvalidInput)) throw error;
    Object.assign(problems, error.problems);
    return null;
  });
  if (!upload || Object.keys(problems).length > 0) throw new InvalidInput(problems);
  return { upload, mapping };
}

/**
 * The header and the data rows of an upload (blank rows skipped), read whole: a grouped
 * import checks every row before it writes. More than `maxRows` rejects the job.
 */
export async function readDataRows(
  ctx: Pick<JobContext<unknown>, 'db' | 'progress'>,
  uploadId: string,
  type: UploadType,
  maxRows: number,
): Promise<{ headers: string[] | undefined; rows: FileRow[] }> {
  await ctx.progress({ done: 0, total: null, phase: 'reading' });
  let headers: string[] | undefined;
  const rows: FileRow[] = [];
  for await (const fileRow of fileRows(ctx.db, uploadId, type)) {
    if (!headers) {
      headers = fileRow.cells;
      continue;
    }
    if (fileRow.cells.every((cell) => cell.trim() === '')) continue;
    rows.push(fileRow);
    if (rows.length > maxRows)
      throw new JobRejected(msg('job.error.tooManyRows', { max: maxRows }));
  }
  return { headers, rows };
}

/** A row's cells by field: `cell` the trimmed text ('' when unmapped), `where` the file's column and raw value. */
export function cellsByField<K extends string>(
  headers: readonly string[],
  mapping: readonly (string | null)[],
) {
  const columnOf = (key: K) => {
    const index = mapping.indexOf(key);
    return index < 0 ? undefined : index;
  };
  return {
    cell(cells: readonly string[], key: K): string {
      const index = columnOf(key);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    },
    where(cells: readonly string[], key: K): { column: string; value: string } {
      const index = columnOf(key);
      return index === undefined
        ? { column: '', value: '' }
        : { column: headers[index] ?? '', value: cells[index] ?? '' };
    },
  };
}

/** Rows of a file written as one record (an order, a delivery note). */
export interface RowGroup {
  /** Its rows, in file order. */
  rows: number[];
  /** Its rows with a problem (reported already). */
  badRows: number[];
}

/** A group's first bad row, or undefined when all are good. */
export const firstBadRow = (group: RowGroup): number | undefined =>
  group.badRows.length > 0 ? Math.min(...group.badRows) : undefined;

/**
 * A group is written whole or not at all: reports every good row of a group with a bad row,
 * as `problem(row, firstBad, group)` describes it (pointing at the group's first bad row).
 */
export function rejectRestOfGroups<G extends RowGroup>(
  result: ImportReport,
  groups: Iterable<G>,
  problem: (row: number, firstBad: number, group: G) => Omit<ImportRejectedRow, 'row'>,
): void {
  for (const group of groups) {
    const bad = firstBadRow(group);
    if (bad === undefined) continue;
    const badSet = new Set(group.badRows);
    for (const row of group.rows)
      if (!badSet.has(row)) result.reject({ row, ...problem(row, bad, group) });
  }
}
