import { msg, type Message } from '@kontor/contracts';
import type { Db } from '../db';

// The stocktaking lock (issue 16). A started stocktaking writes one stocktaking_locks row per
// place of its scope; until it is booked or cancelled, bookings on those places (with a
// client scope: of that client's products) are refused, naming it.
//
// Lock order (the race between a booking and a start): a booking first takes FOR KEY SHARE
// on its places (in id order) and only then, in a new statement, reads the locks; a start
// takes FOR UPDATE on every place of its scope (in id order) before it writes its locks and
// reads the stock in a new statement. So a booking running while a stocktaking starts either
// commits before the snapshot is read (the snapshot sees it) or waits for the start and then
// sees its lock (refused). Place edits (FOR NO KEY UPDATE) do not block bookings.

/** A running stocktaking holding a place. */
export interface StocktakingLock {
  placeId: number;
  stocktakingId: number;
  number: string;
  name: string;
}

/**
 * The running stocktakings (COUNTING or COUNTED) holding any of `placeIds`, by place id; with
 * `clientId`, only locks that cover that client's products (a client-scoped stocktaking locks
 * only its client's stock). Takes FOR KEY SHARE on the places first (see above): call it inside
 * the transaction that then writes the stock, before the first write.
 */
export async function stocktakingLockOf(
  tx: Db,
  placeIds: readonly number[],
  clientId?: number,
): Promise<Map<number, StocktakingLock>> {
  const locks = new Map<number, StocktakingLock>();
  if (placeIds.length === 0) return locks;
  await tx.query(`SELECT id FROM places WHERE id = any($1::int[]) ORDER BY id FOR KEY SHARE`, [
    [...placeIds],
  ]);
  const rows = await tx.query<StocktakingLock>(
    `SELECT l.place_id AS "placeId", s.id AS "stocktakingId", s.number, s.name
       FROM stocktaking_locks l JOIN stocktakings s ON s.id = l.stocktaking_id
      WHERE l.place_id = any($1::int[])
        AND ($2::int IS NULL OR l.client_id IS NULL OR l.client_id = $2::int)`,
    [[...placeIds], clientId ?? null],
  );
  for (const row of rows) locks.set(row.placeId, row);
  return locks;
}

/** The refusal's message: the place and the stocktaking holding it. */
export function lockedMessage(path: string, lock: StocktakingLock): Message {
  return msg('stock.lockedByStocktaking', {
    path,
    number: lock.name ? `${lock.number} (${lock.name})` : lock.number,
  });
}
