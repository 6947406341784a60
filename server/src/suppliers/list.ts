import type { ListDefinition } from '../lists/list';
import type { SupplierSort } from './suppliers';

/** The supplier list: searchable by name and number; exported with the address and contact. */
export const supplierList: ListDefinition<SupplierSort> = {
  select: `s.id, s.name, s.number, s.is_dropshipping AS "isDropshipping",
  s.contact_person AS "contactPerson", s.version, s.company, s.prefix,
  s.first_name AS "firstName", s.middle_name AS "middleName", s.last_name AS "lastName",
  s.suffix, s.street, s.house_number AS "houseNumber", s.postcode, s.city,
  s.country_code AS "countryCode", s.state, s.email, s.phone,
  s.additional_lines AS "additionalLines"`,
  from: 'suppliers s',
  estimatedFrom: 'suppliers',
  searchColumns: ['s.name', 's.number'],
  sortColumns: { NAME: 'lower(s.name)', NUMBER: 'lower(s.number)', ID: 's.id' },
  idColumn: 's.id',
  csv: {
    name: 'suppliers',
    permission: 'supplier:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 's.id' },
      { de: 'Name', en: 'Name', sql: 's.name' },
      { de: 'Nummer', en: 'Number', sql: 's.number' },
      {
        de: 'Streckengeschäft',
        en: 'Dropshipping',
        sql: 's.is_dropshipping',
      },
      { de: 'Ansprechpartner', en: 'Contact person', sql: 's.contact_person' },
      { de: 'Firma', en: 'Company', sql: 's.company' },
      { de: 'Anrede', en: 'Prefix', sql: 's.prefix' },
      { de: 'Vorname', en: 'First name', sql: 's.first_name' },
      { de: 'Zweiter Vorname', en: 'Middle name', sql: 's.middle_name' },
      { de: 'Nachname', en: 'Last name', sql: 's.last_name' },
      { de: 'Namenszusatz', en: 'Suffix', sql: 's.suffix' },
      { de: 'Straße', en: 'Street', sql: 's.street' },
      { de: 'Hausnummer', en: 'House number', sql: 's.house_number' },
      { de: 'PLZ', en: 'Postcode', sql: 's.postcode' },
      { de: 'Ort', en: 'City', sql: 's.city' },
      { de: 'Land', en: 'Country', sql: 's.country_code' },
      { de: 'Bundesland', en: 'State', sql: 's.state' },
      { de: 'E-Mail', en: 'Email', sql: 's.email' },
      { de: 'Telefon', en: 'Phone', sql: 's.phone' },
      { de: 'Adresszusatz', en: 'Additional lines', sql: 's.additional_lines' },
    ],
  },
};
