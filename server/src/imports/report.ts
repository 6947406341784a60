import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { ruleOf } from '../domain/validation';
import { guardFormula, type ExportLanguage } from '../lists/export';
import { MAX_REJECTED_ROWS, type JobReport, type RejectedRow } from '../jobs/kinds';

// The report of an import: how many data rows the file had, how many records created and
// updated, how many rows were rejected and for how many problems (a row may have several: 3
// rejected rows with 4 problems), and the problems (row, the row's SKU, field, the file's
// column and value, why) — kept as the job's result, downloadable as CSV. Every import (clients,
// products, avis, orders) counts with this one class.

/** A rejected row of a file: the job's RejectedRow with the file's header and cell. */
export interface ImportRejectedRow extends RejectedRow {
  /** The header of the column in the file ('' when the field had no column). */
  column?: string;
  /** The cell's text in the file. */
  value?: string;
  /** The SKU the row names (imports of products and of lines with products), for the report. */
  sku?: string;
}

/** An import's report: the job's, with the rows counted apart from the problems. */
export type ImportJobReport = JobReport & {
  rows: number;
  rejectedRows: number;
  rejected: ImportRejectedRow[];
};

/** An import's report as it is built: counts, and the first MAX_REJECTED_ROWS rejected rows. */
export class ImportReport {
  readonly report: ImportJobReport = {
    rows: 0,
    created: 0,
    updated: 0,
    rejectedRows: 0,
    rejectedTotal: 0,
    rejected: [],
  };

  /** Rows of the file rejected so far (each row once, however many of its fields failed). */
  private readonly rowsRejected = new Set<number>();

  /** The SKU a row of the file names, for its problems (set by imports whose rows have one). */
  skuOf?: (row: number) => string | undefined;

  /** Counts data rows of the file read (the header not counted). */
  read(count = 1): void {
    this.report.rows += count;
  }

  /** Records one problem of a row (the row counts once however many problems it has). */
  reject(problem: ImportRejectedRow): void {
    this.report.rejectedTotal += 1;
    this.rowsRejected.add(problem.row);
    this.report.rejectedRows = this.rowsRejected.size;
    if (this.report.rejected.length >= MAX_REJECTED_ROWS) return;
    const sku = problem.sku ?? this.skuOf?.(problem.row);
    this.report.rejected.push(sku ? { ...problem, sku } : problem);
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
  de: ['Zeile', 'SKU', 'Spalte', 'Feld', 'Wert', 'Grund'],
  en: ['Row', 'SKU', 'Column', 'Field', 'Value', 'Reason'],
};

/**
 * The rejected rows as CSV (UTF-8 with BOM; German `;`-separated, English `,`), reasons as
 * `reasonText` says them in the language (the server's English where it has no text). The SKU
 * column when the rows name products (products, avis, orders; a clients import has none).
 */
export function reportCsv(
  rejected: readonly ImportRejectedRow[],
  lang: ExportLanguage,
  reasonText: (row: ImportRejectedRow) => string = (row) => row.reason,
): Readable {
  const skus = rejected.some((row) => row.sku);
  const csv = stringify({
    bom: true,
    delimiter: lang === 'de' ? ';' : ',',
    record_delimiter: 'windows',
    header: true,
    columns: HEADERS[lang].filter((_, index) => skus || index !== 1),
    cast: { string: guardFormula },
  });
  const source = Readable.from(
    rejected.map((row) => [
      row.row,
      ...(skus ? [row.sku ?? ''] : []),
      row.column ?? '',
      row.field,
      row.value ?? '',
      reasonText(row),
    ]),
  );
  return source.pipe(csv);
}
