import { clientLoaders } from '../clients/loaders';
import { parse } from '../domain/validation';
import { actorOf, present } from '../graphql/context';
import type {
  PicklistSkipRule as GraphqlPicklistSkipRule,
  PicklistStatus as GraphqlPicklistStatus,
  Resolvers,
} from '../graphql/generated';
import { rowId } from '../graphql/ids';
import { messageOut } from '../graphql/message';
import { publishRecords } from '../graphql/record-changes';
import { orderLoaders } from '../orders/loaders';
import { stockLoaders } from '../stock/loaders';
import { warehouseLoaders } from '../warehouses/loaders';
import { picklistLoaders } from './loaders';
import {
  cancelPicklist,
  createPicklist,
  findPicklist,
  listPicklists,
  pickLine,
  type PicklistStatus,
} from './picklists';
import { picklistInput, pickInput } from './rules';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const toApi = (status: PicklistStatus) => status.toUpperCase() as GraphqlPicklistStatus;

/**
 * Picklists: picklist:view reads, picklist:create creates and cancels, picklist:pick picks
 * (schema @allow). pickLine and cancelPicklist publish RecordChanged of Picklist by their
 * return type; createPicklist (returns a result) and the order changes publish here.
 */
export const picklistResolvers: Resolvers = {
  Query: {
    picklists: async (_, args, context) => {
      const status = args.filter?.status;
      return listPicklists(context.db, args.page, args.sortBy ?? 'CREATED', {
        status: status && status.length > 0 ? status.join(',') : null,
      });
    },
    picklist: async (_, args, context) =>
      (await findPicklist(context.db, rowId(args.id, 'Picklist'))) ?? null,
  },
  Mutation: {
    createPicklist: async (_, args, context) => {
      const result = await createPicklist(
        context.db,
        actorOf(context),
        parse(picklistInput, args.input),
      );
      if (result.picklist)
        publishRecords(context.db, 'Picklist', 'picklist:view', [result.picklist.id], 'created');
      const orderIds = [
        ...(result.picklist
          ? await picklistLoaders(context).orderIds.load(result.picklist.id)
          : []),
        ...result.errors.map((e) => e.orderId),
      ];
      publishRecords(context.db, 'Order', 'order:view', orderIds, 'updated');
      return result;
    },
    pickLine: async (_, args, context) =>
      pickLine(
        context.db,
        actorOf(context),
        parse(pickInput, {
          lineId: args.lineId,
          placeBarcode: args.placeBarcode,
          ean: args.ean,
          quantity: args.quantity,
        }),
      ),
    cancelPicklist: async (_, args, context) => {
      const id = rowId(args.id, 'Picklist');
      const picklist = await cancelPicklist(context.db, actorOf(context), id, args.version);
      const orderIds = await picklistLoaders(context).orderIds.load(id);
      publishRecords(context.db, 'Order', 'order:view', orderIds, 'updated');
      return picklist;
    },
  },
  PicklistResult: {
    errors: (result) => result.errors,
  },
  PicklistSkippedOrder: {
    rule: (skipped) => skipped.rule.toUpperCase() as GraphqlPicklistSkipRule,
    order: async (skipped, _, context) =>
      present(await picklistLoaders(context).order.load(skipped.orderId), 'order'),
  },
  PicklistOrderError: {
    order: async (error, _, context) =>
      present(await picklistLoaders(context).order.load(error.orderId), 'order'),
    problems: (error) => error.problems.map(messageOut),
  },
  Picklist: {
    status: (picklist) => toApi(picklist.status),
    client: async (picklist, _, context) =>
      picklist.clientId === null
        ? null
        : ((await clientLoaders(context).client.load(picklist.clientId)) ?? null),
    shippingMethod: async (picklist, _, context) =>
      picklist.shippingMethodId === null
        ? null
        : ((await orderLoaders(context).shippingMethod.load(picklist.shippingMethodId)) ?? null),
    orders: async (picklist, _, context) => {
      const ids = await picklistLoaders(context).orderIds.load(picklist.id);
      const orders = await picklistLoaders(context).order.loadMany(ids);
      return orders.map((order) => present(order instanceof Error ? undefined : order, 'order'));
    },
    lines: async (picklist, _, context) => picklistLoaders(context).lines.load(picklist.id),
    createdAt: (picklist) => iso(picklist.createdAt)!,
  },
  PicklistLine: {
    product: async (line, _, context) =>
      present(await stockLoaders(context).product.load(line.productId), 'product'),
    place: async (line, _, context) =>
      present(await warehouseLoaders(context).place.load(line.placeId), 'place'),
    pickedAt: (line) => iso(line.pickedAt),
    orders: (line) => line.orders,
  },
  PicklistLineOrder: {
    order: async (entry, _, context) =>
      present(await picklistLoaders(context).order.load(entry.orderId), 'order'),
  },
};
