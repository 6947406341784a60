import { formatter } from '../domain/time-zone';
import { createHash } from 'node:crypto';
import { msg } from '@kontor/contracts';
import type { Db, SqlParam } from '../db';
import { DomainError, type FieldProblems } from '../domain/errors';
import { ruleOf } from '../domain/validation';
import { addressInput, type Address } from '../clients/clients';
import { publishRecords } from '../graphql/record-changes';
import {
  checkFulfillment,
  insertItems,
  insertOrder,
  derived,
  isEditable,
  orderColumns,
  recordFulfillment,
  recordOrderEvent,
  fulfillmentProblem,
  transition,
  type FulfillmentProblem,
  type SavedLine,
} from '../orders/orders';
import { MAX_ITEMS, MAX_QUANTITY, type ValidOrder } from '../orders/rules';
import { writeOrderBatch, type BatchOrder } from '../orders/import-write';
import type { ShopAddress, ShopOrder } from './connector';

// How a shop's order becomes a Kontor order (docs/shops.md "Taking an order"), one order per
// transaction under an advisory lock of (connection, the shop's id), with the binding's unique
// key as the last word: no rerun, parallel run or webhook makes a second order.
// - New and in an imported state: created (unknown SKUs and unmapped shipping methods become
//   the order's fulfillment error, never a dropped position).
// - Known: an older change than the one applied is ignored; a cancel cancels the order (its
//   reservations released) or, once shipped, is a conflict; other changes replace addresses,
//   positions and method while the order is still editable (pending: not picked), else they are
//   a conflict on the order.
// - Could not be taken at all (data Kontor cannot store): a dead letter with the reason; the
//   other orders go on.

/** The connection as taking an order needs it. */
export interface TakeConnection {
  id: number;
  name: string;
  clientId: number;
  departmentId: number | null;
  importStates: readonly string[];
  /** Shop shipping key → shipping method id. */
  mappings: ReadonlyMap<string, number>;
}

export type TakeOutcome =
  'created' | 'updated' | 'unchanged' | 'cancelled' | 'conflict' | 'skipped' | 'dead';

/** A shop order Kontor cannot store: the reason goes to the dead letters. */
class Untakeable extends Error {}

const VAT_RATES = new Set([0, 7, 19]);

interface Line extends Omit<SavedLine, 'productId'> {
  productId: number | null;
}

/** The address parts a Kontor address has, from a shop's (validated: lengths, country, e-mail). */
function addressOf(raw: ShopAddress, path: string, problems: string[]): Address {
  const full = {
    company: raw.company,
    prefix: '',
    firstName: raw.firstName,
    middleName: '',
    lastName: raw.lastName,
    suffix: '',
    street: raw.street,
    houseNumber: raw.houseNumber,
    postcode: raw.postcode,
    city: raw.city,
    countryCode: raw.countryCode,
    state: raw.state,
    email: raw.email,
    phone: raw.phone,
    additionalLines: raw.additionalLines,
  };
  const result = addressInput.safeParse(full);
  if (result.success) return result.data as Address;
  // A missing part or an unusual postcode is the order's fulfillment error (staff fix it in
  // Kontor), not a reason to refuse the order.
  for (const issue of result.error.issues) {
    const rule = ruleOf(issue).rule;
    if (rule === 'required' || rule === 'postcode') continue;
    problems.push(`${path}.${issue.path.join('.')}: ${issue.message}`);
  }
  return { ...full, countryCode: full.countryCode.trim().toUpperCase() } as Address;
}

interface Product {
  id: number;
  sku: string;
  name: string;
  vatRate: number;
}

/** The client's products named by the orders' SKUs (ignoring case), by lower-case SKU. */
async function productsFor(
  tx: Db,
  clientId: number,
  orders: readonly ShopOrder[],
): Promise<Map<string, Product>> {
  const skus = [
    ...new Set(orders.flatMap((order) => order.items.map((item) => item.sku.toLowerCase()))),
  ].filter(Boolean);
  const rows = await tx.query<Product>(
    `SELECT id, sku, name, vat_rate AS "vatRate" FROM products
      WHERE client_id = $1 AND lower(sku) = any($2::text[]) AND deleted_at IS NULL`,
    [clientId, skus],
  );
  return new Map(rows.map((product) => [product.sku.toLowerCase(), product]));
}

/** The Kontor order's data of a shop order; Untakeable with every reason when it cannot be stored. */
function orderData(
  connection: TakeConnection,
  order: ShopOrder,
  products: ReadonlyMap<string, Product>,
) {
  const problems: string[] = [];
  if (order.number.trim() === '' || order.number.length > 50)
    problems.push(
      `number: the shop's order number must have 1 to 50 characters ('${order.number.slice(0, 60)}').`,
    );
  if (order.items.length === 0) problems.push('items: the order has no position to ship.');
  if (order.items.length > MAX_ITEMS)
    problems.push(`items: an order holds at most ${MAX_ITEMS} positions.`);
  order.items.forEach((item, i) => {
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_QUANTITY)
      problems.push(
        `items.${i}.quantity: ${item.quantity} is no whole number from 1 to ${MAX_QUANTITY}.`,
      );
    if (!Number.isFinite(item.grossUnitCents) || item.grossUnitCents < 0)
      problems.push(`items.${i}.price: the price is not an amount.`);
    if (item.sku.length > 255) problems.push(`items.${i}.sku: longer than 255 characters.`);
  });
  if (order.currency !== 'EUR')
    problems.push(`currency: Kontor keeps orders in EUR, the shop sent ${order.currency}.`);
  const shippingAddress = addressOf(order.shippingAddress, 'shippingAddress', problems);
  const billingAddress = order.billingAddress
    ? addressOf(order.billingAddress, 'billingAddress', problems)
    : null;
  if (problems.length > 0) throw new Untakeable(problems.join(' '));

  const lines: Line[] = order.items.map((item, i) => {
    const product = products.get(item.sku.toLowerCase());
    const rate =
      product?.vatRate ??
      (item.taxRate !== null && VAT_RATES.has(item.taxRate) ? item.taxRate : 19);
    return {
      position: i + 1,
      productId: product?.id ?? null,
      sku: product?.sku ?? (item.sku || '(ohne SKU)'),
      name: (product?.name ?? item.name).slice(0, 255),
      quantity: item.quantity,
      // Kontor keeps net unit prices: the shop's gross price less the position's VAT.
      priceCents: Math.round(item.grossUnitCents / (1 + rate / 100)),
      vatRate: rate,
    };
  });
  const shippingMethodId =
    order.shippingKey === null ? null : (connection.mappings.get(order.shippingKey) ?? null);
  const valid: ValidOrder = {
    clientId: connection.clientId,
    shop: connection.name,
    number: order.number.trim(),
    orderDate: Number.isNaN(order.orderedAt.getTime())
      ? null
      : formatter('de').dayOf(order.orderedAt),
    shippingMethodId,
    departmentId: connection.departmentId,
    shippingAddress,
    billingAddress,
    items: [],
    attributes: [],
  };
  return { valid, lines };
}

/** What of a shop order Kontor keeps (a change of anything else is no change to apply). */
function contentHash(order: ShopOrder): string {
  const content = [
    order.number,
    order.shippingAddress,
    order.billingAddress,
    order.shippingKey,
    order.items,
    order.comment,
  ];
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

/** The attributes a shop order keeps: the shop's id, the customer's comment, the shop's method. */
function attributesOf(order: ShopOrder): [string, string][] {
  const attributes: [string, string][] = [['shopOrderId', order.externalId]];
  if (order.comment.trim() !== '')
    attributes.push(['customerComment', order.comment.trim().slice(0, 1000)]);
  if (order.shippingLabel)
    attributes.push(['shopShippingMethod', order.shippingLabel.slice(0, 1000)]);
  return attributes;
}

async function saveAttributes(tx: Db, orderId: number, order: ShopOrder): Promise<void> {
  await tx.query('DELETE FROM order_attributes WHERE order_id = $1', [orderId]);
  const attributes = attributesOf(order);
  await tx.query(
    `INSERT INTO order_attributes (order_id, key, value) SELECT $1, * FROM unnest($2::text[], $3::text[])`,
    [orderId, attributes.map((a) => a[0]), attributes.map((a) => a[1])],
  );
}

/** The fulfillment checks, with the shop's unmapped shipping method named. */
async function checkShopOrder(
  tx: Db,
  orderId: number,
  order: ShopOrder,
  connection: TakeConnection,
) {
  const problems: FulfillmentProblem[] = await checkFulfillment(tx, orderId);
  const unmapped = order.shippingKey !== null && !connection.mappings.has(order.shippingKey);
  const named = problems.map((problem) =>
    problem.rule === 'shippingMethod' && (unmapped || order.shippingKey === null)
      ? {
          ...fulfillmentProblem(
            'shippingMethod',
            order.shippingKey === null
              ? msg('fulfillment.shopShippingMethod', { shop: connection.name })
              : msg('fulfillment.shopShippingUnmapped', {
                  label: order.shippingLabel || order.shippingKey,
                  key: order.shippingKey,
                  shop: connection.name,
                }),
          ),
          params: { shop: connection.name, key: order.shippingKey ?? '' },
        }
      : problem,
  );
  await recordFulfillment(tx, null, orderId, named);
}

async function createFromShop(
  tx: Db,
  connection: TakeConnection,
  order: ShopOrder,
): Promise<number> {
  const products = await productsFor(tx, connection.clientId, [order]);
  const { valid, lines } = orderData(connection, order, products);
  const [taken] = await tx.query(
    `SELECT 1 FROM orders WHERE client_id = $1 AND coalesce(shop, '') = $2 AND number = $3`,
    [connection.clientId, connection.name, valid.number],
  );
  if (taken)
    throw new Untakeable(
      `number: order ${valid.number} of shop ${connection.name} exists already in Kontor (not from this shop's order ${order.externalId}).`,
    );
  const id = await insertOrder(tx, null, valid, valid.number!, lines);
  await insertItems(tx, id, lines);
  await saveAttributes(tx, id, order);
  await recordOrderEvent(tx, null, id, 'created', {
    to: 'pending',
    detail: { shop: connection.name, shopOrderId: order.externalId },
  });
  await checkShopOrder(tx, id, order, connection);
  await tx.query(
    `INSERT INTO shop_order_bindings (connection_id, external_id, order_id, external_number, shop_state,
       shop_modified_at, shop_data)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      connection.id,
      order.externalId,
      id,
      order.number,
      order.state,
      order.modifiedAt.toISOString(),
      JSON.stringify({ ...order.data, contentHash: contentHash(order) }),
    ],
  );
  publishRecords(tx, 'Order', 'order:view', [id], 'created');
  return id;
}

/** Replaces addresses, positions and method of an editable order with the shop's. */
async function updateFromShop(
  tx: Db,
  orderId: number,
  connection: TakeConnection,
  order: ShopOrder,
): Promise<void> {
  const products = await productsFor(tx, connection.clientId, [order]);
  const { valid, lines } = orderData(connection, order, products);
  const columns: Record<string, SqlParam> = {
    ...orderColumns(valid),
    ...derived(lines),
  };
  delete columns.client_id;
  delete columns.shop;
  const names = Object.keys(columns);
  await tx.query(
    `UPDATE orders SET ${names.map((name, i) => `${name} = $${i + 2}`).join(', ')},
       version = version + 1, updated_at = now() WHERE id = $1`,
    [orderId, ...Object.values(columns)],
  );
  await tx.query('DELETE FROM order_items WHERE order_id = $1', [orderId]);
  await insertItems(tx, orderId, lines);
  await saveAttributes(tx, orderId, order);
  await recordOrderEvent(tx, null, orderId, 'updated', {
    detail: { shop: connection.name, fields: ['shop'] },
  });
  await checkShopOrder(tx, orderId, order, connection);
  publishRecords(tx, 'Order', 'order:view', [orderId], 'updated');
}

async function setConflict(
  tx: Db,
  connection: TakeConnection,
  order: ShopOrder,
  text: string,
): Promise<void> {
  await tx.query(
    `UPDATE shop_order_bindings SET conflict = $3, conflict_at = now()
      WHERE connection_id = $1 AND external_id = $2`,
    [connection.id, order.externalId, text],
  );
}

interface Binding {
  orderId: number;
  modifiedAt: Date | null;
  data: Record<string, unknown>;
}

async function takeInTransaction(
  tx: Db,
  connection: TakeConnection,
  order: ShopOrder,
): Promise<TakeOutcome> {
  // Every run, node and webhook taking this shop order waits here for the one before.
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [
    connection.id,
    order.externalId,
  ]);
  const [binding] = await tx.query<Binding>(
    `SELECT order_id AS "orderId", shop_modified_at AS "modifiedAt", shop_data AS data
       FROM shop_order_bindings WHERE connection_id = $1 AND external_id = $2 FOR UPDATE`,
    [connection.id, order.externalId],
  );
  if (!binding) {
    if (order.cancelled || !connection.importStates.includes(order.state)) return 'skipped';
    await createFromShop(tx, connection, order);
    return 'created';
  }
  if (binding.modifiedAt && order.modifiedAt.getTime() <= new Date(binding.modifiedAt).getTime())
    return 'unchanged';
  const [current] = await tx.query<{
    status: string;
    heldFromStatus: string | null;
    number: string;
    shipped: boolean;
  }>(
    `SELECT o.status, o.held_from_status AS "heldFromStatus", o.number,
            EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.shipped_quantity > 0) AS shipped
       FROM orders o WHERE o.id = $1 FOR UPDATE`,
    [binding.orderId],
  );
  let outcome: TakeOutcome = 'unchanged';
  const hash = contentHash(order);
  if (order.cancelled) {
    if (current!.status === 'complete' || current!.shipped) {
      await setConflict(
        tx,
        connection,
        order,
        `Cancelled in the shop after order ${current!.number} was shipped.`,
      );
      outcome = 'conflict';
    } else if (current!.status !== 'cancelled') {
      await transition(tx, null, binding.orderId, 'cancelled');
      publishRecords(tx, 'Order', 'order:view', [binding.orderId], 'updated');
      outcome = 'cancelled';
    }
  } else if (hash !== binding.data.contentHash) {
    const editable = isEditable(current as never) && !current!.shipped;
    if (editable) {
      await updateFromShop(tx, binding.orderId, connection, order);
      outcome = 'updated';
    } else {
      await setConflict(
        tx,
        connection,
        order,
        `Changed in the shop after order ${current!.number} was ${current!.status === 'complete' ? 'shipped' : 'picked'}: the change was not applied.`,
      );
      outcome = 'conflict';
    }
  }
  const applied =
    outcome === 'updated' || (outcome !== 'conflict' && hash === binding.data.contentHash);
  await tx.query(
    `UPDATE shop_order_bindings SET shop_state = $3, shop_modified_at = $4,
       shop_data = $5::jsonb, updated_at = now()
     WHERE connection_id = $1 AND external_id = $2`,
    [
      connection.id,
      order.externalId,
      order.state,
      order.modifiedAt.toISOString(),
      JSON.stringify({
        ...binding.data,
        ...order.data,
        contentHash: applied ? hash : binding.data.contentHash,
      }),
    ],
  );
  return outcome;
}

/** Whether an error means the order's data cannot be stored (not that the database is away). */
function isDataError(error: unknown): boolean {
  if (error instanceof Untakeable || error instanceof DomainError) return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(22|23)/.test(code);
}

function reasonOf(error: unknown): string {
  if (error instanceof DomainError) {
    const problems = (error as { problems?: FieldProblems }).problems;
    if (problems)
      return Object.entries(problems)
        .map(([field, list]) => `${field}: ${list.map((p) => p.message).join(' ')}`)
        .join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}

/** Takes one shop order (see the top of this file); a dead letter when it cannot be stored. */
export async function takeShopOrder(
  db: Db,
  connection: TakeConnection,
  order: ShopOrder,
): Promise<TakeOutcome> {
  try {
    const outcome = await db.transaction((tx) => takeInTransaction(tx, connection, order));
    if (outcome !== 'skipped')
      await db.query(
        'DELETE FROM shop_dead_letters WHERE connection_id = $1 AND external_id = $2',
        [connection.id, order.externalId],
      );
    return outcome;
  } catch (error) {
    if (!isDataError(error)) throw error;
    await db.query(
      `INSERT INTO shop_dead_letters (connection_id, external_id, external_number, reason)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (connection_id, external_id) DO UPDATE
         SET reason = EXCLUDED.reason, external_number = EXCLUDED.external_number,
             attempts = shop_dead_letters.attempts + 1, last_at = now()`,
      [connection.id, order.externalId, order.number.slice(0, 100), reasonOf(error).slice(0, 2000)],
    );
    return 'dead';
  }
}

/** The connection as taking needs it, with its shipping mappings. */
export async function takeConnectionOf(
  db: Db,
  connection: {
    id: number;
    name: string;
    clientId: number;
    departmentId: number | null;
    importStates: string[];
  },
): Promise<TakeConnection> {
  const rows = await db.query<{ shopKey: string; methodId: number }>(
    `SELECT shop_key AS "shopKey", shipping_method_id AS "methodId" FROM shop_shipping_mappings
      WHERE connection_id = $1`,
    [connection.id],
  );
  return { ...connection, mappings: new Map(rows.map((row) => [row.shopKey, row.methodId])) };
}

/**
 * Takes a page of a shop's orders. The usual ones in one transaction, set-based (the order
 * import's writeOrderBatch: a handful of statements for the page): orders seen before and not
 * changed since, orders not to be taken, and new orders whose every position is a known
 * product and whose shipping method is mapped. Every other order (a change to apply, a
 * fulfillment error to name, one that cannot be stored) is taken alone with takeShopOrder, as
 * is the whole page when its transaction fails on data. Same outcomes as taking each alone.
 */
export async function takeShopPage(
  db: Db,
  connection: TakeConnection,
  orders: readonly ShopOrder[],
): Promise<TakeOutcome[]> {
  const outcomes = new Map<string, TakeOutcome>();
  let alone: ShopOrder[] = [];
  const ids = [...new Set(orders.map((order) => order.externalId))].sort();
  if (ids.length === orders.length && orders.length > 1) {
    try {
      alone = await db.transaction(async (tx) => {
        // The same locks takeShopOrder takes, in one order: no deadlock between pages.
        await tx.query(
          `SELECT pg_advisory_xact_lock($1::int, hashtext(x))
             FROM (SELECT unnest($2::text[]) AS x ORDER BY 1) ids`,
          [connection.id, ids],
        );
        const bound = new Map(
          (
            await tx.query<{ externalId: string; modifiedAt: Date | null }>(
              `SELECT external_id AS "externalId", shop_modified_at AS "modifiedAt"
                 FROM shop_order_bindings WHERE connection_id = $1 AND external_id = any($2::text[])`,
              [connection.id, ids],
            )
          ).map((row) => [row.externalId, row.modifiedAt]),
        );
        const later: ShopOrder[] = [];
        const fresh: ShopOrder[] = [];
        for (const order of orders) {
          if (bound.has(order.externalId)) {
            const seen = bound.get(order.externalId);
            if (seen && order.modifiedAt.getTime() <= new Date(seen).getTime())
              outcomes.set(order.externalId, 'unchanged');
            else later.push(order);
          } else if (order.cancelled || !connection.importStates.includes(order.state))
            outcomes.set(order.externalId, 'skipped');
          else fresh.push(order);
        }
        const products = await productsFor(tx, connection.clientId, fresh);
        const batch: BatchOrder<ShopOrder>[] = [];
        for (const order of fresh) {
          let data: ReturnType<typeof orderData>;
          try {
            data = orderData(connection, order, products);
          } catch {
            later.push(order); // its dead letter is written alone
            continue;
          }
          if (
            data.lines.some((line) => line.productId === null) ||
            data.valid.shippingMethodId === null
          ) {
            later.push(order); // its fulfillment error names the shop's SKU or method
            continue;
          }
          const input = {
            ...data.valid,
            number: data.valid.number!,
            items: data.lines.map((line) => ({
              productId: line.productId!,
              quantity: line.quantity,
              itemPrice: line.priceCents,
            })),
          };
          batch.push({ group: order, input });
        }
        if (batch.length === 0) return later;
        const written = await writeOrderBatch(tx, null, connection.clientId, batch);
        if (written.refused.length > 0) return orders.filter((o) => !outcomes.has(o.externalId));
        const created = await tx.query<{ id: number; number: string }>(
          'SELECT id, number FROM orders WHERE id = any($1::int[])',
          [written.created],
        );
        const idOfNumber = new Map(created.map((row) => [row.number, row.id]));
        const made = batch.filter((entry) => idOfNumber.has(entry.input.number));
        // A number the client's orders of this shop have already (not from this binding):
        // taken alone, it becomes a dead letter naming it.
        for (const entry of batch) if (!idOfNumber.has(entry.input.number)) later.push(entry.group);
        if (made.length > 0) {
          const rows = made.map(({ group: order, input }) => ({
            external_id: order.externalId,
            order_id: idOfNumber.get(input.number)!,
            external_number: order.number,
            shop_state: order.state,
            shop_modified_at: order.modifiedAt.toISOString(),
            shop_data: { ...order.data, contentHash: contentHash(order) },
          }));
          await tx.query(
            `INSERT INTO shop_order_bindings (connection_id, external_id, order_id, external_number,
               shop_state, shop_modified_at, shop_data)
             SELECT $1, b.external_id, b.order_id, b.external_number, b.shop_state,
                    b.shop_modified_at, b.shop_data
               FROM json_to_recordset($2::json) AS b(external_id text, order_id integer,
                 external_number text, shop_state text, shop_modified_at timestamptz, shop_data jsonb)`,
            [connection.id, JSON.stringify(rows)],
          );
          const attributes = made.flatMap(({ group: order, input }) =>
            attributesOf(order).map(([key, value]) => ({
              order_id: idOfNumber.get(input.number)!,
              key,
              value,
            })),
          );
          await tx.query(
            `INSERT INTO order_attributes (order_id, key, value)
             SELECT a.order_id, a.key, a.value FROM json_to_recordset($1::json) AS a(order_id integer, key text, value text)`,
            [JSON.stringify(attributes)],
          );
          for (const { group } of made) outcomes.set(group.externalId, 'created');
        }
        return later;
      });
    } catch (error) {
      if (!isDataError(error)) throw error;
      outcomes.clear();
      alone = [...orders];
    }
    const created = orders
      .filter((o) => outcomes.get(o.externalId) === 'created')
      .map((o) => o.externalId);
    if (created.length > 0)
      await db.query(
        'DELETE FROM shop_dead_letters WHERE connection_id = $1 AND external_id = any($2::text[])',
        [connection.id, created],
      );
  } else alone = [...orders];
  for (const order of alone)
    outcomes.set(order.externalId, await takeShopOrder(db, connection, order));
  return orders.map((order) => outcomes.get(order.externalId)!);
}
