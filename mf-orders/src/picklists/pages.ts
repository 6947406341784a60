import { placeholderPages } from '../shared-session';

/** Picklists for the packers. */
export const picklistsPages = placeholderPages('orders.picklist');
