import DataLoader from 'dataloader';
import { clientsByIds, type Client } from '../clients/clients';
import type { Db } from '../db';
import { permissionsOfRoles, userCountsOfRoles, type Role } from '../roles/roles';
import { shippersByIds, type Shipper } from '../shipping/shipping';
import { roleIdsOfUsers } from '../users/directory';

/** The per-request batch loaders: one query per kind of look-up, however many rows a list has. */
export interface Loaders {
  client: DataLoader<number, Client | undefined>;
  shipper: DataLoader<number, Shipper | undefined>;
  role: DataLoader<number, Role | undefined>;
  roleIdsOfUser: DataLoader<number, number[]>;
  permissionsOfRole: DataLoader<number, string[]>;
  userCountOfRole: DataLoader<number, number>;
}

function byId<T extends { id: number }>(rows: T[], ids: readonly number[]): (T | undefined)[] {
  const map = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => map.get(id));
}

/** Creates the loaders of one request (their caches live as long as the request). */
export function createLoaders(db: Db): Loaders {
  return {
    client: new DataLoader(async (ids) => byId(await clientsByIds(db, ids), ids)),
    shipper: new DataLoader(async (ids) => byId(await shippersByIds(db, ids), ids)),
    role: new DataLoader(async (ids) =>
      byId(
        await db.query<Role>('SELECT id, name, version FROM roles WHERE id = ANY($1::int[])', [
          [...ids],
        ]),
        ids,
      ),
    ),
    roleIdsOfUser: new DataLoader(async (ids) => {
      const map = await roleIdsOfUsers(db, ids);
      return ids.map((id) => map.get(id) ?? []);
    }),
    permissionsOfRole: new DataLoader(async (ids) => {
      const map = await permissionsOfRoles(db, ids);
      return ids.map((id) => map.get(id) ?? []);
    }),
    userCountOfRole: new DataLoader(async (ids) => {
      const map = await userCountsOfRoles(db, ids);
      return ids.map((id) => map.get(id) ?? 0);
    }),
  };
}
