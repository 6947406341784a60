import type { Db } from '../src/db';
import { graphql, type GraphqlAnswer } from './graphql-support';
import type { Browser } from './helpers';
import { newClient, newProduct, warehouseWithPlaces } from './stock-support';

// Fixtures of the fulfillment tests (issue 15): a client, a warehouse with places, a
// shipping method, products with EANs, stock rows written straight into `stock` (with a
// best-before and a booking time), and orders made through GraphQL as the screens make them.

let unique = 0;

export interface World {
  clientId: number;
  warehouseId: number;
  placeIds: number[];
  barcodes: string[];
  methodId: number;
}

export async function world(db: Db, places = 4, trackingRequired = false): Promise<World> {
  unique += 1;
  const clientId = await newClient(db, 'Versand GmbH');
  const { warehouseId, placeIds, barcodes } = await warehouseWithPlaces(db, places);
  const [shipper] = await db.query<{ id: number }>(
    'INSERT INTO shippers (name) VALUES ($1) RETURNING id',
    [`DHL ${unique}-${process.pid}-${Math.random()}`],
  );
  const [method] = await db.query<{ id: number }>(
    `INSERT INTO shipping_methods (shipper_id, name, tracking_required) VALUES ($1, 'Paket', $2) RETURNING id`,
    [shipper!.id, trackingRequired],
  );
  return { clientId, warehouseId, placeIds, barcodes, methodId: method!.id };
}

export async function product(
  db: Db,
  w: World,
  options: { sku: string; ean?: string; bestBefore?: boolean },
): Promise<number> {
  return newProduct(db, w.clientId, { ...options, ean: options.ean ?? '', priceNetCents: 1000 });
}

/** Writes a stock row (booked `ageDays` days ago). Returns its id. */
export async function stockRow(
  db: Db,
  w: World,
  productId: number,
  placeId: number,
  quantity: number,
  options: { bestBefore?: string | null; lot?: string; ageDays?: number } = {},
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO stock (product_id, place_id, client_id, warehouse_id, lot, best_before, quantity,
       first_booked_at)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7, now() - make_interval(days => $8)) RETURNING id::text AS id`,
    [
      productId,
      placeId,
      w.clientId,
      w.warehouseId,
      options.lot ?? '',
      options.bestBefore ?? null,
      quantity,
      options.ageDays ?? 0,
    ],
  );
  return row!.id;
}

const address = {
  lastName: 'Mustermann',
  street: 'Hafenstraße',
  houseNumber: '7',
  postcode: '20457',
  city: 'Hamburg',
  countryCode: 'DE',
};

/** Creates an order through GraphQL: items [productId, quantity]. */
export async function order(
  browser: Browser,
  w: World,
  items: [number, number][],
): Promise<{ id: string; number: string; version: number; items: { id: string }[] }> {
  const answer = await graphql(
    browser,
    `
      mutation ($i: OrderInput!) {
        createOrder(input: $i) {
          id
          number
          version
          fulfillmentError
          items {
            id
          }
        }
      }
    `,
    {
      i: {
        clientId: String(w.clientId),
        shippingMethodId: String(w.methodId),
        shippingAddress: address,
        items: items.map(([productId, quantity]) => ({ productId: String(productId), quantity })),
      },
    },
  );
  if (!answer.data?.createOrder) throw new Error(JSON.stringify(answer.errors));
  if (answer.data.createOrder.fulfillmentError)
    throw new Error(`order has a fulfillment error: ${answer.data.createOrder.fulfillmentError}`);
  return answer.data.createOrder;
}

export const CREATE_PICKLIST = `mutation($i: PicklistInput!) { createPicklist(input: $i) {
  picklist { id number status version orderCount lineCount pickedCount
    orders { id number status }
    lines { id quantity pickedQuantity lot bestBefore place { id path barcode } product { id sku ean }
            orders { order { id number } quantity } } }
  errors { order { id number status fulfillmentError } reason } } }`;

export function createPicklist(
  browser: Browser,
  input: Record<string, unknown>,
): Promise<GraphqlAnswer> {
  return graphql(browser, CREATE_PICKLIST, { i: input });
}

/** The reservations and locked quantities the database holds for a product. */
export async function heldOf(
  db: Db,
  productId: number,
): Promise<{ placeId: number; quantity: number; locked: number; reserved: number }[]> {
  return db.query(
    `SELECT s.place_id AS "placeId", s.quantity, s.locked_qty AS locked,
            coalesce((SELECT sum(r.quantity) FROM stock_reservations r WHERE r.stock_id = s.id), 0)::int AS reserved
       FROM stock s WHERE s.product_id = $1 ORDER BY s.place_id`,
    [productId],
  );
}

export async function statusOf(db: Db, orderId: string | number): Promise<string> {
  const [row] = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
    Number(orderId),
  ]);
  return row!.status;
}
