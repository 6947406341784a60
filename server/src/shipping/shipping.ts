import { msg } from '@kontor/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db';
import { kysely } from '../db/kysely';
import { uniqueConstraints } from '../domain/database-errors';
import { conflict, invalidField, notFound, staleEdit } from '../domain/errors';
import { field } from '../domain/validation';
import { listPage, type FilterValues, type Page, type PageArgs } from '../lists/list';
import { shipperList, shippingMethodList } from './list';
import { sameNames, type Fields, type Readable } from '../lists/projection';

// The unique indexes of this area's tables: a race for one value gives a field error.
uniqueConstraints({
  shippers_name_lower_key: 'name',
  shipping_methods_name_lower_key: {
    field: 'name',
    message: 'The name has already been taken for this shipper.',
  },
});

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

/** The rules of a shipper as the form sends it. */
export const shipperInput = z.object({ name: field.requiredString('name', 100) });

/** The rules of a shipping method as the form sends it. */
export const shippingMethodInput = z.object({
  name: field.requiredString('name', 100),
  shipperId: field.id('shipper'),
  hazmatAllowed: z.boolean({ error: 'The hazardous goods field is required.' }),
  trackingRequired: z.boolean({ error: 'The tracking number field is required.' }),
});

/** A shipper's data after validation. */
export type ValidShipper = z.output<typeof shipperInput>;
/** A shipping method's data after validation. */
export type ValidShippingMethod = z.output<typeof shippingMethodInput>;

const SHIPPER_COLUMNS = ['id', 'name', 'version'] as const;
const METHOD_COLUMNS = [
  'id',
  'name',
  'shipper_id as shipperId',
  'hazmat_allowed as hazmatAllowed',
  'tracking_required as trackingRequired',
  'version',
] as const;

/** A shipping method's columns (`sm`) by ShippingMethod's properties (a page's rows carry theirs). */
export const SHIPPING_METHOD_FIELDS: Fields = {
  id: 'sm.id',
  name: 'sm.name',
  shipperId: 'sm.shipper_id',
  hazmatAllowed: 'sm.hazmat_allowed',
  trackingRequired: 'sm.tracking_required',
  version: 'sm.version',
};

/** The fields of ShippingMethod a row that carries its method reads. */
export const SHIPPING_METHOD_READABLE: Readable = {
  ...sameNames('id', 'name', 'hazmatAllowed', 'trackingRequired', 'version'),
  shipper: ['shipperId'],
};

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
  return listPage<Shipper, ShipperSort>(db, shipperList, args, sortBy);
}

/** One page of shipping methods, searchable by their and their shipper's name. */
export async function listShippingMethods(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: ShippingMethodSort,
  filter?: FilterValues<'shipperId'> | null,
): Promise<Page<ShippingMethod>> {
  return listPage<ShippingMethod, ShippingMethodSort, 'shipperId'>(
    db,
    shippingMethodList,
    args,
    sortBy,
    filter,
  );
}

/** The shippers with these ids (for the shipping-method list's loader). */
export async function shippersByIds(db: Db, ids: readonly number[]): Promise<Shipper[]> {
  return kysely(db)
    .selectFrom('shippers')
    .select(SHIPPER_COLUMNS)
    .where('id', '=', sql<number>`any(${[...ids]})`)
    .execute();
}

/** One shipper, or undefined. */
export async function findShipper(db: Db, id: number): Promise<Shipper | undefined> {
  return kysely(db)
    .selectFrom('shippers')
    .select(SHIPPER_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One shipping method, or undefined. */
export async function findShippingMethod(db: Db, id: number): Promise<ShippingMethod | undefined> {
  return kysely(db)
    .selectFrom('shipping_methods')
    .select(METHOD_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Creates a shipper with a new name (ignoring case: the unique index decides). */
export async function createShipper(db: Db, input: ValidShipper): Promise<Shipper> {
  return kysely(db)
    .insertInto('shippers')
    .values({ name: input.name })
    .returning(SHIPPER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Renames a shipper, refused when someone saved it since `version`. */
export async function updateShipper(
  db: Db,
  id: number,
  version: number,
  input: ValidShipper,
): Promise<Shipper> {
  return db.transaction(async (tx) => {
    const current = await kysely(tx)
      .selectFrom('shippers')
      .select('version')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(msg('notFound.shipper'));
    if (current.version !== version) throw staleEdit();
    return kysely(tx)
      .updateTable('shippers')
      .set((eb) => ({ name: input.name, version: eb('version', '+', 1), updated_at: sql`now()` }))
      .where('id', '=', id)
      .returning(SHIPPER_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** Deletes a shipper without shipping methods. */
export async function deleteShipper(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const q = kysely(tx);
    if (!(await q.selectFrom('shippers').select('id').where('id', '=', id).executeTakeFirst()))
      throw notFound(msg('notFound.shipper'));
    const method = await q
      .selectFrom('shipping_methods')
      .select('id')
      .where('shipper_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (method) throw conflict(msg('shipping.hasMethods'), 'in-use');
    await q.deleteFrom('shippers').where('id', '=', id).execute();
  });
}

/** The shipper must exist (method names are unique per shipper: the unique index decides). */
async function assertShipperExists(db: Db, shipperId: number): Promise<void> {
  const shipper = await kysely(db)
    .selectFrom('shippers')
    .select('id')
    .where('id', '=', shipperId)
    .executeTakeFirst();
  if (!shipper) throw invalidField('shipperId', 'exists', 'The selected shipper is invalid.');
}

const methodColumns = (input: ValidShippingMethod) => ({
  name: input.name,
  shipper_id: input.shipperId,
  hazmat_allowed: input.hazmatAllowed,
  tracking_required: input.trackingRequired,
});

/** Creates a shipping method of a shipper; its name is unique per shipper. */
export async function createShippingMethod(
  db: Db,
  input: ValidShippingMethod,
): Promise<ShippingMethod> {
  return db.transaction(async (tx) => {
    await assertShipperExists(tx, input.shipperId);
    return kysely(tx)
      .insertInto('shipping_methods')
      .values(methodColumns(input))
      .returning(METHOD_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** Saves a shipping method's changes made on `version`. */
export async function updateShippingMethod(
  db: Db,
  id: number,
  version: number,
  input: ValidShippingMethod,
): Promise<ShippingMethod> {
  return db.transaction(async (tx) => {
    const current = await kysely(tx)
      .selectFrom('shipping_methods')
      .select('version')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(msg('notFound.shippingMethod'));
    if (current.version !== version) throw staleEdit();
    await assertShipperExists(tx, input.shipperId);
    return kysely(tx)
      .updateTable('shipping_methods')
      .set((eb) => ({
        ...methodColumns(input),
        version: eb('version', '+', 1),
        updated_at: sql`now()`,
      }))
      .where('id', '=', id)
      .returning(METHOD_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** Deletes a shipping method. */
export async function deleteShippingMethod(db: Db, id: number): Promise<void> {
  const deleted = await kysely(db)
    .deleteFrom('shipping_methods')
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound(msg('notFound.shippingMethod'));
}
