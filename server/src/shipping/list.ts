import type { ListDefinition } from '../lists/list';
import type { ShipperSort, ShippingMethodSort } from './shipping';

/** The shipper list: searchable by name. */
export const shipperList: ListDefinition<ShipperSort> = {
  select: 's.id, s.name, s.version',
  from: 'shippers s',
  estimatedFrom: 'shippers',
  searchColumns: ['s.name'],
  sortColumns: { NAME: 'lower(s.name)', ID: 's.id' },
  idColumn: 's.id',
  csv: {
    name: 'shippers',
    permission: 'shipping:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 's.id' },
      { de: 'Name', en: 'Name', sql: 's.name' },
      {
        de: 'Versandarten',
        en: 'Shipping methods',
        sql: `(SELECT string_agg(m.name, ', ' ORDER BY lower(m.name)) FROM shipping_methods m
                WHERE m.shipper_id = s.id)`,
      },
    ],
  },
};

/** The shipping-method list: searchable by its and its shipper's name; filtered by shipper. */
export const shippingMethodList: ListDefinition<ShippingMethodSort, 'shipperId'> = {
  select: `m.id, m.name, m.shipper_id AS "shipperId", m.hazmat_allowed AS "hazmatAllowed",
  m.tracking_required AS "trackingRequired", m.version`,
  from: 'shipping_methods m JOIN shippers s ON s.id = m.shipper_id',
  estimatedFrom: 'shipping_methods',
  searchColumns: ['m.name', 's.name'],
  sortColumns: { NAME: 'lower(m.name)', SHIPPER: 'lower(s.name)', ID: 'm.id' },
  idColumn: 'm.id',
  filters: { shipperId: { names: 'shipper', where: (p) => `m.shipper_id = ${p}` } },
  csv: {
    name: 'shippingMethods',
    permission: 'shipping:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 'm.id' },
      { de: 'Name', en: 'Name', sql: 'm.name' },
      { de: 'Versender', en: 'Shipper', sql: 's.name' },
      { de: 'Gefahrgut erlaubt', en: 'Hazardous goods allowed', sql: 'm.hazmat_allowed' },
      { de: 'Sendungsnummer nötig', en: 'Tracking number required', sql: 'm.tracking_required' },
    ],
  },
};
