import type { Db } from '../src/db';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

// What an avis needs (a supplier, a client with products, a warehouse with places), written
// straight into the tables so the avis tests do not depend on other areas' screens.

let unique = 0;

/** A new supplier. */
export async function newSupplier(db: Db, name = 'Lieferant'): Promise<number> {
  unique += 1;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO suppliers (name, number, street, house_number, postcode, city)
     VALUES ($1, $2, 'Weg', '1', '20457', 'Hamburg') RETURNING id`,
    [`${name} ${unique}`, `L-${unique}-${process.pid}`],
  );
  return row!.id;
}

/** A supplier, a client with a plain, a lot-tracked and a best-before product, a warehouse with 3 places and another warehouse. */
export async function avisWorld(db: Db) {
  const supplierId = await newSupplier(db);
  const clientId = await newClient(db, 'Avis GmbH');
  const plain = await newProduct(db, clientId, { name: 'Schraube' });
  const lotted = await newProduct(db, clientId, { name: 'Farbe', lotTracked: true });
  const dated = await newProduct(db, clientId, { name: 'Kleber', bestBefore: true });
  const w = await warehouseWithPlaces(db, 3);
  const other = await warehouseWithPlaces(db, 1);
  const otherClientId = await newClient(db, 'Fremd GmbH');
  const foreign = await newProduct(db, otherClientId, { name: 'Fremdware' });
  return {
    supplierId,
    clientId,
    products: { plain, lotted, dated, foreign },
    warehouseId: w.warehouseId,
    placeIds: w.placeIds,
    otherWarehouseId: other.warehouseId,
    otherPlaceId: other.placeIds[0]!,
  };
}

export type AvisWorld = Awaited<ReturnType<typeof avisWorld>>;

let note = 0;
/** An AvisInput for the world: lines as given (default: 10 plain, 5 lot-tracked with lot L1). */
export function avisInputOf(
  w: AvisWorld,
  lines?: { productId: number; announcedQuantity: number; lot?: string; bestBefore?: string }[],
) {
  note += 1;
  return {
    supplierId: w.supplierId,
    clientId: w.clientId,
    warehouseId: w.warehouseId,
    deliveryNoteNumber: `LS-${note}-${process.pid}`,
    deliveryDate: '2026-11-30',
    comment: 'Palette 1',
    lines: lines ?? [
      { productId: w.products.plain, announcedQuantity: 10 },
      { productId: w.products.lotted, announcedQuantity: 5, lot: 'L1' },
    ],
  };
}
