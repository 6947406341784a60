import { msg } from '@kontor/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import { kysely } from '../db/kysely';
import { uniqueConstraints } from '../domain/database-errors';
import { invalidField, notFound, staleEdit } from '../domain/errors';
import { field } from '../domain/validation';
import { listPage, type FilterValues, type Page, type PageArgs } from '../lists/list';
import { departmentList } from './list';

// The unique indexes of this area's tables: a race for one value gives a field error.
uniqueConstraints({
  departments_client_customer_number_key: {
    field: 'customerNumber',
    message: 'The customer number has already been taken for this client.',
  },
});

/** A department of a client (the client itself is loaded by the API's loader). */
export interface Department {
  id: number;
  name: string;
  customerNumber: string;
  clientId: number;
  version: number;
}

/** The rules of a department as the form sends it. */
export const departmentInput = z.object({
  name: field.requiredString('name'),
  customerNumber: field
    .requiredString('customer number', 50)
    .refine((value) => /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value), {
      message:
        'The customer number may only contain letters, digits, dots, dashes, slashes and underscores.',
      params: { rule: 'customerNumber' },
    }),
  clientId: field.id('client'),
});

/** A department's data after validation: what createDepartment and updateDepartment take. */
export type ValidDepartment = z.output<typeof departmentInput>;

const DEPARTMENT_COLUMNS = [
  'id',
  'name',
  'customer_number as customerNumber',
  'client_id as clientId',
  'version',
] as const;

/** The sort keys of the department list. */
export type DepartmentSort = 'NAME' | 'CUSTOMER_NUMBER' | 'CLIENT' | 'ID';

/** One page of departments, searchable by name, customer number and client name. */
export async function listDepartments(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: DepartmentSort,
  filter?: FilterValues<'clientId'> | null,
): Promise<Page<Department>> {
  return listPage<Department, DepartmentSort, 'clientId'>(db, departmentList, args, sortBy, filter);
}

/** One department, or undefined. */
export async function findDepartment(db: Db, id: number): Promise<Department | undefined> {
  return kysely(db)
    .selectFrom('departments')
    .select(DEPARTMENT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The client must exist (its customer numbers are unique: the unique index decides). */
async function assertClientExists(db: Db, clientId: number): Promise<void> {
  const client = await kysely(db)
    .selectFrom('clients')
    .select('id')
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!client) throw invalidField('clientId', 'exists', 'The selected client is invalid.');
}

/** Creates a department; its customer number must be new within its client. */
export async function createDepartment(db: Db, input: ValidDepartment): Promise<Department> {
  return db.transaction(async (tx) => {
    await assertClientExists(tx, input.clientId);
    return kysely(tx)
      .insertInto('departments')
      .values({
        name: input.name,
        customer_number: input.customerNumber,
        client_id: input.clientId,
      })
      .returning(DEPARTMENT_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** Saves a department's changes made on `version`; a newer version on the server is a CONFLICT. */
export async function updateDepartment(
  db: Db,
  id: number,
  version: number,
  input: ValidDepartment,
): Promise<Department> {
  return db.transaction(async (tx) => {
    const current = await kysely(tx)
      .selectFrom('departments')
      .select('version')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(msg('notFound.department'));
    if (current.version !== version) throw staleEdit();
    await assertClientExists(tx, input.clientId);
    return kysely(tx)
      .updateTable('departments')
      .set((eb) => ({
        name: input.name,
        customer_number: input.customerNumber,
        client_id: input.clientId,
        version: eb('version', '+', 1),
        updated_at: sql`now()`,
      }))
      .where('id', '=', id)
      .returning(DEPARTMENT_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** Deletes a department. */
export async function deleteDepartment(db: Db, id: number): Promise<void> {
  const deleted = await kysely(db)
    .deleteFrom('departments')
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound(msg('notFound.department'));
}
