import { clientLoaders } from '../clients/loaders';
import { z } from 'zod';
import { parse } from '../domain/validation';
import { actorOf, present } from '../graphql/context';
import type { AvisStatus as GraphqlAvisStatus, Resolvers } from '../graphql/generated';
import { rowId } from '../graphql/ids';
import { stockLoaders } from '../stock/loaders';
import { warehouseLoaders } from '../warehouses/loaders';
import {
  bookAvis,
  cancelAvis,
  closeAvis,
  createAvis,
  deleteAvis,
  findAvis,
  listAvis,
  updateAvis,
} from './avis';
import { avisLoaders } from './loaders';
import { publishStockChanges } from './realtime';
import { avisBookingInput, avisInput, reasonInput } from './rules';

/**
 * Avis: avis:view reads, avis:create / avis:update / avis:delete change, avis:book books and
 * closes (checked by @allow in schema.graphql). RecordChanged of Avis is published by the
 * mutations' return type; a booking also publishes its stock changes to stock:view.
 */
export const avisResolvers: Resolvers = {
  Query: {
    avisList: async (_, args, context) => {
      const { status, ...rest } = args.filter ?? {};
      const filter = {
        ...rest,
        status: status && status.length > 0 ? status.join(',') : null,
      };
      return listAvis(context.db, args.page, args.sortBy ?? 'DELIVERY_DATE', filter);
    },
    avis: async (_, args, context) => {
      return (await findAvis(context.db, rowId(args.id, 'Avis'))) ?? null;
    },
  },
  Mutation: {
    createAvis: async (_, args, context) => {
      return createAvis(context.db, actorOf(context), parse(avisInput, args.input));
    },
    updateAvis: async (_, args, context) => {
      const id = rowId(args.id, 'Avis');
      return updateAvis(
        context.db,
        actorOf(context),
        id,
        args.version,
        parse(avisInput, args.input),
      );
    },
    cancelAvis: async (_, args, context) => {
      const id = rowId(args.id, 'Avis');
      const reason = parse(z.object({ reason: reasonInput }), { reason: args.reason }).reason;
      return cancelAvis(context.db, actorOf(context), id, args.version, reason);
    },
    deleteAvis: async (_, args, context) => {
      const id = rowId(args.id, 'Avis');
      await deleteAvis(context.db, id);
      return { id: String(id) };
    },
    bookAvis: async (_, args, context) => {
      const id = rowId(args.id, 'Avis');
      const booking = await bookAvis(
        context.db,
        actorOf(context),
        id,
        parse(avisBookingInput, args.input),
      );
      publishStockChanges(context.db, booking.changes);
      return booking.avis;
    },
    closeAvis: async (_, args, context) => {
      const id = rowId(args.id, 'Avis');
      const reason = parse(z.object({ reason: reasonInput }), { reason: args.reason }).reason;
      return closeAvis(context.db, actorOf(context), id, args.version, reason);
    },
  },
  Avis: {
    status: (avis) => avis.status.toUpperCase() as GraphqlAvisStatus,
    supplier: async (avis, _, context) =>
      present(await avisLoaders(context).supplier.load(avis.supplierId), 'supplier'),
    client: async (avis, _, context) =>
      present(await clientLoaders(context).client.load(avis.clientId), 'client'),
    warehouse: async (avis, _, context) =>
      present(await warehouseLoaders(context).warehouse.load(avis.warehouseId), 'warehouse'),
    lines: async (avis, _, context) => avisLoaders(context).linesOf.load(avis.id),
    receipts: async (avis, _, context) => avisLoaders(context).receiptsOf.load(avis.id),
    history: async (avis, _, context) => avisLoaders(context).eventsOf.load(avis.id),
    createdAt: (avis) => new Date(avis.createdAt).toISOString(),
  },
  AvisLine: {
    product: async (line, _, context) =>
      present(await stockLoaders(context).product.load(line.productId), 'product'),
    difference: (line) => line.receivedQuantity - line.announcedQuantity,
  },
  AvisReceipt: {
    createdAt: (receipt) => new Date(receipt.createdAt).toISOString(),
    lines: async (receipt, _, context) => avisLoaders(context).receiptLinesOf.load(receipt.id),
  },
  AvisReceiptLine: {
    line: async (row, _, context) =>
      present(await avisLoaders(context).line.load(row.lineId), 'line'),
    place: async (row, _, context) =>
      present(await warehouseLoaders(context).place.load(row.placeId), 'place'),
  },
  AvisEvent: {
    at: (event) => new Date(event.at).toISOString(),
  },
};
