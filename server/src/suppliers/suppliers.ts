import { msg } from '@kontor/contracts';
import { z } from 'zod';
import { queryOne, type Db, type SqlParam } from '../db';
import { addressInput, type Address } from '../clients/clients';
import { uniqueConstraints } from '../domain/database-errors';
import { conflict, notFound, staleEdit } from '../domain/errors';
import { field } from '../domain/validation';
import { listPage, type Page, type PageArgs } from '../lists/list';
import { supplierList } from './list';

// Suppliers (issue 13): who sends the goods an avis announces. Business functions only;
// the GraphQL resolvers (resolvers.ts) parse the input and call these.

// A race for one number gives the number's field error, never an internal error.
uniqueConstraints({ suppliers_number_lower_key: 'number' });

/** A supplier with its address; email and phone are the address's. */
export interface Supplier {
  id: number;
  name: string;
  number: string;
  isDropshipping: boolean;
  contactPerson: string;
  address: Address;
  email: string;
  phone: string;
  version: number;
}

/** The rules of a supplier as the form (or an import) sends it. */
export const supplierInput = z.object({
  name: field.requiredString('name'),
  number: field.requiredString('number', 50).refine((value) => !/[\r\n\t]/.test(value), {
    message: 'The number field must be a single line.',
    params: { rule: 'characters' },
  }),
  isDropshipping: z
    .boolean({ error: 'The is dropshipping field must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
  address: addressInput,
  contactPerson: field.optionalString('contact person'),
});

/** A supplier as the form sends it. */
export type SupplierInput = z.input<typeof supplierInput>;
/** A supplier's data after validation: what createSupplier and updateSupplier take. */
export type ValidSupplier = z.output<typeof supplierInput>;

/** The sort keys of the supplier list. */
export type SupplierSort = 'NAME' | 'NUMBER' | 'ID';

/** A row as supplierList and COLUMNS read it. */
type SupplierRow = Address &
  Pick<Supplier, 'id' | 'name' | 'number' | 'isDropshipping' | 'contactPerson' | 'version'>;

/** The list's columns without its table alias: the columns of one supplier. */
const COLUMNS = supplierList.select.replace(/\bs\./g, '');

function toSupplier(row: SupplierRow): Supplier {
  const { id, name, number, isDropshipping, contactPerson, version, ...address } = row;
  return {
    id,
    name,
    number,
    isDropshipping,
    contactPerson,
    version,
    address,
    email: address.email,
    phone: address.phone,
  };
}

/** The table's columns in the order of `valuesOf`. */
const WRITE_COLUMNS = [
  'name',
  'number',
  'is_dropshipping',
  'contact_person',
  'company',
  'prefix',
  'first_name',
  'middle_name',
  'last_name',
  'suffix',
  'street',
  'house_number',
  'postcode',
  'city',
  'country_code',
  'state',
  'email',
  'phone',
  'additional_lines',
] as const;

function valuesOf(input: ValidSupplier): SqlParam[] {
  const a = input.address;
  return [
    input.name,
    input.number,
    input.isDropshipping,
    input.contactPerson,
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

/** One page of suppliers, searchable by name and number. */
export async function listSuppliers(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: SupplierSort,
): Promise<Page<Supplier>> {
  const page = await listPage<SupplierRow, SupplierSort>(db, supplierList, args, sortBy);
  return { ...page, items: page.items.map(toSupplier) };
}

/** The suppliers with these ids (for loaders), in any order. */
export async function suppliersByIds(db: Db, ids: readonly number[]): Promise<Supplier[]> {
  const rows = await db.query<SupplierRow>(
    `SELECT ${COLUMNS} FROM suppliers WHERE id = any($1::int[])`,
    [[...ids]],
  );
  return rows.map(toSupplier);
}

/** One supplier, or undefined. */
export async function findSupplier(db: Db, id: number): Promise<Supplier | undefined> {
  const row = await queryOne<SupplierRow>(db, `SELECT ${COLUMNS} FROM suppliers WHERE id = $1`, [
    id,
  ]);
  return row && toSupplier(row);
}

/** Creates a supplier; the number must be new (ignoring case: the unique index decides). */
export async function createSupplier(db: Db, input: ValidSupplier): Promise<Supplier> {
  const placeholders = WRITE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  const row = await queryOne<SupplierRow>(
    db,
    `INSERT INTO suppliers (${WRITE_COLUMNS.join(', ')}) VALUES (${placeholders})
     RETURNING ${COLUMNS}`,
    valuesOf(input),
  );
  return toSupplier(row!);
}

/** Saves a supplier's changes made on `version`; a newer version on the server is a CONFLICT. */
export async function updateSupplier(
  db: Db,
  id: number,
  version: number,
  input: ValidSupplier,
): Promise<Supplier> {
  // A taken number is the number's field error (the declared unique index, mapped once).
  return db.transaction(async (tx) => {
    const current = await queryOne<{ version: number }>(
      tx,
      'SELECT version FROM suppliers WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound(msg('notFound.supplier'));
    if (current.version !== version) throw staleEdit();
    const sets = WRITE_COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
    const row = await queryOne<SupplierRow>(
      tx,
      `UPDATE suppliers SET ${sets}, version = version + 1, updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, ...valuesOf(input)],
    );
    return toSupplier(row!);
  });
}

/** The message of a supplier still named by an avis. */
const IN_USE = msg('suppliers.inUse');

/**
 * Deletes a supplier no avis names. The row is locked first (FOR UPDATE), so an avis being
 * created for it at the same moment (its foreign key check locks the row KEY SHARE) is
 * either seen by the check or waits and then fails on the missing supplier; the foreign key
 * (RESTRICT) is the net: its violation is the same CONFLICT.
 */
export async function deleteSupplier(db: Db, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const found = await queryOne(tx, 'SELECT id FROM suppliers WHERE id = $1 FOR UPDATE', [id]);
      if (!found) throw notFound(msg('notFound.supplier'));
      const avis = await queryOne(tx, 'SELECT id FROM avis WHERE supplier_id = $1 LIMIT 1', [id]);
      if (avis) throw conflict(IN_USE, 'in-use');
      await tx.query('DELETE FROM suppliers WHERE id = $1', [id]);
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === '23503') throw conflict(IN_USE, 'in-use');
    throw error;
  }
}
