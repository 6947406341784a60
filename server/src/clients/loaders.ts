import DataLoader from 'dataloader';
import { byId, requestLoaders } from '../graphql/loaders';
import { clientsByIds, type Client } from './clients';

/** The clients area's per-request loaders (a department list loads its clients in one query). */
export const clientLoaders = requestLoaders((db) => ({
  client: new DataLoader<number, Client | undefined>(async (ids) =>
    byId(await clientsByIds(db, ids), ids),
  ),
}));
