import { isCalendarDay, msg } from '@kontor/contracts';
import { z } from 'zod';
import { databaseOf, prepared, type Db, type SqlParam } from '../db';
import { InvalidInput, invalidField, type FieldProblems } from '../domain/errors';
import { field, hasNul, parse } from '../domain/validation';
import { columnsSql, propertiesFor, type Asked, type Fields, type Readable } from './projection';

// The list mechanism every area's list uses: search, filters, sort and paging happen in the
// database, on fixed SQL fragments the area declares (never on text a client sends), and the
// cost of a page does not grow with the table (see server/README.md, "Lists").

/** No list sends more rows than this in one page. */
export const MAX_PAGE_SIZE = 100;

/**
 * Totals are counted exactly up to this many rows; beyond, the page says "more than 10,000"
 * (`totalIsLowerBound`). Page numbers reach this far too; deeper rows are read with a cursor.
 */
export const TOTAL_CAP = 10_000;
/** A table estimated (pg_class.reltuples) above this many rows is not counted unfiltered. */
export const ESTIMATE_ABOVE = 50_000;

/** One page of a list with the number of rows matching in all. */
export interface Page<T> {
  items: T[];
  /** The number of matching rows, or TOTAL_CAP when there are more (then totalIsLowerBound). */
  total: number;
  /** True when more than TOTAL_CAP rows match: `total` is then a lower bound. */
  totalIsLowerBound: boolean;
  page: number;
  pageSize: number;
  /** The cursor of the page after this one (for PageInput.after), or null on the last page. */
  nextCursor: string | null;
}

/** The page arguments every list takes (PageInput in the schema). */
export interface PageArgs {
  page?: number | null;
  pageSize?: number | null;
  search?: string | null;
  sortDirection?: 'ASC' | 'DESC' | null;
  /** The previous page's nextCursor: reads the rows after it (keyset paging). */
  after?: string | null;
}

/** The values of a list's filters (e.g. `{ roleId: '3' }`); absent or null means no filter. */
export type FilterValues<Filter extends string> = Partial<
  Record<Filter, string | number | null | undefined>
>;

/** How to read one list from the database; every SQL fragment is written by us, never by the client. */
export interface ListQuery<Sort extends string> {
  /** Columns of the SELECT. */
  select: string;
  /** FROM clause with joins. */
  from: string;
  // A list is searched in one of two ways: `searchColumns` or `searchWords`.
  /**
   * Expressions the search text is a part of, ignoring case (ILIKE), each with a trigram
   * index: "üll" finds Müller.
   */
  searchColumns?: readonly string[];
  /**
   * A tsvector of the row's words (`search_words(…)`, migration 0150) with a GIN index: each
   * typed word must be one of the row's words, the last one typed may be the start of one
   * ("greta mül" finds Greta Müller; "üll" does not). The index reads the lists of the typed
   * words alone, where a trigram search reads the lists of all their three-letter groups: for
   * a large table whose texts share most of those (order numbers, skus, names), a few
   * milliseconds of every search.
   */
  searchWords?: string;
  /**
   * The table of the words of `searchWords` (`word` of collation "C", `numbered`: e.g.
   * `order_words`, migration 0154): each word without a digit, and of each word with one its
   * part before the first digit (`numbered`). The last word of a search is searched as the
   * words it starts, as long as they are few (withLastWords), not as a start (`:*`).
   */
  searchWordsTable?: string;
  /** The SQL expression of each sort key (each with an index on `(expression, id)`). */
  sortColumns: Record<Sort, string>;
  /** The tie-breaker that makes the order total (e.g. `u.id`). */
  idColumn: string;
  /**
   * The table `from` reads every row of (its joins drop none), e.g. `users`: while the list is
   * neither searched nor filtered and the planner estimates more than ESTIMATE_ABOVE rows in
   * it, the total is "more than 10,000" without counting 10,001 rows on every page.
   */
  estimatedFrom?: string;
  /**
   * A cheaper FROM for the capped count while the list is not searched: the same rows as
   * `from` without the joins that only the columns, the sort and the search need (e.g. the
   * inventory's `stock_totals` without `products`), so counting 10,001 rows reads one index.
   * The filters' conditions must name only its tables.
   */
  countFrom?: string;
}

/** A server-side filter of a list: rows related to one record, named by its id. */
export interface ListFilter {
  /** The record the id names, for messages ("The role field must be the id of a role."). */
  names: string;
  /** The SQL condition, given the placeholder of the id (e.g. `d.client_id = $2`). */
  where(placeholder: string): string;
  /**
   * The rule of a value that is no id (a date, one of a few words): the value's SQL
   * parameter, its first issue's message a field error of the filter. Default: an id.
   */
  value?: z.ZodType<string | number>;
  /**
   * For a value that names several (statuses "pending,on_hold"): its parts, each of which
   * `where` also takes alone. A sorted page of several parts reads one branch per part, each
   * walking the index of the list's sort under its own part, and merges them (UNION ALL, then
   * the page), instead of filtering the whole sort order by the set (which no index orders).
   */
  parts?(value: string | number): (string | number)[];
  /**
   * The values are a few fixed words (statuses) that `value` admits alone, or the ids of a few
   * records (warehouses): each is written into the statement as a literal instead of a
   * parameter (an id as the number it was checked to be). A page of such filters alone then
   * has no parameters, so PostgreSQL plans it once per connection and value (`prepared`): a
   * plan of its own for each value (a rare status is not a common one, a small warehouse not
   * a large one), without planning it on every request. Not for the ids of many records
   * (clients): each value is a statement of its own, and `prepared` names only MAX_PREPARED.
   */
  literal?: boolean;
}

/**
 * The filter of a list by one or more of its statuses (`pending,on_hold`: the GraphQL list is
 * joined by its resolver): each named status must be one of `statuses`, case and spaces aside.
 */
export function statusFilter(column: string, statuses: readonly string[]): ListFilter {
  return {
    names: 'status',
    where: (p) => `${column} = any(string_to_array(${p}::text, ','))`,
    value: z
      .string()
      .transform((value) => value.toLowerCase().replace(/\s/g, ''))
      .refine((value) => value.split(',').every((status) => statuses.includes(status)), {
        message: `The status filter must be one or more of ${statuses.join(', ')}.`,
      }),
  };
}

/** The value of a list's day filter (`from`, `to`): a calendar day `YYYY-MM-DD` that exists. */
export const dayFilterValue = (name: string) =>
  z.string().refine((value) => isCalendarDay(value), {
    message: `The ${name} filter must be a date (YYYY-MM-DD).`,
  });

/** One column of a list's CSV export. */
export interface CsvColumn {
  /** The header in German. */
  de: string;
  /** The header in English. */
  en: string;
  /** The SQL expression of the value (over the list's FROM clause). */
  sql: string;
  /**
   * How the cell is written in the file's language (lists/export.ts `csvCell`): `day` a
   * `YYYY-MM-DD` (`28.11.2026`), `moment` a timestamp (`28.11.2026 06:40`, the installation's
   * time zone), `money` an amount with two decimals (`12,50`). Without: numbers with the
   * language's decimal mark, timestamps as moments, text as it is.
   */
  kind?: 'day' | 'moment' | 'money' | 'message';
}

/** How a list is exported as CSV (GET /export/<name>.csv). */
export interface CsvExport {
  /** The list's name in the URL: the GraphQL list field (`users`, `clients` …). */
  name: string;
  /** The permission the export needs (`<entity>:view`, the same as the list). */
  permission: string;
  /** The columns, in order. */
  columns: readonly CsvColumn[];
}

/** A list as an area declares it: its query, optional filters and optional CSV export. */
export interface ListDefinition<
  Sort extends string,
  Filter extends string = never,
> extends ListQuery<Sort> {
  filters?: Record<Filter, ListFilter>;
  csv?: CsvExport;
  /**
   * The row's columns by property (what `select` reads, by name) and the GraphQL fields of
   * its type each reads (lists/projection.ts): a page asked through GraphQL (listPage's
   * `asked`) selects only the columns of the fields asked, unless one of them is not readable.
   */
  projection?: {
    columns: Fields;
    readable: Readable;
    /**
     * Objects of an item made of its row's own columns (an order's addresses): by the item's
     * property, the row property of each part. An item has each object with the parts its
     * row has (those asked: see `partsRead`), and not their columns on their own.
     */
    objects?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  };
  /**
   * Records a row names that its page can read along (the inventory row's product …): by the
   * GraphQL field of the row, how to reach it, its columns and readable fields. When every
   * field asked of it is readable, the row's property of that name is the record (the asked
   * fields' properties only; undefined where a join found none), and the field's resolver
   * returns it instead of loading it: no statement more per kind of record.
   */
  carries?: Readonly<Record<string, CarriedRecord>>;
}

/** A record a list's rows can carry (ListDefinition.carries). */
export interface CarriedRecord {
  /**
   * For a record the list's `from` does not join: the join of it to the page's rows, by
   * their properties (`LEFT JOIN warehouses w ON w.id = page."warehouseId"`). It runs for the
   * page's rows alone, after their LIMIT (and not in the planning of the page's own joins).
   * Without it, `columns` name tables of `from`.
   */
  join?: string;
  columns: Fields;
  readable: Readable;
}

/** A list as a query asks it (shapedFor). */
export interface ShapedList<Sort extends string, Filter extends string> {
  /** The list with its own columns narrowed, the records of its `from` added. */
  list: ListDefinition<Sort, Filter>;
  /** The columns and joins of the records joined to the page's rows. */
  outer?: { select: string; joins: string };
  /** The records carried, each with the properties read. */
  carried: [string, string[]][];
}

/** A list read as `asked` asks it: its select narrowed, and which records its rows carry. */
export function shapedFor<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  asked: Asked | undefined,
): ShapedList<Sort, Filter> {
  if (!asked || (!list.projection && !list.carries)) return { list, carried: [] };
  const own = list.projection && propertiesFor(list.projection.readable, asked);
  const inner = [own ? columnsSql(list.projection!.columns, own) : list.select];
  const outer: string[] = [];
  const joins: string[] = [];
  const carried: [string, string[]][] = [];
  for (const [name, record] of Object.entries(list.carries ?? {})) {
    const below = asked.get(name);
    const properties = below && propertiesFor(record.readable, below);
    if (!properties) continue;
    (record.join ? outer : inner).push(columnsSql(record.columns, properties, name));
    if (record.join) joins.push(record.join);
    carried.push([name, properties]);
  }
  return {
    list: { ...list, select: inner.join(', ') },
    outer: joins.length > 0 ? { select: outer.join(', '), joins: joins.join(' ') } : undefined,
    carried,
  };
}

/** The page statement of a shaped list: pageStatement, its records joined to its rows. */
export function shapedPageStatement<Sort extends string, Filter extends string>(
  shaped: ShapedList<Sort, Filter>,
  read: ListRead<Sort, Filter>,
  limit: number,
  offset = 0,
  remembered = false,
): { text: string; params: SqlParam[] } {
  const statement = pageStatement(shaped.list, read, limit, offset, remembered);
  if (!shaped.outer) return statement;
  const direction = read.direction;
  return {
    text: `SELECT page.*, ${shaped.outer.select} FROM (${statement.text}) page ${shaped.outer.joins}
      ORDER BY page."_sort" ${direction}, page."_id" ${direction}`,
    params: statement.params,
  };
}

/**
 * The items of a page's rows: each row's own columns (without `_sort`, `_id`, `_total`), the
 * parts of each of `objects` as its object (always there, with the parts read), and each
 * carried record's `<name>.<property>` columns as its `<name>` property (undefined where its
 * join found none). One loop over the columns the rows share, each row copied once: copying a
 * row with object rest (`{ _sort, ...item }`) cost a tenth of a page request's CPU, and a
 * second copy per row (an order's addresses) a thirtieth.
 */
function itemsOf<T>(
  rows: readonly Record<string, unknown>[],
  carried: [string, string[]][],
  objects: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): T[] {
  if (rows.length === 0) return [];
  const first = rows[0]!;
  const records = carried.map(([name, properties]) => ({
    name,
    properties,
    columns: properties.map((property) => `${name}.${property}`),
  }));
  // Each object with the parts its rows have, as [part, column] pairs.
  const parts = Object.entries(objects).map(
    ([name, columns]) =>
      [name, Object.entries(columns).filter(([, column]) => column in first)] as const,
  );
  const skip = new Set([
    '_sort',
    '_id',
    '_total',
    ...records.flatMap((r) => r.columns),
    ...parts.flatMap(([, pairs]) => pairs.map(([, column]) => column)),
  ]);
  const own = Object.keys(first).filter((key) => !skip.has(key));
  return rows.map((row) => {
    const item: Record<string, unknown> = {};
    for (const key of own) item[key] = row[key];
    for (const [name, pairs] of parts) {
      // Made though none of its parts was read (a query asking its __typename alone).
      const object: Record<string, unknown> = {};
      for (const [part, column] of pairs) object[part] = row[column];
      item[name] = object;
    }
    for (const { name, properties, columns } of records) {
      // The id comes first (propertiesFor): null where the LEFT JOIN found no record.
      if (row[columns[0]!] === null) {
        item[name] = undefined;
        continue;
      }
      const record: Record<string, unknown> = {};
      for (let i = 0; i < properties.length; i += 1) record[properties[i]!] = row[columns[i]!];
      item[name] = record;
    }
    return item as T;
  });
}

/** The search rule shared by the list pages and the CSV export. */
export const searchText = z
  .string()
  .trim()
  .max(100, 'The search must not be greater than 100 characters.')
  .refine((text) => !hasNul(text), {
    message: 'The search must not contain NUL characters.',
    params: { rule: 'characters' },
  })
  .nullish();

const pageArgs = z.object({
  page: z.number().int().min(1, 'The page must be at least 1.').max(1_000_000).nullish(),
  pageSize: z
    .number()
    .int()
    .min(1, 'The page size must be at least 1.')
    .max(MAX_PAGE_SIZE, `The page size must not be greater than ${MAX_PAGE_SIZE}.`)
    .nullish(),
  search: searchText,
  sortDirection: z.enum(['ASC', 'DESC']).nullish(),
  after: z.string().max(1000, 'The cursor is not valid.').nullish(),
});

/** Where a keyset page starts: after the row with this sort value and id. */
interface Position {
  value: string | number;
  /** A bigint id (the ledger's) comes from the database as text. */
  id: number | string;
}

/** What selects, orders and positions the rows of one read of a list. */
export interface ListRead<Sort extends string, Filter extends string> {
  search?: string | null;
  filter?: FilterValues<Filter> | null;
  sortBy: Sort;
  direction: 'ASC' | 'DESC';
  after?: Position | null;
  /**
   * The words of the list's `searchWordsTable` that the search's last word starts
   * (withLastWords): searched for instead of that start.
   */
  lastWords?: readonly string[] | null;
  /**
   * The search's words are a value of the statement's run, not of its plan (`(SELECT …)`):
   * PostgreSQL estimates every search of the statement alike, so it keeps one generic plan
   * for them (plannedOnce). Otherwise each search is planned with its words' statistics.
   */
  searchAtRun?: boolean;
}

/** ASCII punctuation at a typed word's ends (`search_words` also indexes a word from after it). */
const WORD_ENDS = /^[!-/:-@[-`{-~]+|[!-/:-@[-`{-~]+$/g;

/** The words of a search: split at white space, without punctuation at their ends. */
function wordsOf(search: string): string[] {
  return search
    .split(/\s+/)
    .map((word) => word.replace(WORD_ENDS, ''))
    .filter((word) => word !== '');
}

/** A word as a tsquery lexeme: quoted, its quotes and backslashes escaped. */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The tsquery text of a search of `searchWords` (migration 0152): each typed word, without
 * punctuation at its ends, a word of the row, the last one typed also the start of one
 * (`'greta' & 'hofm':*`), or one of `lastWords`, the words it starts (`'greta' & ( 'hofmann'
 * | 'hofmeister' )`); '' when it has no words (it finds nothing). Lower case is left to the
 * database (`lower(…)::tsquery`), whose `lower` made the row's words. Built here rather than
 * by an SQL function: the planner evaluates such a function once for every place the search
 * appears in a statement, 0.1 ms each, on every request.
 */
function typedWords(search: string, lastWords?: readonly string[] | null): string {
  const words = wordsOf(search);
  const last = (word: string) =>
    !lastWords?.length
      ? `${lexeme(word)}:*`
      : lastWords.length === 1
        ? lexeme(lastWords[0]!)
        : `( ${lastWords.map(lexeme).join(' | ')} )`;
  return words.map((word, n) => (n === words.length - 1 ? last(word) : lexeme(word))).join(' & ');
}

/** The most words a search's last word is searched as (it starts more: searched as a start). */
export const SEARCHED_AS_WORDS = 32;

/**
 * `read` with the words of the list's `searchWordsTable` that its search's last word starts
 * (`lastWords`), when it starts 1 to SEARCHED_AS_WORDS of them; else `read` as it is. The
 * words' index answers a start (`'hofm':*`) by collecting the rows of every word it starts
 * into a bitmap whose rows are all read again; the same rows found by those words (`'hofmann'
 * | 'hofmeister'`) come from the index alone, 2–4 times cheaper (migration 0154). A start of
 * many words ("s") stays a start: its words would be as many lists to read. So does a start
 * with a digit ("so-0065", "4711") or of a word with one (the table has only their parts
 * before the first digit: "so" starts "so-", so it may start order numbers).
 */
export async function withLastWords<Sort extends string, Filter extends string>(
  db: Db,
  list: ListQuery<Sort>,
  read: ListRead<Sort, Filter>,
): Promise<ListRead<Sort, Filter>> {
  const last = lastWordLookedUp(list, read);
  if (last === undefined) return read;
  const words = await db.query<{ word: string; numbered: boolean }>(
    startedWordsSql(list.searchWordsTable!, '$1'),
    [last],
  );
  // Searched as these words: the rule of lastWordsQuerySql's CASE.
  return words.length > 0 &&
    words.length <= SEARCHED_AS_WORDS &&
    words.every((row) => !row.numbered)
    ? { ...read, lastWords: words.map((row) => row.word) }
    : read;
}

/** A search's last word if the list looks up the words it starts (it has no digit). */
function lastWordLookedUp<Sort extends string, Filter extends string>(
  list: ListQuery<Sort>,
  read: ListRead<Sort, Filter>,
): string | undefined {
  const last = read.search && list.searchWords ? wordsOf(read.search).at(-1) : undefined;
  return last === undefined || !list.searchWordsTable || /[0-9]/.test(last) ? undefined : last;
}

/**
 * The words of `table` that the typed word `word` (an SQL parameter) starts, one more than
 * SEARCHED_AS_WORDS at most. A start as the range of words from it to it followed by the
 * last character (`word` is of collation "C": byte order, which is code point order), not as
 * LIKE: a range with a parameter is a range of the index in a plan made for any word too.
 */
const startedWordsSql = (table: string, word: string) =>
  `SELECT DISTINCT word, numbered FROM ${table}
      WHERE word >= lower(${word}) AND word < lower(${word}) || chr(1114111)
      ORDER BY word, numbered LIMIT ${SEARCHED_AS_WORDS + 1}`;

/**
 * The tsquery of a search whose last word's words are looked up as the statement runs, not
 * before it (withLastWords): a search planned once (plannedOnce) costs one statement, not two
 * (each a round trip and a write to a socket: about a tenth of a search's CPU). The typed
 * words but the last as they are; the last as the words it starts when they are 1 to
 * SEARCHED_AS_WORDS and none numbered, else as a start: withLastWords' rule, in SQL.
 */
function lastWordsQuerySql(table: string, search: string, params: SqlParam[]): string {
  const words = wordsOf(search);
  const last = words.at(-1)!;
  const before = words
    .slice(0, -1)
    .map((word) => `${lexeme(word)} & `)
    .join('');
  params.push(before, `${lexeme(last)}:*`, last);
  const n = params.length;
  // lexeme() in SQL: quoted, its quotes and backslashes escaped.
  const quoted = `'''' || replace(replace(started.word, '\\', '\\\\'), '''', '''''') || ''''`;
  return `(SELECT lower($${n - 2} || CASE
             WHEN count(*) BETWEEN 1 AND ${SEARCHED_AS_WORDS} AND NOT bool_or(started.numbered)
             THEN '( ' || string_agg(${quoted}, ' | ' ORDER BY started.word) || ' )'
             ELSE $${n - 1} END)::tsquery
         FROM (${startedWordsSql(table, `$${n}`)}) started)`;
}

/** The fewest characters of a search's last word for its page to be planned once. */
const PLANNED_ONCE_FROM = 3;

/**
 * Whether a searched first page may keep one plan for every search: searched by words
 * (`searchWords`) and nothing else that is a parameter (its filters `literal`, no cursor),
 * counted (not beyond the cap), the last word typed at least PLANNED_ONCE_FROM characters. Its
 * one scan is the words' index whatever the words, so PostgreSQL's generic plan is each
 * search's own, without 0.4–0.6 ms of planning a request (bench/orders.mjs). The words are a
 * value of the run (`searchAtRun`): planned with each search's own statistics, a rare name's
 * plan looks cheaper than the generic one (estimated at a default 0.5 % of the rows), and
 * PostgreSQL then planned every request anew. The start of a word of one or two letters may
 * start most rows' words, which a plan of its own reads differently (along the table, up to
 * the cap: 11 ms, not 185).
 */
function plannedOnce<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
  offset: number,
  remembered: boolean,
): boolean {
  if (!read.search || !list.searchWords || remembered || read.after || offset !== 0) return false;
  const parameters = (Object.entries(read.filter ?? {}) as [Filter, unknown][]).filter(
    ([name, value]) => value !== undefined && value !== null && !list.filters?.[name]?.literal,
  );
  const last = wordsOf(read.search).at(-1);
  return parameters.length === 0 && last !== undefined && [...last].length >= PLANNED_ONCE_FROM;
}

/**
 * The read of a page as listPage runs it: a search planned once (`once`, plannedOnce) looks
 * its last word's words up as it runs (`searchAtRun`), any other before (withLastWords).
 */
export async function pageRead<Sort extends string, Filter extends string>(
  db: Db,
  list: ListDefinition<Sort, Filter>,
  typed: ListRead<Sort, Filter>,
  offset: number,
  remembered: boolean,
): Promise<{ read: ListRead<Sort, Filter>; once: boolean }> {
  const once = plannedOnce(list, typed, offset, remembered);
  return {
    read: once ? { ...typed, searchAtRun: true } : await withLastWords(db, list, typed),
    once,
  };
}

/** Escapes LIKE wildcards so a search for `50%` means the text `50%`. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The validated filter values of a list (ids, or what a filter's own `value` rule gives),
 * keyed by filter name; bad values are field errors.
 */
export function parseFilter<Filter extends string>(
  list: ListDefinition<string, Filter>,
  values: FilterValues<Filter> | null | undefined,
  prefix = '',
): Partial<Record<Filter, string | number>> {
  const parsed: Partial<Record<Filter, string | number>> = {};
  for (const [name, filter] of Object.entries(list.filters ?? {}) as [Filter, ListFilter][]) {
    const value = values?.[name];
    if (value === undefined || value === null || value === '') continue;
    if (filter.value) {
      const own = filter.value.safeParse(value);
      if (!own.success)
        throw invalidField(`${prefix}${name}`, 'filter', own.error.issues[0]!.message);
      parsed[name] = own.data;
      continue;
    }
    const result = field.id(filter.names).safeParse(value);
    if (!result.success)
      throw invalidField(
        `${prefix}${name}`,
        'id',
        `The ${name} field must be the id of a ${filter.names}.`,
      );
    parsed[name] = result.data;
  }
  return parsed;
}

/** The sort expression of a sort key (the id when the key is unknown). */
function sortColumn<Sort extends string>(list: ListQuery<Sort>, sortBy: Sort): string {
  return list.sortColumns[sortBy] ?? list.idColumn;
}

/**
 * The WHERE clause of a read (search, filters, keyset position) and its parameters, appended
 * to `params` (a statement of several parts numbers them on). Filter values must have passed
 * parseFilter.
 */
function whereOf<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
  withPosition: boolean,
  params: SqlParam[] = [],
): { where: string; params: SqlParam[] } {
  const conditions: string[] = [];
  if (read.search && list.searchWords) {
    const lookedUp = read.searchAtRun && !read.lastWords && lastWordLookedUp(list, read);
    if (lookedUp) {
      const query = lastWordsQuerySql(list.searchWordsTable!, read.search, params);
      conditions.push(`${list.searchWords} @@ ${query}`);
    } else {
      params.push(typedWords(read.search, read.lastWords));
      const query = `lower($${params.length})::tsquery`;
      conditions.push(`${list.searchWords} @@ ${read.searchAtRun ? `(SELECT ${query})` : query}`);
    }
  } else if (read.search) {
    params.push(likePattern(read.search));
    const p = `$${params.length}`;
    const columns = list.searchColumns ?? [];
    conditions.push(`(${columns.map((column) => `${column} ILIKE ${p}`).join(' OR ') || 'false'})`);
  }
  for (const [name, value] of Object.entries(read.filter ?? {}) as [Filter, unknown][]) {
    const filter = list.filters?.[name];
    if (!filter || value === undefined || value === null) continue;
    if (filter.literal) {
      conditions.push(
        filter.where(
          filter.value ? `'${String(value).replace(/'/g, "''")}'` : String(Number(value)),
        ),
      );
      continue;
    }
    params.push(value as number);
    conditions.push(filter.where(`$${params.length}`));
  }
  if (withPosition && read.after)
    conditions.push(
      positionOf(read, sortColumn(list, read.sortBy), list.idColumn, params).slice('WHERE '.length),
    );
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** `WHERE (sort, id) > (after)` (< when descending) of a keyset read, or '' without a cursor. */
function positionOf<Sort extends string, Filter extends string>(
  read: ListRead<Sort, Filter>,
  sort: string,
  id: string,
  params: SqlParam[],
): string {
  if (!read.after) return '';
  params.push(read.after.value, read.after.id);
  const operator = read.direction === 'DESC' ? '<' : '>';
  return `WHERE (${sort}, ${id}) ${operator} ($${params.length - 1}, $${params.length})`;
}

/**
 * The filter of a read whose value names several parts (ListFilter.parts), with them; null
 * when no filter of the read has more than one.
 */
function splitOf<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
): { name: Filter; parts: (string | number)[] } | null {
  for (const [name, value] of Object.entries(read.filter ?? {}) as [Filter, unknown][]) {
    const filter = list.filters?.[name];
    if (!filter?.parts || value === undefined || value === null) continue;
    const parts = filter.parts(value as string | number);
    if (parts.length > 1) return { name, parts };
  }
  return null;
}

/** The ORDER BY of a read: the sort expression, then the id (an index on both serves it). */
function orderOf<Sort extends string>(
  list: ListQuery<Sort>,
  sortBy: Sort,
  direction: 'ASC' | 'DESC',
) {
  return `ORDER BY ${sortColumn(list, sortBy)} ${direction}, ${list.idColumn} ${direction}`;
}

/** A row with the position columns every read selects besides the list's own. */
type Positioned<T> = T & { _sort: string | number; _id: number };

/**
 * The statement that reads up to `limit` rows of a list in order, from `offset` or after
 * `read.after`, with the given SELECT columns (the list's page columns, or an export's) and
 * each row's position (`_sort`, `_id`). Filter values must have passed parseFilter.
 */
export function rowsStatement<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
  select: string,
  limit: number,
  offset = 0,
): { text: string; params: SqlParam[] } {
  const params: SqlParam[] = [];
  return { text: rowsText(list, read, select, limit, offset, params), params };
}

/**
 * rowsStatement's text, its parameters appended to `params`.
 * A filter of several parts (ListFilter.parts) reads each part's first `offset + limit` rows
 * in order (each an ordered index scan) and pages their merge.
 */
function rowsText<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
  select: string,
  limit: number,
  offset: number,
  params: SqlParam[],
): string {
  const columns = `${select}, ${sortColumn(list, read.sortBy)} AS "_sort", ${list.idColumn} AS "_id"`;
  const order = orderOf(list, read.sortBy, read.direction);
  const split = splitOf(list, read);
  if (!split) {
    const { where } = whereOf(list, read, true, params);
    return `SELECT ${columns}
       FROM ${list.from} ${where}
       ${order}
      LIMIT ${limit} OFFSET ${offset}`;
  }
  const branches = split.parts.map((part) => {
    const branch = { ...read, filter: { ...read.filter, [split.name]: part } };
    const { where } = whereOf(list, branch, true, params);
    return `(SELECT ${columns} FROM ${list.from} ${where} ${order} LIMIT ${limit + offset})`;
  });
  return `SELECT * FROM (${branches.join(' UNION ALL ')}) parts
      ORDER BY "_sort" ${read.direction}, "_id" ${read.direction}
      LIMIT ${limit} OFFSET ${offset}`;
}

/** Runs rowsStatement. */
export async function readRows<T, Sort extends string, Filter extends string>(
  db: Db,
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
  select: string,
  limit: number,
  offset = 0,
): Promise<Positioned<T>[]> {
  const { text, params } = rowsStatement(list, read, select, limit, offset);
  return db.query<Positioned<T>>(text, params);
}

/** The FROM the count of a read runs on: `countFrom` unless the search needs the full join. */
function countFromOf<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
): string {
  return list.countFrom && !read.search ? list.countFrom : list.from;
}

/** The statement counting the matching rows of a read, no further than TOTAL_CAP + 1. */
export function totalStatement<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
): { text: string; params: SqlParam[] } {
  const { where, params } = whereOf(list, read, false);
  return {
    text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM ${countFromOf(list, read)} ${where} LIMIT ${TOTAL_CAP + 1}) matching`,
    params,
  };
}

/**
 * How long a read found to match more than TOTAL_CAP rows is believed to still do so: its
 * pages in that time say "more than 10,000" without counting 10,001 rows again (the count
 * is most of a large list's page; a list does not shrink below 10,000 rows in seconds).
 */
export const ABOVE_CAP_REMEMBERED_MS = 10_000;
/** The most reads remembered per list (a flood of distinct searches starts the memory anew). */
const ABOVE_CAP_REMEMBERED_READS = 1000;
const aboveCap = new WeakMap<object, Map<string, number>>();

/** The memory key of a read's count: the count's WHERE and its parameters. */
function countKey<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
): string {
  const { where, params } = whereOf(list, read, false);
  return `${countFromOf(list, read)}\u0000${where}\u0000${JSON.stringify(params)}`;
}

/** Whether a read of `list` matched more than TOTAL_CAP rows less than ABOVE_CAP_REMEMBERED_MS ago. */
export function knownAboveCap<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
): boolean {
  const until = aboveCap.get(list)?.get(countKey(list, read));
  return until !== undefined && until > Date.now();
}

/** Remembers that a read of `list` matched more than TOTAL_CAP rows. */
function rememberAboveCap<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
): void {
  let reads = aboveCap.get(list);
  if (!reads || reads.size >= ABOVE_CAP_REMEMBERED_READS) aboveCap.set(list, (reads = new Map()));
  reads.set(countKey(list, read), Date.now() + ABOVE_CAP_REMEMBERED_MS);
}

/**
 * A search of one word that starts a word the table's statistics find in at least this many
 * rows says "more than 10,000" without counting (estimatedAboveCap): half again the cap, so
 * that an estimate off by a third still holds.
 */
export const ESTIMATED_ABOVE_CAP = TOTAL_CAP * 1.5;
/** How long a list's frequent words (its table's statistics) are used before read again. */
const FREQUENT_WORDS_KEPT_MS = 60_000;
const frequentWords = new WeakMap<
  Db,
  WeakMap<object, { until: number; words: Promise<readonly string[]> }>
>();

/**
 * The words of `table`'s tsvector `column` that its statistics (pg_stats, made by ANALYZE:
 * `most_common_elems`) find in at least ESTIMATED_ABOVE_CAP rows (the table's estimated rows
 * × each word's share). None without statistics (a table never analyzed).
 */
async function readFrequentWords(db: Db, table: string, column: string): Promise<string[]> {
  const [found] = await db.query<{ words: string[] | null }>(
    `SELECT array_agg(e.word) AS words
       FROM pg_stats s JOIN pg_class c ON c.oid = $1::regclass,
            unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(word, share)
      WHERE s.schemaname = current_schema() AND s.tablename = $2 AND s.attname = $3
        AND e.word IS NOT NULL AND e.share * c.reltuples * (1 - s.null_frac) >= $4`,
    [table, table, column, ESTIMATED_ABOVE_CAP],
  );
  return found?.words ?? [];
}

/**
 * Whether a read is a search of one word that starts a word the table's statistics find in
 * at least ESTIMATED_ABOVE_CAP rows: its page then says "more than 10,000" without counting
 * 10,001 rows first (a common surname among 1,000,000 orders: its first search in
 * ABOVE_CAP_REMEMBERED_MS counted 10,001 rows, 4–10 ms of PostgreSQL, and at 32 clients those
 * counts were the slowest 1 % of the searches: bench/orders.mjs). The last word typed finds
 * every row of a word it starts (searched as a start or as the words it starts), so that
 * word's rows are a lower bound. Only unfiltered (a filter's rows are not in the estimate) and
 * only for lists whose `searchWords` is a column (`alias.column`) of their `estimatedFrom`
 * table. Statistics estimate from a sample: with the margin of ESTIMATED_ABOVE_CAP, a page
 * says "more than 10,000" wrongly only of a word that lost a third of its rows since the
 * table was last analyzed.
 */
export async function estimatedAboveCap<Sort extends string, Filter extends string>(
  db: Db,
  list: ListQuery<Sort>,
  read: ListRead<Sort, Filter>,
): Promise<boolean> {
  if (!read.search || !list.searchWords || !list.estimatedFrom) return false;
  if (Object.values(read.filter ?? {}).some((value) => value !== undefined && value !== null))
    return false;
  const words = wordsOf(read.search);
  if (words.length !== 1) return false;
  const database = databaseOf(db);
  let lists = frequentWords.get(database);
  if (!lists) frequentWords.set(database, (lists = new WeakMap()));
  let known = lists.get(list);
  if (!known || known.until <= Date.now()) {
    const column = list.searchWords.slice(list.searchWords.lastIndexOf('.') + 1);
    known = {
      until: Date.now() + FREQUENT_WORDS_KEPT_MS,
      words: readFrequentWords(db, list.estimatedFrom, column).catch(() => []),
    };
    lists.set(list, known);
  }
  const typed = words[0]!.toLowerCase();
  return (await known.words).some((word) => word.startsWith(typed));
}

/** A count of matching rows (no further than TOTAL_CAP + 1) as the page shows it. */
function capped(total: number): { total: number; totalIsLowerBound: boolean } {
  return total > TOTAL_CAP
    ? { total: TOTAL_CAP, totalIsLowerBound: true }
    : { total, totalIsLowerBound: false };
}

/** The number of matching rows, counted no further than TOTAL_CAP + 1. */
async function cappedTotal<Sort extends string, Filter extends string>(
  db: Db,
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
): Promise<{ total: number; totalIsLowerBound: boolean }> {
  const { text, params } = totalStatement(list, read);
  const [row] = await db.query<{ total: number }>(text, params);
  return capped(row?.total ?? 0);
}

/**
 * The statement of a list page: rowsStatement with the capped count of all matching rows as
 * one more column (`_total`, computed once), so a page costs one round trip, not two.
 *
 * A searched page finds its matches once: up to TOTAL_CAP + 1 of them (sort value and id) go
 * into a materialized CTE; their number is the total, and while it is within the cap they
 * are all the matches, so the page is sorted out of them and its rows fetched by id. Beyond
 * the cap (a frequent word) they are only some of the matches, and so are the rows: listPage
 * reads that page again along the sort (`remembered`, then for ABOVE_CAP_REMEMBERED_MS).
 * One statement of one scan: with a second branch for beyond the cap in the same statement,
 * every search paid for parsing and planning both, 0.4–2 ms of PostgreSQL's CPU a request.
 */
export function pageStatement<Sort extends string, Filter extends string>(
  list: ListDefinition<Sort, Filter>,
  read: ListRead<Sort, Filter>,
  limit: number,
  offset = 0,
  /** The read matched more than TOTAL_CAP rows moments ago (knownAboveCap): not counted. */
  remembered = false,
): { text: string; params: SqlParam[] } {
  // The count's parameters (search, filters) come first; the rows number theirs on.
  const params: SqlParam[] = [];
  const { where } = whereOf(list, read, false, params);
  if (read.search && !remembered) {
    const direction = read.direction;
    const sort = sortColumn(list, read.sortBy);
    const position = positionOf(read, '"_sort"', '"_id"', params);
    return {
      text: `WITH matching AS MATERIALIZED (
          SELECT ${sort} AS "_sort", ${list.idColumn} AS "_id" FROM ${list.from} ${where}
           LIMIT ${TOTAL_CAP + 1})
      SELECT (SELECT count(*)::int FROM matching) AS "_total", ${list.select},
             ${sort} AS "_sort", ${list.idColumn} AS "_id" FROM ${list.from}
       WHERE ${list.idColumn} IN (SELECT "_id" FROM matching ${position}
               ORDER BY "_sort" ${direction}, "_id" ${direction} LIMIT ${limit} OFFSET ${offset})
       ORDER BY "_sort" ${direction}, "_id" ${direction}`,
      params,
    };
  }
  let count = `(SELECT count(*)::int FROM (SELECT 1 FROM ${countFromOf(list, read)} ${where} LIMIT ${TOTAL_CAP + 1}) matching)`;
  // Counted moments ago beyond the cap: not counted again (see ABOVE_CAP_REMEMBERED_MS).
  if (remembered) count = String(TOTAL_CAP + 1);
  // A large table, unfiltered: its estimate says "more than 10,000" (the count never runs).
  else if (where === '' && list.estimatedFrom)
    count = `CASE WHEN (SELECT reltuples FROM pg_class WHERE oid = '${list.estimatedFrom}'::regclass) > ${ESTIMATE_ABOVE}
      THEN ${TOTAL_CAP + 1} ELSE ${count} END`;
  // The count's parameters are not the rows' when a filter splits into parts (each branch
  // binds its own part): then the rows number theirs after the count's.
  if (remembered || !splitOf(list, read)) params.length = 0;
  const rows = rowsText(list, read, list.select, limit, offset, params);
  return {
    text: rows.replace(/^SELECT /, `SELECT ${count} AS "_total", `),
    params,
  };
}

/** The opaque cursor of a row: its sort key, direction, sort value and id. */
function encodeCursor(sortBy: string, direction: string, row: { _sort: unknown; _id: number }) {
  return Buffer.from(JSON.stringify([sortBy, direction, row._sort, row._id])).toString('base64url');
}

/** The position a cursor names; a cursor of another sort or direction is a field error. */
function decodeCursor(cursor: string, sortBy: string, direction: string): Position {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (
    Array.isArray(decoded) &&
    decoded.length === 4 &&
    decoded[0] === sortBy &&
    decoded[1] === direction &&
    (typeof decoded[2] === 'string' || typeof decoded[2] === 'number') &&
    (Number.isInteger(decoded[3]) ||
      (typeof decoded[3] === 'string' && /^\d{1,19}$/.test(decoded[3])))
  )
    return { value: decoded[2], id: decoded[3] as number | string };
  throw invalidField('after', 'cursor', msg('lists.cursor'));
}

/**
 * Reads one page of a list: search, filters, sort and paging happen in the database, each
 * on an index, so a page costs the same at 100 rows and at 1,000,000. Pages are numbered
 * through the first TOTAL_CAP rows; beyond, `args.after` (a page's nextCursor) continues.
 */
export async function listPage<T, Sort extends string, Filter extends string = never>(
  db: Db,
  list: ListDefinition<Sort, Filter>,
  args: PageArgs | null | undefined,
  sortBy: Sort,
  filter?: FilterValues<Filter> | null,
  /** What a GraphQL query asks of each item (askedOf(info).get('items')): see `projection`. */
  asked?: Asked,
): Promise<Page<T>> {
  // Every bad argument at once: the page's, the cursor's and the filters'.
  const problems: FieldProblems = {};
  const check = <R>(read: () => R): R | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      Object.assign(problems, error.problems);
      return undefined;
    }
  };
  const parsed = check(() => parse(pageArgs, args ?? {})) ?? {};
  const page = parsed.page ?? 1;
  const pageSize = parsed.pageSize ?? 25;
  const direction = parsed.sortDirection === 'DESC' ? 'DESC' : 'ASC';
  const after = parsed.after ? check(() => decodeCursor(parsed.after!, sortBy, direction)) : null;
  const offset = after ? 0 : (page - 1) * pageSize;
  if (offset >= TOTAL_CAP)
    Object.assign(
      problems,
      invalidField('page', 'max', msg('lists.pageCap', { rows: TOTAL_CAP }), {
        max: Math.ceil(TOTAL_CAP / pageSize),
      }).problems,
    );
  const filterValues = check(() => parseFilter(list, filter, 'filter.'));
  if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
  const typed: ListRead<Sort, Filter> = {
    search: parsed.search,
    filter: filterValues,
    sortBy,
    direction,
    after,
  };
  // One row more than the page tells whether a next page exists; the total comes along.
  const remembered = knownAboveCap(list, typed) || (await estimatedAboveCap(db, list, typed));
  const shaped = shapedFor(list, asked);
  const { read, once } = await pageRead(db, list, typed, offset, remembered);
  const statement = shapedPageStatement(shaped, read, pageSize + 1, offset, remembered);
  // A first page without search or filter (a list as it opens, or filtered by `literal`
  // filters alone) has no parameters, so one plan serves every run: PostgreSQL keeps it on
  // each connection (a named prepared statement) instead of planning it per request. Pages
  // with parameters stay unnamed: a generic plan for a filter value would ignore how many
  // rows that value has. Except a search by words alone: see plannedOnce (its text, with
  // `searchAtRun`, is never that of a search planned for itself).
  const text =
    offset === 0 && (statement.params.length === 0 || once)
      ? prepared(statement.text)
      : statement.text;
  let rows = await db.query<Positioned<T> & { _total: number }>(text, statement.params);
  // A page past the end has no row to carry the total (a first page without rows has none).
  const counted =
    rows.length > 0
      ? capped(rows[0]!._total)
      : !after && offset === 0
        ? capped(0)
        : await cappedTotal(db, list, read);
  // Remembered from a count, never from the memory itself (it must run out and count again).
  if (counted.totalIsLowerBound && !remembered) {
    rememberAboveCap(list, typed);
    // A search beyond the cap sorted only the matches it counted: the page along the sort,
    // planned for this search (a plan for any search may sort all of a word's rows).
    if (read.search) {
      const along = once ? await withLastWords(db, list, typed) : read;
      const beyond = shapedPageStatement(shaped, along, pageSize + 1, offset, true);
      rows = await db.query<Positioned<T> & { _total: number }>(beyond.text, beyond.params);
    }
  }
  const more = rows.length > pageSize;
  const pageRows = more ? rows.slice(0, pageSize) : rows;
  const last = pageRows.at(-1);
  return {
    items: itemsOf<T>(pageRows, shaped.carried, list.projection?.objects),
    ...counted,
    page,
    pageSize,
    nextCursor: more && last ? encodeCursor(sortBy, direction, last) : null,
  };
}
