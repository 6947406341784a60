import { placeholderPages } from '../shared-session';

/** Order list, creation, editing (with details) and order import. */
export const ordersPages = placeholderPages(
  'orders.list',
  'orders.create',
  'orders.edit',
  'orders.import',
);
