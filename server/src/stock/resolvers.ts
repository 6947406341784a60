import { msg } from '@kontor/contracts';
import { clientLoaders } from '../clients/loaders';
import { hasNul, parse } from '../domain/validation';
import { actorOf, heldPermissions, present } from '../graphql/context';
import type { Resolvers, StockReason } from '../graphql/generated';
import { argumentId } from '../graphql/ids';
import { messageOut } from '../graphql/message';
import { notFound } from '../domain/errors';
import { unauthorized } from '../http/errors';
import { askedOf } from '../lists/projection';
import { warehouseLoaders } from '../warehouses/loaders';
import {
  findStockChange,
  findStockMove,
  inventoryDetail,
  listInventory,
  listStockChanges,
} from './inventory';
import { stockLoaders } from './loaders';
import { bookingInput, correctionInput, moveInput } from './rules';
import { bookIn, bookOut, correctStock, moveStock } from './stock';

/** A ledger row's id argument: a positive whole number (bigint). */
const ledgerId = (id: string | number) => {
  const text = String(id);
  return /^[1-9]\d{0,18}$/.test(text) ? text : null;
};

/** Stock: stock:view reads, stock:book books in/out and moves, stock:correct corrects. */
export const stockResolvers: Resolvers = {
  Query: {
    stockChanges: async (_, args, context) => {
      const filter = args.filter ? { ...args.filter, reason: args.filter.reason ?? null } : null;
      return listStockChanges(context.db, args.page, args.sortBy ?? 'TIME', filter);
    },
    stockChange: async (_, args, context) => {
      const id = ledgerId(args.id);
      const change = id && (await findStockChange(context.db, id));
      if (!change) throw notFound(msg('notFound.stockChange'));
      return change;
    },
    stockMove: async (_, args, context) => {
      const reference = String(args.id);
      const move = !hasNul(reference) && (await findStockMove(context.db, reference));
      if (!move) throw notFound(msg('notFound.stockMove'));
      return move;
    },
    inventory: async (_, args, context, info) => {
      const asked = askedOf(info).get('items');
      return listInventory(context.db, args.page, args.sortBy ?? 'SKU', args.filter, asked);
    },
    inventoryDetail: async (_, args, context) => {
      return inventoryDetail(
        context.db,
        argumentId(args.productId, 'productId'),
        argumentId(args.warehouseId, 'warehouseId'),
      );
    },
  },
  Mutation: {
    bookStock: async (_, args, context) => {
      const { kind, ...input } = args.input;
      const booking = parse(bookingInput, input);
      return kind === 'IN'
        ? bookIn(context.db, actorOf(context), booking)
        : bookOut(context.db, actorOf(context), booking);
    },
    moveStock: async (_, args, context) => {
      return moveStock(context.db, actorOf(context), parse(moveInput, args.input));
    },
    correctStock: async (_, args, context) => {
      return correctStock(context.db, actorOf(context), parse(correctionInput, args.input));
    },
  },
  StockChange: {
    product: async (change, _, context) =>
      present(await stockLoaders(context).product.load(change.productId), 'product'),
    place: async (change, _, context) =>
      present(await warehouseLoaders(context).place.load(change.placeId), 'place'),
    client: async (change, _, context) =>
      present(await clientLoaders(context).client.load(change.clientId), 'client'),
    warehouse: async (change, _, context) =>
      present(await warehouseLoaders(context).warehouse.load(change.warehouseId), 'warehouse'),
    reason: (change) => change.reason.toUpperCase() as StockReason,
    commentMessage: (change) => (change.commentMessage ? messageOut(change.commentMessage) : null),
    userName: async (change, _, context) =>
      change.userName !== undefined
        ? change.userName
        : change.userId
          ? stockLoaders(context).userName.load(change.userId)
          : null,
    actingUserName: async (change, _, context) =>
      change.actingUserName !== undefined
        ? change.actingUserName
        : change.actingUserId
          ? stockLoaders(context).userName.load(change.actingUserId)
          : null,
    createdAt: (change) => new Date(change.createdAt).toISOString(),
  },
  StockRow: {
    place: async (row, _, context) =>
      present(await warehouseLoaders(context).place.load(row.placeId), 'place'),
    firstBookedAt: (row) => new Date(row.firstBookedAt).toISOString(),
  },
  InventoryRow: {
    // Read along by the page when only their readable fields are asked (inventoryList.carries).
    product: async (row, _, context) =>
      row.product ?? present(await stockLoaders(context).product.load(row.productId), 'product'),
    warehouse: async (row, _, context) =>
      row.warehouse ??
      present(await warehouseLoaders(context).warehouse.load(row.warehouseId), 'warehouse'),
    client: async (row, _, context) =>
      row.client ?? present(await clientLoaders(context).client.load(row.clientId), 'client'),
    value: (row) => Math.round(row.valueCents) / 100,
  },
  Product: {
    // A product's stock is for those who may see stock (a product editor may lack it).
    stock: async (product, _, context) => {
      if (!(await heldPermissions(context)).has('stock:view')) throw unauthorized();
      return stockLoaders(context).stockOfProduct.load(product.id);
    },
  },
};
