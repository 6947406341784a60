import { columnsSql, type Fields } from '../lists/projection';
import type { ListDefinition } from '../lists/list';
import type { PlaceSort, WarehouseSort } from './warehouses';

/** The columns of a warehouse (`w`), as WarehouseRow names them. */
export const WAREHOUSE_FIELDS: Fields = {
  id: 'w.id',
  name: 'w.name',
  code: 'w.code',
  version: 'w.version',
  company: 'w.company',
  street: 'w.street',
  houseNumber: 'w.house_number',
  postcode: 'w.postcode',
  city: 'w.city',
  countryCode: 'w.country_code',
  state: 'w.state',
  email: 'w.email',
  phone: 'w.phone',
  additionalLines: 'w.additional_lines',
};

/** The warehouse list: searchable by name, code and city; exported with the address. */
export const warehouseList: ListDefinition<WarehouseSort> = {
  select: columnsSql(WAREHOUSE_FIELDS),
  from: 'warehouses w',
  estimatedFrom: 'warehouses',
  searchColumns: ['w.name', 'w.code', 'w.city'],
  sortColumns: { NAME: 'lower(w.name)', CODE: 'lower(w.code)', CITY: 'lower(w.city)', ID: 'w.id' },
  idColumn: 'w.id',
  csv: {
    name: 'warehouses',
    permission: 'warehouse:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 'w.id' },
      { de: 'Name', en: 'Name', sql: 'w.name' },
      { de: 'Kürzel', en: 'Code', sql: 'w.code' },
      { de: 'Firma', en: 'Company', sql: 'w.company' },
      { de: 'Straße', en: 'Street', sql: 'w.street' },
      { de: 'Hausnummer', en: 'House number', sql: 'w.house_number' },
      { de: 'PLZ', en: 'Postcode', sql: 'w.postcode' },
      { de: 'Ort', en: 'City', sql: 'w.city' },
      { de: 'Land', en: 'Country', sql: 'w.country_code' },
      { de: 'Bundesland', en: 'State', sql: 'w.state' },
      { de: 'E-Mail', en: 'Email', sql: 'w.email' },
      { de: 'Telefon', en: 'Phone', sql: 'w.phone' },
      { de: 'Adresszusatz', en: 'Additional lines', sql: 'w.additional_lines' },
    ],
  },
};

/**
 * The place list: searchable by path (which holds every code) and barcode, sorted in walking
 * order (path_sort), filtered by warehouse or rack.
 */
export const placeList: ListDefinition<PlaceSort, 'warehouseId' | 'rackId'> = {
  select: `p.id, p.rack_id AS "rackId", p.warehouse_id AS "warehouseId", p.name, p.code,
  p.barcode, p.former_barcode AS "formerBarcode", p.path, p.width_cm::float8 AS "widthCm",
  p.height_cm::float8 AS "heightCm", p.length_cm::float8 AS "lengthCm", p.version`,
  from: 'places p',
  estimatedFrom: 'places',
  searchColumns: ['p.path', 'p.barcode'],
  sortColumns: { PATH: 'p.path_sort', BARCODE: 'p.barcode', ID: 'p.id' },
  idColumn: 'p.id',
  filters: {
    warehouseId: { names: 'warehouse', where: (p) => `p.warehouse_id = ${p}` },
    rackId: { names: 'rack', where: (p) => `p.rack_id = ${p}` },
  },
  csv: {
    name: 'places',
    permission: 'warehouse:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 'p.id' },
      { de: 'Pfad', en: 'Path', sql: 'p.path' },
      { de: 'Name', en: 'Name', sql: 'p.name' },
      { de: 'Kürzel', en: 'Code', sql: 'p.code' },
      { de: 'Barcode', en: 'Barcode', sql: 'p.barcode' },
      { de: 'Breite (cm)', en: 'Width (cm)', sql: 'p.width_cm' },
      { de: 'Höhe (cm)', en: 'Height (cm)', sql: 'p.height_cm' },
      { de: 'Länge (cm)', en: 'Length (cm)', sql: 'p.length_cm' },
    ],
  },
};
