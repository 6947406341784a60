import { z } from 'zod';
import { queryOne, type Db } from '../db';
import { invalidField, parseArgs, staleEdit } from '../graphql/errors';
import { listPage, type Page, type PageArgs } from '../graphql/list';
import { notFound } from '../http/errors';
import { field } from '../http/validation';

/** A department of a client (the client itself is loaded by the API's loader). */
export interface Department {
  id: number;
  name: string;
  customerNumber: string;
  clientId: number;
  version: number;
}

const departmentInput = z.object({
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

const COLUMNS = `d.id, d.name, d.customer_number AS "customerNumber", d.client_id AS "clientId", d.version`;

/** The sort keys of the department list. */
export type DepartmentSort = 'NAME' | 'CUSTOMER_NUMBER' | 'CLIENT' | 'ID';

/** One page of departments, searchable by name, customer number and client name. */
export async function listDepartments(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: DepartmentSort,
): Promise<Page<Department>> {
  return listPage<Department, DepartmentSort>(
    db,
    {
      select: COLUMNS,
      from: 'departments d JOIN clients c ON c.id = d.client_id',
      searchColumns: ['d.name', 'd.customer_number', 'c.name'],
      sortColumns: {
        NAME: 'lower(d.name)',
        CUSTOMER_NUMBER: 'lower(d.customer_number)',
        CLIENT: 'lower(c.name)',
        ID: 'd.id',
      },
      idColumn: 'd.id',
    },
    args,
    sortBy,
  );
}

/** One department, or undefined. */
export async function findDepartment(db: Db, id: number): Promise<Department | undefined> {
  return queryOne<Department>(db, `SELECT ${COLUMNS} FROM departments d WHERE d.id = $1`, [id]);
}

async function checkClientAndNumber(
  db: Db,
  input: z.output<typeof departmentInput>,
  exceptId: number | null,
): Promise<void> {
  if (!(await queryOne(db, 'SELECT 1 FROM clients WHERE id = $1', [input.clientId])))
    throw invalidField('clientId', 'exists', 'The selected client is invalid.');
  const taken = await queryOne(
    db,
    `SELECT 1 FROM departments
      WHERE client_id = $1 AND lower(customer_number) = lower($2) AND id <> coalesce($3, 0)`,
    [input.clientId, input.customerNumber, exceptId],
  );
  if (taken)
    throw invalidField(
      'customerNumber',
      'unique',
      'The customer number has already been taken for this client.',
    );
}

/** Creates a department; its customer number must be new within its client. */
export async function createDepartment(db: Db, input: unknown): Promise<Department> {
  const parsed = parseArgs(departmentInput, input);
  return db.transaction(async (tx) => {
    await checkClientAndNumber(tx, parsed, null);
    const row = await queryOne<Department>(
      tx,
      `INSERT INTO departments AS d (name, customer_number, client_id) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [parsed.name, parsed.customerNumber, parsed.clientId],
    );
    return row!;
  });
}

/** Saves a department's changes made on `version`; a newer version on the server is a CONFLICT. */
export async function updateDepartment(
  db: Db,
  id: number,
  version: number,
  input: unknown,
): Promise<Department> {
  const parsed = parseArgs(departmentInput, input);
  return db.transaction(async (tx) => {
    const current = await queryOne<{ version: number }>(
      tx,
      'SELECT version FROM departments WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound('Department not found.');
    if (current.version !== version) throw staleEdit();
    await checkClientAndNumber(tx, parsed, id);
    const row = await queryOne<Department>(
      tx,
      `UPDATE departments AS d SET name = $2, customer_number = $3, client_id = $4,
         version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, parsed.name, parsed.customerNumber, parsed.clientId],
    );
    return row!;
  });
}

/** Deletes a department. */
export async function deleteDepartment(db: Db, id: number): Promise<void> {
  const deleted = await db.query('DELETE FROM departments WHERE id = $1 RETURNING id', [id]);
  if (deleted.length === 0) throw notFound('Department not found.');
}
