import DataLoader from 'dataloader';
import { requestLoaders } from '../graphql/loaders';
import { linesOfPlaces, type StocktakingLineRecord } from './stocktaking';

/** The stocktaking area's per-request loaders: a page of places costs one query for their lines. */
export const stocktakingLoaders = requestLoaders((db) => ({
  linesOfPlace: new DataLoader<number, StocktakingLineRecord[]>(async (ids) => {
    const rows = await linesOfPlaces(db, ids);
    return ids.map((id) => rows.filter((row) => row.stocktakingPlaceId === id));
  }),
}));
