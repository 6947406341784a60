import { placeholderPages } from '../shared-session';

/** Stock: bookings onto places, the stock-change log, the current inventory. */
export const stockPages = placeholderPages(
  'warehouse.bookings',
  'warehouse.stockchanges',
  'warehouse.inventory',
);
