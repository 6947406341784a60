import { parse } from '../domain/validation';
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
  shipperInput,
  shippingMethodInput,
  updateShipper,
  updateShippingMethod,
} from './shipping';
import { shippingLoaders } from './loaders';

/** Shippers and shipping methods: shipping:view/create/update/delete. */
export const shippingResolvers: Resolvers = {
  Query: {
    shippers: async (_, args, context) => {
      return listShippers(context.db, args.page, args.sortBy ?? 'NAME');
    },
    shipper: async (_, args, context) => {
      return (await findShipper(context.db, rowId(args.id, 'Shipper'))) ?? null;
    },
    shippingMethods: async (_, args, context) => {
      return listShippingMethods(context.db, args.page, args.sortBy ?? 'NAME', args.filter);
    },
    shippingMethod: async (_, args, context) => {
      return (await findShippingMethod(context.db, rowId(args.id, 'Shipping method'))) ?? null;
    },
  },
  Mutation: {
    createShipper: async (_, args, context) => {
      return createShipper(context.db, parse(shipperInput, args.input));
    },
    updateShipper: async (_, args, context) => {
      const id = rowId(args.id, 'Shipper');
      return updateShipper(context.db, id, args.version, parse(shipperInput, args.input));
    },
    deleteShipper: async (_, args, context) => {
      await deleteShipper(context.db, rowId(args.id, 'Shipper'));
      return { id: args.id };
    },
    createShippingMethod: async (_, args, context) => {
      return createShippingMethod(context.db, parse(shippingMethodInput, args.input));
    },
    updateShippingMethod: async (_, args, context) => {
      const id = rowId(args.id, 'Shipping method');
      const input = parse(shippingMethodInput, args.input);
      return updateShippingMethod(context.db, id, args.version, input);
    },
    deleteShippingMethod: async (_, args, context) => {
      await deleteShippingMethod(context.db, rowId(args.id, 'Shipping method'));
      return { id: args.id };
    },
  },
  ShippingMethod: {
    shipper: async (method, _, context) => {
      const shipper = await shippingLoaders(context).shipper.load(method.shipperId);
      if (!shipper) throw new Error(`shipping method ${method.id} has no shipper`);
      return shipper;
    },
  },
};
