import { z } from 'zod';
import { queryOne, type Db } from '../db';
import { conflict, invalidField, parseArgs, staleEdit } from '../graphql/errors';
import { listPage, type Page, type PageArgs } from '../graphql/list';
import { notFound } from '../http/errors';
import { field } from '../http/validation';

/** A carrier. */
export interface Shipper {
  id: number;
  name: string;
  version: number;
}

/** A carrier's product (its shipper is loaded by the API's loader). */
export interface ShippingMethod {
  id: number;
  name: string;
  shipperId: number;
  hazmatAllowed: boolean;
  trackingRequired: boolean;
  version: number;
}

const shipperInput = z.object({ name: field.requiredString('name', 100) });

const shippingMethodInput = z.object({
  name: field.requiredString('name', 100),
  shipperId: field.id('shipper'),
  hazmatAllowed: z.boolean({ error: 'The hazardous goods field is required.' }),
  trackingRequired: z.boolean({ error: 'The tracking number field is required.' }),
});

const SHIPPER_COLUMNS = 's.id, s.name, s.version';
const METHOD_COLUMNS = `m.id, m.name, m.shipper_id AS "shipperId", m.hazmat_allowed AS "hazmatAllowed",
  m.tracking_required AS "trackingRequired", m.version`;

/** The sort keys of the shipper list. */
export type ShipperSort = 'NAME' | 'ID';
/** The sort keys of the shipping-method list. */
export type ShippingMethodSort = 'NAME' | 'SHIPPER' | 'ID';

/** One page of shippers, searchable by name. */
export async function listShippers(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: ShipperSort,
): Promise<Page<Shipper>> {
  return listPage<Shipper, ShipperSort>(
    db,
    {
      select: SHIPPER_COLUMNS,
      from: 'shippers s',
      searchColumns: ['s.name'],
      sortColumns: { NAME: 'lower(s.name)', ID: 's.id' },
      idColumn: 's.id',
    },
    args,
    sortBy,
  );
}

/** One page of shipping methods, searchable by their and their shipper's name. */
export async function listShippingMethods(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: ShippingMethodSort,
): Promise<Page<ShippingMethod>> {
  return listPage<ShippingMethod, ShippingMethodSort>(
    db,
    {
      select: METHOD_COLUMNS,
      from: 'shipping_methods m JOIN shippers s ON s.id = m.shipper_id',
      searchColumns: ['m.name', 's.name'],
      sortColumns: { NAME: 'lower(m.name)', SHIPPER: 'lower(s.name)', ID: 'm.id' },
      idColumn: 'm.id',
    },
    args,
    sortBy,
  );
}

/** The shippers with these ids (for the shipping-method list's loader). */
export async function shippersByIds(db: Db, ids: readonly number[]): Promise<Shipper[]> {
  return db.query<Shipper>(
    `SELECT ${SHIPPER_COLUMNS} FROM shippers s WHERE s.id = ANY($1::int[])`,
    [[...ids]],
  );
}

/** One shipper, or undefined. */
export async function findShipper(db: Db, id: number): Promise<Shipper | undefined> {
  return queryOne<Shipper>(db, `SELECT ${SHIPPER_COLUMNS} FROM shippers s WHERE s.id = $1`, [id]);
}

/** One shipping method, or undefined. */
export async function findShippingMethod(db: Db, id: number): Promise<ShippingMethod | undefined> {
  return queryOne<ShippingMethod>(
    db,
    `SELECT ${METHOD_COLUMNS} FROM shipping_methods m WHERE m.id = $1`,
    [id],
  );
}

async function assertShipperNameFree(db: Db, name: string, exceptId: number | null) {
  const taken = await queryOne(
    db,
    'SELECT 1 FROM shippers WHERE lower(name) = lower($1) AND id <> coalesce($2, 0)',
    [name, exceptId],
  );
  if (taken) throw invalidField('name', 'unique', 'The name has already been taken.');
}

/** Creates a shipper with a new name. */
export async function createShipper(db: Db, input: unknown): Promise<Shipper> {
  const parsed = parseArgs(shipperInput, input);
  return db.transaction(async (tx) => {
    await assertShipperNameFree(tx, parsed.name, null);
    const row = await queryOne<Shipper>(
      tx,
      `INSERT INTO shippers AS s (name) VALUES ($1) RETURNING ${SHIPPER_COLUMNS}`,
      [parsed.name],
    );
    return row!;
  });
}

/** Renames a shipper, refused when someone saved it since `version`. */
export async function updateShipper(
  db: Db,
  id: number,
  version: number,
  input: unknown,
): Promise<Shipper> {
  const parsed = parseArgs(shipperInput, input);
  return db.transaction(async (tx) => {
    const current = await queryOne<{ version: number }>(
      tx,
      'SELECT version FROM shippers WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound('Shipper not found.');
    if (current.version !== version) throw staleEdit();
    await assertShipperNameFree(tx, parsed.name, id);
    const row = await queryOne<Shipper>(
      tx,
      `UPDATE shippers AS s SET name = $2, version = version + 1, updated_at = now()
        WHERE id = $1 RETURNING ${SHIPPER_COLUMNS}`,
      [id, parsed.name],
    );
    return row!;
  });
}

/** Deletes a shipper without shipping methods. */
export async function deleteShipper(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await queryOne(tx, 'SELECT 1 FROM shippers WHERE id = $1', [id])))
      throw notFound('Shipper not found.');
    if (await queryOne(tx, 'SELECT 1 FROM shipping_methods WHERE shipper_id = $1 LIMIT 1', [id]))
      throw conflict('The shipper still has shipping methods; delete them first.', 'in-use');
    await tx.query('DELETE FROM shippers WHERE id = $1', [id]);
  });
}

async function checkMethod(
  db: Db,
  input: z.output<typeof shippingMethodInput>,
  exceptId: number | null,
): Promise<void> {
  if (!(await queryOne(db, 'SELECT 1 FROM shippers WHERE id = $1', [input.shipperId])))
    throw invalidField('shipperId', 'exists', 'The selected shipper is invalid.');
  const taken = await queryOne(
    db,
    `SELECT 1 FROM shipping_methods
      WHERE shipper_id = $1 AND lower(name) = lower($2) AND id <> coalesce($3, 0)`,
    [input.shipperId, input.name, exceptId],
  );
  if (taken)
    throw invalidField('name', 'unique', 'The name has already been taken for this shipper.');
}

/** Creates a shipping method of a shipper; its name is unique per shipper. */
export async function createShippingMethod(db: Db, input: unknown): Promise<ShippingMethod> {
  const parsed = parseArgs(shippingMethodInput, input);
  return db.transaction(async (tx) => {
    await checkMethod(tx, parsed, null);
    const row = await queryOne<ShippingMethod>(
      tx,
      `INSERT INTO shipping_methods AS m (name, shipper_id, hazmat_allowed, tracking_required)
       VALUES ($1, $2, $3, $4) RETURNING ${METHOD_COLUMNS}`,
      [parsed.name, parsed.shipperId, parsed.hazmatAllowed, parsed.trackingRequired],
    );
    return row!;
  });
}

/** Saves a shipping method's changes made on `version`. */
export async function updateShippingMethod(
  db: Db,
  id: number,
  version: number,
  input: unknown,
): Promise<ShippingMethod> {
  const parsed = parseArgs(shippingMethodInput, input);
  return db.transaction(async (tx) => {
    const current = await queryOne<{ version: number }>(
      tx,
      'SELECT version FROM shipping_methods WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound('Shipping method not found.');
    if (current.version !== version) throw staleEdit();
    await checkMethod(tx, parsed, id);
    const row = await queryOne<ShippingMethod>(
      tx,
      `UPDATE shipping_methods AS m SET name = $2, shipper_id = $3, hazmat_allowed = $4,
         tracking_required = $5, version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING ${METHOD_COLUMNS}`,
      [id, parsed.name, parsed.shipperId, parsed.hazmatAllowed, parsed.trackingRequired],
    );
    return row!;
  });
}

/** Deletes a shipping method. */
export async function deleteShippingMethod(db: Db, id: number): Promise<void> {
  const deleted = await db.query('DELETE FROM shipping_methods WHERE id = $1 RETURNING id', [id]);
  if (deleted.length === 0) throw notFound('Shipping method not found.');
}
