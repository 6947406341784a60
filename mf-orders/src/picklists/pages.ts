import type { ModulePages } from '../shared-session';
import { PicklistPage } from './list';

/** Picklists (/picklist; `?id=` shows one and its picking). */
export const picklistsPages: ModulePages = {
  'orders.picklist': PicklistPage,
};
