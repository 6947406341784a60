import { allow } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import {
  createShipper,
  createShippingMethod,
  deleteShipper,
  deleteShippingMethod,
  findShipper,
  findShippingMethod,
  listShippers,
  listShippingMethods,
  updateShipper,
  updateShippingMethod,
} from './shipping';

/** Shippers and shipping methods: shipping:view/create/update/delete. */
export const shippingResolvers: Resolvers = {
  Query: {
    shippers: async (_, args, context) => {
      await allow(context, 'shipping:view');
      return listShippers(context.db, args.page, args.sortBy ?? 'NAME');
    },
    shipper: async (_, args, context) => {
      await allow(context, 'shipping:view');
      return (await findShipper(context.db, rowId(args.id, 'Shipper'))) ?? null;
    },
    shippingMethods: async (_, args, context) => {
      await allow(context, 'shipping:view');
      return listShippingMethods(context.db, args.page, args.sortBy ?? 'NAME');
    },
    shippingMethod: async (_, args, context) => {
      await allow(context, 'shipping:view');
      return (await findShippingMethod(context.db, rowId(args.id, 'Shipping method'))) ?? null;
    },
  },
  Mutation: {
    createShipper: async (_, args, context) => {
      await allow(context, 'shipping:create');
      return createShipper(context.db, args.input);
    },
    updateShipper: async (_, args, context) => {
      await allow(context, 'shipping:update');
      return updateShipper(context.db, rowId(args.id, 'Shipper'), args.version, args.input);
    },
    deleteShipper: async (_, args, context) => {
      await allow(context, 'shipping:delete');
      await deleteShipper(context.db, rowId(args.id, 'Shipper'));
      return { id: args.id };
    },
    createShippingMethod: async (_, args, context) => {
      await allow(context, 'shipping:create');
      return createShippingMethod(context.db, args.input);
    },
    updateShippingMethod: async (_, args, context) => {
      await allow(context, 'shipping:update');
      return updateShippingMethod(
        context.db,
        rowId(args.id, 'Shipping method'),
        args.version,
        args.input,
      );
    },
    deleteShippingMethod: async (_, args, context) => {
      await allow(context, 'shipping:delete');
      await deleteShippingMethod(context.db, rowId(args.id, 'Shipping method'));
      return { id: args.id };
    },
  },
  ShippingMethod: {
    shipper: async (method, _, context) => {
      const shipper = await context.loaders.shipper.load(method.shipperId);
      if (!shipper) throw new Error(`shipping method ${method.id} has no shipper`);
      return shipper;
    },
  },
};
