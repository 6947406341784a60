import { placeholderPages } from '../shared-session';

/** Warehouses with their storages, racks and places. */
export const warehousesPages = placeholderPages(
  'warehouse.warehouses',
  'warehouse.warehouses.create',
  'warehouse.warehouses.edit',
);
