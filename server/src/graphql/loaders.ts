import type { Db } from '../db';

// Each area keeps its DataLoaders in `<area>/loaders.ts`; nothing central lists them.
// A GraphQL request has one context object: an area's loaders are created the first time
// a resolver of that request asks for them and cached on that object, so they batch and
// cache within the request only.

/**
 * The per-request loaders of one area: `requestLoaders((db) => ({ client: new DataLoader(…) }))`
 * gives a function a resolver calls with its context (`clientLoaders(context).client.load(id)`).
 */
export function requestLoaders<L>(create: (db: Db) => L): (context: { db: Db }) => L {
  const perRequest = new WeakMap<object, L>();
  return (context) => {
    let loaders = perRequest.get(context);
    if (!loaders) {
      loaders = create(context.db);
      perRequest.set(context, loaders);
    }
    return loaders;
  };
}

/** The rows of `ids` in their order (undefined where none), from rows in any order. */
export function byId<T extends { id: number }>(
  rows: readonly T[],
  ids: readonly number[],
): (T | undefined)[] {
  const map = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => map.get(id));
}
