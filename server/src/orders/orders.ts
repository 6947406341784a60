import { msg, wordMessage, type Message, type MessageKey } from '@kontor/contracts';
import { formatter, sqlTimeZone } from '../domain/time-zone';
import type { Db, SqlParam } from '../db';
import type { Address, Client } from '../clients/clients';
import { uniqueConstraints } from '../domain/database-errors';
import {
  conflict,
  InvalidInput,
  invalidField,
  notFound,
  staleEdit,
  type FieldProblems,
} from '../domain/errors';
import type { Asked } from '../lists/projection';
import { listPage, type FilterValues, type Page, type PageArgs } from '../lists/list';
import { releaseOrderReservations } from '../stock/reservations';
import type { ShippingMethod } from '../shipping/shipping';
import type { Actor } from '../stock/stock';
import {
  ADDRESS_PARTS,
  ORDER_ADDRESSES,
  ORDER_COLUMNS,
  orderList,
  type OrderFilter,
  type OrderSort,
} from './list';
import { lineVatCents, totals, type ValidOrder } from './rules';

// The business functions of orders (docs/domain.md "Outbound"): each takes a Db (or a
// transaction's), who acts, and validated input (orders/rules.ts), and knows nothing of
// GraphQL. Every change writes the order's history (order_events) in the same transaction.

uniqueConstraints({
  orders_client_shop_number_key: {
    field: 'number',
    message: 'The number has already been taken for this client and shop.',
  },
  // Positions are numbered by the server, attribute keys checked distinct by the rules.
  order_items_order_position_key: 'items',
  order_attributes_order_key_key: 'attributes',
});

/** The states of an order, as stored. */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'complete',
  'on_hold',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as the API reads it (amounts in cents; items, history … through loaders). */
export interface Order {
  id: number;
  number: string;
  clientId: number;
  shop: string | null;
  shippingMethodId: number | null;
  /** A department of the order's client (its invoices' customer number), or null. */
  departmentId: number | null;
  status: OrderStatus;
  heldFromStatus: OrderStatus | null;
  /** YYYY-MM-DD. */
  orderDate: string;
  shippingAddress: Address;
  billingAddress: Address;
  billingSameAsShipping: boolean;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  currency: string;
  fulfillmentError: string | null;
  fulfillmentErrorAt: Date | null;
  /** fulfillmentError's problems as messages (null: none, or stored before they were kept). */
  fulfillmentProblems: Message[] | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  createdBy: number | null;
  // Read along by a page when the query asks only their readable fields (orderList.carries):
  // then these hold just those fields.
  client?: Client;
  shippingMethod?: ShippingMethod;
}

/** A position of an order. */
export interface OrderItem {
  id: number;
  orderId: number;
  position: number;
  productId: number | null;
  sku: string;
  name: string;
  orderedQuantity: number;
  shippedQuantity: number;
  /** Net per unit. */
  itemPriceCents: number;
  vatRate: number;
}

export interface OrderAttribute {
  orderId: number;
  key: string;
  value: string;
}

/** An entry of an order's history. */
export interface OrderEvent {
  id: string;
  orderId: number;
  at: Date;
  userId: number | null;
  actingUserId: number | null;
  userName: string | null;
  actingUserName: string | null;
  kind: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus | null;
  detail: unknown;
}

export interface OrderPackageItem {
  orderItemId: number;
  quantity: number;
}

/** A shipped package (issue 15 writes them). */
export interface OrderPackage {
  id: number;
  orderId: number;
  shippedAt: Date;
  weightKg: number | null;
  trackingNumber: string;
  items: OrderPackageItem[];
}

/** The rules of the fulfillment checks (each has its text `fulfillment.<rule>`). */
export const FULFILLMENT_RULES = [
  'product',
  'stock',
  'address',
  'shippingMethod',
  'hazmat',
] as const;

/** One reason an order cannot be fulfilled: its rule, the message (stored), its English wording. */
export interface FulfillmentProblem {
  rule: (typeof FULFILLMENT_RULES)[number];
  /** In English (fulfillment_error, the search's text). */
  message: string;
  text: Message;
  params?: Record<string, string | number>;
}

/** A problem of `rule` saying `text` (message: its English wording). */
export function fulfillmentProblem(
  rule: FulfillmentProblem['rule'],
  text: Message,
): FulfillmentProblem {
  return { rule, message: wordMessage(text, formatter('en')), text };
}

/** The history of these orders' event kinds: each has its text `history.order.<kind>`. */
export const ORDER_EVENT_KINDS = [
  'created',
  'updated',
  'status',
  'fulfillment_error',
  'fulfillment_ok',
  'shipment',
] as const;

export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** The orders table's row as ORDER_COLUMNS reads it. */
export type OrderRow = Omit<Order, 'shippingAddress' | 'billingAddress'> & Record<string, unknown>;

/** Each address of an order with its parts' columns as [part, column] pairs (made once). */
const ADDRESSES = Object.entries(ORDER_ADDRESSES).map(
  ([name, parts]) => [name, Object.entries(parts)] as const,
);

/**
 * An order from its row (ship_* and bill_* columns → addresses). No per-row arrays: a batch
 * maps many rows (Object.entries of 50 columns was most of a list request's own CPU). The
 * list's pages make their addresses as they copy their rows (orderList's `objects`).
 */
export function toOrder(row: OrderRow): Order {
  const order: Record<string, unknown> = {};
  for (const key in row) {
    const address = key.startsWith('ship_') || key.startsWith('bill_');
    if (!address) order[key] = row[key];
  }
  order.subtotalCents = Number(row.subtotalCents);
  order.vatCents = Number(row.vatCents);
  order.totalCents = Number(row.totalCents);
  for (const [name, pairs] of ADDRESSES) {
    const address: Record<string, unknown> = {};
    for (const [part, column] of pairs) address[part] = row[column];
    order[name] = address;
  }
  return order as unknown as Order;
}

/** One page of orders: search, filters and sort in the database (orders/list.ts). */
export async function listOrders(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: OrderSort,
  filter?: FilterValues<OrderFilter> | null,
  /** What a GraphQL query asks of each order: its page reads those columns only. */
  asked?: Asked,
): Promise<Page<Order>> {
  // Its items are orders as they come (the list's projection makes the addresses).
  return listPage<Order, OrderSort, OrderFilter>(db, orderList, args, sortBy, filter, asked);
}

/** One order, or undefined. */
export async function findOrder(db: Db, id: number): Promise<Order | undefined> {
  const [row] = await db.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1`, [
    id,
  ]);
  return row && toOrder(row);
}

/** The orders with these ids, in any order. */
export async function ordersByIds(db: Db, ids: readonly number[]): Promise<Order[]> {
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = any($1::int[])`,
    [[...ids]],
  );
  return rows.map(toOrder);
}

/** The order of a client and shop with this number (the import's idempotency), or undefined. */
export async function findOrderByNumber(
  db: Db,
  clientId: number,
  shop: string | null,
  number: string,
): Promise<Order | undefined> {
  const [row] = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders o
      WHERE o.client_id = $1 AND coalesce(o.shop, '') = $2 AND o.number = $3`,
    [clientId, shop ?? '', number],
  );
  return row && toOrder(row);
}

const ITEM_COLUMNS = `id, order_id AS "orderId", position, product_id AS "productId", sku, name,
  ordered_quantity AS "orderedQuantity", shipped_quantity AS "shippedQuantity",
  item_price_cents::float8 AS "itemPriceCents", vat_rate AS "vatRate"`;

/** The items of these orders, by position. */
export async function itemsOfOrders(db: Db, orderIds: readonly number[]): Promise<OrderItem[]> {
  return db.query<OrderItem>(
    `SELECT ${ITEM_COLUMNS} FROM order_items WHERE order_id = any($1::int[]) ORDER BY order_id, position`,
    [[...orderIds]],
  );
}

/** The order items with these ids. */
export async function orderItemsByIds(db: Db, ids: readonly number[]): Promise<OrderItem[]> {
  return db.query<OrderItem>(`SELECT ${ITEM_COLUMNS} FROM order_items WHERE id = any($1::int[])`, [
    [...ids],
  ]);
}

/** The attributes of these orders, by key. */
export async function attributesOfOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<OrderAttribute[]> {
  return db.query<OrderAttribute>(
    `SELECT order_id AS "orderId", key, value FROM order_attributes
      WHERE order_id = any($1::int[]) ORDER BY order_id, id`,
    [[...orderIds]],
  );
}

/** The history of these orders, oldest first, with the users' names. */
export async function eventsOfOrders(db: Db, orderIds: readonly number[]): Promise<OrderEvent[]> {
  return db.query<OrderEvent>(
    `SELECT e.id::text AS id, e.order_id AS "orderId", e.at, e.user_id AS "userId",
            e.acting_user_id AS "actingUserId", u.name AS "userName", au.name AS "actingUserName",
            e.kind, e.from_status AS "fromStatus", e.to_status AS "toStatus", e.detail
       FROM order_events e
       LEFT JOIN users u ON u.id = e.user_id LEFT JOIN users au ON au.id = e.acting_user_id
      WHERE e.order_id = any($1::int[]) ORDER BY e.order_id, e.at, e.id`,
    [[...orderIds]],
  );
}

/** The shipped packages of these orders, oldest first, with their items. */
export async function packagesOfOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<OrderPackage[]> {
  const rows = await db.query<Omit<OrderPackage, 'items'> & { items: OrderPackageItem[] | null }>(
    `SELECT p.id, s.order_id AS "orderId", s.created_at AS "shippedAt",
            p.weight_kg::float8 AS "weightKg", p.tracking_number AS "trackingNumber",
            (SELECT json_agg(json_build_object('orderItemId', i.order_item_id, 'quantity', i.quantity)
                             ORDER BY i.id)
               FROM shipment_package_items i WHERE i.package_id = p.id) AS items
       FROM shipments s JOIN shipment_packages p ON p.shipment_id = s.id
      WHERE s.order_id = any($1::int[]) ORDER BY s.order_id, s.created_at, p.id`,
    [[...orderIds]],
  );
  return rows.map((row) => ({ ...row, items: row.items ?? [] }));
}

/** Writes an entry of an order's history. */
export async function recordOrderEvent(
  db: Db,
  actor: Actor | null,
  orderId: number,
  kind: OrderEventKind,
  options: { from?: OrderStatus | null; to?: OrderStatus | null; detail?: unknown } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO order_events (order_id, user_id, acting_user_id, kind, from_status, to_status, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      orderId,
      actor?.userId ?? null,
      actor && actor.actingUserId !== actor.userId ? actor.actingUserId : null,
      kind,
      options.from ?? null,
      options.to ?? null,
      options.detail === undefined ? null : JSON.stringify(options.detail),
    ],
  );
}

/** What an order's save needs to know of a product. */
export interface ItemProduct {
  id: number;
  clientId: number;
  sku: string;
  name: string;
  priceNetCents: number;
  vatRate: number;
}

/** A position as saved: the input with the product's sku, name, price and VAT rate. */
export interface SavedLine {
  position: number;
  productId: number;
  sku: string;
  name: string;
  quantity: number;
  priceCents: number;
  vatRate: number;
}

/**
 * Checks what the rules cannot: the client and shipping method exist, each product is one of
 * the client's (and not deleted). All problems at once, as field errors on the input's paths.
 */
async function resolveReferences(db: Db, input: ValidOrder): Promise<SavedLine[]> {
  const problems: FieldProblems = {};
  const [client] = await db.query('SELECT 1 FROM clients WHERE id = $1', [input.clientId]);
  if (!client) problems.clientId = [{ rule: 'exists', message: 'The selected client is invalid.' }];
  if (input.shippingMethodId !== null) {
    const [method] = await db.query('SELECT 1 FROM shipping_methods WHERE id = $1', [
      input.shippingMethodId,
    ]);
    if (!method)
      problems.shippingMethodId = [
        { rule: 'exists', message: 'The selected shipping method is invalid.' },
      ];
  }
  if (input.departmentId !== null) {
    // KEY SHARE: a department deleted meanwhile waits for this order's save (no foreign key error).
    const [department] = await db.query<{ clientId: number }>(
      'SELECT client_id AS "clientId" FROM departments WHERE id = $1 FOR KEY SHARE',
      [input.departmentId],
    );
    if (!department || (client && department.clientId !== input.clientId))
      problems.departmentId = [
        {
          rule: 'exists',
          message: department
            ? 'The department is not one of the client’s departments.'
            : 'The selected department is invalid.',
        },
      ];
  }
  const products = new Map(
    (
      await db.query<ItemProduct>(
        `SELECT id, client_id AS "clientId", sku, name, price_net_cents::float8 AS "priceNetCents",
                vat_rate AS "vatRate"
           FROM products WHERE id = any($1::int[]) AND deleted_at IS NULL`,
        [input.items.map((item) => item.productId)],
      )
    ).map((product) => [product.id, product]),
  );
  const lines = savedLines(input, products, !!client, problems);
  if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
  return lines;
}

/**
 * The positions as saved, from the products of the items (not deleted): sku, name and VAT
 * rate copied, the product's net price where none is given. An item whose product is missing
 * or (when the client exists) another client's is a problem on `items.<n>.productId`.
 */
export function savedLines(
  input: ValidOrder,
  products: ReadonlyMap<number, ItemProduct>,
  clientExists: boolean,
  problems: FieldProblems,
): SavedLine[] {
  const lines: SavedLine[] = [];
  input.items.forEach((item, index) => {
    const product = products.get(item.productId);
    if (!product || (clientExists && product.clientId !== input.clientId)) {
      problems[`items.${index}.productId`] = [
        {
          rule: 'exists',
          message: product
            ? 'The product is not one of the client’s products.'
            : 'The selected product is invalid.',
        },
      ];
      return;
    }
    lines.push({
      position: index + 1,
      productId: product.id,
      sku: product.sku,
      name: product.name,
      quantity: item.quantity,
      priceCents: item.itemPrice ?? product.priceNetCents,
      vatRate: product.vatRate,
    });
  });
  return lines;
}

/** The number is refused when another order of the client and shop has it. */
async function assertNumberFree(
  db: Db,
  input: ValidOrder,
  number: string,
  exceptId: number | null,
): Promise<void> {
  const [taken] = await db.query(
    `SELECT 1 FROM orders
      WHERE client_id = $1 AND coalesce(shop, '') = $2 AND number = $3 AND id <> $4`,
    [input.clientId, input.shop ?? '', number, exceptId ?? 0],
  );
  if (taken)
    throw invalidField(
      'number',
      'unique',
      'The number has already been taken for this client and shop.',
    );
}

/** A new manual order number K-{year}-{6 digits} (year in Europe/Berlin) that is still free. */
async function nextNumber(db: Db, input: ValidOrder): Promise<string> {
  for (;;) {
    const [row] = await db.query<{ number: string }>(
      `SELECT 'K-' || to_char(now() AT TIME ZONE ${sqlTimeZone()}, 'YYYY') || '-' ||
              lpad(nextval('order_number_seq')::text, 6, '0') AS number`,
    );
    const [taken] = await db.query(
      `SELECT 1 FROM orders WHERE client_id = $1 AND coalesce(shop, '') = $2 AND number = $3`,
      [input.clientId, input.shop ?? '', row!.number],
    );
    if (!taken) return row!.number;
  }
}

/** The orders table's columns of an order's data (without number, status and sums). */
export function orderColumns(input: ValidOrder): Record<string, SqlParam> {
  const columns: Record<string, SqlParam> = {
    client_id: input.clientId,
    shop: input.shop,
    shipping_method_id: input.shippingMethodId,
    department_id: input.departmentId,
    billing_same: input.billingAddress === null,
  };
  const billing = input.billingAddress ?? input.shippingAddress;
  for (const [key, column] of ADDRESS_PARTS) {
    columns[`ship_${column}`] = input.shippingAddress[key];
    columns[`bill_${column}`] = billing[key];
  }
  return columns;
}

/**
 * Inserts positions (one statement). A shop's position whose SKU no product has keeps its SKU
 * without a product (productId null: the order's fulfillment error "Unknown product").
 */
export async function insertItems(
  db: Db,
  orderId: number,
  lines: readonly (Omit<SavedLine, 'productId'> & { productId: number | null })[],
): Promise<void> {
  if (lines.length === 0) return;
  await db.query(
    `INSERT INTO order_items (order_id, position, product_id, sku, name, ordered_quantity,
       item_price_cents, vat_rate)
     SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::int[],
       $7::bigint[], $8::smallint[])`,
    [
      orderId,
      lines.map((l) => l.position),
      lines.map((l) => l.productId),
      lines.map((l) => l.sku),
      lines.map((l) => l.name),
      lines.map((l) => l.quantity),
      lines.map((l) => l.priceCents),
      lines.map((l) => l.vatRate),
    ],
  );
}

/** Replaces an order's attributes. */
async function saveAttributes(db: Db, orderId: number, input: ValidOrder): Promise<void> {
  await db.query('DELETE FROM order_attributes WHERE order_id = $1', [orderId]);
  if (input.attributes.length === 0) return;
  await db.query(
    `INSERT INTO order_attributes (order_id, key, value)
     SELECT $1, * FROM unnest($2::text[], $3::text[])`,
    [orderId, input.attributes.map((a) => a.key), input.attributes.map((a) => a.value)],
  );
}

/** The sums and the search text of an order's lines. */
export function derived(lines: readonly Omit<SavedLine, 'productId'>[]) {
  const sums = totals(lines);
  return {
    subtotal_cents: sums.subtotalCents,
    vat_cents: sums.vatCents,
    total_cents: sums.totalCents,
    item_skus: [...new Set(lines.map((l) => l.sku))].join(' '),
  };
}

/**
 * Inserts the order row of `input` (its columns, sums and search text from `lines`; the order
 * date, when none is given, today in Europe/Berlin) and answers its id. createOrder's and a
 * shop order's (shops/take.ts) one way to write it.
 */
export async function insertOrder(
  tx: Db,
  actor: Actor | null,
  input: ValidOrder,
  number: string,
  lines: readonly (Omit<SavedLine, 'productId'> & { productId: number | null })[],
): Promise<number> {
  const columns: Record<string, SqlParam> = {
    ...orderColumns(input),
    ...derived(lines),
    number,
    created_by: actor?.userId ?? null,
  };
  const names = Object.keys(columns);
  const values = Object.values(columns);
  const dateParam = values.length + 1;
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO orders (${names.join(', ')}, order_date)
     VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')},
             coalesce($${dateParam}::date, (now() AT TIME ZONE ${sqlTimeZone()})::date))
     RETURNING id`,
    [...values, input.orderDate],
  );
  return row!.id;
}

/**
 * Creates an order (status pending) with its items, attributes and the history entry
 * `created`; runs the fulfillment checks and records a problem as the order's fulfillment
 * error (the order is created all the same and shows on /order/error). Runs in one
 * transaction (the caller's when given one). The number, when given, must be free for the
 * client and shop (field error `number`).
 */
export async function createOrder(db: Db, actor: Actor | null, input: ValidOrder): Promise<Order> {
  return db.transaction(async (tx) => {
    const lines = await resolveReferences(tx, input);
    let number = input.number;
    if (number !== null) await assertNumberFree(tx, input, number, null);
    else number = await nextNumber(tx, input);
    const id = await insertOrder(tx, actor, input, number, lines);
    await insertItems(tx, id, lines);
    await saveAttributes(tx, id, input);
    await recordOrderEvent(tx, actor, id, 'created', { to: 'pending' });
    await applyFulfillmentChecks(tx, actor, id);
    return (await findOrder(tx, id))!;
  });
}

/** The order, locked for this transaction; NOT_FOUND when there is none. */
async function lockOrder(tx: Db, id: number): Promise<Order> {
  const [row] = await tx.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1 FOR UPDATE`,
    [id],
  );
  if (!row) throw notFound(msg('notFound.order'));
  return toOrder(row);
}

/**
 * Whether updateOrder may change the order: pending, or on hold from pending. An order held
 * while processing has reserved stock (issue 15) and stays as it is.
 */
export function isEditable(order: Pick<Order, 'status' | 'heldFromStatus'>): boolean {
  return (
    order.status === 'pending' || (order.status === 'on_hold' && order.heldFromStatus === 'pending')
  );
}

/** The order as an edit compares it: what the form shows. */
function editable(
  order: Order,
  items: readonly OrderItem[],
  attributes: readonly OrderAttribute[],
) {
  return {
    clientId: order.clientId,
    shop: order.shop,
    number: order.number,
    orderDate: order.orderDate,
    shippingMethodId: order.shippingMethodId,
    departmentId: order.departmentId,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingSameAsShipping ? null : order.billingAddress,
    items: items.map((i) => [i.productId, i.orderedQuantity, i.itemPriceCents]),
    attributes: attributes.map((a) => [a.key, a.value]),
  };
}

/**
 * Saves an order's changes made on `version`: only while pending or on hold from pending
 * (CONFLICT `status` else; see isEditable), a newer version is CONFLICT `stale`. Positions keep their ids by position;
 * the history entry `updated` names the changed fields. The fulfillment checks run again.
 */
export async function updateOrder(
  db: Db,
  actor: Actor | null,
  id: number,
  version: number,
  input: ValidOrder,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    if (current.version !== version) throw staleEdit();
    if (current.status === 'on_hold' && current.heldFromStatus === 'processing')
      throw conflict(msg('orders.heldWhileProcessing', { number: current.number }), 'status');
    if (!isEditable(current))
      throw conflict(
        msg('orders.notEditable', { number: current.number, status: statusTerm(current.status) }),
        'status',
      );
    const items = await itemsOfOrders(tx, [id]);
    if (items.some((item) => item.shippedQuantity > 0))
      throw conflict(msg('orders.partlyShipped', { number: current.number }), 'status');
    const lines = await resolveReferences(tx, input);
    const number = input.number ?? current.number;
    await assertNumberFree(tx, input, number, id);

    const before = editable(current, items, await attributesOfOrders(tx, [id]));
    const columns: Record<string, SqlParam> = {
      ...orderColumns(input),
      ...derived(lines),
      number,
    };
    const names = Object.keys(columns);
    const values = Object.values(columns);
    await tx.query(
      `UPDATE orders SET ${names.map((name, i) => `${name} = $${i + 1}`).join(', ')},
         order_date = coalesce($${values.length + 1}::date, order_date),
         version = version + 1, updated_at = now()
       WHERE id = $${values.length + 2}`,
      [...values, input.orderDate, id],
    );
    // Positions by number: existing ones are updated (their ids stay), new ones added, the rest removed.
    const existing = new Set(items.map((item) => item.position));
    for (const line of lines.filter((l) => existing.has(l.position))) {
      await tx.query(
        `UPDATE order_items SET product_id = $3, sku = $4, name = $5, ordered_quantity = $6,
           item_price_cents = $7, vat_rate = $8
         WHERE order_id = $1 AND position = $2`,
        [
          id,
          line.position,
          line.productId,
          line.sku,
          line.name,
          line.quantity,
          line.priceCents,
          line.vatRate,
        ],
      );
    }
    await insertItems(
      tx,
      id,
      lines.filter((l) => !existing.has(l.position)),
    );
    await tx.query('DELETE FROM order_items WHERE order_id = $1 AND position > $2', [
      id,
      lines.length,
    ]);
    await saveAttributes(tx, id, input);

    const saved = (await findOrder(tx, id))!;
    const after = editable(
      saved,
      await itemsOfOrders(tx, [id]),
      await attributesOfOrders(tx, [id]),
    );
    const changed = (Object.keys(before) as (keyof typeof before)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    await recordOrderEvent(tx, actor, id, 'updated', { detail: { changed } });
    await applyFulfillmentChecks(tx, actor, id);
    return (await findOrder(tx, id))!;
  });
}

/** The transitions of the state machine (docs/domain.md "Outbound"); on_hold → its held-from status is a release. */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'on_hold', 'cancelled'],
  // processing → pending: a cancelled picklist gives its orders back (issue 15), no user action.
  processing: ['complete', 'on_hold', 'cancelled', 'pending'],
  on_hold: ['pending', 'processing', 'cancelled'],
  complete: [],
  cancelled: [],
};

/** An order's status as a term of the catalogue (the lists' word for it). */
const statusTerm = (status: OrderStatus) => ({ term: `status.order.${status}` });

/** Why `order` may not go to `to`, or null when it may. */
function refusal(order: Order, to: OrderStatus): Message | null {
  const allowed =
    TRANSITIONS[order.status].includes(to) &&
    // A release returns to where the order was held from.
    (order.status !== 'on_hold' || to === 'cancelled' || to === order.heldFromStatus);
  if (allowed) return null;
  const number = order.number;
  if (order.status === to) return msg('orders.alreadyInStatus', { number, status: statusTerm(to) });
  if (order.status === 'on_hold' && to !== 'cancelled')
    return msg('orders.releaseReturns', {
      number,
      from: statusTerm(order.heldFromStatus!),
      to: statusTerm(to),
    });
  return msg('orders.transitionRefused', {
    number,
    from: statusTerm(order.status),
    to: statusTerm(to),
  });
}

/** Applies an allowed transition to a locked order: status, held-from, history. */
async function applyTransition(
  tx: Db,
  actor: Actor | null,
  order: Order,
  to: OrderStatus,
): Promise<void> {
  const heldFrom = to === 'on_hold' ? order.status : null;
  const finished = to === 'cancelled' || to === 'complete';
  await tx.query(
    `UPDATE orders SET status = $2, held_from_status = $3, version = version + 1, updated_at = now()
       ${finished ? ', fulfillment_error = NULL, fulfillment_problems = NULL, fulfillment_error_at = NULL' : ''}
     WHERE id = $1`,
    [order.id, to, heldFrom],
  );
  // A cancelled order gives back the stock a picklist reserved for it.
  if (to === 'cancelled') await releaseOrderReservations(tx, [order.id]);
  await recordOrderEvent(tx, actor, order.id, 'status', { from: order.status, to });
}

/**
 * Moves one order to `to` if the state machine allows it (CONFLICT `status` naming the order
 * else): pending → processing → complete; processing → pending (a cancelled picklist);
 * pending|processing → on_hold and back to where it was held from; pending|processing|on_hold
 * → cancelled. Written to the history. Runs in the caller's transaction when given one.
 */
export async function transition(
  db: Db,
  actor: Actor | null,
  orderId: number,
  to: OrderStatus,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const refused = refusal(order, to);
    if (refused) throw conflict(refused, 'status');
    await applyTransition(tx, actor, order, to);
    return (await findOrder(tx, orderId))!;
  });
}

/** The most orders one bulk action takes. */
export const MAX_BULK = 1000;

/** What a bulk action does to each order: a fixed target, or (release) where it was held from. */
export type BulkAction = 'hold' | 'release' | 'cancel';

/** What a bulk action does, as the refusal names it ("cannot be held"). */
const BULK_DONE = {
  hold: 'done.held',
  release: 'done.released',
  cancel: 'done.cancelled',
} as const satisfies Record<BulkAction, MessageKey>;

function targetOf(action: BulkAction, order: Order): OrderStatus {
  if (action === 'hold') return 'on_hold';
  if (action === 'cancel') return 'cancelled';
  return order.status === 'on_hold' ? order.heldFromStatus! : 'pending';
}

/**
 * Holds, releases or cancels orders, all or nothing: the orders are locked in id order, and
 * when one of them may not make the move, nothing changes and the CONFLICT names every
 * refused order with its reason. An unknown id is NOT_FOUND.
 */
export async function bulkTransition(
  db: Db,
  actor: Actor | null,
  ids: readonly number[],
  action: BulkAction,
): Promise<Order[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  if (unique.length > MAX_BULK)
    throw invalidField('ids', 'max', msg('orders.bulkMax', { max: MAX_BULK }), { max: MAX_BULK });
  return db.transaction(async (tx) => {
    const rows = await tx.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = any($1::int[]) ORDER BY o.id FOR UPDATE`,
      [unique],
    );
    const orders = rows.map(toOrder);
    const found = new Set(orders.map((o) => o.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw notFound(msg('notFound.orders', { count: missing.length, ids: missing.join(', ') }));
    const refused = orders.filter((order) =>
      action === 'release'
        ? order.status !== 'on_hold' || refusal(order, targetOf(action, order)) !== null
        : refusal(order, targetOf(action, order)) !== null,
    );
    if (refused.length > 0)
      throw conflict(
        msg('orders.bulkRefused', {
          count: refused.length,
          numbers: { list: refused.map((order) => order.number) },
          done: { term: BULK_DONE[action] },
        }),
        'status',
      );
    for (const order of orders) await applyTransition(tx, actor, order, targetOf(action, order));
    const saved = await ordersByIds(tx, unique);
    return unique.map((id) => saved.find((order) => order.id === id)!);
  });
}

/** An item as the fulfillment checks see it. */
export interface FulfillmentItem {
  position: number;
  sku: string;
  productId: number | null;
  /** The product exists and is not deleted. */
  known: boolean;
  /** Units still to ship. */
  open: number;
  hazmat: boolean;
}

/** What the fulfillment checks of one order look at (checkFulfillment reads it; the order import gathers it for a batch). */
export interface FulfillmentFacts {
  /** By position. */
  items: readonly FulfillmentItem[];
  /** The order's stock is reserved (processing, or held from processing): no stock check. */
  reserved: boolean;
  /** Units available per product (quantity − locked over the warehouses); missing: none. */
  available: ReadonlyMap<number, number>;
  shippingAddress: Address;
  shippingMethodId: number | null;
  /** The shipping method (shipper and method name), when the order has one. */
  method: { name: string; hazmatAllowed: boolean } | undefined;
}

/** The products whose stock the checks compare (known, something still to ship). */
export function productsToCheck(items: readonly FulfillmentItem[]): number[] {
  return [...new Set(items.filter((i) => i.known && i.open > 0).map((i) => i.productId!))];
}

/** Why an order cannot be fulfilled, from its facts (see checkFulfillment). */
export function fulfillmentProblems(facts: FulfillmentFacts): FulfillmentProblem[] {
  const { items } = facts;
  const problems: FulfillmentProblem[] = [];
  for (const item of items.filter((i) => !i.known))
    problems.push({
      ...fulfillmentProblem(
        'product',
        msg('fulfillment.product', { sku: item.sku, position: item.position }),
      ),
      params: { sku: item.sku, position: item.position },
    });

  const needed = new Map<number, { sku: string; open: number }>();
  for (const item of items.filter((i) => i.known && i.open > 0)) {
    const need = needed.get(item.productId!) ?? { sku: item.sku, open: 0 };
    need.open += item.open;
    needed.set(item.productId!, need);
  }
  if (!facts.reserved)
    for (const [productId, need] of needed) {
      const have = facts.available.get(productId) ?? 0;
      if (have < need.open) {
        const params = { sku: need.sku, needed: need.open, available: have };
        problems.push({ ...fulfillmentProblem('stock', msg('fulfillment.stock', params)), params });
      }
    }

  const address = facts.shippingAddress;
  const missing = [
    address.lastName === '' && address.company === '' ? 'name' : null,
    address.street === '' ? 'street' : null,
    address.houseNumber === '' ? 'houseNumber' : null,
    address.postcode === '' ? 'postcode' : null,
    address.city === '' ? 'city' : null,
    address.countryCode === '' ? 'country' : null,
  ].filter((part): part is string => part !== null);
  if (missing.length > 0) {
    const text = msg('fulfillment.address', {
      missing: { list: missing.map((part) => ({ term: `fulfillment.part.${part}` })) },
    });
    problems.push({
      ...fulfillmentProblem('address', text),
      params: { missing: missing.join(', ') },
    });
  }

  if (facts.shippingMethodId === null) {
    problems.push(fulfillmentProblem('shippingMethod', msg('fulfillment.shippingMethod')));
  } else {
    const { method } = facts;
    const hazmat = items.filter((i) => i.known && i.hazmat).map((i) => i.sku);
    if (method && !method.hazmatAllowed && hazmat.length > 0)
      problems.push({
        ...fulfillmentProblem(
          'hazmat',
          msg('fulfillment.hazmat', { method: method.name, skus: { list: hazmat } }),
        ),
        params: { method: method.name, skus: hazmat.join(', ') },
      });
  }
  return problems;
}

/**
 * Why an order cannot be fulfilled: an item's product unknown or deleted; not enough stock
 * available (quantity − locked, summed over the warehouses, against what is still to ship;
 * only before the order's stock is reserved, i.e. not while processing); the shipping address
 * without a name (last name or company) or another required part; no shipping method; a
 * hazmat product on a method that may not carry hazmat. An empty list: it can be fulfilled.
 */
export async function checkFulfillment(db: Db, orderId: number): Promise<FulfillmentProblem[]> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound(msg('notFound.order'));
  const items = await db.query<FulfillmentItem>(
    `SELECT i.position, i.sku, i.product_id AS "productId",
            (p.id IS NOT NULL AND p.deleted_at IS NULL) AS known,
            i.ordered_quantity - i.shipped_quantity AS open,
            EXISTS (SELECT 1 FROM product_hazmat h WHERE h.product_id = i.product_id) AS hazmat
       FROM order_items i LEFT JOIN products p ON p.id = i.product_id
      WHERE i.order_id = $1 ORDER BY i.position`,
    [orderId],
  );
  const reserved = order.status === 'processing' || order.heldFromStatus === 'processing';
  const toCheck = reserved ? [] : productsToCheck(items);
  const available = new Map(
    toCheck.length === 0
      ? []
      : (
          await db.query<{ productId: number; available: number }>(
            `SELECT product_id AS "productId", sum(quantity - locked_qty)::int AS available
               FROM stock_totals WHERE product_id = any($1::int[]) GROUP BY product_id`,
            [toCheck],
          )
        ).map((row) => [row.productId, row.available]),
  );
  const [method] =
    order.shippingMethodId === null
      ? []
      : await db.query<{ name: string; hazmatAllowed: boolean }>(
          `SELECT s.name || ' ' || m.name AS name, m.hazmat_allowed AS "hazmatAllowed"
             FROM shipping_methods m JOIN shippers s ON s.id = m.shipper_id WHERE m.id = $1`,
          [order.shippingMethodId],
        );
  return fulfillmentProblems({
    items,
    reserved,
    available,
    shippingAddress: order.shippingAddress,
    shippingMethodId: order.shippingMethodId,
    method,
  });
}

/**
 * Records why an order cannot be fulfilled (or, with no problems, that it can): sets
 * fulfillment_problems (the problems' messages) and fulfillment_error (their English
 * wording, searched) and writes `fulfillment_error` (detail `{reason, problems}`) to the
 * history when the reason changed; no problems clear an error with `fulfillment_ok`. Not a
 * user's edit: the version stays. For issue 15 too (an order whose stock cannot be reserved).
 */
export async function recordFulfillment(
  db: Db,
  actor: Actor | null,
  orderId: number,
  problems: readonly FulfillmentProblem[],
): Promise<void> {
  const text = problems.length > 0 ? problems.map((p) => p.message).join(' ') : null;
  const [before] = await db.query<{ error: string | null; problems: Message[] | null }>(
    'SELECT fulfillment_error AS error, fulfillment_problems AS problems FROM orders WHERE id = $1',
    [orderId],
  );
  const messages = problems.length > 0 ? problems.map((p) => p.text) : null;
  if (
    (before?.error ?? null) === text &&
    JSON.stringify(before?.problems ?? null) === JSON.stringify(messages)
  )
    return;
  await db.query(
    `UPDATE orders SET fulfillment_error = $2::text, fulfillment_problems = $3::jsonb,
       fulfillment_error_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END
     WHERE id = $1`,
    [orderId, text, messages === null ? null : JSON.stringify(messages)],
  );
  if ((before?.error ?? null) === text) return;
  await recordOrderEvent(
    db,
    actor,
    orderId,
    text === null ? 'fulfillment_ok' : 'fulfillment_error',
    text === null ? {} : { detail: { reason: text, problems } },
  );
}

/** Runs the fulfillment checks of an order and records the outcome (recordFulfillment). */
export async function applyFulfillmentChecks(
  db: Db,
  actor: Actor | null,
  orderId: number,
): Promise<FulfillmentProblem[]> {
  const problems = await checkFulfillment(db, orderId);
  await recordFulfillment(db, actor, orderId, problems);
  return problems;
}

/**
 * Re-runs the fulfillment checks of an order (after its data or the stock was fixed): only
 * for orders still to be fulfilled (not complete or cancelled: CONFLICT `status`).
 */
export async function retryOrder(db: Db, actor: Actor | null, orderId: number): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'complete' || order.status === 'cancelled')
      throw conflict(
        msg('orders.nothingToFulfil', { number: order.number, status: statusTerm(order.status) }),
        'status',
      );
    await applyFulfillmentChecks(tx, actor, orderId);
    return (await findOrder(tx, orderId))!;
  });
}

export { lineVatCents };
