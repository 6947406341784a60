import { z } from 'zod';
import { clientLoaders } from '../clients/loaders';
import { field, parse } from '../domain/validation';
import { actorOf, present, type GraphqlContext } from '../graphql/context';
import type { OrderStatus as GraphqlOrderStatus, Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import { publishRecords } from '../graphql/record-changes';
import { askedOf } from '../lists/projection';
import { stockLoaders } from '../stock/loaders';
import { orderLoaders } from './loaders';
import { eventMessages, fulfillmentMessages } from './messages';
import {
  bulkTransition,
  createOrder,
  findOrder,
  isEditable,
  lineVatCents,
  listOrders,
  MAX_BULK,
  retryOrder,
  updateOrder,
  type BulkAction,
  type Order,
  type OrderStatus,
} from './orders';
import { orderInput } from './rules';

const toApi = (status: OrderStatus) => status.toUpperCase() as GraphqlOrderStatus;
const cents = (value: number) => Math.round(value) / 100;
const iso = (value: Date | string) => new Date(value).toISOString();

/** The ids of a bulk action: each an order id (field error `ids.<i>`), at most MAX_BULK. */
const bulkIds = z.object({
  ids: z.array(field.id('order')).max(MAX_BULK, `At most ${MAX_BULK} orders at once.`),
});

/**
 * Runs a bulk action and publishes RecordChanged for each order (the generic publisher
 * only knows single records).
 */
async function bulk(
  context: GraphqlContext,
  ids: readonly (string | number)[],
  action: BulkAction,
) {
  const parsed = parse(bulkIds, { ids });
  const orders = await bulkTransition(context.db, actorOf(context), parsed.ids, action);
  publishRecords(
    context.db,
    'Order',
    'order:view',
    orders.map((order) => order.id),
    'updated',
  );
  return orders;
}

/** Orders: order:view reads, order:create creates, order:update edits/holds/releases/retries, order:cancel cancels. */
export const orderResolvers: Resolvers = {
  Query: {
    orders: async (_, args, context, info) => {
      const filter = args.filter;
      return listOrders(
        context.db,
        args.page,
        args.sortBy ?? 'DATE',
        filter
          ? {
              status: filter.status?.length ? filter.status.join(',') : null,
              clientId: filter.clientId ?? null,
              shop: filter.shop ?? null,
              shippingMethodId: filter.shippingMethodId ?? null,
              from: filter.from ?? null,
              to: filter.to ?? null,
              hasError:
                filter.hasError === null || filter.hasError === undefined
                  ? null
                  : String(filter.hasError),
            }
          : null,
        askedOf(info).get('items'),
      );
    },
    order: async (_, args, context) => {
      return (await findOrder(context.db, rowId(args.id, 'Order'))) ?? null;
    },
  },
  Mutation: {
    createOrder: async (_, args, context) => {
      return createOrder(context.db, actorOf(context), parse(orderInput, args.input));
    },
    updateOrder: async (_, args, context) => {
      const id = rowId(args.id, 'Order');
      return updateOrder(
        context.db,
        actorOf(context),
        id,
        args.version,
        parse(orderInput, args.input),
      );
    },
    holdOrders: async (_, args, context) => bulk(context, args.ids, 'hold'),
    releaseOrders: async (_, args, context) => bulk(context, args.ids, 'release'),
    cancelOrders: async (_, args, context) => bulk(context, args.ids, 'cancel'),
    retryOrder: async (_, args, context) => {
      return retryOrder(context.db, actorOf(context), rowId(args.id, 'Order'));
    },
  },
  Order: {
    // Read along by a page when only their readable fields are asked (orderList.carries).
    client: async (order, _, context) =>
      order.client ?? present(await clientLoaders(context).client.load(order.clientId), 'client'),
    shippingMethod: async (order, _, context) =>
      order.shippingMethod ??
      (order.shippingMethodId === null
        ? null
        : ((await orderLoaders(context).shippingMethod.load(order.shippingMethodId)) ?? null)),
    department: async (order, _, context) =>
      order.departmentId === null
        ? null
        : ((await orderLoaders(context).department.load(order.departmentId)) ?? null),
    status: (order) => toApi(order.status),
    heldFromStatus: (order) => (order.heldFromStatus ? toApi(order.heldFromStatus) : null),
    subtotal: (order) => cents(order.subtotalCents),
    vat: (order) => cents(order.vatCents),
    total: (order) => cents(order.totalCents),
    items: async (order, _, context) => orderLoaders(context).items.load(order.id),
    attributes: async (order, _, context) => orderLoaders(context).attributes.load(order.id),
    history: async (order, _, context) => orderLoaders(context).history.load(order.id),
    packages: async (order, _, context) => orderLoaders(context).packages.load(order.id),
    fulfillmentErrorAt: (order) =>
      order.fulfillmentErrorAt ? iso(order.fulfillmentErrorAt) : null,
    fulfillmentProblems: (order) => fulfillmentMessages(order),
    editable: (order: Order) => isEditable(order),
    createdAt: (order) => iso(order.createdAt),
    updatedAt: (order) => iso(order.updatedAt),
  },
  OrderItem: {
    product: async (item, _, context) =>
      item.productId === null
        ? null
        : ((await stockLoaders(context).product.load(item.productId)) ?? null),
    itemPrice: (item) => cents(item.itemPriceCents),
    lineTotal: (item) => cents(item.itemPriceCents * item.orderedQuantity),
    lineVat: (item) =>
      cents(lineVatCents(item.itemPriceCents * item.orderedQuantity, item.vatRate)),
  },
  OrderEvent: {
    at: (event) => iso(event.at),
    fromStatus: (event) => (event.fromStatus ? toApi(event.fromStatus) : null),
    toStatus: (event) => (event.toStatus ? toApi(event.toStatus) : null),
    detail: (event) =>
      event.detail === null || event.detail === undefined ? null : JSON.stringify(event.detail),
    messages: (event) => eventMessages(event),
  },
  OrderPackage: {
    shippedAt: (pkg) => iso(pkg.shippedAt),
  },
  OrderPackageItem: {
    item: async (packaged, _, context) =>
      present(await orderLoaders(context).item.load(packaged.orderItemId), 'order item'),
  },
};
