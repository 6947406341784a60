import { useCallback, useRef, useState } from 'react';
import { useInRouterContext, useSearchParams } from 'react-router-dom';

// A list's state lives in the URL (contract 6 of issue 10): `search`, `sort` (a sort key such
// as NAME), `dir` (asc|desc), `page`, and one parameter per filter, so a reload or a shared
// link shows the same list, and the CSV export takes the same parameters.

/** What a list shows, as its URL says it. */
export interface ListParams<Sort extends string = string> {
  search: string;
  sort: Sort;
  dir: 'asc' | 'desc';
  page: number;
  /** Any other parameter: the list's filters (`roleId`, `clientId` …). */
  filters: Record<string, string>;
}

const OWN = new Set(['search', 'sort', 'dir', 'page']);

/** Reads a list's state from search parameters; anything missing or wrong takes the default. */
export function readListParams<Sort extends string>(
  params: URLSearchParams,
  defaultSort: Sort,
  sortKeys: readonly Sort[],
  defaultDir: 'asc' | 'desc' = 'asc',
): ListParams<Sort> {
  const sort = params.get('sort') as Sort | null;
  const page = Number(params.get('page'));
  const filters: Record<string, string> = {};
  params.forEach((value, key) => {
    if (!OWN.has(key) && key !== 'lang') filters[key] = value;
  });
  return {
    search: params.get('search') ?? '',
    sort: sort && sortKeys.includes(sort) ? sort : defaultSort,
    dir: params.get('dir') === 'desc' ? 'desc' : params.get('dir') === 'asc' ? 'asc' : defaultDir,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    filters,
  };
}

/** The search parameters of a list's state, defaults left out (the shortest shareable link). */
export function writeListParams<Sort extends string>(
  state: ListParams<Sort>,
  defaultSort: Sort,
  defaultDir: 'asc' | 'desc' = 'asc',
): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.sort !== defaultSort) params.set('sort', state.sort);
  if (state.dir !== defaultDir) params.set('dir', state.dir);
  if (state.page > 1) params.set('page', String(state.page));
  for (const [key, value] of Object.entries(state.filters)) if (value) params.set(key, value);
  return params;
}

type Setter = (params: URLSearchParams) => void;

/** Search parameters through react-router (inside a module's Router). */
function useRouterParams(): [URLSearchParams, Setter] {
  const [params, setParams] = useSearchParams();
  return [params, useCallback((next) => setParams(next, { replace: true }), [setParams])];
}

/** Search parameters of the window's URL (a page rendered outside a Router). */
function useWindowParams(): [URLSearchParams, Setter] {
  const [params, setParams] = useState(() => new URLSearchParams(window.location.search));
  const set = useCallback((next: URLSearchParams) => {
    const query = next.toString();
    const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
    setParams(next);
  }, []);
  return [params, set];
}

/**
 * A list's state and its setter, kept in the URL's search parameters (replacing the history
 * entry, so the back button leaves the list rather than undoing each keystroke).
 */
export function useListParams<Sort extends string>(
  defaultSort: Sort,
  sortKeys: readonly Sort[],
  defaultDir: 'asc' | 'desc' = 'asc',
): [ListParams<Sort>, (change: Partial<ListParams<Sort>>) => void, URLSearchParams] {
  // Whether a Router is around never changes for a mounted list: the hook order is stable.
  // oxlint-disable-next-line react-hooks/rules-of-hooks -- the condition is fixed per tree
  const [params, setParams] = useInRouterContext() ? useRouterParams() : useWindowParams();
  const state = readListParams(params, defaultSort, sortKeys, defaultDir);
  // A change that comes late (the search's pause after typing) once the user has left the
  // list (an edit button) must not pull them back to it.
  const listPath = useRef(window.location.pathname);
  const change = (next: Partial<ListParams<Sort>>) => {
    if (window.location.pathname !== listPath.current) return;
    setParams(writeListParams({ ...state, ...next }, defaultSort, defaultDir));
  };
  return [state, change, params];
}
