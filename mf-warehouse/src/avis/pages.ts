import { placeholderPages } from '../shared-session';

/** Advance delivery notices (avis) from suppliers: list, create, details, edit. */
export const avisPages = placeholderPages(
  'warehouse.avis',
  'warehouse.avis.create',
  'warehouse.avis.details',
  'warehouse.avis.edit',
);
