import { placeholderPages } from '../shared-session';

/** Products with hazardous-goods data: list, create, edit, import. */
export const productsPages = placeholderPages(
  'warehouse.products',
  'warehouse.products.create',
  'warehouse.products.edit',
  'warehouse.products.import',
);
