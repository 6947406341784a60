import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { ruleOf } from '../domain/validation';
import { guardFormula, type ExportLanguage } from '../lists/export';
import { MAX_REJECTED_ROWS, type JobReport, type RejectedRow } from '../jobs/kinds';

// The report of an import: how many rows created and updated, and the rejected rows (row,
// field, the file's column and value, why) — kept as the job's result, downloadable as CSV.

/** A rejected row of a file: the job's RejectedRow with the file's header and cell. */
export interface ImportRejectedRow extends RejectedRow {
  /** The header of the column in the file ('' when the field had no column). */
  column?: string;
  /** The cell's text in the file. */
  value?: string;
}

/** An import's report as it is built: counts, and the first MAX_REJECTED_ROWS rejected rows. */
export class ImportReport {
  readonly report: JobReport & { rejected: ImportRejectedRow[] } = {
    created: 0,
    updated: 0,
    rejectedTotal: 0,
    rejected: [],
  };

  /** Rows of the file rejected so far (each row once, however many of its fields failed). */
  readonly rejectedRows = new Set<number>();

  /** Records one problem of a row. */
  reject(problem: ImportRejectedRow): void {
    this.report.rejectedTotal += 1;
    this.rejectedRows.add(problem.row);
    if (this.report.rejected.length < MAX_REJECTED_ROWS) this.report.rejected.push(problem);
  }

  /**
   * Records a row's zod issues, the first one per field (the field is the issue path's last
   * part, or `fieldOf(path)` when given); `cell(field)` names the file's column and value.
   */
  rejectIssues(
    row: number,
    issues: readonly z.core.$ZodIssue[],
    options: {
      fieldOf?: (path: readonly PropertyKey[]) => string;
      cell?: (field: string) => { column: string; value: string } | undefined;
    } = {},
  ): void {
    const fields = new Set<string>();
    for (const issue of issues) {
      const field = options.fieldOf?.(issue.path) ?? String(issue.path.at(-1) ?? 'input');
      if (fields.has(field)) continue;
      fields.add(field);
      this.reject({
        row,
        field,
        reason: issue.message,
        ...ruleOf(issue),
        ...options.cell?.(field),
      });
    }
  }

  /** Adds a batch's counts. */
  count(counts: { created: number; updated: number }): void {
    this.report.created += counts.created;
    this.report.updated += counts.updated;
  }
}

const HEADERS: Record<ExportLanguage, string[]> = {
  de: ['Zeile', 'Spalte', 'Feld', 'Wert', 'Grund'],
  en: ['Row', 'Column', 'Field', 'Value', 'Reason'],
};

/**
 * The rejected rows as CSV (UTF-8 with BOM; German `;`-separated, English `,`), reasons as
 * `reasonText` says them in the language (the server's English where it has no text).
 */
export function reportCsv(
  rejected: readonly ImportRejectedRow[],
  lang: ExportLanguage,
  reasonText: (row: ImportRejectedRow) => string = (row) => row.reason,
): Readable {
  const csv = stringify({
    bom: true,
    delimiter: lang === 'de' ? ';' : ',',
    record_delimiter: 'windows',
    header: true,
    columns: HEADERS[lang],
    cast: { string: guardFormula },
  });
  const source = Readable.from(
    rejected.map((row) => [row.row, row.column ?? '', row.field, row.value ?? '', reasonText(row)]),
  );
  return source.pipe(csv);
}
