import { Button, HTMLTable, InputGroup, Spinner } from '@blueprintjs/core';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useEffect, useState, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { problemText } from './forms';
import { useGraphqlQuery } from './graphql';
import { useTranslation } from './hooks';
import { EmptyState } from './page';
import './toolkit-i18n';

/** One column of a list: its title, its cell, and the server's sort key when sortable. */
export interface Column<Row, Sort extends string = string> {
  title: string;
  cell: (row: Row) => ReactNode;
  sortKey?: Sort;
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
  actions,
  label,
}: {
  query: TypedDocumentNode<Data, ListVariables<Sort>>;
  pageOf: (data: Data) => { items: Row[]; total: number };
  columns: Column<Row, Sort>[];
  defaultSort: Sort;
  actions?: (row: Row, reload: () => void) => ReactNode;
  /** The table's accessible name. */
  label: string;
}) {
  useTranslation('ui');
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [sortBy, setSortBy] = useState(defaultSort);
  const [direction, setDirection] = useState<'ASC' | 'DESC'>('ASC');
  // Waits for a pause in typing before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, loading, problem, reload } = useGraphqlQuery(query, {
    page: { page, pageSize: PAGE_SIZE, search: search || undefined, sortDirection: direction },
    sortBy,
  });
  const list = data ? pageOf(data) : { items: [], total: 0 };
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const sortOn = (key: Sort) => {
    if (key === sortBy) setDirection(direction === 'ASC' ? 'DESC' : 'ASC');
    else {
      setSortBy(key);
      setDirection('ASC');
    }
    setPage(1);
  };

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
      </div>
      {problem ? (
        <p role="alert">{problemText(problem)}</p>
      ) : (
        // A table wider than the screen scrolls sideways in here, never the page.
        <div className="kontor-table-scroll" tabIndex={0} role="region" aria-label={label}>
          <HTMLTable striped interactive aria-label={label} aria-busy={loading}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.title}
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
                {actions ? <th>{i18n.t('ui:actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.items.map((row) => (
                <tr key={row.id}>
                  {columns.map((column) => (
                    <td key={column.title}>{column.cell(row)}</td>
                  ))}
                  {actions ? <td className="kontor-row-actions">{actions(row, reload)}</td> : null}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {loading && !data ? <Spinner size={30} /> : null}
      {!loading && !problem && list.items.length === 0 ? <EmptyState /> : null}
      <div className="kontor-pager">
        <Button
          icon="chevron-left"
          aria-label={i18n.t('ui:previous')}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        />
        <span className="kontor-pager-text">
          {i18n.t('ui:pageOf', { page, pages, total: list.total })}
        </span>
        <Button
          icon="chevron-right"
          aria-label={i18n.t('ui:next')}
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        />
      </div>
    </div>
  );
}
