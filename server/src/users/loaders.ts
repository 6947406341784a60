import DataLoader from 'dataloader';
import { requestLoaders } from '../graphql/loaders';
import type { Role } from '../roles/roles';
import { rolesOfUsers } from './directory';

/** The users area's per-request loaders (a user list loads its users' roles in one query). */
export const userLoaders = requestLoaders((db) => ({
  rolesOfUser: new DataLoader<number, Role[]>(async (ids) => {
    const map = await rolesOfUsers(db, ids);
    return ids.map((id) => map.get(id) ?? []);
  }),
}));
