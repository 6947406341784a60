import { notFound } from '../http/errors';

/** Ids are PostgreSQL integers; a larger number names nothing. */
const MAX_ID = 2_147_483_647;

/** The numeric id of a GraphQL ID, or NOT_FOUND for anything that cannot name a row. */
export function rowId(id: string | number, what = 'Record'): number {
  const text = String(id);
  const value = Number(text);
  if (!/^[1-9]\d{0,9}$/.test(text) || value > MAX_ID) throw notFound(`${what} not found.`);
  return value;
}
