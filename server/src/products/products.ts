import { msg } from '@kontor/contracts';
import type { Db, SqlParam } from '../db';
import { uniqueConstraints } from '../domain/database-errors';
import { conflict, invalidField, notFound, staleEdit } from '../domain/errors';
import { field } from '../domain/validation';
import { listPage, type FilterValues, type Page, type PageArgs } from '../lists/list';
import { PRODUCT_COLUMNS, PRODUCT_FROM, productList } from './list';
import type { ValidHazmat, ValidProduct } from './rules';

// The business functions of products: each takes a Db (or a transaction's) and validated
// input (products/rules.ts), and knows nothing of GraphQL or HTTP.

// A second product with the same sku (ignoring case) of the same client is a field error,
// also when two requests race for it.
uniqueConstraints({
  products_client_sku_key: {
    field: 'sku',
    message: 'The sku has already been taken for this client.',
  },
});

/** A product's hazardous-goods data as stored (texts '' when not given). */
export type Hazmat = ValidHazmat;

/** A product as the API reads it (prices in cents; the client and images through loaders). */
export interface Product {
  id: number;
  clientId: number;
  sku: string;
  altSku: string;
  ean: string;
  name: string;
  url: string;
  weightKg: number | null;
  widthCm: number | null;
  heightCm: number | null;
  lengthCm: number | null;
  countryOfManufacture: string;
  priceNetCents: number;
  priceGrossCents: number;
  vatRate: number;
  lotTracked: boolean;
  bestBefore: boolean;
  hazmat: Hazmat | null;
  version: number;
}

/** A product's data for the form and the import: the validated fields plus its client. */
export type ValidProductWithClient = ValidProduct & { clientId: number };

/** The sort keys of the product list. */
export type ProductSort = 'SKU' | 'NAME' | 'ID';

/** One page of products, searched in sku, EAN and name, optionally of one client. */
export async function listProducts(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: ProductSort,
  filter?: FilterValues<'clientId'> | null,
): Promise<Page<Product>> {
  return listPage<Product, ProductSort, 'clientId'>(db, productList, args, sortBy, filter);
}

/** One product that is not deleted, or undefined. */
export async function findProduct(db: Db, id: number): Promise<Product | undefined> {
  const [row] = await db.query<Product>(
    `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM} WHERE p.id = $1`,
    [id],
  );
  return row;
}

/**
 * The ways one GTIN is written: a scanner may send a UPC-A as 12 digits or as the EAN-13
 * with a leading zero (or a GTIN-14 with more), so every length from 8 to 14 of the same
 * number (its digits without leading zeros, padded) is one product.
 */
export function gtinSpellings(code: string): string[] {
  if (!/^\d{1,14}$/.test(code)) return [code];
  const core = code.replace(/^0+/, '');
  return [8, 12, 13, 14]
    .filter((length) => length >= core.length)
    .map((l) => core.padStart(l, '0'));
}

/** The products (not deleted) with this EAN, of every client or of one. '' finds nothing. */
export async function productsByEan(
  db: Db,
  ean: string,
  clientId?: number | null,
): Promise<Product[]> {
  const code = ean.replace(/\s/g, '');
  if (code === '') return [];
  return db.query<Product>(
    `SELECT ${PRODUCT_COLUMNS} FROM ${PRODUCT_FROM}
      WHERE p.ean = any($1::text[]) AND ($2::int IS NULL OR p.client_id = $2)
      ORDER BY p.client_id, lower(p.sku), p.id`,
    [gtinSpellings(code), clientId ?? null],
  );
}

/** The client id argument of productByEan: an id, or null for every client. */
export const optionalClientId = field.id('client').nullish();

/** The product table's columns of a product's data, in a fixed order. */
function productValues(input: ValidProductWithClient): SqlParam[] {
  return [
    input.clientId,
    input.sku,
    input.altSku,
    input.ean,
    input.name,
    input.url,
    input.weightKg,
    input.widthCm,
    input.heightCm,
    input.lengthCm,
    input.countryOfManufacture,
    input.priceNetCents,
    input.priceGrossCents,
    input.vatRate,
    input.lotTracked,
    input.bestBefore,
  ];
}

/** The client must exist. */
async function assertClientExists(db: Db, clientId: number): Promise<void> {
  const [client] = await db.query('SELECT 1 FROM clients WHERE id = $1', [clientId]);
  if (!client) throw invalidField('clientId', 'exists', 'The selected client is invalid.');
}

/** Saves the hazmat data of a product: null removes it (the product is no hazmat then). */
export async function saveHazmat(db: Db, productId: number, hazmat: ValidHazmat | null) {
  if (!hazmat) {
    await db.query('DELETE FROM product_hazmat WHERE product_id = $1', [productId]);
    return;
  }
  await db.query(
    `INSERT INTO product_hazmat (product_id, un_number, cas_number, shipping_name, description,
       hazmat_class, risk_class, packing_group, hazard_id_number, classification_code,
       packing_id_code, tunnel_restriction_code, net_weight_kg, gross_weight_kg, factor, additional)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (product_id) DO UPDATE SET
       un_number = EXCLUDED.un_number, cas_number = EXCLUDED.cas_number,
       shipping_name = EXCLUDED.shipping_name, description = EXCLUDED.description,
       hazmat_class = EXCLUDED.hazmat_class, risk_class = EXCLUDED.risk_class,
       packing_group = EXCLUDED.packing_group, hazard_id_number = EXCLUDED.hazard_id_number,
       classification_code = EXCLUDED.classification_code,
       packing_id_code = EXCLUDED.packing_id_code,
       tunnel_restriction_code = EXCLUDED.tunnel_restriction_code,
       net_weight_kg = EXCLUDED.net_weight_kg, gross_weight_kg = EXCLUDED.gross_weight_kg,
       factor = EXCLUDED.factor, additional = EXCLUDED.additional, updated_at = now()`,
    [
      productId,
      hazmat.unNumber,
      hazmat.casNumber,
      hazmat.shippingName,
      hazmat.description,
      hazmat.hazmatClass,
      hazmat.riskClass,
      hazmat.packingGroup,
      hazmat.hazardIdNumber,
      hazmat.classificationCode,
      hazmat.packingIdCode,
      hazmat.tunnelRestrictionCode,
      hazmat.netWeightKg,
      hazmat.grossWeightKg,
      hazmat.factor,
      hazmat.additional,
    ],
  );
}

/** Creates a product of a client with its hazmat data; the sku must be new for the client. */
export async function createProduct(db: Db, input: ValidProductWithClient): Promise<Product> {
  return db.transaction(async (tx) => {
    await assertClientExists(tx, input.clientId);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO products (client_id, sku, alt_sku, ean, name, url, weight_kg, width_cm,
         height_cm, length_cm, country_of_manufacture, price_net_cents, price_gross_cents,
         vat_rate, lot_tracked, best_before)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       RETURNING id`,
      productValues(input),
    );
    await saveHazmat(tx, row!.id, input.hazmat);
    return (await findProduct(tx, row!.id))!;
  });
}

/** True when stock or the ledger names the product (its client can no longer change). */
async function hasStockHistory(db: Db, productId: number): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM stock WHERE product_id = $1)
        OR EXISTS (SELECT 1 FROM stock_changes WHERE product_id = $1)`,
    [productId],
  );
  return row !== undefined;
}

/**
 * Saves a product's changes made on `version` (a newer version on the server is a CONFLICT),
 * with its hazmat data. Its client may change only while no stock was ever booked for it.
 */
export async function updateProduct(
  db: Db,
  id: number,
  version: number,
  input: ValidProductWithClient,
): Promise<Product> {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<{ version: number; clientId: number }>(
      `SELECT version, client_id AS "clientId" FROM products
        WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    if (!current) throw notFound(msg('notFound.product'));
    if (current.version !== version) throw staleEdit();
    if (current.clientId !== input.clientId) {
      await assertClientExists(tx, input.clientId);
      if (await hasStockHistory(tx, id))
        throw invalidField('clientId', 'locked', msg('products.clientLocked'));
    }
    await tx.query(
      `UPDATE products SET client_id = $1, sku = $2, alt_sku = $3, ean = $4, name = $5, url = $6,
         weight_kg = $7, width_cm = $8, height_cm = $9, length_cm = $10,
         country_of_manufacture = $11, price_net_cents = $12, price_gross_cents = $13,
         vat_rate = $14, lot_tracked = $15, best_before = $16,
         version = version + 1, updated_at = now()
       WHERE id = $17`,
      [...productValues(input), id],
    );
    await saveHazmat(tx, id, input.hazmat);
    return (await findProduct(tx, id))!;
  });
}

// The product's own rows: removed with it (stock and its totals only while empty).
const OWN_ROWS = new Set(['stock', 'stock_totals', 'product_hazmat', 'product_images']);
let namedElsewhere: Promise<string> | undefined;

/**
 * A statement finding one row of another table that names product $1 through a foreign key
 * that would refuse its deletion: read from the catalogue once, so an area adding such a
 * table (avis lines, order items, counts) needs no change here.
 */
function namedElsewhereSql(db: Db): Promise<string> {
  namedElsewhere ??= db
    .query<{ tbl: string; col: string }>(
      `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'products'::regclass
          AND c.confdeltype IN ('a', 'r') AND array_length(c.conkey, 1) = 1
        ORDER BY 1, 2`,
    )
    .then((rows) => {
      const checks = rows
        .filter((r) => !OWN_ROWS.has(r.tbl))
        .map((r) => `SELECT 1 FROM ${r.tbl} WHERE ${r.col} = $1`);
      return checks.length > 0 ? `${checks.join(' UNION ALL ')} LIMIT 1` : 'SELECT 1 WHERE false';
    });
  namedElsewhere.catch(() => (namedElsewhere = undefined));
  return namedElsewhere;
}

/**
 * Deletes a product. Refused (CONFLICT, in-use) while any stock row of it holds a quantity.
 * A product another record names (the ledger, an avis line, a count) stays as a row with
 * `deleted_at` set (those keep pointing at it; its sku is free again); any other is removed
 * with its hazmat data and images.
 */
export async function deleteProduct(db: Db, id: number): Promise<'deleted' | 'archived'> {
  return db.transaction(async (tx) => {
    // The row lock waits for bookings of the product under way (their foreign key check
    // holds a share lock on it) and holds off new ones until this transaction ends.
    const [product] = await tx.query(
      'SELECT 1 FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
      [id],
    );
    if (!product) throw notFound(msg('notFound.product'));
    const [stock] = await tx.query<{ quantity: string }>(
      'SELECT sum(quantity)::text AS quantity FROM stock WHERE product_id = $1 AND quantity > 0',
      [id],
    );
    if (stock?.quantity)
      throw conflict(msg('products.hasStock', { quantity: Number(stock.quantity) }), 'in-use');
    // Named elsewhere (the ledger, an avis, an order …): archived, so those records keep it.
    const [named] = await tx.query(await namedElsewhereSql(tx), [id]);
    if (named) {
      await tx.query(
        'UPDATE products SET deleted_at = now(), version = version + 1, updated_at = now() WHERE id = $1',
        [id],
      );
      return 'archived';
    }
    // Empty stock rows (and their zero totals) would hold the row through their foreign keys.
    await tx.query('DELETE FROM stock WHERE product_id = $1', [id]);
    await tx.query('DELETE FROM stock_totals WHERE product_id = $1', [id]);
    await tx.query('DELETE FROM products WHERE id = $1', [id]);
    return 'deleted';
  });
}
