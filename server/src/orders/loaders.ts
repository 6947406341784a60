import DataLoader from 'dataloader';
import { byId, requestLoaders } from '../graphql/loaders';
import type { Department } from '../departments/departments';
import type { ShippingMethod } from '../shipping/shipping';
import {
  attributesOfOrders,
  eventsOfOrders,
  itemsOfOrders,
  orderItemsByIds,
  packagesOfOrders,
  type OrderAttribute,
  type OrderEvent,
  type OrderItem,
  type OrderPackage,
} from './orders';

/** The rows of each id's group, in the order the rows come. */
function grouped<T>(rows: readonly T[], ids: readonly number[], key: (row: T) => number): T[][] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(row);
    groups.set(key(row), list);
  }
  return ids.map((id) => groups.get(id) ?? []);
}

/** The orders area's per-request loaders: a page of orders costs one query per kind. */
export const orderLoaders = requestLoaders((db) => ({
  items: new DataLoader<number, OrderItem[]>(async (ids) =>
    grouped(await itemsOfOrders(db, ids), ids, (row) => row.orderId),
  ),
  item: new DataLoader<number, OrderItem | undefined>(async (ids) =>
    byId(await orderItemsByIds(db, ids), ids),
  ),
  attributes: new DataLoader<number, OrderAttribute[]>(async (ids) =>
    grouped(await attributesOfOrders(db, ids), ids, (row) => row.orderId),
  ),
  history: new DataLoader<number, OrderEvent[]>(async (ids) =>
    grouped(await eventsOfOrders(db, ids), ids, (row) => row.orderId),
  ),
  packages: new DataLoader<number, OrderPackage[]>(async (ids) =>
    grouped(await packagesOfOrders(db, ids), ids, (row) => row.orderId),
  ),
  shippingMethod: new DataLoader<number, ShippingMethod | undefined>(async (ids) =>
    byId(
      await db.query<ShippingMethod>(
        `SELECT id, name, shipper_id AS "shipperId", hazmat_allowed AS "hazmatAllowed",
                tracking_required AS "trackingRequired", version
           FROM shipping_methods WHERE id = any($1::int[])`,
        [[...ids]],
      ),
      ids,
    ),
  ),
  department: new DataLoader<number, Department | undefined>(async (ids) =>
    byId(
      await db.query<Department>(
        `SELECT id, name, customer_number AS "customerNumber", client_id AS "clientId", version
           FROM departments WHERE id = any($1::int[])`,
        [[...ids]],
      ),
      ids,
    ),
  ),
}));
