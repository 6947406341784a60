import { msg } from '@kontor/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import { executePrepared, kysely } from '../db/kysely';
import { uniqueConstraints } from '../domain/database-errors';
import { conflict, notFound, staleEdit } from '../domain/errors';
import { field } from '../domain/validation';
import type { Address as GraphqlAddress } from '../graphql/generated';
import type { Fields } from '../lists/projection';
import { listPage, type Page, type PageArgs } from '../lists/list';
import { clientList } from './list';

// The unique indexes of this area's tables: a race for one value gives a field error.
uniqueConstraints({ clients_name_lower_key: 'name' });

/** A postal address (docs/product.md §3) as the schema declares it; empty text where a part is not given. */
export type Address = Omit<GraphqlAddress, '__typename'>;

/** A client (Mandant) with its contact person in the address. */
export interface Client {
  id: number;
  name: string;
  address: Address;
  version: number;
}

/** Postcode formats of the countries Kontor's clients ship from; others: 2–10 letters, digits, spaces, dashes. */
const POSTCODES: Record<string, RegExp> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  PL: /^\d{2}-\d{3}$/,
  FR: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
};
const ANY_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

const optionalText = (name: string, max = 255) =>
  z
    .string()
    .trim()
    .max(max, `The ${name} field must not be greater than ${max} characters.`)
    .nullish()
    .transform((value) => value ?? '');

/** The rules of an address: street, house number, postcode (by country), city and country are required. */
export const addressInput = z
  .object({
    company: optionalText('company'),
    prefix: optionalText('prefix', 50),
    firstName: optionalText('first name', 100),
    middleName: optionalText('middle name', 100),
    lastName: optionalText('last name', 100),
    suffix: optionalText('suffix', 50),
    street: field.requiredString('street'),
    houseNumber: field.requiredString('house number', 20),
    postcode: field.requiredString('postcode', 10),
    city: field.requiredString('city', 100),
    countryCode: field
      .requiredString('country code', 2)
      .transform((code) => code.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, 'The country code must be two letters (ISO 3166-1).')),
    state: optionalText('state', 100),
    email: z
      .string()
      .trim()
      .max(255, 'The email field must not be greater than 255 characters.')
      .nullish()
      .transform((value) => value ?? '')
      .pipe(z.union([z.literal(''), z.email('The email field must be a valid email address.')])),
    phone: optionalText('phone', 50),
    additionalLines: optionalText('additional lines', 500),
  })
  .superRefine((address, ctx) => {
    const format = POSTCODES[address.countryCode] ?? ANY_POSTCODE;
    if (!format.test(address.postcode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postcode'],
        message: `The postcode is not valid for ${address.countryCode}.`,
        params: { rule: 'postcode' },
      });
    }
  });

/** The rules of a client as the form sends it (parse it with `parse` from domain/validation). */
export const clientInput = z.object({
  name: field.requiredString('name'),
  address: addressInput,
});

/** A client as the form sends it. */
export type ClientInput = z.input<typeof clientInput>;
/** A client's data after validation: what createClient and updateClient take. */
export type ValidClient = z.output<typeof clientInput>;

/** The columns of a client, named as Client's fields. */
const CLIENT_COLUMNS = [
  'id',
  'name',
  'version',
  'company',
  'prefix',
  'first_name as firstName',
  'middle_name as middleName',
  'last_name as lastName',
  'suffix',
  'street',
  'house_number as houseNumber',
  'postcode',
  'city',
  'country_code as countryCode',
  'state',
  'email',
  'phone',
  'additional_lines as additionalLines',
] as const;

/** CLIENT_COLUMNS of the table as `c` (for a page whose rows carry their client: ListDefinition.carries). */
export const CLIENT_FIELDS: Fields = Object.fromEntries(
  CLIENT_COLUMNS.map((column) => {
    const [name, field = name] = column.split(' as ');
    return [field, `c.${name}`];
  }),
);

/** A client as CLIENT_COLUMNS name its columns. */
type ClientRow = Address & Pick<Client, 'id' | 'name' | 'version'>;

function toClient({ id, name, version, ...address }: ClientRow): Client {
  return { id, name, version, address };
}

/** The table's columns for a client's data. */
function columnsOf(input: ValidClient) {
  const a = input.address;
  return {
    name: input.name,
    company: a.company,
    prefix: a.prefix,
    first_name: a.firstName,
    middle_name: a.middleName,
    last_name: a.lastName,
    suffix: a.suffix,
    street: a.street,
    house_number: a.houseNumber,
    postcode: a.postcode,
    city: a.city,
    country_code: a.countryCode,
    state: a.state,
    email: a.email,
    phone: a.phone,
    additional_lines: a.additionalLines,
  };
}

/** The sort keys of the client list. */
export type ClientSort = 'NAME' | 'CITY' | 'ID';

/** One page of clients, searchable by name, contact, postcode and city. */
export async function listClients(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: ClientSort,
): Promise<Page<Client>> {
  const page = await listPage<ClientRow, ClientSort>(db, clientList, args, sortBy);
  return { ...page, items: page.items.map(toClient) };
}

/** The clients with these ids (for the department list's loader), in any order. */
export async function clientsByIds(db: Db, ids: readonly number[]): Promise<Client[]> {
  // Every page naming clients runs it: one plan fits every id list (a prepared statement).
  const rows = await executePrepared(
    db,
    kysely(db)
      .selectFrom('clients')
      .select(CLIENT_COLUMNS)
      .where('id', '=', sql<number>`any(${[...ids]})`),
  );
  return rows.map(toClient);
}

/** One client, or undefined. */
export async function findClient(db: Db, id: number): Promise<Client | undefined> {
  const row = await kysely(db)
    .selectFrom('clients')
    .select(CLIENT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toClient(row);
}

/** Creates a client; the name must be new (ignoring case: the unique index decides). */
export async function createClient(db: Db, input: ValidClient): Promise<Client> {
  const row = await kysely(db)
    .insertInto('clients')
    .values(columnsOf(input))
    .returning(CLIENT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toClient(row);
}

/** Saves a client's changes made on `version`; a newer version on the server is a CONFLICT. */
export async function updateClient(
  db: Db,
  id: number,
  version: number,
  input: ValidClient,
): Promise<Client> {
  return db.transaction(async (tx) => {
    const current = await kysely(tx)
      .selectFrom('clients')
      .select('version')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(msg('notFound.client'));
    if (current.version !== version) throw staleEdit();
    const row = await kysely(tx)
      .updateTable('clients')
      .set((eb) => ({
        ...columnsOf(input),
        version: eb('version', '+', 1),
        updated_at: sql`now()`,
      }))
      .where('id', '=', id)
      .returning(CLIENT_COLUMNS)
      .executeTakeFirstOrThrow();
    return toClient(row);
  });
}

/** Deletes a client that has no departments left. */
export async function deleteClient(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const q = kysely(tx);
    if (!(await q.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst()))
      throw notFound(msg('notFound.client'));
    const department = await q
      .selectFrom('departments')
      .select('id')
      .where('client_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (department) throw conflict(msg('clients.hasDepartments'), 'in-use');
    await q.deleteFrom('clients').where('id', '=', id).execute();
  });
}
