import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import type { Db } from '../db';
import { wordMessage, type Formatter, type Message } from '@kontor/contracts';
import { InvalidInput } from '../domain/errors';
import { formatter } from '../domain/time-zone';
import { parse } from '../domain/validation';
import {
  parseFilter,
  type CsvColumn,
  readRows,
  searchText,
  withLastWords,
  type FilterValues,
  type ListDefinition,
  type ListRead,
} from './list';

/** The languages an export's header row is written in. */
export type ExportLanguage = 'de' | 'en';

/** Rows read from the database per query: memory holds one batch, whatever the list's length. */
export const EXPORT_BATCH = 1000;

/** A list that has a CSV export. */
export type ExportableList = ListDefinition<string, string> & {
  csv: NonNullable<ListDefinition<string, string>['csv']>;
};

/** What an export request asks for, validated (the list page's URL parameters, contract 5). */
export interface ExportRequest {
  read: ListRead<string, string>;
  lang: ExportLanguage | undefined;
}

/**
 * Validates an export's query parameters — `search`, `sort` (a sort key), `dir` (asc|desc),
 * `lang` (de|en) and one per filter (e.g. `roleId`) — as field errors named after them.
 * Other parameters of the page's URL (`page`, `pageSize`) are ignored.
 */
export function parseExportQuery(list: ExportableList, query: unknown): ExportRequest {
  const sortKeys = Object.keys(list.sortColumns);
  const schema = z.object({
    search: searchText,
    sort: z
      .string({ error: 'The sort field must be a string.' })
      .transform((value) => value.toUpperCase())
      .refine((value) => sortKeys.includes(value), {
        message: `The sort field must be one of ${sortKeys.join(', ')}.`,
        params: { rule: 'in' },
      })
      .optional(),
    dir: z
      .string({ error: 'The dir field must be a string.' })
      .transform((value) => value.toLowerCase())
      .refine((value) => value === 'asc' || value === 'desc', {
        message: 'The dir field must be asc or desc.',
        params: { rule: 'in' },
      })
      .optional(),
    lang: z.enum(['de', 'en'], { error: 'The lang field must be de or en.' }).optional(),
  });
  // Every bad parameter at once: the list's own and the filters'.
  const outcome = (read: () => unknown) => {
    try {
      read();
      return {};
    } catch (error) {
      if (error instanceof InvalidInput) return error.problems;
      throw error;
    }
  };
  const problems = {
    ...outcome(() => parse(schema, query)),
    ...outcome(() => parseFilter(list, query as FilterValues<string>)),
  };
  if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
  const parsed = parse(schema, query);
  const filter = parseFilter(list, query as FilterValues<string>);
  return {
    read: {
      search: parsed.search,
      filter,
      sortBy: parsed.sort ?? (sortKeys.includes('NAME') ? 'NAME' : sortKeys[0]!),
      direction: parsed.dir === 'desc' ? 'DESC' : 'ASC',
    },
    lang: parsed.lang,
  };
}

/** The language of an Accept-Language header: the first of de/en it names, else German. */
export function languageOf(acceptLanguage: string | undefined): ExportLanguage {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'de' || tag === 'en') return tag;
  }
  return 'de';
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return
 * before one) gets a leading apostrophe: the text shows, nothing runs (OWASP "CSV injection").
 */
export function guardFormula(text: string): string {
  // A negative number (`-1,5`) is a value, not a formula.
  if (/^-\d+(?:[.,]\d+)?$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A value as a CSV cell in the file's language (docs/design.md "Words, numbers and dates"):
 * numbers with its decimal mark and no grouping (`12,5` / `12.5`), money with two decimals,
 * days and moments as the language writes them (`28.11.2026`, `28.11.2026 06:40` in the
 * installation's time zone). Text and yes/no are left to the writer.
 */
export function csvCell(value: unknown, kind: CsvColumn['kind'], format: Formatter): unknown {
  if (value === null || value === undefined || value === '') return value;
  const moment = (at: Date | string) => `${format.date(at)} ${format.time(at)}`;
  switch (kind) {
    case 'money':
      return format.csvNumber(Number(value), 2);
    case 'day':
      return typeof value === 'string' || value instanceof Date ? format.date(value) : value;
    case 'moment':
      return typeof value === 'string' || value instanceof Date ? moment(value) : value;
    case 'message':
      // A stored message (jsonb) in the file's language; a text stored as it was.
      return typeof value === 'object' && 'key' in value
        ? wordMessage(value as Message, format)
        : value;
    default:
      if (typeof value === 'number') return format.csvNumber(value);
      if (value instanceof Date) return moment(value);
      return value;
  }
}

/**
 * The whole filtered, sorted list as CSV, read from the database in keyset batches while the
 * client downloads (backpressure: the next batch is read when the last one has been sent).
 * The first batch is read before this resolves, so a failing query is an error response,
 * not a cut-off file. German files are `;`-separated with decimal commas (what German Excel
 * opens), English ones `,`-separated with decimal points; both UTF-8 with a byte order mark.
 */
export async function exportCsv(
  db: Db,
  list: ExportableList,
  read: ListRead<string, string>,
  lang: ExportLanguage,
): Promise<Readable> {
  const { columns } = list.csv;
  const searched = await withLastWords(db, list, read);
  const select = columns.map((column, i) => `${column.sql} AS "c${i}"`).join(', ');
  const batch = (after: ListRead<string, string>['after']) =>
    readRows<Record<string, unknown>, string, string>(
      db,
      list,
      { ...searched, after },
      select,
      EXPORT_BATCH,
    );
  const first = await batch(null);
  const format = formatter(lang);
  async function* records() {
    let rows = first;
    for (;;) {
      for (const row of rows)
        yield columns.map((column, i) => csvCell(row[`c${i}`] ?? null, column.kind, format));
      const last = rows.at(-1);
      if (rows.length < EXPORT_BATCH || !last) return;
      rows = await batch({ value: last._sort, id: last._id });
    }
  }
  const yes = lang === 'de' ? 'ja' : 'yes';
  const no = lang === 'de' ? 'nein' : 'no';
  const csv = stringify({
    bom: true,
    delimiter: lang === 'de' ? ';' : ',',
    record_delimiter: 'windows',
    header: true,
    columns: columns.map((column) => column[lang]),
    cast: {
      string: guardFormula,
      boolean: (value) => (value ? yes : no),
    },
  });
  const source = Readable.from(records());
  // A failure after the first byte can only cut the download short: end it as broken.
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
