import { clientLoaders } from '../clients/loaders';
import type { Db } from '../db';
import { parse } from '../domain/validation';
import { actingUser, type GraphqlContext } from '../graphql/context';
import type { PicklistStatus as GraphqlPicklistStatus, Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import { RECORD_CHANGED_EVENT, recordChannel, type RecordChange } from '../graphql/record-changes';
import { orderLoaders } from '../orders/loaders';
import { broadcast } from '../realtime/publish';
import { stockLoaders } from '../stock/loaders';
import type { Actor } from '../stock/stock';
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

/** Who acts: the session's user, and under login-as the original user who really acts. */
export function actorOf(context: GraphqlContext): Actor {
  const user = actingUser(context);
  return { userId: user.id, actingUserId: context.request.session?.impersonatorId ?? user.id };
}

function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`picklists: ${what} is missing`);
  return value;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const toApi = (status: PicklistStatus) => status.toUpperCase() as GraphqlPicklistStatus;

/** Publishes, after commit, that orders changed (status, error): lists, details and the dashboard follow. */
export function publishOrders(db: Db, ids: readonly number[]): void {
  for (const id of ids) {
    const data: RecordChange = { typename: 'Order', id: String(id), change: 'updated' };
    broadcast(db, { channels: [recordChannel('order:view')], event: RECORD_CHANGED_EVENT, data });
  }
}

function publishPicklist(db: Db, id: number, change: RecordChange['change']): void {
  const data: RecordChange = { typename: 'Picklist', id: String(id), change };
  broadcast(db, { channels: [recordChannel('picklist:view')], event: RECORD_CHANGED_EVENT, data });
}

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
      if (result.picklist) publishPicklist(context.db, result.picklist.id, 'created');
      publishOrders(context.db, [
        ...(result.picklist
          ? await picklistLoaders(context).orderIds.load(result.picklist.id)
          : []),
        ...result.errors.map((e) => e.orderId),
      ]);
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
      publishOrders(context.db, await picklistLoaders(context).orderIds.load(id));
      return picklist;
    },
  },
  PicklistResult: {
    errors: (result) => result.errors,
  },
  PicklistOrderError: {
    order: async (error, _, context) =>
      present(await picklistLoaders(context).order.load(error.orderId), 'order'),
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
