import { msg, type MessageKey } from '@kontor/contracts';
import { z } from 'zod';
import { notFound } from '../domain/errors';
import { field, MAX_ID, parse } from '../domain/validation';

/** The kinds of record an id names, each with its NOT_FOUND message. */
const NOT_FOUND = {
  Avis: 'notFound.avis',
  Client: 'notFound.client',
  'Dead letter': 'notFound.deadLetter',
  Department: 'notFound.department',
  Image: 'notFound.image',
  Order: 'notFound.order',
  Picklist: 'notFound.picklist',
  Place: 'notFound.place',
  Product: 'notFound.product',
  Rack: 'notFound.rack',
  Record: 'record.notFound',
  Role: 'notFound.role',
  Shipment: 'notFound.shipment',
  Shipper: 'notFound.shipper',
  'Shipping method': 'notFound.shippingMethod',
  'Shop connection': 'notFound.shopConnection',
  Stocktaking: 'notFound.stocktaking',
  Storage: 'notFound.storage',
  Supplier: 'notFound.supplier',
  User: 'notFound.user',
  Warehouse: 'notFound.warehouse',
} as const satisfies Record<string, MessageKey>;

/** The numeric id of a GraphQL ID argument, or NOT_FOUND for anything that cannot name a row. */
export function rowId(id: string | number, what: keyof typeof NOT_FOUND = 'Record'): number {
  const text = String(id);
  const value = Number(text);
  if (!/^[1-9]\d{0,9}$/.test(text) || value > MAX_ID) throw notFound(msg(NOT_FOUND[what]));
  return value;
}

/**
 * The rule of an id inside an input (e.g. DepartmentInput.clientId): a positive integer
 * within PostgreSQL's integer range, else BAD_USER_INPUT on that field.
 */
export const inputId = (name: string) => field.id(name);

/**
 * The numeric id of an argument naming another record than the operation's own (a parent,
 * a filter: `createRack(storageId:)`): anything that cannot name a row is BAD_USER_INPUT on
 * that argument, like an id inside an input.
 */
export function argumentId(id: string | number, name: string): number {
  return parse(z.object({ [name]: field.id(name) }), { [name]: id })[name] as number;
}
