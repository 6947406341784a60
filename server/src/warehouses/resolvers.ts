import { z } from 'zod';
import { parse } from '../domain/validation';
import type { Resolvers } from '../graphql/generated';
import { present } from '../graphql/context';
import { argumentId, rowId } from '../graphql/ids';
import { warehouseLoaders } from './loaders';
import {
  createPlace,
  createPlaces,
  createRack,
  createStorage,
  createWarehouse,
  deletePlace,
  deleteRack,
  deleteStorage,
  deleteWarehouse,
  findPlaceByBarcode,
  listPlaces,
  listWarehouses,
  nodeInput,
  placeInput,
  placesInput,
  updatePlace,
  updateRack,
  updateStorage,
  updateWarehouse,
  warehouseInput,
} from './warehouses';

/**
 * Warehouses, storages, racks and places: reading needs warehouse:view (placeByBarcode
 * stock:view, for the booking screen), the tree's writes warehouse:update, creating and
 * deleting a warehouse warehouse:create / warehouse:delete.
 */
export const warehouseResolvers: Resolvers = {
  Query: {
    warehouses: async (_, args, context) =>
      listWarehouses(context.db, args.page, args.sortBy ?? 'NAME'),
    warehouse: async (_, args, context) =>
      (await warehouseLoaders(context).warehouse.load(rowId(args.id, 'Warehouse'))) ?? null,
    storage: async (_, args, context) =>
      (await warehouseLoaders(context).storage.load(rowId(args.id, 'Storage'))) ?? null,
    rack: async (_, args, context) =>
      (await warehouseLoaders(context).rack.load(rowId(args.id, 'Rack'))) ?? null,
    place: async (_, args, context) =>
      (await warehouseLoaders(context).place.load(rowId(args.id, 'Place'))) ?? null,
    places: async (_, args, context) =>
      listPlaces(context.db, args.page, args.sortBy ?? 'PATH', args.filter),
    placeByBarcode: async (_, args, context) => {
      const { barcode } = parse(z.object({ barcode: z.string().max(255) }), args);
      return (await findPlaceByBarcode(context.db, barcode)) ?? null;
    },
  },
  Mutation: {
    createWarehouse: async (_, args, context) =>
      createWarehouse(context.db, parse(warehouseInput, args.input)),
    updateWarehouse: async (_, args, context) => {
      const id = rowId(args.id, 'Warehouse');
      return updateWarehouse(context.db, id, args.version, parse(warehouseInput, args.input));
    },
    deleteWarehouse: async (_, args, context) => {
      await deleteWarehouse(context.db, rowId(args.id, 'Warehouse'));
      return { id: args.id };
    },
    createStorage: async (_, args, context) => {
      const warehouseId = argumentId(args.warehouseId, 'warehouseId');
      return createStorage(context.db, warehouseId, parse(nodeInput, args.input));
    },
    updateStorage: async (_, args, context) => {
      const id = rowId(args.id, 'Storage');
      return updateStorage(context.db, id, args.version, parse(nodeInput, args.input));
    },
    deleteStorage: async (_, args, context) => {
      await deleteStorage(context.db, rowId(args.id, 'Storage'));
      return { id: args.id };
    },
    createRack: async (_, args, context) => {
      const storageId = argumentId(args.storageId, 'storageId');
      return createRack(context.db, storageId, parse(nodeInput, args.input));
    },
    updateRack: async (_, args, context) => {
      const id = rowId(args.id, 'Rack');
      return updateRack(context.db, id, args.version, parse(nodeInput, args.input));
    },
    deleteRack: async (_, args, context) => {
      await deleteRack(context.db, rowId(args.id, 'Rack'));
      return { id: args.id };
    },
    createPlace: async (_, args, context) => {
      const rackId = argumentId(args.rackId, 'rackId');
      return createPlace(context.db, rackId, parse(placeInput, args.input));
    },
    updatePlace: async (_, args, context) => {
      const id = rowId(args.id, 'Place');
      return updatePlace(context.db, id, args.version, parse(placeInput, args.input));
    },
    deletePlace: async (_, args, context) => {
      await deletePlace(context.db, rowId(args.id, 'Place'));
      return { id: args.id };
    },
    createPlaces: async (_, args, context) => {
      const rackId = argumentId(args.rackId, 'rackId');
      return createPlaces(context.db, rackId, parse(placesInput, args.input));
    },
  },
  Warehouse: {
    storages: async (warehouse, _, context) =>
      warehouseLoaders(context).storagesOf.load(warehouse.id),
  },
  Storage: {
    warehouse: async (storage, _, context) =>
      present(await warehouseLoaders(context).warehouse.load(storage.warehouseId), 'warehouse'),
    racks: async (storage, _, context) => warehouseLoaders(context).racksOf.load(storage.id),
  },
  Rack: {
    storage: async (rack, _, context) =>
      present(await warehouseLoaders(context).storage.load(rack.storageId), 'storage'),
    places: async (rack, _, context) => warehouseLoaders(context).placesOf.load(rack.id),
    placeCount: async (rack, _, context) => warehouseLoaders(context).placeCount.load(rack.id),
  },
  Place: {
    rack: async (place, _, context) =>
      present(await warehouseLoaders(context).rack.load(place.rackId), 'rack'),
    warehouse: async (place, _, context) =>
      present(await warehouseLoaders(context).warehouse.load(place.warehouseId), 'warehouse'),
  },
};
