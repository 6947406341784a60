import type { Db } from '../src/db';

// The things a booking needs (a client, a warehouse down to places, products), written
// straight into the tables of migration 0090 so the stock tests do not depend on the
// screens of other areas.

let unique = 0;

/** A warehouse with one storage and one rack holding `places` places (barcodes `<code>-P01` …). */
export async function warehouseWithPlaces(
  db: Db,
  places = 3,
): Promise<{ warehouseId: number; code: string; placeIds: number[]; barcodes: string[] }> {
  unique += 1;
  const code = `W${unique}x${process.pid % 1000}`;
  const [warehouse] = await db.query<{ id: number }>(
    `INSERT INTO warehouses (name, code, street, house_number, postcode, city)
     VALUES ($1, $2, 'Hafenstraße', '1', '20457', 'Hamburg') RETURNING id`,
    [`Lager ${code}`, code],
  );
  const [storage] = await db.query<{ id: number }>(
    `INSERT INTO storages (warehouse_id, name, code) VALUES ($1, 'Halle 1', 'S1') RETURNING id`,
    [warehouse!.id],
  );
  const [rack] = await db.query<{ id: number }>(
    `INSERT INTO racks (storage_id, name, code) VALUES ($1, 'Regal 1', 'R01') RETURNING id`,
    [storage!.id],
  );
  const placeIds: number[] = [];
  const barcodes: string[] = [];
  for (let i = 1; i <= places; i += 1) {
    const placeCode = `P${String(i).padStart(2, '0')}`;
    const path = `${code} / S1 / R01 / ${placeCode}`;
    const barcode = `${code}-${placeCode}`;
    const [place] = await db.query<{ id: number }>(
      `INSERT INTO places (rack_id, warehouse_id, name, code, barcode, path, path_sort)
       VALUES ($1, $2, $3, $3, $4, $5, $6) RETURNING id`,
      [
        rack!.id,
        warehouse!.id,
        placeCode,
        barcode,
        path,
        path.replace(/\d+/g, (digits) => digits.padStart(10, '0')),
      ],
    );
    placeIds.push(place!.id);
    barcodes.push(barcode);
  }
  return { warehouseId: warehouse!.id, code, placeIds, barcodes };
}

/** A new client. */
export async function newClient(db: Db, name = 'Stock GmbH'): Promise<number> {
  unique += 1;
  const [client] = await db.query<{ id: number }>(
    `INSERT INTO clients (name, street, house_number, postcode, city)
     VALUES ($1, 'Hafenstraße', '1', '20457', 'Hamburg') RETURNING id`,
    [`${name} ${unique}-${process.pid}`],
  );
  return client!.id;
}

/** A product of the client. */
export async function newProduct(
  db: Db,
  clientId: number,
  options: {
    sku?: string;
    ean?: string;
    name?: string;
    lotTracked?: boolean;
    bestBefore?: boolean;
    priceNetCents?: number;
  } = {},
): Promise<number> {
  unique += 1;
  const [product] = await db.query<{ id: number }>(
    `INSERT INTO products (client_id, sku, ean, name, lot_tracked, best_before, price_net_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      clientId,
      options.sku ?? `SKU-${unique}`,
      options.ean ?? '',
      options.name ?? `Produkt ${unique}`,
      options.lotTracked ?? false,
      options.bestBefore ?? false,
      options.priceNetCents ?? 0,
    ],
  );
  return product!.id;
}

/** The quantity (and locked) of one stock row, or undefined. */
export async function stockOf(
  db: Db,
  productId: number,
  placeId: number,
  lot = '',
): Promise<{ quantity: number; locked: number; bestBefore: string | null } | undefined> {
  const [row] = await db.query<{ quantity: number; locked: number; bestBefore: string | null }>(
    `SELECT quantity, locked_qty AS locked, best_before::text AS "bestBefore" FROM stock
      WHERE product_id = $1 AND place_id = $2 AND lot = $3`,
    [productId, placeId, lot],
  );
  return row;
}

/** The product's total in the warehouse as the trigger keeps it. */
export async function totalOf(db: Db, productId: number, warehouseId: number): Promise<number> {
  const [row] = await db.query<{ quantity: string }>(
    'SELECT quantity::text AS quantity FROM stock_totals WHERE product_id = $1 AND warehouse_id = $2',
    [productId, warehouseId],
  );
  return Number(row?.quantity ?? 0);
}

/** The ledger rows of a product, oldest first. */
export async function ledgerOf(
  db: Db,
  productId: number,
): Promise<
  { placeId: number; delta: number; quantityAfter: number; reason: string; reference: string }[]
> {
  return db.query(
    `SELECT place_id AS "placeId", delta, quantity_after AS "quantityAfter", reason, reference
       FROM stock_changes WHERE product_id = $1 ORDER BY id`,
    [productId],
  );
}
