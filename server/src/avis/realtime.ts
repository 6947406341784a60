import type { Db } from '../db';
import { publishRecords, type RecordChange } from '../graphql/record-changes';
import type { StockChange } from '../stock/stock';

// What an avis change tells other users besides the mutation's own RecordChanged of Avis
// (graphql/record-changes.ts publishes that by the return type): the stock an avis booking
// wrote, so open inventory and ledger pages (stock:view) refetch; and avis made outside a
// mutation (the file import's job), which publishes them itself.

/** Publishes, after commit, the ledger rows a booking wrote (RecordChanged StockChange created). */
export function publishStockChanges(db: Db, changes: readonly StockChange[]): void {
  publishRecords(
    db,
    'StockChange',
    'stock:view',
    changes.map((change) => change.id),
    'created',
  );
}

/** Publishes, after commit, avis created or changed outside a GraphQL mutation (the import). */
export function publishAvis(
  db: Db,
  ids: readonly number[],
  change: RecordChange['change'] = 'created',
): void {
  publishRecords(db, 'Avis', 'avis:view', ids, change);
}
