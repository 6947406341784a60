import { msg } from '@kontor/contracts';
import DataLoader from 'dataloader';
import { clientLoaders } from '../clients/loaders';
import { findDepartment } from '../departments/departments';
import { parse } from '../domain/validation';
import { notFound } from '../domain/errors';
import { heldPermissions, type GraphqlContext } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import { byId, requestLoaders } from '../graphql/loaders';
import { findShippingMethod } from '../shipping/shipping';
import { shopConnectors } from './connector';
import {
  conflictsOf,
  connectionStatus,
  createShopConnection,
  deadLettersOf,
  deleteShopConnection,
  findShopConnection,
  lagSeconds,
  listShopConnections,
  pushesOf,
  requestsOf,
  setShopConnectionPaused,
  shippingMappingsOf,
  shopConnectionInput,
  updateShopConnection,
  type ShopConnection,
} from './connections';
import { retryFailedPushes } from './outbox';
import { shopsSettingsOf } from './runtime';
import { requestSync } from './webhooks';
import { retakeOrder } from './sync';
import { testConnection } from './test-connection';

/** The shop binding of orders, per request. */
const shopOrderLoaders = requestLoaders((db) => ({
  binding: new DataLoader<
    number,
    { id: number; connectionId: number; conflict: string | null } | undefined
  >(async (ids) =>
    byId(
      await db.query<{ id: number; connectionId: number; conflict: string | null }>(
        `SELECT order_id AS id, connection_id AS "connectionId", conflict FROM shop_order_bindings
            WHERE order_id = any($1::int[])`,
        [ids],
      ),
      ids,
    ),
  ),
  connection: new DataLoader<number, ShopConnection | undefined>(async (ids) =>
    Promise.all(ids.map((id) => findShopConnection(db, id))),
  ),
}));

const appKeyOf = (context: GraphqlContext) => shopsSettingsOf(context.db).appKey;

/** Shop connections: shop:view/create/update/delete/sync; credentials never leave the server. */
export const shopResolvers: Resolvers = {
  Query: {
    shopConnectors: async () =>
      shopConnectors().map((driver) => ({
        name: driver.name,
        label: driver.label,
        settingNames: [...driver.settingNames],
        secretNames: [...driver.secretNames],
        states: [...driver.states],
        defaultImportStates: [...driver.defaultImportStates],
      })),
    shopConnections: async (_, args, context) =>
      listShopConnections(context.db, args.page, args.sortBy ?? 'NAME', args.filter),
    shopConnection: async (_, args, context) =>
      (await findShopConnection(context.db, rowId(args.id, 'Shop connection'))) ?? null,
  },
  Mutation: {
    createShopConnection: async (_, args, context) =>
      createShopConnection(context.db, appKeyOf(context), parse(shopConnectionInput, args.input)),
    updateShopConnection: async (_, args, context) =>
      updateShopConnection(
        context.db,
        appKeyOf(context),
        rowId(args.id, 'Shop connection'),
        args.version,
        parse(shopConnectionInput, args.input),
      ),
    deleteShopConnection: async (_, args, context) => {
      await deleteShopConnection(context.db, rowId(args.id, 'Shop connection'));
      return { id: args.id };
    },
    pauseShopConnection: async (_, args, context) =>
      setShopConnectionPaused(context.db, rowId(args.id, 'Shop connection'), true),
    resumeShopConnection: async (_, args, context) =>
      setShopConnectionPaused(context.db, rowId(args.id, 'Shop connection'), false),
    syncShopConnection: async (_, args, context) => {
      const id = rowId(args.id, 'Shop connection');
      if (!(await requestSync(context.db, id))) throw notFound(msg('notFound.shopConnection'));
      return (await findShopConnection(context.db, id))!;
    },
    testShopConnection: async (_, args, context) =>
      testConnection(
        context.db,
        appKeyOf(context),
        args.id ? rowId(args.id, 'Shop connection') : null,
        parse(shopConnectionInput, args.input),
      ),
    retryShopDeadLetter: async (_, args, context) => {
      const [letter] = await context.db.query<{ connectionId: number; externalId: string }>(
        `SELECT connection_id AS "connectionId", external_id AS "externalId" FROM shop_dead_letters WHERE id = $1`,
        [rowId(args.id, 'Dead letter')],
      );
      if (!letter) throw notFound(msg('notFound.deadLetter'));
      const outcome = await retakeOrder(context.db, letter.connectionId, letter.externalId);
      if (outcome === 'missing')
        await context.db.query('DELETE FROM shop_dead_letters WHERE id = $1', [rowId(args.id)]);
      return (await findShopConnection(context.db, letter.connectionId))!;
    },
    retryShopPushes: async (_, args, context) => {
      const id = rowId(args.id, 'Shop connection');
      const connection = await findShopConnection(context.db, id);
      if (!connection) throw notFound(msg('notFound.shopConnection'));
      await retryFailedPushes(context.db, id);
      return connection;
    },
  },
  ShopConnection: {
    client: async (connection, _, context) => {
      const client = await clientLoaders(context).client.load(connection.clientId);
      if (!client) throw new Error(`shop connection ${connection.id} has no client`);
      return client;
    },
    department: async (connection, _, context) =>
      connection.departmentId === null
        ? null
        : ((await findDepartment(context.db, connection.departmentId)) ?? null),
    settings: (connection) =>
      Object.entries(connection.settings ?? {}).map(([key, value]) => ({
        key,
        value: String(value),
      })),
    secretsSet: (connection) => connection.secretNames,
    shippingMappings: async (connection, _, context) => {
      const mappings = await shippingMappingsOf(context.db, connection.id);
      return Promise.all(
        mappings.map(async (mapping) => ({
          shopKey: mapping.shopKey,
          shippingMethod: (await findShippingMethod(context.db, mapping.shippingMethodId))!,
        })),
      );
    },
    webhookPath: (connection) => `/api/shop-webhooks/${connection.webhookKey}`,
    status: (connection) => connectionStatus(connection),
    lastSyncAt: (connection) =>
      connection.lastSyncAt && new Date(connection.lastSyncAt).toISOString(),
    lastSuccessAt: (connection) =>
      connection.lastSuccessAt && new Date(connection.lastSuccessAt).toISOString(),
    lagSeconds: (connection) => lagSeconds(connection),
    deadLetters: (connection, _, context) => deadLettersOf(context.db, connection.id) as never,
    conflicts: (connection, _, context) => conflictsOf(context.db, connection.id) as never,
    requests: (connection, _, context) => requestsOf(context.db, connection.id) as never,
    pushes: (connection, _, context) => pushesOf(context.db, connection.id) as never,
  },
  Order: {
    // The connection (its settings and health) only for holders of shop:view; the order's
    // `shop` names it for everyone who sees the order.
    shopConnection: async (order, _, context) => {
      const binding = await shopOrderLoaders(context).binding.load(order.id);
      if (!binding || !(await heldPermissions(context)).has('shop:view')) return null;
      return (await shopOrderLoaders(context).connection.load(binding.connectionId)) ?? null;
    },
    shopConflict: async (order, _, context) =>
      (await shopOrderLoaders(context).binding.load(order.id))?.conflict ?? null,
  },
};
