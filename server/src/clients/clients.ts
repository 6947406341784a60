import { z } from 'zod';
import { queryOne, type Db } from '../db';
import { conflict, invalidField, parseArgs, staleEdit } from '../graphql/errors';
import { listPage, type Page, type PageArgs } from '../graphql/list';
import { notFound } from '../http/errors';
import { field } from '../http/validation';
import type { Address as GraphqlAddress } from '../graphql/generated';

/** A postal address (SPEC.md §3) as the schema declares it; empty text where a part is not given. */
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

const clientInput = z.object({
  name: field.requiredString('name'),
  address: addressInput,
});

/** What a client is made of, as the form sends it. */
export type ClientInput = z.input<typeof clientInput>;

interface ClientRow extends Address {
  id: number;
  name: string;
  version: number;
}

const COLUMNS = `c.id, c.name, c.version, c.company, c.prefix, c.first_name AS "firstName",
  c.middle_name AS "middleName", c.last_name AS "lastName", c.suffix, c.street,
  c.house_number AS "houseNumber", c.postcode, c.city, c.country_code AS "countryCode", c.state,
  c.email, c.phone, c.additional_lines AS "additionalLines"`;

function toClient({ id, name, version, ...address }: ClientRow): Client {
  return { id, name, version, address };
}

/** The sort keys of the client list. */
export type ClientSort = 'NAME' | 'CITY' | 'ID';

/** One page of clients, searchable by name, contact, postcode and city. */
export async function listClients(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: ClientSort,
): Promise<Page<Client>> {
  const page = await listPage<ClientRow, ClientSort>(
    db,
    {
      select: COLUMNS,
      from: 'clients c',
      searchColumns: ['c.name', 'c.first_name', 'c.last_name', 'c.postcode', 'c.city'],
      sortColumns: { NAME: 'lower(c.name)', CITY: 'lower(c.city)', ID: 'c.id' },
      idColumn: 'c.id',
    },
    args,
    sortBy,
  );
  return { ...page, items: page.items.map(toClient) };
}

/** The clients with these ids (for the department list's loader), in any order. */
export async function clientsByIds(db: Db, ids: readonly number[]): Promise<Client[]> {
  const rows = await db.query<ClientRow>(
    `SELECT ${COLUMNS} FROM clients c WHERE c.id = ANY($1::int[])`,
    [[...ids]],
  );
  return rows.map(toClient);
}

/** One client, or undefined. */
export async function findClient(db: Db, id: number): Promise<Client | undefined> {
  const row = await queryOne<ClientRow>(db, `SELECT ${COLUMNS} FROM clients c WHERE c.id = $1`, [
    id,
  ]);
  return row && toClient(row);
}

async function assertNameFree(db: Db, name: string, exceptId: number | null): Promise<void> {
  const taken = await queryOne(
    db,
    'SELECT 1 FROM clients WHERE lower(name) = lower($1) AND id <> coalesce($2, 0)',
    [name, exceptId],
  );
  if (taken) throw invalidField('name', 'unique', 'The name has already been taken.');
}

function values(input: z.output<typeof clientInput>) {
  const a = input.address;
  return [
    input.name,
    a.company,
    a.prefix,
    a.firstName,
    a.middleName,
    a.lastName,
    a.suffix,
    a.street,
    a.houseNumber,
    a.postcode,
    a.city,
    a.countryCode,
    a.state,
    a.email,
    a.phone,
    a.additionalLines,
  ];
}

/** Creates a client; the name must be new (ignoring case). */
export async function createClient(db: Db, input: unknown): Promise<Client> {
  const parsed = parseArgs(clientInput, input);
  return db.transaction(async (tx) => {
    await assertNameFree(tx, parsed.name, null);
    const row = await queryOne<ClientRow>(
      tx,
      `INSERT INTO clients AS c (name, company, prefix, first_name, middle_name, last_name, suffix, street,
         house_number, postcode, city, country_code, state, email, phone, additional_lines)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING ${COLUMNS}`,
      values(parsed),
    );
    return toClient(row!);
  });
}

/** Saves a client's changes made on `version`; a newer version on the server is a CONFLICT. */
export async function updateClient(
  db: Db,
  id: number,
  version: number,
  input: unknown,
): Promise<Client> {
  const parsed = parseArgs(clientInput, input);
  return db.transaction(async (tx) => {
    const current = await queryOne<{ version: number }>(
      tx,
      'SELECT version FROM clients WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound('Client not found.');
    if (current.version !== version) throw staleEdit();
    await assertNameFree(tx, parsed.name, id);
    const row = await queryOne<ClientRow>(
      tx,
      `UPDATE clients AS c SET name = $2, company = $3, prefix = $4, first_name = $5, middle_name = $6, last_name = $7,
         suffix = $8, street = $9, house_number = $10, postcode = $11, city = $12, country_code = $13, state = $14,
         email = $15, phone = $16, additional_lines = $17, version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, ...values(parsed)],
    );
    return toClient(row!);
  });
}

/** Deletes a client that has no departments left. */
export async function deleteClient(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await queryOne(tx, 'SELECT 1 FROM clients WHERE id = $1', [id])))
      throw notFound('Client not found.');
    if (await queryOne(tx, 'SELECT 1 FROM departments WHERE client_id = $1 LIMIT 1', [id]))
      throw conflict('The client still has departments; delete them first.', 'in-use');
    await tx.query('DELETE FROM clients WHERE id = $1', [id]);
  });
}
