import DataLoader from 'dataloader';
import { byId, requestLoaders } from '../graphql/loaders';
import { ordersByIds, type Order } from '../orders/orders';
import { linesOfPicklists, ordersOfPicklists, type PicklistLine } from './picklists';

/** The picklists area's per-request loaders: a page of picklists costs one query per kind. */
export const picklistLoaders = requestLoaders((db) => ({
  lines: new DataLoader<number, PicklistLine[]>(async (ids) => {
    const rows = await linesOfPicklists(db, ids);
    return ids.map((id) => rows.filter((row) => row.picklistId === id));
  }),
  orderIds: new DataLoader<number, number[]>(async (ids) => {
    const rows = await ordersOfPicklists(db, ids);
    return ids.map((id) => rows.filter((row) => row.picklistId === id).map((row) => row.orderId));
  }),
  order: new DataLoader<number, Order | undefined>(async (ids) =>
    byId(await ordersByIds(db, ids), ids),
  ),
}));
