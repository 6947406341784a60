import { z } from 'zod';
import { CLIENT_FIELDS, type Address } from '../clients/clients';
import { hasNul } from '../domain/validation';
import { dayFilterValue, statusFilter, type ListDefinition } from '../lists/list';
import { columnsSql, partsRead, sameNames, type Fields, type Readable } from '../lists/projection';
import { SHIPPING_METHOD_FIELDS, SHIPPING_METHOD_READABLE } from '../shipping/shipping';

/** The sort keys of the order list. */
export type OrderSort = 'DATE' | 'NUMBER' | 'TOTAL' | 'ID';

/** The order list's filters. */
export type OrderFilter =
  'status' | 'clientId' | 'shop' | 'shippingMethodId' | 'from' | 'to' | 'hasError';

const STATUSES = ['pending', 'processing', 'complete', 'on_hold', 'cancelled'];

/** An address's parts (docs/product.md §3) with their columns after `ship_` and `bill_`. */
export const ADDRESS_PARTS = [
  ['company', 'company'],
  ['prefix', 'prefix'],
  ['firstName', 'first_name'],
  ['middleName', 'middle_name'],
  ['lastName', 'last_name'],
  ['suffix', 'suffix'],
  ['street', 'street'],
  ['houseNumber', 'house_number'],
  ['postcode', 'postcode'],
  ['city', 'city'],
  ['countryCode', 'country_code'],
  ['state', 'state'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['additionalLines', 'additional_lines'],
] as const satisfies readonly (readonly [keyof Address, string])[];

/** The columns of an address's parts by the part (`{ firstName: 'ship_first_name', … }`). */
const partColumns = (prefix: 'ship_' | 'bill_') =>
  Object.fromEntries(ADDRESS_PARTS.map(([part, column]) => [part, `${prefix}${column}`]));
const SHIP = partColumns('ship_');
const BILL = partColumns('bill_');

/** An order's addresses with their parts' columns: the list's `objects`, and toOrder's. */
export const ORDER_ADDRESSES = { shippingAddress: SHIP, billingAddress: BILL };

/** The columns of an order (`o` = orders) by OrderRow's properties (addresses: `objects`, toOrder). */
export const ORDER_FIELDS: Fields = {
  id: 'o.id',
  number: 'o.number',
  clientId: 'o.client_id',
  shop: 'o.shop',
  shippingMethodId: 'o.shipping_method_id',
  departmentId: 'o.department_id',
  status: 'o.status',
  heldFromStatus: 'o.held_from_status',
  orderDate: 'o.order_date::text',
  billingSameAsShipping: 'o.billing_same',
  subtotalCents: 'o.subtotal_cents::float8',
  vatCents: 'o.vat_cents::float8',
  totalCents: 'o.total_cents::float8',
  currency: 'o.currency',
  fulfillmentError: 'o.fulfillment_error',
  fulfillmentErrorAt: 'o.fulfillment_error_at',
  fulfillmentProblems: 'o.fulfillment_problems',
  version: 'o.version',
  createdAt: 'o.created_at',
  updatedAt: 'o.updated_at',
  createdBy: 'o.created_by',
  ...Object.fromEntries(
    [...Object.values(SHIP), ...Object.values(BILL)].map((column) => [column, `o.${column}`]),
  ),
};

/** ORDER_FIELDS as a SELECT list. */
export const ORDER_COLUMNS = columnsSql(ORDER_FIELDS);

/** The fields of Order a page reads from its row alone, with the properties each reads. */
const ORDER_READABLE: Readable = {
  ...sameNames(
    'id',
    'number',
    'shop',
    'orderDate',
    'billingSameAsShipping',
    'currency',
    'fulfillmentError',
    'fulfillmentErrorAt',
    'version',
    'createdAt',
    'updatedAt',
  ),
  status: ['status'],
  heldFromStatus: ['heldFromStatus'],
  editable: ['status', 'heldFromStatus'],
  fulfillmentProblems: ['fulfillmentProblems', 'fulfillmentError'],
  subtotal: ['subtotalCents'],
  vat: ['vatCents'],
  total: ['totalCents'],
  client: ['clientId'],
  shippingMethod: ['shippingMethodId'],
  department: ['departmentId'],
  // The address parts asked, each its column.
  shippingAddress: partsRead(SHIP),
  billingAddress: partsRead(BILL),
  // Loaded by the order's id.
  items: ['id'],
  attributes: ['id'],
  history: ['id'],
  packages: ['id'],
};

/**
 * The orders (/orders, /order/error): searched by the words of the number, the shipping
 * address's name and company, and the items' skus (`search_words`, migration 0150); filtered by status (one or several,
 * comma-separated), client, shop, shipping method, order date range and fulfillment error.
 */
export const orderList: ListDefinition<OrderSort, OrderFilter> = {
  select: ORDER_COLUMNS,
  projection: {
    columns: ORDER_FIELDS,
    readable: ORDER_READABLE,
    objects: ORDER_ADDRESSES,
  },
  // A page reads its orders' clients and shipping methods along (as far as the fields asked
  // of them are readable: the list shows their names).
  carries: {
    client: {
      join: 'LEFT JOIN clients c ON c.id = page."clientId"',
      columns: CLIENT_FIELDS,
      readable: sameNames('id', 'name', 'version'),
    },
    shippingMethod: {
      join: 'LEFT JOIN shipping_methods sm ON sm.id = page."shippingMethodId"',
      columns: SHIPPING_METHOD_FIELDS,
      readable: SHIPPING_METHOD_READABLE,
    },
  },
  from: 'orders o',
  estimatedFrom: 'orders',
  searchWords: 'o.search_words',
  searchWordsTable: 'order_words',
  sortColumns: { DATE: 'o.order_date', NUMBER: 'o.number', TOTAL: 'o.total_cents', ID: 'o.id' },
  idColumn: 'o.id',
  filters: {
    status: {
      ...statusFilter('o.status', STATUSES),
      // Several statuses: one branch per status, each walking orders_status_date_idx (or the
      // status's partial index) in the sort's order, merged (see ListFilter.parts).
      parts: (value) => [...new Set(String(value).split(','))],
      literal: true,
    },
    clientId: { names: 'client', where: (p) => `o.client_id = ${p}` },
    shippingMethodId: { names: 'shipping method', where: (p) => `o.shipping_method_id = ${p}` },
    shop: {
      names: 'shop',
      where: (p) => `coalesce(o.shop, '') = ${p}`,
      value: z
        .string()
        .trim()
        .max(100, 'The shop filter must not be greater than 100 characters.')
        .refine((value) => !hasNul(value), {
          message: 'The shop filter must not contain NUL characters.',
          params: { rule: 'characters' },
        }),
    },
    from: {
      names: 'date',
      where: (p) => `o.order_date >= ${p}::date`,
      value: dayFilterValue('from'),
    },
    to: { names: 'date', where: (p) => `o.order_date <= ${p}::date`, value: dayFilterValue('to') },
    hasError: {
      names: 'error',
      where: (p) => `(o.fulfillment_error IS NOT NULL) = ${p}::boolean`,
      literal: true,
      value: z.enum(['true', 'false'], { error: 'The hasError filter must be true or false.' }),
    },
  },
  csv: {
    name: 'orders',
    permission: 'order:view',
    columns: [
      { de: 'Bestellnummer', en: 'Order number', sql: 'o.number' },
      { de: 'Datum', en: 'Date', sql: 'o.order_date::text', kind: 'day' },
      { de: 'Status', en: 'Status', sql: 'o.status' },
      {
        de: 'Mandant',
        en: 'Client',
        sql: '(SELECT c.name FROM clients c WHERE c.id = o.client_id)',
      },
      { de: 'Shop', en: 'Shop', sql: "coalesce(o.shop, '')" },
      {
        de: 'Versandart',
        en: 'Shipping method',
        sql: `(SELECT s.name || ' ' || m.name FROM shipping_methods m JOIN shippers s ON s.id = m.shipper_id
                WHERE m.id = o.shipping_method_id)`,
      },
      { de: 'Firma', en: 'Company', sql: 'o.ship_company' },
      { de: 'Name', en: 'Name', sql: 'o.ship_name' },
      { de: 'PLZ', en: 'Postcode', sql: 'o.ship_postcode' },
      { de: 'Ort', en: 'City', sql: 'o.ship_city' },
      { de: 'Land', en: 'Country', sql: 'o.ship_country_code' },
      {
        de: 'Netto (EUR)',
        en: 'Net (EUR)',
        sql: "to_char(o.subtotal_cents / 100.0, 'FM999999999990.00')",
        kind: 'money',
      },
      {
        de: 'MwSt (EUR)',
        en: 'VAT (EUR)',
        sql: "to_char(o.vat_cents / 100.0, 'FM999999999990.00')",
        kind: 'money',
      },
      {
        de: 'Gesamt (EUR)',
        en: 'Total (EUR)',
        sql: "to_char(o.total_cents / 100.0, 'FM999999999990.00')",
        kind: 'money',
      },
      {
        de: 'Fulfillment-Fehler',
        en: 'Fulfillment error',
        sql: "coalesce(o.fulfillment_error, '')",
      },
    ],
  },
};
