import { placeholderPages } from '../shared-session';

/** Stocktakings (inventory counts): list, counting, summary. */
export const stocktakingsPages = placeholderPages(
  'stocktaking.list',
  'stocktaking.edit',
  'stocktaking.summary',
);
