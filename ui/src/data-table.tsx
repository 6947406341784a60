import {
  AnchorButton,
  Button,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Spinner,
} from '@blueprintjs/core';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useEffect, useState, type ReactNode } from 'react';
import { format, i18n, useTranslation } from '@kontor/shared-session';
import { problemText } from './server-problem';
import { useQuery } from '@apollo/client/react';
import { queryState } from './graphql';
import { useListParams } from './list-params';
import { EmptyState } from './record-page';
import { TableScroll } from './table-scroll';
import { DayInput } from './date-field';
import { parseDay } from './day';
import { RecordFilter, type PickerQuery, type RecordChoice } from './record-picker';
import './toolkit-i18n';

/** One column of a list: its title, its cell, and the server's sort key when sortable. */
export interface Column<Row, Sort extends string = string> {
  title: string;
  cell: (row: Row) => ReactNode;
  sortKey?: Sort;
  /**
   * A column the user came for (number, status, quantity, total, reason): where the list
   * shows as cards (TableScroll), its cells come first and large.
   */
  key?: boolean;
}

/** The variables every list query takes (PageInput plus sortBy). */
export interface ListVariables<Sort extends string = string> {
  page?: {
    page?: number | null;
    pageSize?: number | null;
    search?: string | null;
    sortDirection?: 'ASC' | 'DESC' | null;
  } | null;
  sortBy?: Sort | null;
  /** The list's filters (`{ roleId }`), when it declares any. */
  filter?: Record<string, string> | null;
}

/** A filter of a list: its URL and GraphQL name (`roleId`), its label and its choices. */
export interface ChoiceFilter {
  name: string;
  label: string;
  choices: { value: string; label: string }[];
}

/** The query that names a filter's chosen record by its id (`client(id) { id name }`). */
export type ChosenQuery = TypedDocumentNode<
  Record<string, { id: string | number; name: string; sku?: string | null } | null>,
  { id: string }
>;

/**
 * A filter by one record of too many to list (departments by client among 100,000): chosen
 * with the record picker's server search (`search`); `chosen` names the record whose id a
 * reloaded or shared link holds.
 */
export interface SearchFilter {
  name: string;
  label: string;
  search: PickerQuery;
  chosen: ChosenQuery;
}

/**
 * A filter by a day (`from`, `to` of a period: two filters): a date field in Kontor's language
 * whose value, in the URL and to the server, is YYYY-MM-DD.
 */
export interface DateFilter {
  name: string;
  label: string;
  date: true;
}

/** A filter of a list: from a few choices (a select), a server search (a picker) or a day. */
export type ListFilter = ChoiceFilter | SearchFilter | DateFilter;

/** A search filter's picker: the chosen record's name comes from `chosen` after a reload. */
function SearchFilterField({
  filter,
  value,
  onChange,
}: {
  filter: SearchFilter;
  value: string;
  onChange: (id: string) => void;
}) {
  // The record just picked is known by name; a reloaded or shared link asks the server.
  const [picked, setPicked] = useState<RecordChoice | null>(null);
  const known = picked !== null && picked.id === value;
  const { data } = useQuery(filter.chosen, { variables: { id: value }, skip: !value || known });
  const record = data ? Object.values(data)[0] : null;
  const choice: RecordChoice | null = !value
    ? null
    : known
      ? picked
      : // A record that is gone (or not yet named) shows its id: the filter stays clearable.
        {
          id: value,
          name: record ? record.name : data ? `#${value}` : '…',
          // A product shows its SKU as the picker shows it.
          ...(record?.sku ? { sku: record.sku } : {}),
        };
  return (
    <div className="kontor-table-filter kontor-table-filter-search">
      <RecordFilter
        name={filter.name}
        label={filter.label}
        query={filter.search}
        value={choice}
        onChange={(next) => {
          setPicked(next);
          onChange(next?.id ?? '');
        }}
      />
    </div>
  );
}

const PAGE_SIZE = 25;

/**
 * A list paged, sorted and searched on the server: a search box, sortable column headers,
 * 'Keine Einträge' when empty, and previous/next with the total count. `actions` renders
 * each row's buttons and gets `reload` to show a change.
 */
export function DataTable<Data, Row extends { id: string | number }, Sort extends string>({
  query,
  pageOf,
  columns,
  defaultSort,
  defaultDir = 'asc',
  actions,
  label,
  exportList,
  filters = [],
  filter: fixedFilter,
}: {
  query: TypedDocumentNode<Data, ListVariables<Sort>>;
  pageOf: (data: Data) => { items: Row[]; total: number; totalIsLowerBound?: boolean };
  columns: Column<Row, Sort>[];
  defaultSort: Sort;
  /** The direction without `dir` in the URL (`desc`: newest first, e.g. a ledger). */
  defaultDir?: 'asc' | 'desc';
  actions?: (row: Row, reload: () => void) => ReactNode;
  /** The table's accessible name. */
  label: string;
  /** The GraphQL list field (`clients`): shows 'CSV exportieren' for /export/<list>.csv. */
  exportList?: string;
  /** Filters shown beside the search, kept in the URL and sent as the query's `filter`. */
  filters?: ListFilter[];
  /** A filter the list always has, not shown (one connector's shop connections). */
  filter?: Record<string, string>;
}) {
  useTranslation('ui');
  const sortKeys = columns.flatMap((column) => (column.sortKey ? [column.sortKey] : []));
  // Search, sort, direction and page live in the URL: a reload or a shared link keeps them.
  const [state, change, params] = useListParams(defaultSort, sortKeys, defaultDir);
  const { page, search } = state;
  // Only the filters the list declares reach the server (a stray URL parameter is ignored).
  const filter: Record<string, string> = {
    ...Object.fromEntries(
      filters.flatMap(({ name }) => (state.filters[name] ? [[name, state.filters[name]]] : [])),
    ),
    ...fixedFilter,
  };
  const sortBy = state.sort;
  const direction = state.dir === 'desc' ? 'DESC' : 'ASC';
  const setPage = (next: number) => change({ page: next });
  const [typed, setTyped] = useState(search);
  // Waits for a pause in typing before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== search) change({ search: typed.trim(), page: 1 });
    }, 250);
    return () => clearTimeout(timer);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only typing starts the timer
  }, [typed]);
  // Apollo's normalized cache: the page shows at once when cached (and is asked again); a
  // mutation or a realtime change evicts it, and the table refetches.
  const { data, loading, problem, reload } = queryState(
    useQuery(query as TypedDocumentNode<Data, ListVariables<Sort>>, {
      variables: {
        page: { page, pageSize: PAGE_SIZE, search: search || undefined, sortDirection: direction },
        sortBy,
        ...(filters.length > 0 || fixedFilter ? { filter } : {}),
      } as ListVariables<Sort>,
    }),
  );
  const list = data ? pageOf(data) : { items: [], total: 0 };
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const empty = !loading && !problem && list.items.length === 0;
  const sortOn = (key: Sort) =>
    change(
      key === sortBy
        ? { dir: direction === 'ASC' ? 'desc' : 'asc', page: 1 }
        : { sort: key, dir: 'asc', page: 1 },
    );
  // The export takes the list's own URL parameters (contract 5), all rows, not one page.
  const exportParams = new URLSearchParams(params);
  exportParams.delete('page');
  // The file in Kontor's language (`;` and decimal commas in German), not the browser's.
  exportParams.set('lang', i18n.language === 'en' ? 'en' : 'de');
  // The server's default is ascending: a list shown in another order by default says so.
  if (!exportParams.has('dir') && state.dir !== 'asc') exportParams.set('dir', state.dir);
  const exportQuery = exportParams.toString();

  return (
    <div className="kontor-data-table">
      <div className="kontor-table-toolbar">
        <InputGroup
          className="kontor-table-search"
          leftIcon="search"
          type="search"
          placeholder={i18n.t('ui:search')}
          aria-label={i18n.t('ui:search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {filters.map((f) =>
          'date' in f ? (
            <label key={f.name} className="kontor-table-filter kontor-table-filter-date">
              <span>{f.label}</span>
              <DayInput
                name={f.name}
                label={f.label}
                value={filter[f.name] ?? ''}
                onChange={(day) => {
                  // Only a whole day (or none) filters; the text typed so far waits.
                  if (parseDay(day) === day)
                    change({ filters: { ...state.filters, [f.name]: day }, page: 1 });
                }}
              />
            </label>
          ) : 'search' in f ? (
            <SearchFilterField
              key={f.name}
              filter={f}
              value={filter[f.name] ?? ''}
              onChange={(id) => change({ filters: { ...state.filters, [f.name]: id }, page: 1 })}
            />
          ) : (
            <HTMLSelect
              key={f.name}
              className="kontor-table-filter"
              aria-label={f.label}
              value={filter[f.name] ?? ''}
              onChange={(event) =>
                change({ filters: { ...state.filters, [f.name]: event.target.value }, page: 1 })
              }
              options={[{ value: '', label: `${f.label}: ${i18n.t('ui:all')}` }, ...f.choices]}
            />
          ),
        )}
        {exportList ? (
          <AnchorButton
            className="kontor-table-export"
            // A download is a link (Blueprint's AnchorButton says button).
            role="link"
            icon="download"
            variant="outlined"
            text={i18n.t('ui:export')}
            href={`/export/${exportList}.csv${exportQuery ? `?${exportQuery}` : ''}`}
            download
          />
        ) : null}
      </div>
      {problem ? (
        <p role="alert">{problemText(problem)}</p>
      ) : (
        // A table wider than its area shows as cards in here (the key columns first).
        <TableScroll label={label}>
          <HTMLTable striped interactive aria-label={label} aria-busy={loading}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.title}
                    data-key-column={column.key ? '' : undefined}
                    aria-sort={
                      column.sortKey === sortBy
                        ? direction === 'ASC'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {column.sortKey ? (
                      <Button
                        variant="minimal"
                        size="small"
                        text={column.title}
                        endIcon={
                          column.sortKey === sortBy
                            ? direction === 'ASC'
                              ? 'chevron-up'
                              : 'chevron-down'
                            : undefined
                        }
                        onClick={() => sortOn(column.sortKey!)}
                      />
                    ) : (
                      column.title
                    )}
                  </th>
                ))}
                {actions ? <th className="kontor-row-actions">{i18n.t('ui:actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.items.map((row) => (
                <tr key={row.id}>
                  {columns.map((column) => (
                    <td
                      key={column.title}
                      data-label={column.title || undefined}
                      data-key-column={column.key ? '' : undefined}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                  {actions ? (
                    <td className="kontor-row-actions" data-label={i18n.t('ui:actions')}>
                      {actions(row, reload)}
                    </td>
                  ) : null}
                </tr>
              ))}
              {empty ? (
                // 'Keine Einträge' inside the table, under its headers, across every column.
                <tr className="kontor-table-empty">
                  <td colSpan={columns.length + (actions ? 1 : 0)}>
                    <EmptyState
                      description={search ? i18n.t('ui:noMatchesFor', { search }) : undefined}
                    />
                  </td>
                </tr>
              ) : null}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {loading && !data ? <Spinner size={30} /> : null}
      {empty ? null : (
        <div className="kontor-pager">
          <Button
            icon="chevron-left"
            aria-label={i18n.t('ui:previous')}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          />
          <span className="kontor-pager-text">
            {list.totalIsLowerBound
              ? i18n.t('ui:pageOfMore', { page, total: format.number(list.total) })
              : i18n.t('ui:pageOf', {
                  page: format.number(page),
                  pages: format.number(pages),
                  total: format.number(list.total),
                })}
          </span>
          <Button
            icon="chevron-right"
            aria-label={i18n.t('ui:next')}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          />
        </div>
      )}
    </div>
  );
}
