import { msg } from '@kontor/contracts';
import { z } from 'zod';
import { addressInput, type Address } from '../clients/clients';
import { prepared, queryOne, type Db } from '../db';
import { uniqueConstraints } from '../domain/database-errors';
import { conflict, InvalidInput, invalidField, notFound, staleEdit } from '../domain/errors';
import { field } from '../domain/validation';
import { columnsSql } from '../lists/projection';
import { listPage, type FilterValues, type Page, type PageArgs } from '../lists/list';
import { placeList, WAREHOUSE_FIELDS, warehouseList } from './list';

// Warehouses → storages → racks → places (docs/domain.md "Things and places"). A place's
// `path` is the codes down the tree (`W1 / S2 / R03 / P12`) and `path_sort` its walking-order
// key; every change of a code rewrites the paths below it in the same transaction. Every
// write in a warehouse's tree first locks the warehouse row (FOR NO KEY UPDATE, which does
// not block bookings), so two edits of one tree never compute paths from each other's stale
// codes.

// The unique indexes of this area's tables: a race for one value gives a field error.
uniqueConstraints({
  warehouses_name_lower_key: 'name',
  warehouses_code_lower_key: 'code',
  storages_warehouse_code_key: {
    field: 'code',
    message: 'The code has already been taken in this warehouse.',
  },
  racks_storage_code_key: {
    field: 'code',
    message: 'The code has already been taken in this storage.',
  },
  places_rack_code_key: { field: 'code', message: 'The code has already been taken on this rack.' },
  places_barcode_key: {
    field: 'barcode',
    message: 'The barcode has already been taken by another place.',
  },
  // Only migration 0161 writes former barcodes (the old path barcodes, all distinct).
  places_former_barcode_key: {
    field: 'barcode',
    message: 'The barcode has already been taken by another place.',
  },
});

/** A warehouse with its address (the person fields of Address are always empty). */
export interface Warehouse {
  id: number;
  name: string;
  code: string;
  address: Address;
  version: number;
}

/** A hall or zone of a warehouse. */
export interface Storage {
  id: number;
  warehouseId: number;
  name: string;
  code: string;
  version: number;
}

/** A rack of a storage. */
export interface Rack {
  id: number;
  storageId: number;
  warehouseId: number;
  name: string;
  code: string;
  version: number;
}

/** A place on a rack. */
export interface Place {
  id: number;
  rackId: number;
  warehouseId: number;
  name: string;
  code: string;
  barcode: string;
  /** The barcode before migration 0161 gave the place a safe one: it still scans (old labels). */
  formerBarcode: string | null;
  path: string;
  widthCm: number | null;
  heightCm: number | null;
  lengthCm: number | null;
  version: number;
}

/** The separator of a path's codes. */
export const PATH_SEPARATOR = ' / ';

/** The walking-order key of a path: every run of digits zero-padded to 10 (as the SQL function warehouse_path_sort). */
export function pathSort(path: string): string {
  return path.replace(/\d+/g, (digits) => (digits.length < 10 ? digits.padStart(10, '0') : digits));
}

// Barcodes a hand scanner types safely. A scanner types as a keyboard: it presses the key of
// each character in the layout it is set to, and the computer reads the key in its own
// layout. Set differently (a scanner on US English at a German PC, or the other way round),
// only characters on the same key in both arrive as printed: German QWERTZ swaps Y and Z,
// types "-" on the US "/" key and "ß" on the US "-" key, and "/" is Shift+7. Capitals A–X,
// the digits and "." (both unshifted) sit on the same keys in the US, UK, German, Swiss,
// Nordic, Spanish and Italian layouts. Migration 0161 explains the rest.

/** The characters of a safe barcode: capitals A–X (no Y, Z), digits, ".". */
export const SAFE_BARCODE = /^[0-9A-X.]+$/;

/** A barcode of the safe characters at most 64 long (what Code 128 labels and the field take). */
export function isSafeBarcode(code: string): boolean {
  return code.length <= 64 && SAFE_BARCODE.test(code);
}

/**
 * The barcode made from a place's path: the codes upper-cased with "." between them, "-" and
 * "_" as "." (`W1 / S2 / R03 / P12` → `W1.S2.R03.P12`); null when a code holds other unsafe
 * characters (Y, Z) or it is too long — the place then gets `PL<id>` (`fallbackBarcodeSql`;
 * SQL twin of both: migration 0161).
 */
export function safeBarcode(path: string): string | null {
  const derived = path.split(PATH_SEPARATOR).join('.').replace(/[-_]/g, '.').toUpperCase();
  return isSafeBarcode(derived) ? derived : null;
}

/** The barcode of a place whose path makes none: `PL<id>` (no "." — never a path's barcode). */
export const fallbackBarcodeSql = (id: string) => `'PL' || ${id}`;

/**
 * The condition "the place row `alias` is the one the scanned code `param` names": its
 * barcode; the same typed with Caps Lock on (a scanner sends Shift+letter for capitals,
 * which Caps Lock turns into small letters); or its former barcode (old labels). Order by
 * `scanOrderSql` so that an exact barcode wins over a case-insensitive one.
 */
export const scannedPlaceSql = (alias: string, param: string) =>
  `(${alias}.barcode = ${param} OR ${alias}.barcode = upper(${param}) OR ${alias}.former_barcode = ${param})`;
export const scanOrderSql = (alias: string, param: string) =>
  `${alias}.barcode = ${param} DESC, ${alias}.barcode = upper(${param}) DESC`;

/** Whether a scanned code names this place (as scannedPlaceSql, ignoring case like the picking check). */
export function scanNamesPlace(
  code: string,
  place: { barcode: string; formerBarcode: string | null },
): boolean {
  const text = code.trim().toLowerCase();
  return (
    text === place.barcode.toLowerCase() ||
    (place.formerBarcode !== null && text === place.formerBarcode.toLowerCase())
  );
}

/** A code of the tree: letters, digits, dot, dash, underscore (it becomes part of paths and barcodes). */
const code = (name = 'code') =>
  field.requiredString(name, 20).refine((value) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value), {
    message: `The ${name} may only contain letters, digits, dots, dashes and underscores.`,
    params: { rule: 'treeCode' },
  });

/** A number of a form field: rules `numberMin` / `numberMax` / `wholeNumber` with their limits (not "characters"). */
function number(name: string, min: number, max: number, whole: boolean) {
  return z.number({ error: `The ${name} field must be a number.` }).superRefine((value, ctx) => {
    if (whole && !Number.isInteger(value))
      ctx.addIssue({
        code: 'custom',
        message: `The ${name} field must be a whole number.`,
        params: { rule: 'wholeNumber' },
      });
    else if (value < min)
      ctx.addIssue({
        code: 'custom',
        message: `The ${name} field must be at least ${min}.`,
        params: { rule: 'numberMin', min },
      });
    else if (value > max)
      ctx.addIssue({
        code: 'custom',
        message: `The ${name} field must not be greater than ${max}.`,
        params: { rule: 'numberMax', max },
      });
  });
}

/** A dimension in centimetres: empty, or a number from 0 to 9,999,999.9 (kept to one decimal). */
const dimension = (name: string) =>
  number(name, 0, 9_999_999.9, false)
    .nullish()
    .transform((value) =>
      value === undefined || value === null ? null : Math.round(value * 10) / 10,
    );

/**
 * A barcode: printable ASCII without spaces (Code 128), at most 64 characters. A barcode
 * typed new must be safe as well (`assertSafeBarcode`: createPlace / updatePlace, which know
 * whether it is new); one a user typed before stays.
 */
const barcode = z
  .string({ error: 'The barcode field must be a string.' })
  .trim()
  .max(64, 'The barcode field must not be greater than 64 characters.')
  .refine((value) => /^[\x21-\x7E]*$/.test(value), {
    message: 'The barcode may only contain printable ASCII characters without spaces.',
    params: { rule: 'barcode' },
  })
  .nullish()
  .transform((value) => value ?? '');

/** The rules of a warehouse as its form sends it. */
export const warehouseInput = z.object({
  name: field.requiredString('name'),
  code: code(),
  address: addressInput,
});
export type ValidWarehouse = z.output<typeof warehouseInput>;

/** The rules of a storage or a rack. */
export const nodeInput = z.object({ name: field.requiredString('name'), code: code() });
export type ValidNode = z.output<typeof nodeInput>;

/** The rules of a place; an empty barcode becomes one made from the path (`safeBarcode`). */
export const placeInput = z.object({
  name: field.requiredString('name'),
  code: code(),
  barcode,
  widthCm: dimension('width'),
  heightCm: dimension('height'),
  lengthCm: dimension('length'),
});
export type ValidPlace = z.output<typeof placeInput>;

/** No more places than this in one bulk creation. */
export const MAX_BULK_PLACES = 1000;

/** The rules of a bulk creation of places: codes prefix+from … prefix+to, numbers padded to digits. */
export const placesInput = z
  .object({
    prefix: field.optionalString('prefix', 10).refine((value) => /^[A-Za-z0-9._-]*$/.test(value), {
      message: 'The prefix may only contain letters, digits, dots, dashes and underscores.',
      params: { rule: 'treeCode' },
    }),
    from: number('from', 0, 999_999, true),
    to: number('to', 0, 999_999, true),
    digits: number('digits', 1, 6, true),
    widthCm: dimension('width'),
    heightCm: dimension('height'),
    lengthCm: dimension('length'),
  })
  .superRefine((input, ctx) => {
    if (input.to < input.from) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The to field must be at least the from field.',
        params: { rule: 'notBeforeFrom' },
      });
    } else if (input.to - input.from + 1 > MAX_BULK_PLACES) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${MAX_BULK_PLACES} places can be created at once.`,
        params: { rule: 'bulkMax', max: MAX_BULK_PLACES },
      });
    }
  });
export type ValidPlaces = z.output<typeof placesInput>;

// ---------------------------------------------------------------- reading

const WAREHOUSE_COLUMNS = columnsSql(WAREHOUSE_FIELDS);

/** A warehouse row as WAREHOUSE_COLUMNS (and the list) select it. */
export interface WarehouseRow {
  id: number;
  name: string;
  code: string;
  version: number;
  company: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  countryCode: string;
  state: string;
  email: string;
  phone: string;
  additionalLines: string;
}

/** A warehouse of its row: the address's person fields empty. */
export function toWarehouse({ id, name, code, version, ...rest }: WarehouseRow): Warehouse {
  return {
    id,
    name,
    code,
    version,
    address: { prefix: '', firstName: '', middleName: '', lastName: '', suffix: '', ...rest },
  };
}

const STORAGE_COLUMNS = `s.id, s.warehouse_id AS "warehouseId", s.name, s.code, s.version`;
const RACK_COLUMNS = `r.id, r.storage_id AS "storageId", s.warehouse_id AS "warehouseId", r.name, r.code, r.version`;
export const PLACE_COLUMNS = `p.id, p.rack_id AS "rackId", p.warehouse_id AS "warehouseId", p.name, p.code,
  p.barcode, p.former_barcode AS "formerBarcode", p.path, p.width_cm::float8 AS "widthCm",
  p.height_cm::float8 AS "heightCm", p.length_cm::float8 AS "lengthCm", p.version`;

/** The sort keys of the warehouse list. */
export type WarehouseSort = 'NAME' | 'CODE' | 'CITY' | 'ID';
/** The sort keys of the place list. */
export type PlaceSort = 'PATH' | 'BARCODE' | 'ID';

/** One page of warehouses, searchable by name, code and city. */
export async function listWarehouses(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: WarehouseSort,
): Promise<Page<Warehouse>> {
  const page = await listPage<WarehouseRow, WarehouseSort>(db, warehouseList, args, sortBy);
  return { ...page, items: page.items.map(toWarehouse) };
}

/** One page of places (of a warehouse, of a rack), searchable by path and barcode. */
export async function listPlaces(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: PlaceSort,
  filter?: FilterValues<'warehouseId' | 'rackId'> | null,
): Promise<Page<Place>> {
  return listPage<Place, PlaceSort, 'warehouseId' | 'rackId'>(db, placeList, args, sortBy, filter);
}

export async function warehousesByIds(db: Db, ids: readonly number[]): Promise<Warehouse[]> {
  // A primary-key lookup of every page that shows warehouses: planned once per connection.
  const rows = await db.query<WarehouseRow>(
    prepared(`SELECT ${WAREHOUSE_COLUMNS} FROM warehouses w WHERE w.id = any($1::int[])`),
    [[...ids]],
  );
  return rows.map(toWarehouse);
}

export async function findWarehouse(db: Db, id: number): Promise<Warehouse | undefined> {
  return (await warehousesByIds(db, [id]))[0];
}

export async function storagesByIds(db: Db, ids: readonly number[]): Promise<Storage[]> {
  return db.query<Storage>(
    `SELECT ${STORAGE_COLUMNS} FROM storages s WHERE s.id = any($1::int[])`,
    [[...ids]],
  );
}

export async function racksByIds(db: Db, ids: readonly number[]): Promise<Rack[]> {
  return db.query<Rack>(
    `SELECT ${RACK_COLUMNS} FROM racks r JOIN storages s ON s.id = r.storage_id WHERE r.id = any($1::int[])`,
    [[...ids]],
  );
}

export async function placesByIds(db: Db, ids: readonly number[]): Promise<Place[]> {
  return db.query<Place>(`SELECT ${PLACE_COLUMNS} FROM places p WHERE p.id = any($1::int[])`, [
    [...ids],
  ]);
}

/** The storages of these warehouses, each warehouse's in natural code order. */
export async function storagesOfWarehouses(db: Db, ids: readonly number[]): Promise<Storage[]> {
  return db.query<Storage>(
    `SELECT ${STORAGE_COLUMNS} FROM storages s WHERE s.warehouse_id = any($1::int[])
      ORDER BY warehouse_path_sort(lower(s.code)), s.id`,
    [[...ids]],
  );
}

/** The racks of these storages, in natural code order. */
export async function racksOfStorages(db: Db, ids: readonly number[]): Promise<Rack[]> {
  return db.query<Rack>(
    `SELECT ${RACK_COLUMNS} FROM racks r JOIN storages s ON s.id = r.storage_id
      WHERE r.storage_id = any($1::int[]) ORDER BY warehouse_path_sort(lower(r.code)), r.id`,
    [[...ids]],
  );
}

/** The places of these racks, in walking order. */
export async function placesOfRacks(db: Db, ids: readonly number[]): Promise<Place[]> {
  return db.query<Place>(
    `SELECT ${PLACE_COLUMNS} FROM places p WHERE p.rack_id = any($1::int[]) ORDER BY p.path_sort, p.id`,
    [[...ids]],
  );
}

/** The number of places of each of these racks (racks without places are missing). */
export async function placeCounts(
  db: Db,
  ids: readonly number[],
): Promise<{ rackId: number; count: number }[]> {
  return db.query<{ rackId: number; count: number }>(
    `SELECT rack_id AS "rackId", count(*)::int AS count FROM places
      WHERE rack_id = any($1::int[]) GROUP BY rack_id`,
    [[...ids]],
  );
}

/**
 * The place a scanned barcode names (after trimming; `scannedPlaceSql`: also with Caps Lock
 * on, and by its former barcode), or undefined.
 */
export async function findPlaceByBarcode(db: Db, code: string): Promise<Place | undefined> {
  const text = code.trim();
  if (text === '' || text.length > 64 || text.includes('\u0000')) return undefined;
  return queryOne<Place>(
    db,
    `SELECT ${PLACE_COLUMNS} FROM places p WHERE ${scannedPlaceSql('p', '$1')}
      ORDER BY ${scanOrderSql('p', '$1')} LIMIT 1`,
    [text],
  );
}

// ---------------------------------------------------------------- tree locks and paths

/** Locks a warehouse's tree for a write (see the top of this file); NOT_FOUND when it is gone. */
async function lockTree(tx: Db, warehouseId: number): Promise<{ code: string; version: number }> {
  const row = await queryOne<{ code: string; version: number }>(
    tx,
    'SELECT code, version FROM warehouses WHERE id = $1 FOR NO KEY UPDATE',
    [warehouseId],
  );
  if (!row) throw notFound(msg('notFound.warehouse'));
  return row;
}

/** Rewrites path and path_sort of the places below a warehouse, storage or rack from the current codes. */
async function rewritePaths(
  tx: Db,
  scope: 'warehouse' | 'storage' | 'rack',
  id: number,
): Promise<void> {
  const where = { warehouse: 'w.id', storage: 's.id', rack: 'r.id' }[scope];
  await tx.query(
    `UPDATE places p
        SET path = rk.prefix || p.code, path_sort = warehouse_path_sort(rk.prefix || p.code),
            updated_at = now()
       FROM (SELECT r.id AS rack_id, w.code || ' / ' || s.code || ' / ' || r.code || ' / ' AS prefix
               FROM racks r JOIN storages s ON s.id = r.storage_id
               JOIN warehouses w ON w.id = s.warehouse_id
              WHERE ${where} = $1) rk
      WHERE p.rack_id = rk.rack_id`,
    [id],
  );
}

/**
 * Refuses (CONFLICT) to delete places that hold stock or have bookings in the ledger: the
 * ledger is append-only and points at its places. Locks the places first, so no booking
 * lands on one between the check and the delete.
 */
async function assertPlacesFree(
  tx: Db,
  placeFilter: string,
  id: number,
  what:
    | 'warehouses.placeOfWarehouse'
    | 'warehouses.placeOfStorage'
    | 'warehouses.placeOfRack'
    | 'warehouses.thePlace',
) {
  await tx.query(`SELECT p.id FROM places p WHERE ${placeFilter} = $1 FOR UPDATE OF p`, [id]);
  const stock = await queryOne<{ quantity: number }>(
    tx,
    `SELECT st.quantity FROM stock st JOIN places p ON p.id = st.place_id
      WHERE ${placeFilter} = $1 ORDER BY st.quantity DESC LIMIT 1`,
    [id],
  );
  if (stock && stock.quantity > 0)
    throw conflict(msg('warehouses.holdsStock', { what: { term: what } }), 'in-use');
  const booked = await queryOne(
    tx,
    `SELECT 1 FROM stock_changes c JOIN places p ON p.id = c.place_id WHERE ${placeFilter} = $1 LIMIT 1`,
    [id],
  );
  if (stock || booked)
    throw conflict(msg('warehouses.hasBookings', { what: { term: what } }), 'in-use');
}

// ---------------------------------------------------------------- warehouses

function warehouseColumns(input: ValidWarehouse): unknown[] {
  const a = input.address;
  return [
    input.name,
    input.code,
    a.company,
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

/** Creates a warehouse; name and code must be new (ignoring case: the unique indexes decide). */
export async function createWarehouse(db: Db, input: ValidWarehouse): Promise<Warehouse> {
  const row = await queryOne<WarehouseRow>(
    db,
    `INSERT INTO warehouses AS w (name, code, company, street, house_number, postcode, city,
       country_code, state, email, phone, additional_lines)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     RETURNING ${WAREHOUSE_COLUMNS}`,
    warehouseColumns(input) as string[],
  );
  return toWarehouse(row!);
}

/** Saves a warehouse's changes made on `version`; a changed code rewrites every path below. */
export async function updateWarehouse(
  db: Db,
  id: number,
  version: number,
  input: ValidWarehouse,
): Promise<Warehouse> {
  return db.transaction(async (tx) => {
    const current = await lockTree(tx, id);
    if (current.version !== version) throw staleEdit();
    const row = await queryOne<WarehouseRow>(
      tx,
      `UPDATE warehouses w SET name = $2, code = $3, company = $4, street = $5, house_number = $6,
         postcode = $7, city = $8, country_code = $9, state = $10, email = $11, phone = $12,
         additional_lines = $13, version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING ${WAREHOUSE_COLUMNS}`,
      [id, ...(warehouseColumns(input) as string[])],
    );
    if (current.code !== input.code) await rewritePaths(tx, 'warehouse', id);
    return toWarehouse(row!);
  });
}

/** Deletes a warehouse with its storages, racks and places, unless a place holds stock or has bookings. */
export async function deleteWarehouse(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await queryOne(tx, 'SELECT id FROM warehouses WHERE id = $1 FOR UPDATE', [id]);
    if (!found) throw notFound(msg('notFound.warehouse'));
    await assertPlacesFree(tx, 'p.warehouse_id', id, 'warehouses.placeOfWarehouse');
    await tx.query('DELETE FROM places WHERE warehouse_id = $1', [id]);
    await tx.query(
      'DELETE FROM racks WHERE storage_id IN (SELECT id FROM storages WHERE warehouse_id = $1)',
      [id],
    );
    await tx.query('DELETE FROM storages WHERE warehouse_id = $1', [id]);
    await tx.query('DELETE FROM warehouses WHERE id = $1', [id]);
  });
}

// ---------------------------------------------------------------- storages

/** Creates a storage in a warehouse; its code must be new within the warehouse. */
export async function createStorage(
  db: Db,
  warehouseId: number,
  input: ValidNode,
): Promise<Storage> {
  return db.transaction(async (tx) => {
    await lockTree(tx, warehouseId);
    const row = await queryOne<Storage>(
      tx,
      `INSERT INTO storages AS s (warehouse_id, name, code) VALUES ($1, $2, $3) RETURNING ${STORAGE_COLUMNS}`,
      [warehouseId, input.name, input.code],
    );
    return row!;
  });
}

/** The warehouse of a storage, or NOT_FOUND. */
async function warehouseOfStorage(db: Db, id: number): Promise<number> {
  const row = await queryOne<{ warehouseId: number }>(
    db,
    'SELECT warehouse_id AS "warehouseId" FROM storages WHERE id = $1',
    [id],
  );
  if (!row) throw notFound(msg('notFound.storage'));
  return row.warehouseId;
}

/** Saves a storage's changes made on `version`; a changed code rewrites the paths below. */
export async function updateStorage(
  db: Db,
  id: number,
  version: number,
  input: ValidNode,
): Promise<Storage> {
  return db.transaction(async (tx) => {
    await lockTree(tx, await warehouseOfStorage(tx, id));
    const current = await queryOne<{ code: string; version: number }>(
      tx,
      'SELECT code, version FROM storages WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound(msg('notFound.storage'));
    if (current.version !== version) throw staleEdit();
    const row = await queryOne<Storage>(
      tx,
      `UPDATE storages s SET name = $2, code = $3, version = version + 1, updated_at = now()
        WHERE id = $1 RETURNING ${STORAGE_COLUMNS}`,
      [id, input.name, input.code],
    );
    if (current.code !== input.code) await rewritePaths(tx, 'storage', id);
    return row!;
  });
}

/** Deletes a storage with its racks and places, unless a place holds stock or has bookings. */
export async function deleteStorage(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx, await warehouseOfStorage(tx, id));
    const found = await queryOne(tx, 'SELECT id FROM storages WHERE id = $1 FOR UPDATE', [id]);
    if (!found) throw notFound(msg('notFound.storage'));
    await assertPlacesFree(
      tx,
      '(SELECT r.storage_id FROM racks r WHERE r.id = p.rack_id)',
      id,
      'warehouses.placeOfStorage',
    );
    await tx.query(
      'DELETE FROM places WHERE rack_id IN (SELECT id FROM racks WHERE storage_id = $1)',
      [id],
    );
    await tx.query('DELETE FROM racks WHERE storage_id = $1', [id]);
    await tx.query('DELETE FROM storages WHERE id = $1', [id]);
  });
}

// ---------------------------------------------------------------- racks

/** Creates a rack in a storage; its code must be new within the storage. */
export async function createRack(db: Db, storageId: number, input: ValidNode): Promise<Rack> {
  return db.transaction(async (tx) => {
    await lockTree(tx, await warehouseOfStorage(tx, storageId));
    const row = await queryOne<{ id: number }>(
      tx,
      `INSERT INTO racks (storage_id, name, code) VALUES ($1, $2, $3) RETURNING id`,
      [storageId, input.name, input.code],
    );
    return (await racksByIds(tx, [row!.id]))[0]!;
  });
}

/** The warehouse of a rack, or NOT_FOUND. */
async function warehouseOfRack(db: Db, id: number): Promise<number> {
  const row = await queryOne<{ warehouseId: number }>(
    db,
    'SELECT s.warehouse_id AS "warehouseId" FROM racks r JOIN storages s ON s.id = r.storage_id WHERE r.id = $1',
    [id],
  );
  if (!row) throw notFound(msg('notFound.rack'));
  return row.warehouseId;
}

/** Saves a rack's changes made on `version`; a changed code rewrites the paths of its places. */
export async function updateRack(
  db: Db,
  id: number,
  version: number,
  input: ValidNode,
): Promise<Rack> {
  return db.transaction(async (tx) => {
    await lockTree(tx, await warehouseOfRack(tx, id));
    const current = await queryOne<{ code: string; version: number }>(
      tx,
      'SELECT code, version FROM racks WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound(msg('notFound.rack'));
    if (current.version !== version) throw staleEdit();
    await tx.query(
      `UPDATE racks SET name = $2, code = $3, version = version + 1, updated_at = now() WHERE id = $1`,
      [id, input.name, input.code],
    );
    if (current.code !== input.code) await rewritePaths(tx, 'rack', id);
    return (await racksByIds(tx, [id]))[0]!;
  });
}

/** Deletes a rack with its places, unless a place holds stock or has bookings. */
export async function deleteRack(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx, await warehouseOfRack(tx, id));
    const found = await queryOne(tx, 'SELECT id FROM racks WHERE id = $1 FOR UPDATE', [id]);
    if (!found) throw notFound(msg('notFound.rack'));
    await assertPlacesFree(tx, 'p.rack_id', id, 'warehouses.placeOfRack');
    await tx.query('DELETE FROM places WHERE rack_id = $1', [id]);
    await tx.query('DELETE FROM racks WHERE id = $1', [id]);
  });
}

// ---------------------------------------------------------------- places

/** The path prefix of a rack's places (`W1 / S2 / R03`) and its warehouse; the tree must be locked. */
async function rackPrefix(
  tx: Db,
  rackId: number,
): Promise<{ prefix: string; warehouseId: number }> {
  const row = await queryOne<{ prefix: string; warehouseId: number }>(
    tx,
    `SELECT w.code || ' / ' || s.code || ' / ' || r.code AS prefix, w.id AS "warehouseId"
       FROM racks r JOIN storages s ON s.id = r.storage_id JOIN warehouses w ON w.id = s.warehouse_id
      WHERE r.id = $1`,
    [rackId],
  );
  if (!row) throw notFound(msg('notFound.rack'));
  return row;
}

/**
 * Refuses a barcode typed new that holds characters a scanner set to another keyboard layout
 * types differently (field error barcode, rule barcodeChars; see SAFE_BARCODE).
 */
function assertSafeBarcode(barcode: string): void {
  if (!isSafeBarcode(barcode))
    throw invalidField(
      'barcode',
      'barcodeChars',
      'The barcode may only contain capital letters A to X, digits and dots: a hand scanner set to another keyboard layout types Y, Z, "/", "-" and other characters differently.',
    );
}

/**
 * Creates a place on a rack; code new on the rack, barcode new everywhere and safe (default:
 * made from the path, `safeBarcode`, else `PL<id>`).
 */
export async function createPlace(db: Db, rackId: number, input: ValidPlace): Promise<Place> {
  if (input.barcode !== '') assertSafeBarcode(input.barcode);
  return db.transaction(async (tx) => {
    await lockTree(tx, await warehouseOfRack(tx, rackId));
    const { prefix, warehouseId } = await rackPrefix(tx, rackId);
    const path = `${prefix}${PATH_SEPARATOR}${input.code}`;
    // The id is drawn first: a path that makes no safe barcode gives PL<id>.
    const row = await queryOne<Place>(
      tx,
      `WITH n AS (SELECT nextval(pg_get_serial_sequence('places', 'id'))::int AS id)
       INSERT INTO places AS p (id, rack_id, warehouse_id, name, code, barcode, width_cm,
         height_cm, length_cm, path, path_sort)
       SELECT n.id, $1, $2, $3, $4, coalesce($5::text, ${fallbackBarcodeSql('n.id')}), $6, $7,
              $8, $9, $10
         FROM n
       RETURNING ${PLACE_COLUMNS}`,
      [
        rackId,
        warehouseId,
        input.name,
        input.code,
        input.barcode || safeBarcode(path),
        input.widthCm,
        input.heightCm,
        input.lengthCm,
        path,
        pathSort(path),
      ],
    );
    return row!;
  });
}

/** The warehouse of a place, or NOT_FOUND. */
async function warehouseOfPlace(db: Db, id: number): Promise<number> {
  const row = await queryOne<{ warehouseId: number }>(
    db,
    'SELECT warehouse_id AS "warehouseId" FROM places WHERE id = $1',
    [id],
  );
  if (!row) throw notFound(msg('notFound.place'));
  return row.warehouseId;
}

/**
 * Saves a place's changes made on `version`. An empty barcode keeps the current one (a
 * printed label stays valid when a code changes); the path follows the code. A changed
 * barcode must be safe (`assertSafeBarcode`); the current one stays even when it is not.
 */
export async function updatePlace(
  db: Db,
  id: number,
  version: number,
  input: ValidPlace,
): Promise<Place> {
  return db.transaction(async (tx) => {
    await lockTree(tx, await warehouseOfPlace(tx, id));
    const current = await queryOne<{ version: number; rackId: number; barcode: string }>(
      tx,
      'SELECT version, rack_id AS "rackId", barcode FROM places WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound(msg('notFound.place'));
    if (current.version !== version) throw staleEdit();
    if (input.barcode !== '' && input.barcode !== current.barcode) assertSafeBarcode(input.barcode);
    const { prefix } = await rackPrefix(tx, current.rackId);
    const path = `${prefix}${PATH_SEPARATOR}${input.code}`;
    const row = await queryOne<Place>(
      tx,
      `UPDATE places p SET name = $2, code = $3, barcode = $4, width_cm = $5, height_cm = $6,
         length_cm = $7, path = $8, path_sort = $9, version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING ${PLACE_COLUMNS}`,
      [
        id,
        input.name,
        input.code,
        input.barcode || current.barcode,
        input.widthCm,
        input.heightCm,
        input.lengthCm,
        path,
        pathSort(path),
      ],
    );
    return row!;
  });
}

/** Deletes a place unless it holds stock or has bookings in the ledger. */
export async function deletePlace(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx, await warehouseOfPlace(tx, id));
    await assertPlacesFree(tx, 'p.id', id, 'warehouses.thePlace');
    const deleted = await tx.query('DELETE FROM places WHERE id = $1 RETURNING id', [id]);
    if (deleted.length === 0) throw notFound(msg('notFound.place'));
  });
}

/** The codes of a bulk creation: prefix + each number from … to, padded with zeros to digits. */
export function bulkCodes(input: Pick<ValidPlaces, 'prefix' | 'from' | 'to' | 'digits'>): string[] {
  const codes: string[] = [];
  for (let n = input.from; n <= input.to; n++)
    codes.push(`${input.prefix}${String(n).padStart(input.digits, '0')}`);
  return codes;
}

/** A list of values for a message: the first ten, then "and N more". */
function listed(values: string[]): string {
  const shown = values.slice(0, 10).join(', ');
  return values.length > 10 ? `${shown} and ${values.length - 10} more` : shown;
}

/**
 * Creates the places prefix+from … prefix+to on a rack in one transaction: all or none.
 * Codes already on the rack and barcodes already taken are field errors naming them.
 */
export async function createPlaces(db: Db, rackId: number, input: ValidPlaces): Promise<Place[]> {
  return db.transaction(async (tx) => {
    await lockTree(tx, await warehouseOfRack(tx, rackId));
    const { prefix, warehouseId } = await rackPrefix(tx, rackId);
    const codes = bulkCodes(input);
    const paths = codes.map((c) => `${prefix}${PATH_SEPARATOR}${c}`);
    const barcodes = paths.map(safeBarcode);
    const taken = await tx.query<{ code: string }>(
      `SELECT code FROM places WHERE rack_id = $1 AND lower(code) = any($2::text[]) ORDER BY path_sort`,
      [rackId, codes.map((c) => c.toLowerCase())],
    );
    if (taken.length > 0) {
      const names = taken.map((t) => t.code);
      throw new InvalidInput({
        prefix: [
          {
            rule: 'placesExist',
            message: `These places already exist on this rack: ${listed(names)}.`,
            params: { codes: listed(names), count: names.length },
          },
        ],
      });
    }
    const takenBarcodes = await tx.query<{ barcode: string }>(
      `SELECT barcode FROM places WHERE barcode = any($1::text[]) ORDER BY barcode`,
      [barcodes.filter((b) => b !== null)],
    );
    if (takenBarcodes.length > 0) {
      const names = takenBarcodes.map((t) => t.barcode);
      throw new InvalidInput({
        prefix: [
          {
            rule: 'barcodesTaken',
            message: `These barcodes are already taken by other places: ${listed(names)}.`,
            params: { codes: listed(names), count: names.length },
          },
        ],
      });
    }
    // One statement for all: the arrays are unnested side by side; each row draws its id
    // first (a path that makes no safe barcode gives PL<id>).
    return tx.query<Place>(
      `INSERT INTO places AS p (id, rack_id, warehouse_id, name, code, barcode, width_cm,
         height_cm, length_cm, path, path_sort)
       SELECT c.id, $1, $2, c.code, c.code, coalesce(c.barcode, ${fallbackBarcodeSql('c.id')}),
              $6, $7, $8, c.path, warehouse_path_sort(c.path)
         FROM (SELECT nextval(pg_get_serial_sequence('places', 'id'))::int AS id, u.*
                 FROM unnest($3::text[], $4::text[], $5::text[]) AS u(code, barcode, path)) c
       RETURNING ${PLACE_COLUMNS}`,
      [rackId, warehouseId, codes, barcodes, paths, input.widthCm, input.heightCm, input.lengthCm],
    );
  });
}

/** The places of a rack, a storage or a warehouse (or the listed ids), in walking order, for labels. */
export async function placesForLabels(
  db: Db,
  scope: { rackId?: number; storageId?: number; warehouseId?: number; placeIds?: number[] },
): Promise<Place[]> {
  if (scope.placeIds)
    return db.query<Place>(
      `SELECT ${PLACE_COLUMNS} FROM places p WHERE p.id = any($1::int[]) ORDER BY p.path_sort, p.id`,
      [scope.placeIds],
    );
  const [where, id] = scope.rackId
    ? ['p.rack_id = $1', scope.rackId]
    : scope.storageId
      ? ['p.rack_id IN (SELECT id FROM racks WHERE storage_id = $1)', scope.storageId]
      : ['p.warehouse_id = $1', scope.warehouseId];
  if (!id) throw invalidField('rackId', 'required', 'Name a rack, storage, warehouse or places.');
  return db.query<Place>(
    `SELECT ${PLACE_COLUMNS} FROM places p WHERE ${where} ORDER BY p.path_sort, p.id`,
    [id],
  );
}
