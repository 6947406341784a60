import DataLoader from 'dataloader';
import { byId, requestLoaders } from '../graphql/loaders';
import { permissionsOfRoles, rolesByIds, userCountsOfRoles, type Role } from './roles';

/** The roles area's per-request loaders: a list of roles or users costs one query per kind. */
export const roleLoaders = requestLoaders((db) => ({
  role: new DataLoader<number, Role | undefined>(async (ids) =>
    byId(await rolesByIds(db, ids), ids),
  ),
  permissionsOfRole: new DataLoader<number, string[]>(async (ids) => {
    const map = await permissionsOfRoles(db, ids);
    return ids.map((id) => map.get(id) ?? []);
  }),
  userCountOfRole: new DataLoader<number, number>(async (ids) => {
    const map = await userCountsOfRoles(db, ids);
    return ids.map((id) => map.get(id) ?? 0);
  }),
}));
