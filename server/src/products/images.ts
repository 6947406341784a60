import { msg, type Message } from '@kontor/contracts';
import DataLoader from 'dataloader';
import type { Db } from '../db';
import { invalidField, notFound } from '../domain/errors';
import { requestLoaders } from '../graphql/loaders';

/** An image of a product (without its bytes: GET /spa/products/:id/images/:imageId sends those). */
export interface ProductImage {
  id: number;
  productId: number;
  name: string;
  contentType: string;
  width: number;
  height: number;
}

/** The images of these products, each product's in its order. */
export async function imagesOfProducts(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, ProductImage[]>> {
  const rows = await db.query<ProductImage>(
    `SELECT id, product_id AS "productId", name, content_type AS "contentType", width, height
       FROM product_images WHERE product_id = any($1::int[]) ORDER BY product_id, position, id`,
    [[...productIds]],
  );
  const byProduct = new Map<number, ProductImage[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** Per request: a product list loads the images of all its products in one query. */
export const imageLoaders = requestLoaders((db) => ({
  images: new DataLoader<number, ProductImage[]>(async (ids) => {
    const byProduct = await imagesOfProducts(db, ids);
    return ids.map((id) => byProduct.get(id) ?? []);
  }),
}));

/** The URL of an image's original. */
export const imageUrl = (image: ProductImage) =>
  `/spa/products/${image.productId}/images/${image.id}`;

/** Deletes one image of a product that is not deleted; answers the product's id. */
export async function deleteProductImage(db: Db, imageId: number): Promise<number> {
  const [row] = await db.query<{ productId: number }>(
    `DELETE FROM product_images i USING products p
      WHERE i.id = $1 AND p.id = i.product_id AND p.deleted_at IS NULL
      RETURNING i.product_id AS "productId"`,
    [imageId],
  );
  if (!row) throw notFound(msg('notFound.image'));
  return row.productId;
}

/** The largest image file accepted (bytes). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels an image may have (a small file can decode into gigabytes otherwise). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The most images one product may have. */
export const IMAGES_PER_PRODUCT = 20;
/** A thumbnail fits into this square (pixels). */
export const THUMBNAIL_SIZE = 200;
/** Thumbnails are WebP (small, keeps a PNG's transparency). */
export const THUMBNAIL_TYPE = 'image/webp';

/** The image types accepted, decided by the content's first bytes (never by name or header). */
export function imageTypeOf(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** A refused image file: 422 on the field `file`. */
const badImage = (rule: string, message: Message, params?: Record<string, number>) =>
  invalidField('file', rule, message, params);

/**
 * Adds an image to a product: checks the type by content (JPEG, PNG or WebP), decodes it to
 * learn its size (a file that does not decode is refused), makes a thumbnail and stores both.
 */
export async function addProductImage(
  db: Db,
  productId: number,
  name: string,
  bytes: Buffer,
): Promise<ProductImage> {
  const [exists] = await db.query('SELECT 1 FROM products WHERE id = $1 AND deleted_at IS NULL', [
    productId,
  ]);
  if (!exists) throw notFound(msg('notFound.product'));
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw badImage('mimes', msg('products.imageType'));
  let width: number;
  let height: number;
  let thumbnail: Buffer;
  // Loaded with the first image: a native library that few requests need.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
    const turned = (meta.orientation ?? 1) >= 5;
    width = (turned ? meta.height : meta.width) ?? 0;
    height = (turned ? meta.width : meta.height) ?? 0;
    thumbnail = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message))
      throw badImage(
        'dimensions',
        msg('products.imagePixels', { millions: IMAGE_MAX_PIXELS / 1_000_000 }),
      );
    throw badImage('image', msg('products.imageUnreadable'));
  }
  // The name as a header and a label shows it: without control characters, at most 255.
  const printable = [...name].filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f').join('');
  const safeName = (printable.trim() || 'image').slice(0, 255);
  return db.transaction(async (tx) => {
    const [product] = await tx.query(
      'SELECT 1 FROM products WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
      [productId],
    );
    if (!product) throw notFound(msg('notFound.product'));
    const [count] = await tx.query<{ n: number; next: number }>(
      `SELECT count(*)::int AS n, coalesce(max(position) + 1, 0)::int AS next
         FROM product_images WHERE product_id = $1`,
      [productId],
    );
    if (count!.n >= IMAGES_PER_PRODUCT)
      throw badImage('max', msg('products.imageCount', { max: IMAGES_PER_PRODUCT }), {
        max: IMAGES_PER_PRODUCT,
      });
    const [row] = await tx.query<ProductImage>(
      `INSERT INTO product_images (product_id, position, name, content_type, width, height, data, thumbnail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING id, product_id AS "productId", name, content_type AS "contentType", width, height`,
      [productId, count!.next, safeName, contentType, width, height, bytes, thumbnail],
    );
    return row!;
  });
}

/** An image's bytes (the original or its thumbnail) with their type, or undefined. */
export async function imageContent(
  db: Db,
  productId: number,
  imageId: number,
  which: 'original' | 'thumbnail',
): Promise<{ name: string; contentType: string; bytes: Buffer } | undefined> {
  const column = which === 'original' ? 'i.data' : 'i.thumbnail';
  const [row] = await db.query<{ name: string; contentType: string; bytes: Buffer | Uint8Array }>(
    `SELECT i.name, i.content_type AS "contentType", ${column} AS bytes
       FROM product_images i JOIN products p ON p.id = i.product_id AND p.deleted_at IS NULL
      WHERE i.id = $1 AND i.product_id = $2`,
    [imageId, productId],
  );
  if (!row) return undefined;
  return {
    name: row.name,
    contentType: which === 'original' ? row.contentType : THUMBNAIL_TYPE,
    bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
  };
}
