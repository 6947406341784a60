import { sqlTimeZone } from '../domain/time-zone';
import { databaseOf, type Db, type SqlParam } from '../db';
import { InvalidInput, type FieldProblems } from '../domain/errors';
import type { GroupBatchOutcome } from '../imports/batches';
import { publishRecords } from '../graphql/record-changes';
import type { Actor } from '../stock/stock';
import {
  derived,
  fulfillmentProblems,
  orderColumns,
  savedLines,
  type FulfillmentItem,
  type ItemProduct,
  type SavedLine,
} from './orders';
import type { ValidOrder } from './rules';

// The order import's writes (issue 14), set-based: a batch of orders costs a handful of
// statements whatever its size, instead of createOrder's dozen per order. What an order
// becomes is what createOrder makes of the same input: the columns (orderColumns), the sums
// and the search text (derived: rules.ts's totals), positions with the product's sku, name,
// price (unless given) and VAT rate, the history entry `created`, and the fulfillment checks
// (fulfillmentProblems) recorded as the order's fulfillment error with its history entry. Only
// the reading differs: the products, shipping methods, stock and hazmat of the whole batch
// are read at once, and the orders, positions and history entries inserted in one statement
// each (json_to_recordset: one parameter, any number of rows).

/** An order of a batch: what the file's rows made of it (with its number), and its group. */
export interface BatchOrder<G> {
  group: G;
  input: ValidOrder & { number: string };
}

/** A product as a batch needs it: the order's fields and whether it is hazmat. */
type BatchProduct = ItemProduct & { hazmat: boolean };

/** The SQL type of every column of orders, per database (read once). */
const columnTypes = new WeakMap<Db, Promise<Map<string, string>>>();
function orderColumnTypes(tx: Db): Promise<Map<string, string>> {
  const database = databaseOf(tx);
  let types = columnTypes.get(database);
  if (!types) {
    types = tx
      .query<{ name: string; type: string }>(
        `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
          WHERE attrelid = 'orders'::regclass AND attnum > 0 AND NOT attisdropped`,
      )
      .then((rows) => new Map(rows.map((row) => [row.name, row.type])));
    types.catch(() => columnTypes.delete(database));
    columnTypes.set(database, types);
  }
  return types;
}

const keyOf = (shop: string | null, number: string) => `${shop ?? ''}\u0000${number}`;

/**
 * Writes a batch of one client's orders in `tx`: an order the client already has (same shop
 * and number) is left as it is (`unchanged`, also when another import writes it at the same
 * time: ON CONFLICT DO NOTHING); an order whose product or shipping method is gone since the
 * file was checked is refused (nothing of the batch should then be kept: see writeGroups).
 */
export async function writeOrderBatch<G>(
  tx: Db,
  actor: Actor | null,
  clientId: number,
  batch: readonly BatchOrder<G>[],
): Promise<GroupBatchOutcome<BatchOrder<G>>> {
  const outcome: GroupBatchOutcome<BatchOrder<G>> = { created: [], unchanged: 0, refused: [] };
  // 1. The orders the client has already (by number: one index probe each, whatever the
  // planner knows of the table; the shop compared here).
  const existing = new Set(
    (
      await tx.query<{ shop: string; number: string }>(
        `SELECT coalesce(shop, '') AS shop, number FROM orders
          WHERE client_id = $1 AND number = any($2::text[])`,
        [clientId, [...new Set(batch.map((o) => o.input.number))]],
      )
    ).map((row) => keyOf(row.shop, row.number)),
  );
  const fresh = batch.filter((order) => !existing.has(keyOf(order.input.shop, order.input.number)));
  outcome.unchanged = batch.length - fresh.length;
  if (fresh.length === 0) return outcome;

  // 2. What the new orders refer to, read once for the batch.
  const productIds = [...new Set(fresh.flatMap((o) => o.input.items.map((i) => i.productId)))];
  const products = new Map(
    (
      await tx.query<BatchProduct>(
        `SELECT p.id, p.client_id AS "clientId", p.sku, p.name,
                p.price_net_cents::float8 AS "priceNetCents", p.vat_rate AS "vatRate",
                EXISTS (SELECT 1 FROM product_hazmat h WHERE h.product_id = p.id) AS hazmat
           FROM products p WHERE p.id = any($1::int[]) AND p.deleted_at IS NULL`,
        [productIds],
      )
    ).map((product) => [product.id, product]),
  );
  const methodIds = [
    ...new Set(fresh.map((o) => o.input.shippingMethodId).filter((id) => id !== null)),
  ];
  const methods = new Map(
    methodIds.length === 0
      ? []
      : (
          await tx.query<{ id: number; name: string; hazmatAllowed: boolean }>(
            // KEY SHARE: a method deleted meanwhile waits for this batch (no foreign key error).
            `SELECT m.id, s.name || ' ' || m.name AS name, m.hazmat_allowed AS "hazmatAllowed"
               FROM shipping_methods m JOIN shippers s ON s.id = m.shipper_id
              WHERE m.id = any($1::int[]) FOR KEY SHARE OF m`,
            [methodIds],
          )
        ).map((method) => [method.id, method]),
  );
  const available = new Map(
    (
      await tx.query<{ productId: number; available: number }>(
        `SELECT product_id AS "productId", sum(quantity - locked_qty)::int AS available
           FROM stock_totals WHERE product_id = any($1::int[]) GROUP BY product_id`,
        [[...products.keys()]],
      )
    ).map((row) => [row.productId, row.available]),
  );

  // 3. Each new order's positions, sums and fulfillment problems (as createOrder has them).
  const types = await orderColumnTypes(tx);
  const rows: Record<string, SqlParam>[] = [];
  /** The detail of each row's `fulfillment_error` history entry (null: none). */
  const details: ({ reason: string; problems: unknown } | null)[] = [];
  const linesOf = new Map<string, SavedLine[]>();
  for (const order of fresh) {
    const { input } = order;
    const problems: FieldProblems = {};
    if (input.shippingMethodId !== null && !methods.has(input.shippingMethodId))
      problems.shippingMethodId = [
        { rule: 'exists', message: 'The selected shipping method is invalid.' },
      ];
    const lines = savedLines(input, products, true, problems);
    if (Object.keys(problems).length > 0) {
      outcome.refused.push({ group: order, error: new InvalidInput(problems) });
      continue;
    }
    const items: FulfillmentItem[] = lines.map((line) => ({
      position: line.position,
      sku: line.sku,
      productId: line.productId,
      known: true,
      open: line.quantity,
      hazmat: products.get(line.productId)!.hazmat,
    }));
    const fulfillment = fulfillmentProblems({
      items,
      reserved: false,
      available,
      shippingAddress: input.shippingAddress,
      shippingMethodId: input.shippingMethodId,
      method: input.shippingMethodId === null ? undefined : methods.get(input.shippingMethodId),
    });
    const reason = fulfillment.length > 0 ? fulfillment.map((p) => p.message).join(' ') : null;
    rows.push({
      ...orderColumns(input),
      ...derived(lines),
      number: input.number,
      created_by: actor?.userId ?? null,
      order_date: input.orderDate,
      fulfillment_error: reason,
      fulfillment_problems: reason === null ? null : fulfillment.map((p) => p.text),
    });
    details.push(reason === null ? null : { reason, problems: fulfillment });
    linesOf.set(keyOf(input.shop, input.number), lines);
  }
  if (outcome.refused.length > 0 || rows.length === 0) return outcome;

  // 4. The orders, then their positions and history, one statement each.
  const columns = Object.keys(rows[0]!);
  const definition = columns.map((name) => {
    const type = types.get(name);
    if (!type) throw new Error(`orders has no column ${name}`);
    return `${name} ${type}`;
  });
  const values = columns.map((name) =>
    name === 'order_date'
      ? `coalesce(i.order_date, (now() AT TIME ZONE ${sqlTimeZone()})::date)`
      : `i.${name}`,
  );
  const inserted = await tx.query<{ id: number; shop: string; number: string }>(
    `INSERT INTO orders (${columns.join(', ')}, fulfillment_error_at)
     SELECT ${values.join(', ')}, CASE WHEN i.fulfillment_error IS NULL THEN NULL ELSE now() END
       FROM json_to_recordset($1::json) AS i(${definition.join(', ')})
     ON CONFLICT (client_id, coalesce(shop, ''), number) DO NOTHING
     RETURNING id, coalesce(shop, '') AS shop, number`,
    [JSON.stringify(rows)],
  );
  // Orders another import wrote since step 1 were left to it.
  outcome.unchanged += rows.length - inserted.length;
  const idOf = new Map(inserted.map((row) => [keyOf(row.shop, row.number), row.id]));
  const items: unknown[] = [];
  const errors: unknown[] = [];
  rows.forEach((row, index) => {
    const key = keyOf(row.shop as string | null, row.number as string);
    const id = idOf.get(key);
    if (id === undefined) return;
    outcome.created.push(id);
    for (const line of linesOf.get(key)!)
      items.push({
        order_id: id,
        position: line.position,
        product_id: line.productId,
        sku: line.sku,
        name: line.name,
        ordered_quantity: line.quantity,
        item_price_cents: line.priceCents,
        vat_rate: line.vatRate,
      });
    if (details[index]) errors.push({ order_id: id, detail: details[index] });
  });
  if (outcome.created.length === 0) return outcome;
  await tx.query(
    `INSERT INTO order_items (order_id, position, product_id, sku, name, ordered_quantity,
       item_price_cents, vat_rate)
     SELECT * FROM json_to_recordset($1::json) AS i(order_id integer, position integer,
       product_id integer, sku text, name text, ordered_quantity integer,
       item_price_cents bigint, vat_rate smallint)`,
    [JSON.stringify(items)],
  );
  const userId = actor?.userId ?? null;
  const actingUserId = actor && actor.actingUserId !== actor.userId ? actor.actingUserId : null;
  await tx.query(
    `INSERT INTO order_events (order_id, user_id, acting_user_id, kind, to_status)
     SELECT id, $2::int, $3::int, 'created', 'pending' FROM unnest($1::int[]) AS id`,
    [outcome.created, userId, actingUserId],
  );
  if (errors.length > 0)
    await tx.query(
      `INSERT INTO order_events (order_id, user_id, acting_user_id, kind, detail)
       SELECT e.order_id, $2::int, $3::int, 'fulfillment_error', e.detail
         FROM json_to_recordset($1::json) AS e(order_id integer, detail jsonb)`,
      [JSON.stringify(errors), userId, actingUserId],
    );
  publishRecords(tx, 'Order', 'order:view', outcome.created, 'created');
  return outcome;
}
