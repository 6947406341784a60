import { msg } from '@kontor/contracts';
import { clientLoaders } from '../clients/loaders';
import { invalidField, notFound } from '../domain/errors';
import { hasNul, nulMessage, parse } from '../domain/validation';
import { actorOf, present } from '../graphql/context';
import type { Resolvers, StocktakingStatus } from '../graphql/generated';
import { argumentId, rowId } from '../graphql/ids';
import { RECORD_CHANGED_EVENT, recordChannel, type RecordChange } from '../graphql/record-changes';
import { listPage } from '../lists/list';
import { broadcast } from '../realtime/publish';
import type { Db } from '../db';
import { stockLoaders } from '../stock/loaders';
import { warehouseLoaders } from '../warehouses/loaders';
import { stocktakingLineList, stocktakingList, stocktakingPlaceList } from './list';
import { stocktakingLoaders } from './loaders';
import { countInput, recountInput, stocktakingInput } from './rules';
import {
  bookStocktaking,
  cancelStocktaking,
  completeStocktaking,
  confirmEmptyPlace,
  countStock,
  createStocktaking,
  findStocktaking,
  findStocktakingPlace,
  findStocktakingPlaceByBarcode,
  recountLines,
  startStocktaking,
  stocktakingTotals,
  updateStocktaking,
  type StocktakingLineRecord,
  type StocktakingPlaceRecord,
  type StocktakingRecord,
} from './stocktaking';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const euros = (cents: number) => Math.round(cents) / 100;

/** Publishes, after commit, that a stocktaking changed (its progress), for a second counter's screen. */
function publishStocktaking(db: Db, id: number): void {
  const data: RecordChange = { typename: 'Stocktaking', id: String(id), change: 'updated' };
  broadcast(db, {
    channels: [recordChannel('stocktaking:view')],
    event: RECORD_CHANGED_EVENT,
    data,
  });
}

/** A stocktaking's id argument that must name one (NOT_FOUND otherwise). */
async function existing(db: Db, id: string | number): Promise<StocktakingRecord> {
  const found = await findStocktaking(db, rowId(id, 'Stocktaking'));
  if (!found) throw notFound(msg('notFound.stocktaking'));
  return found;
}

/** Stocktaking: stocktaking:view reads, :create/:update/:count/:book/:delete act (schema @allow). */
export const stocktakingResolvers: Resolvers = {
  Query: {
    stocktakings: async (_, args, context) =>
      listPage<StocktakingRecord, 'CREATED' | 'NUMBER' | 'ID', 'status' | 'warehouseId' | 'phase'>(
        context.db,
        stocktakingList,
        args.page,
        args.sortBy ?? 'CREATED',
        {
          warehouseId: args.filter?.warehouseId ?? null,
          status: args.filter?.status?.length ? args.filter.status.join(',') : null,
          phase: args.filter?.phase ?? null,
        },
      ),
    stocktaking: async (_, args, context) =>
      (await findStocktaking(context.db, rowId(args.id, 'Stocktaking'))) ?? null,
    // Arguments are checked (each on its field) before the stocktaking is looked up.
    stocktakingPlaces: async (_, args, context) => {
      const counted = args.filter?.counted;
      const page = await listPage<StocktakingPlaceRecord, 'PATH', 'stocktakingId' | 'counted'>(
        context.db,
        stocktakingPlaceList,
        args.page,
        'PATH',
        {
          stocktakingId: rowId(args.id, 'Stocktaking'),
          counted: counted === true ? 'true' : counted === false ? 'false' : null,
        },
      );
      await existing(context.db, args.id);
      return page;
    },
    stocktakingPlace: async (_, args, context) => {
      const placeId = argumentId(args.placeId, 'placeId');
      const st = await existing(context.db, argumentId(args.stocktakingId, 'stocktakingId'));
      return (await findStocktakingPlace(context.db, st.id, placeId)) ?? null;
    },
    stocktakingPlaceByBarcode: async (_, args, context) => {
      if (hasNul(args.barcode)) throw invalidField('barcode', 'characters', nulMessage('barcode'));
      const st = await existing(context.db, argumentId(args.stocktakingId, 'stocktakingId'));
      if (args.barcode.length > 255) return null;
      return (await findStocktakingPlaceByBarcode(context.db, st.id, args.barcode)) ?? null;
    },
    stocktakingSummary: async (_, args, context) => {
      const id = rowId(args.id, 'Stocktaking');
      const found = await findStocktaking(context.db, id);
      const onlyVariances = args.onlyVariances === true;
      const hidden =
        !found || (found.blind && (found.status === 'draft' || found.status === 'counting'));
      // While blind and not completed, which lines differ would tell the expected quantities.
      const filterVariances = onlyVariances && !hidden;
      const lines = await listPage<
        StocktakingLineRecord,
        'PATH',
        'stocktakingId' | 'onlyVariances'
      >(context.db, stocktakingLineList, args.page, 'PATH', {
        stocktakingId: id,
        onlyVariances: filterVariances ? 'true' : null,
      });
      // After the page's arguments: a bad one is a field error even for an unknown stocktaking.
      if (!found) throw notFound(msg('notFound.stocktaking'));
      const st = found;
      const totals = await stocktakingTotals(context.db, st.id, filterVariances);
      return {
        stocktaking: st,
        lines,
        totals: {
          expected: hidden ? null : totals.expected,
          counted: totals.counted,
          variance: hidden ? null : totals.variance,
          varianceValue: hidden ? null : euros(totals.varianceCents),
        },
      };
    },
  },
  Mutation: {
    createStocktaking: async (_, args, context) =>
      createStocktaking(context.db, actorOf(context), parse(stocktakingInput, args.input)),
    updateStocktaking: async (_, args, context) => {
      const id = rowId(args.id, 'Stocktaking');
      const input = parse(stocktakingInput, args.input);
      return updateStocktaking(context.db, actorOf(context), id, args.version, input);
    },
    startStocktaking: async (_, args, context) =>
      startStocktaking(context.db, actorOf(context), rowId(args.id, 'Stocktaking'), args.version),
    countStock: async (_, args, context) => {
      const id = argumentId(args.stocktakingId, 'stocktakingId');
      const place = await countStock(
        context.db,
        actorOf(context),
        id,
        parse(countInput, args.input),
      );
      publishStocktaking(context.db, id);
      return place;
    },
    confirmEmptyPlace: async (_, args, context) => {
      const id = argumentId(args.stocktakingId, 'stocktakingId');
      const placeId = argumentId(args.placeId, 'placeId');
      const place = await confirmEmptyPlace(context.db, actorOf(context), id, placeId);
      publishStocktaking(context.db, id);
      return place;
    },
    recountLines: async (_, args, context) => {
      const id = argumentId(args.stocktakingId, 'stocktakingId');
      const { lineIds } = parse(recountInput, { lineIds: args.lineIds });
      return recountLines(context.db, actorOf(context), id, lineIds);
    },
    completeStocktaking: async (_, args, context) =>
      completeStocktaking(
        context.db,
        actorOf(context),
        rowId(args.id, 'Stocktaking'),
        args.version,
      ),
    bookStocktaking: async (_, args, context) => {
      const booked = await bookStocktaking(
        context.db,
        actorOf(context),
        rowId(args.id, 'Stocktaking'),
        args.version,
      );
      // The inventory and ledger pages (stock:view) refetch: one event for all the rows written.
      if (booked.lastChangeId) {
        const data: RecordChange = {
          typename: 'StockChange',
          id: booked.lastChangeId,
          change: 'created',
        };
        broadcast(context.db, {
          channels: [recordChannel('stock:view')],
          event: RECORD_CHANGED_EVENT,
          data,
        });
      }
      return booked.stocktaking;
    },
    cancelStocktaking: async (_, args, context) =>
      cancelStocktaking(context.db, actorOf(context), rowId(args.id, 'Stocktaking'), args.version),
  },
  Stocktaking: {
    status: (st) => st.status.toUpperCase() as StocktakingStatus,
    warehouse: async (st, _, context) =>
      present(await warehouseLoaders(context).warehouse.load(st.warehouseId), 'warehouse'),
    storage: async (st, _, context) =>
      st.storageId
        ? present(await warehouseLoaders(context).storage.load(st.storageId), 'storage')
        : null,
    rack: async (st, _, context) =>
      st.rackId ? present(await warehouseLoaders(context).rack.load(st.rackId), 'rack') : null,
    client: async (st, _, context) =>
      st.clientId ? present(await clientLoaders(context).client.load(st.clientId), 'client') : null,
    createdAt: (st) => new Date(st.createdAt).toISOString(),
    startedAt: (st) => iso(st.startedAt),
    completedAt: (st) => iso(st.completedAt),
    bookedAt: (st) => iso(st.bookedAt),
    cancelledAt: (st) => iso(st.cancelledAt),
  },
  StocktakingPlace: {
    place: async (sp, _, context) =>
      present(await warehouseLoaders(context).place.load(sp.placeId), 'place'),
    countedByName: async (sp, _, context) =>
      sp.countedBy ? stockLoaders(context).userName.load(sp.countedBy) : null,
    countedAt: (sp) => iso(sp.countedAt),
    lines: async (sp, _, context) => stocktakingLoaders(context).linesOfPlace.load(sp.id),
  },
  StocktakingLine: {
    place: async (line, _, context) =>
      present(await warehouseLoaders(context).place.load(line.placeId), 'place'),
    product: async (line, _, context) =>
      present(await stockLoaders(context).product.load(line.productId), 'product'),
    // The blind rule: nothing derived from the expected quantity while hidden.
    expectedQuantity: (line) => (line.hidden ? null : line.expectedQuantity),
    countedByName: async (line, _, context) =>
      line.countedBy ? stockLoaders(context).userName.load(line.countedBy) : null,
    countedAt: (line) => iso(line.countedAt),
    variance: (line) =>
      line.hidden || line.countedQuantity === null
        ? null
        : line.countedQuantity - line.expectedQuantity,
    varianceValue: (line) =>
      line.hidden || line.countedQuantity === null
        ? null
        : euros((line.countedQuantity - line.expectedQuantity) * line.priceNetCents),
  },
};
