import DataLoader from 'dataloader';
import { byId, requestLoaders } from '../graphql/loaders';
import { suppliersByIds, type Supplier } from '../suppliers/suppliers';
import {
  eventsOfAvis,
  linesByIds,
  linesOfAvis,
  linesOfReceipts,
  receiptsOfAvis,
  type AvisEvent,
  type AvisLine,
  type AvisReceipt,
  type AvisReceiptLine,
} from './avis';

/** The children of each parent id, in the order the rows came. */
function grouped<T>(rows: readonly T[], parentOf: (row: T) => number, ids: readonly number[]) {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(parentOf(row));
    if (list) list.push(row);
    else groups.set(parentOf(row), [row]);
  }
  return ids.map((id) => groups.get(id) ?? []);
}

/** The avis area's per-request loaders: a page of avis costs one query per kind of child. */
export const avisLoaders = requestLoaders((db) => ({
  supplier: new DataLoader<number, Supplier | undefined>(async (ids) =>
    byId(await suppliersByIds(db, ids), ids),
  ),
  line: new DataLoader<number, AvisLine | undefined>(async (ids) =>
    byId(await linesByIds(db, ids), ids),
  ),
  linesOf: new DataLoader<number, AvisLine[]>(async (ids) =>
    grouped(await linesOfAvis(db, ids), (line) => line.avisId, ids),
  ),
  receiptsOf: new DataLoader<number, AvisReceipt[]>(async (ids) =>
    grouped(await receiptsOfAvis(db, ids), (receipt) => receipt.avisId, ids),
  ),
  receiptLinesOf: new DataLoader<number, AvisReceiptLine[]>(async (ids) =>
    grouped(await linesOfReceipts(db, ids), (line) => line.receiptId, ids),
  ),
  eventsOf: new DataLoader<number, AvisEvent[]>(async (ids) =>
    grouped(await eventsOfAvis(db, ids), (event) => event.avisId, ids),
  ),
}));
