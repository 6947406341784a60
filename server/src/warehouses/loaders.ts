import DataLoader from 'dataloader';
import { byId, requestLoaders } from '../graphql/loaders';
import {
  placesByIds,
  placeCounts,
  placesOfRacks,
  racksByIds,
  racksOfStorages,
  storagesByIds,
  storagesOfWarehouses,
  warehousesByIds,
  type Place,
  type Rack,
  type Storage,
  type Warehouse,
} from './warehouses';

/** The children of each parent id, in the order the rows came (the query's order). */
function grouped<T>(rows: readonly T[], parentOf: (row: T) => number, ids: readonly number[]) {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(parentOf(row));
    if (list) list.push(row);
    else groups.set(parentOf(row), [row]);
  }
  return ids.map((id) => groups.get(id) ?? []);
}

/** The warehouses area's per-request loaders: a tree of any depth costs one query per level. */
export const warehouseLoaders = requestLoaders((db) => ({
  warehouse: new DataLoader<number, Warehouse | undefined>(async (ids) =>
    byId(await warehousesByIds(db, ids), ids),
  ),
  storage: new DataLoader<number, Storage | undefined>(async (ids) =>
    byId(await storagesByIds(db, ids), ids),
  ),
  rack: new DataLoader<number, Rack | undefined>(async (ids) =>
    byId(await racksByIds(db, ids), ids),
  ),
  place: new DataLoader<number, Place | undefined>(async (ids) =>
    byId(await placesByIds(db, ids), ids),
  ),
  storagesOf: new DataLoader<number, Storage[]>(async (ids) =>
    grouped(await storagesOfWarehouses(db, ids), (s) => s.warehouseId, ids),
  ),
  racksOf: new DataLoader<number, Rack[]>(async (ids) =>
    grouped(await racksOfStorages(db, ids), (r) => r.storageId, ids),
  ),
  placesOf: new DataLoader<number, Place[]>(async (ids) =>
    grouped(await placesOfRacks(db, ids), (p) => p.rackId, ids),
  ),
  placeCount: new DataLoader<number, number>(async (ids) => {
    const counts = new Map((await placeCounts(db, ids)).map((row) => [row.rackId, row.count]));
    return ids.map((id) => counts.get(id) ?? 0);
  }),
}));
