import { z } from 'zod';
import type { Db, SqlParam } from '../db';
import { hasNul } from '../http/validation';
import { parseArgs } from './errors';

/** No list sends more rows than this in one page. */
export const MAX_PAGE_SIZE = 100;

/** One page of a list with the number of rows matching in all. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The page arguments every list takes (PageInput in the schema). */
export interface PageArgs {
  page?: number | null;
  pageSize?: number | null;
  search?: string | null;
  sortDirection?: 'ASC' | 'DESC' | null;
}

const pageArgs = z.object({
  page: z.number().int().min(1, 'The page must be at least 1.').max(1_000_000).nullish(),
  pageSize: z
    .number()
    .int()
    .min(1, 'The page size must be at least 1.')
    .max(MAX_PAGE_SIZE, `The page size must not be greater than ${MAX_PAGE_SIZE}.`)
    .nullish(),
  search: z
    .string()
    .trim()
    .max(100, 'The search must not be greater than 100 characters.')
    .refine((text) => !hasNul(text), {
      message: 'The search must not contain NUL characters.',
      params: { rule: 'characters' },
    })
    .nullish(),
  sortDirection: z.enum(['ASC', 'DESC']).nullish(),
});

/** How to read one list from the database; every SQL fragment is written by us, never by the client. */
export interface ListQuery<Sort extends string> {
  /** Columns of the SELECT. */
  select: string;
  /** FROM clause with joins. */
  from: string;
  /** Expressions matched case-insensitively against the search text. */
  searchColumns: readonly string[];
  /** The SQL expression of each sort key. */
  sortColumns: Record<Sort, string>;
  /** The tie-breaker that makes the order total (e.g. `u.id`). */
  idColumn: string;
}

/** Escapes LIKE wildcards so a search for `50%` means the text `50%`. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Reads one page of a list: search, sort and paging happen in the database. */
export async function listPage<T, Sort extends string>(
  db: Db,
  query: ListQuery<Sort>,
  args: PageArgs | null | undefined,
  sortBy: Sort,
): Promise<Page<T>> {
  const parsed = parseArgs(pageArgs, args ?? {});
  const page = parsed.page ?? 1;
  const pageSize = parsed.pageSize ?? 25;
  const params: SqlParam[] = [];
  let where = '';
  if (parsed.search) {
    params.push(likePattern(parsed.search));
    where = `WHERE ${query.searchColumns.map((column) => `${column} ILIKE $1`).join(' OR ')}`;
  }
  const direction = parsed.sortDirection === 'DESC' ? 'DESC' : 'ASC';
  const sortColumn = query.sortColumns[sortBy] ?? query.idColumn;
  const [items, count] = await Promise.all([
    db.query<T>(
      `SELECT ${query.select} FROM ${query.from} ${where}
        ORDER BY ${sortColumn} ${direction}, ${query.idColumn} ${direction}
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${query.from} ${where}`,
      params,
    ),
  ]);
  return { items, total: count[0]?.total ?? 0, page, pageSize };
}
