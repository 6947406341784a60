import DataLoader from 'dataloader';
import { requestLoaders } from '../graphql/loaders';
import { roleIdsOfUsers } from './directory';

/** The users area's per-request loaders (a user list loads its users' roles in one query). */
export const userLoaders = requestLoaders((db) => ({
  roleIdsOfUser: new DataLoader<number, number[]>(async (ids) => {
    const map = await roleIdsOfUsers(db, ids);
    return ids.map((id) => map.get(id) ?? []);
  }),
}));
