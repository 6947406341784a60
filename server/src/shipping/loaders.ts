import DataLoader from 'dataloader';
import { byId, requestLoaders } from '../graphql/loaders';
import { shippersByIds, type Shipper } from './shipping';

/** The shipping area's per-request loaders (a method list loads its shippers in one query). */
export const shippingLoaders = requestLoaders((db) => ({
  shipper: new DataLoader<number, Shipper | undefined>(async (ids) =>
    byId(await shippersByIds(db, ids), ids),
  ),
}));
