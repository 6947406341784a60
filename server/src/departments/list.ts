import type { ListDefinition } from '../lists/list';
import type { DepartmentSort } from './departments';

/** The department list: searchable by name, customer number and client; filtered by client. */
export const departmentList: ListDefinition<DepartmentSort, 'clientId'> = {
  select: `d.id, d.name, d.customer_number AS "customerNumber", d.client_id AS "clientId", d.version`,
  from: 'departments d JOIN clients c ON c.id = d.client_id',
  estimatedFrom: 'departments',
  searchColumns: ['d.name', 'd.customer_number', 'c.name'],
  sortColumns: {
    NAME: 'lower(d.name)',
    CUSTOMER_NUMBER: 'lower(d.customer_number)',
    CLIENT: 'lower(c.name)',
    ID: 'd.id',
  },
  idColumn: 'd.id',
  filters: { clientId: { names: 'client', where: (p) => `d.client_id = ${p}` } },
  csv: {
    name: 'departments',
    permission: 'department:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 'd.id' },
      { de: 'Name', en: 'Name', sql: 'd.name' },
      { de: 'Kundennummer', en: 'Customer number', sql: 'd.customer_number' },
      { de: 'Mandant', en: 'Client', sql: 'c.name' },
    ],
  },
};
