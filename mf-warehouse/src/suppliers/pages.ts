import { placeholderPages } from '../shared-session';

/** Suppliers. */
export const suppliersPages = placeholderPages('warehouse.suppliers');
