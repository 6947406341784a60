import DataLoader from 'dataloader';
import { prepared } from '../db';
import { byId, requestLoaders } from '../graphql/loaders';
import type { Product } from '../products/products';
import { PRODUCT_COLUMNS } from '../products/list';
import { stockOfProducts, userNames, type StockRow } from './inventory';

// A primary-key lookup every page of the ledger and the inventory runs: one plan fits every
// list of ids, so PostgreSQL plans it once per connection (a named prepared statement).
// (Built on first use: no import-order trap.)
let productsByIds: string | undefined;
const productsByIdsSql = () =>
  (productsByIds ??= prepared(`SELECT ${PRODUCT_COLUMNS} FROM products p
  LEFT JOIN product_hazmat h ON h.product_id = p.id WHERE p.id = any($1)`));

/** The stock area's per-request loaders: a page of the ledger or the inventory costs one query per kind. */
export const stockLoaders = requestLoaders((db) => ({
  // The ledger names deleted products too (a deleted product's bookings stay).
  product: new DataLoader<number, Product | undefined>(async (ids) =>
    byId(await db.query<Product>(productsByIdsSql(), [[...ids]]), ids),
  ),
  stockOfProduct: new DataLoader<number, StockRow[]>(async (ids) => {
    const rows = await stockOfProducts(db, ids);
    return ids.map((id) => rows.filter((row) => row.productId === id));
  }),
  userName: new DataLoader<number, string | null>(async (ids) => {
    const names = await userNames(db, ids);
    return ids.map((id) => names.get(id) ?? null);
  }),
}));
