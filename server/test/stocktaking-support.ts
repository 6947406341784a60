import type { Db } from '../src/db';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

// A rack to count: four places, stock of three products (one lot-tracked), a product that
// is nowhere (to be found), and a place on another rack outside the scope.

export interface CountWorld {
  clientId: number;
  warehouseId: number;
  storageId: number;
  rackId: number;
  placeIds: number[];
  barcodes: string[];
  /** A place of the same warehouse on another rack (outside a rack scope). */
  outsidePlaceId: number;
  products: { a: number; lotted: number; b: number; found: number };
}

/** Puts stock straight into the tables (the ledger is not needed for a count). */
export async function putStock(
  db: Db,
  w: { clientId: number; warehouseId: number },
  productId: number,
  placeId: number,
  quantity: number,
  lot = '',
): Promise<void> {
  await db.query(
    `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, lot, quantity)
     SELECT $1, $2, client_id, $3, $4, $5 FROM products WHERE id = $1
     ON CONFLICT (product_id, place_id, lot) DO UPDATE SET quantity = EXCLUDED.quantity`,
    [productId, placeId, w.warehouseId, lot, quantity],
  );
}

/** The world: A 10 on P01, lotted L1 5 on P02, B 3 on P03, P04 empty; A 6 outside the rack. */
export async function countWorld(
  db: Db,
  quantities = { a: 10, lotted: 5, b: 3 },
): Promise<CountWorld> {
  const clientId = await newClient(db, 'Inventur GmbH');
  const { warehouseId, placeIds, barcodes } = await warehouseWithPlaces(db, 4);
  const [rack] = await db.query<{ rackId: number; storageId: number }>(
    `SELECT p.rack_id AS "rackId", r.storage_id AS "storageId" FROM places p
       JOIN racks r ON r.id = p.rack_id WHERE p.id = $1`,
    [placeIds[0]],
  );
  const [other] = await db.query<{ id: number }>(
    `INSERT INTO racks (storage_id, name, code) VALUES ($1, 'Regal 2', 'R02') RETURNING id`,
    [rack!.storageId],
  );
  const [outside] = await db.query<{ id: number }>(
    `INSERT INTO places (rack_id, warehouse_id, name, code, barcode, path, path_sort)
     VALUES ($1, $2, 'P01', 'P01', $3, $4, $4) RETURNING id`,
    [other!.id, warehouseId, `OUT-${warehouseId}-${process.pid}`, `X / R02 / P01 ${warehouseId}`],
  );
  const products = {
    a: await newProduct(db, clientId, { name: 'Apfel', priceNetCents: 250 }),
    lotted: await newProduct(db, clientId, { name: 'Birne', lotTracked: true, priceNetCents: 100 }),
    b: await newProduct(db, clientId, { name: 'Kirsche', priceNetCents: 1000 }),
    found: await newProduct(db, clientId, { name: 'Fund', priceNetCents: 199 }),
  };
  const w = { clientId, warehouseId };
  await putStock(db, w, products.a, placeIds[0]!, quantities.a);
  await putStock(db, w, products.lotted, placeIds[1]!, quantities.lotted, 'L1');
  await putStock(db, w, products.b, placeIds[2]!, quantities.b);
  await putStock(db, w, products.a, outside!.id, 6);
  return {
    clientId,
    warehouseId,
    storageId: rack!.storageId,
    rackId: rack!.rackId,
    placeIds,
    barcodes,
    outsidePlaceId: outside!.id,
    products,
  };
}
