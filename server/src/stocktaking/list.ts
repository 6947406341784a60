import { z } from 'zod';
import { statusFilter, type ListDefinition } from '../lists/list';
import { HIDDEN_SQL, LINE_COLUMNS, PLACE_COLUMNS, STOCKTAKING_COLUMNS } from './stocktaking';

/** The stocktakings' statuses in SQL (lower case). */
export const STOCKTAKING_STATUSES = [
  'draft',
  'counting',
  'counted',
  'booked',
  'cancelled',
] as const;

/** The statuses of a running stocktaking: started, its places locked, not yet booked or cancelled. */
export const STOCKTAKING_RUNNING_STATUSES = ['counting', 'counted'] as const;

export type StocktakingSort = 'CREATED' | 'NUMBER' | 'ID';

/** The list of stocktakings (/stocktaking): searchable by number and name. */
export const stocktakingList: ListDefinition<StocktakingSort, 'status' | 'warehouseId' | 'phase'> =
  {
    select: STOCKTAKING_COLUMNS,
    from: 'stocktakings s',
    estimatedFrom: 'stocktakings',
    searchColumns: ['s.number', 's.name'],
    sortColumns: { CREATED: 's.created_at', NUMBER: 's.number', ID: 's.id' },
    idColumn: 's.id',
    filters: {
      warehouseId: { names: 'warehouse', where: (p) => `s.warehouse_id = ${p}` },
      // Several statuses: a comma-separated list (the GraphQL list is joined by the resolver).
      status: statusFilter('s.status', STOCKTAKING_STATUSES),
      // RUNNING (the dashboard's "Laufende Inventuren"), the one phase there is: its statuses.
      phase: {
        names: 'phase',
        where: () =>
          `s.status IN (${STOCKTAKING_RUNNING_STATUSES.map((status) => `'${status}'`).join(', ')})`,
        literal: true,
        value: z
          .enum(['RUNNING', 'running'], { error: 'The phase filter must be RUNNING.' })
          .transform((value) => value.toLowerCase()),
      },
    },
  };

/** The places of one stocktaking in walking order; searchable by path and barcode. */
export const stocktakingPlaceList: ListDefinition<'PATH', 'stocktakingId' | 'counted'> = {
  select: PLACE_COLUMNS,
  from: 'stocktaking_places sp JOIN places pl ON pl.id = sp.place_id',
  searchColumns: ['pl.path', 'pl.barcode'],
  sortColumns: { PATH: 'sp.path_sort' },
  idColumn: 'sp.id',
  filters: {
    stocktakingId: { names: 'stocktaking', where: (p) => `sp.stocktaking_id = ${p}` },
    counted: {
      names: 'counted',
      where: (p) => `sp.counted = (${p}::text = 'true')`,
      value: z.enum(['true', 'false'], { error: 'The counted filter must be true or false.' }),
    },
  },
};

/** What is hidden while a count is blind and not completed, in SQL over `s` and `l`. */
const shown = (sql: string) => `CASE WHEN ${HIDDEN_SQL} THEN NULL ELSE ${sql} END`;

/**
 * The lines of one stocktaking in walking order (the summary, and its CSV: the count list a
 * warehouse files). While the count is blind and not completed, the CSV's expected quantity,
 * variance and value are empty.
 */
export const stocktakingLineList: ListDefinition<'PATH', 'stocktakingId' | 'onlyVariances'> = {
  select: LINE_COLUMNS,
  from: `stocktaking_lines l JOIN stocktakings s ON s.id = l.stocktaking_id
  JOIN places pl ON pl.id = l.place_id JOIN products p ON p.id = l.product_id
  LEFT JOIN users u ON u.id = l.counted_by`,
  searchColumns: ['pl.path', 'p.sku', 'p.name', 'l.lot'],
  // The walking order of the places; within a place, the lines' order of writing.
  sortColumns: { PATH: 'pl.path_sort' },
  idColumn: 'l.id',
  filters: {
    stocktakingId: { names: 'stocktaking', where: (p) => `l.stocktaking_id = ${p}` },
    onlyVariances: {
      names: 'onlyVariances',
      where: (p) =>
        `(${p}::text <> 'true' OR l.counted_quantity IS DISTINCT FROM l.expected_quantity)`,
      value: z.enum(['true', 'false']),
    },
  },
  csv: {
    name: 'stocktakings',
    permission: 'stocktaking:view',
    columns: [
      { de: 'Inventur', en: 'Stocktaking', sql: 's.number' },
      { de: 'Lagerplatz', en: 'Place', sql: 'pl.path' },
      { de: 'Barcode', en: 'Barcode', sql: 'pl.barcode' },
      { de: 'SKU', en: 'SKU', sql: 'p.sku' },
      { de: 'Artikel', en: 'Product', sql: 'p.name' },
      { de: 'Charge', en: 'Lot', sql: 'l.lot' },
      { de: 'MHD', en: 'Best before', sql: 'l.best_before::text', kind: 'day' },
      { de: 'Soll', en: 'Expected', sql: shown('l.expected_quantity') },
      { de: 'Gezählt', en: 'Counted', sql: 'l.counted_quantity' },
      { de: 'Differenz', en: 'Variance', sql: shown('l.counted_quantity - l.expected_quantity') },
      {
        de: 'Wert der Differenz (EUR)',
        en: 'Variance value (EUR)',
        sql: shown(
          `round((l.counted_quantity - l.expected_quantity) * l.price_net_cents / 100.0, 2)::float8`,
        ),
        kind: 'money',
      },
      { de: 'Gefunden', en: 'Found', sql: 'l.found' },
      { de: 'Gezählt von', en: 'Counted by', sql: 'u.name' },
      {
        de: 'Gezählt am',
        en: 'Counted at',
        sql: `to_char(l.counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
        kind: 'moment',
      },
    ],
  },
};
