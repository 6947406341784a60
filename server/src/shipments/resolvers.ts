import { publishStockChanges } from '../avis/realtime';
import { parse } from '../domain/validation';
import type { Resolvers } from '../graphql/generated';
import { argumentId, rowId } from '../graphql/ids';
import { picklistLoaders } from '../picklists/loaders';
import { packingNumberInput, shipAllInput, shipmentInput } from './rules';
import {
  createShipment,
  findShipment,
  orderIdForPacking,
  packagesOfShipments,
  shipAll,
  type ShipmentOutcome,
} from './shipments';
import { actorOf, present, type GraphqlContext } from '../graphql/context';
import { publishRecords } from '../graphql/record-changes';

/** After commit: the order (lists, details, dashboard) and the stock (inventory, ledger) follow. */
function published(context: GraphqlContext, outcome: ShipmentOutcome) {
  publishRecords(context.db, 'Order', 'order:view', [outcome.shipment.orderId], 'updated');
  publishStockChanges(context.db, outcome.changes);
  return outcome.shipment;
}

/** The packing station: everything needs shipment:create (schema @allow). */
export const shipmentResolvers: Resolvers = {
  Query: {
    shipment: async (_, args, context) =>
      (await findShipment(context.db, rowId(args.id, 'Shipment'))) ?? null,
    orderForPacking: async (_, args, context) => {
      const { number } = parse(packingNumberInput, { number: args.number });
      const id = await orderIdForPacking(context.db, number);
      return id === undefined ? null : ((await picklistLoaders(context).order.load(id)) ?? null);
    },
  },
  Mutation: {
    createShipment: async (_, args, context) => {
      const orderId = argumentId(args.orderId, 'orderId');
      const { packages } = parse(shipmentInput, { packages: args.packages });
      return published(
        context,
        await createShipment(context.db, actorOf(context), orderId, args.version, packages),
      );
    },
    shipAll: async (_, args, context) => {
      const orderId = argumentId(args.orderId, 'orderId');
      const { trackingNumber } = parse(shipAllInput, { trackingNumber: args.trackingNumber });
      return published(
        context,
        await shipAll(context.db, actorOf(context), orderId, args.version, trackingNumber),
      );
    },
  },
  Shipment: {
    order: async (shipment, _, context) =>
      present(await picklistLoaders(context).order.load(shipment.orderId), 'order'),
    packages: async (shipment, _, context) => packagesOfShipments(context.db, [shipment.id]),
    createdAt: (shipment) => new Date(shipment.createdAt).toISOString(),
  },
};
