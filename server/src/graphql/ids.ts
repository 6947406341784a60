import { z } from 'zod';
import { notFound } from '../domain/errors';
import { field, MAX_ID, parse } from '../domain/validation';

/** The numeric id of a GraphQL ID argument, or NOT_FOUND for anything that cannot name a row. */
export function rowId(id: string | number, what = 'Record'): number {
  const text = String(id);
  const value = Number(text);
  if (!/^[1-9]\d{0,9}$/.test(text) || value > MAX_ID) throw notFound(`${what} not found.`);
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
