import { placeholderPages } from '../shared-session';

/** Departments of the clients. */
export const departmentsPages = placeholderPages(
  'admin.departments',
  'admin.departments.create',
  'admin.departments.edit',
);
