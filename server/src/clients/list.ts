import type { ListDefinition } from '../lists/list';
import type { ClientSort } from './clients';

/** The client list: searchable by name, contact, postcode and city; exported with the address. */
export const clientList: ListDefinition<ClientSort> = {
  select: `c.id, c.name, c.version, c.company, c.prefix, c.first_name AS "firstName",
  c.middle_name AS "middleName", c.last_name AS "lastName", c.suffix, c.street,
  c.house_number AS "houseNumber", c.postcode, c.city, c.country_code AS "countryCode", c.state,
  c.email, c.phone, c.additional_lines AS "additionalLines"`,
  from: 'clients c',
  estimatedFrom: 'clients',
  searchColumns: ['c.name', 'c.first_name', 'c.last_name', 'c.postcode', 'c.city'],
  sortColumns: { NAME: 'lower(c.name)', CITY: 'lower(c.city)', ID: 'c.id' },
  idColumn: 'c.id',
  csv: {
    name: 'clients',
    permission: 'client:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 'c.id' },
      { de: 'Name', en: 'Name', sql: 'c.name' },
      { de: 'Firma', en: 'Company', sql: 'c.company' },
      { de: 'Anrede', en: 'Prefix', sql: 'c.prefix' },
      { de: 'Vorname', en: 'First name', sql: 'c.first_name' },
      { de: 'Zweiter Vorname', en: 'Middle name', sql: 'c.middle_name' },
      { de: 'Nachname', en: 'Last name', sql: 'c.last_name' },
      { de: 'Namenszusatz', en: 'Suffix', sql: 'c.suffix' },
      { de: 'Straße', en: 'Street', sql: 'c.street' },
      { de: 'Hausnummer', en: 'House number', sql: 'c.house_number' },
      { de: 'PLZ', en: 'Postcode', sql: 'c.postcode' },
      { de: 'Ort', en: 'City', sql: 'c.city' },
      { de: 'Land', en: 'Country', sql: 'c.country_code' },
      { de: 'Bundesland', en: 'State', sql: 'c.state' },
      { de: 'E-Mail', en: 'Email', sql: 'c.email' },
      { de: 'Telefon', en: 'Phone', sql: 'c.phone' },
      { de: 'Adresszusatz', en: 'Additional lines', sql: 'c.additional_lines' },
    ],
  },
};
