import { placeholderPages } from '../shared-session';

/** Clients (Mandanten). */
export const clientsPages = placeholderPages(
  'admin.clients',
  'admin.clients.create',
  'admin.clients.edit',
);
