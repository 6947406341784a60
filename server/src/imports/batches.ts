import type { Db } from '../db';
import type { InvalidInput } from '../domain/errors';
import type { JobContext } from '../jobs/kinds';
import { fileRows } from './files';
import type { UploadType } from '../uploads/uploads';

// The batch loop of an import: rows are collected and written `size` at a time, each batch in
// a transaction of its own, with the job's progress reported between them (never inside one).

/** Collects the rows to write and writes them in batches, reporting progress after each. */
export class BatchWriter<T> {
  private batch: T[] = [];
  /** Data rows of the file handled so far (written or rejected). */
  done = 0;

  constructor(
    private readonly options: {
      /** Rows per batch (and per progress report). */
      size: number;
      /** Writes one batch (in a transaction of its own). */
      write: (batch: T[]) => Promise<void>;
      /** Reports how many rows are done (ctx.progress). */
      progress: (done: number) => Promise<void>;
    },
  ) {}

  /** One data row handled: `item` when it is to be written. Writes every `size` rows. */
  async row(item?: T): Promise<void> {
    this.done += 1;
    if (item !== undefined) this.batch.push(item);
    if (this.batch.length >= this.options.size || this.done % this.options.size === 0)
      await this.flush();
  }

  /** Writes what is collected and reports the progress. */
  async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    if (batch.length > 0) await this.options.write(batch);
    await this.options.progress(this.done);
  }
}

/** The number of data rows of an upload (the header not counted), reported while reading. */
export async function countDataRows(
  ctx: Pick<JobContext<unknown>, 'db' | 'progress'>,
  uploadId: string,
  type: UploadType,
): Promise<number> {
  await ctx.progress({ done: 0, total: null, phase: 'reading' });
  let total = 0;
  for await (const row of fileRows(ctx.db, uploadId, type)) {
    if (row.row === 1) continue;
    total += 1;
    if (total % 1000 === 0)
      await ctx.progress({ done: 0, total: null, phase: 'reading', message: `${total} rows` });
  }
  return total;
}

// ---------------------------------------------------------------- grouped imports

/** How the user chose to treat bad rows of a grouped import (orders, delivery notes). */
export type ImportMode = 'ALL_OR_NOTHING' | 'GOOD_ROWS';

/** What writing one batch of groups did. */
export interface GroupBatchOutcome<G> {
  /** Ids of the records created. */
  created: number[];
  /** Groups left as they were (the database has them already). */
  unchanged: number;
  /** Groups refused when written (e.g. a product deleted since the check). */
  refused: { group: G; error: InvalidInput }[];
}

/** Thrown inside a batch's transaction to roll it back when a group of it was refused. */
class Refused<G> extends Error {
  constructor(readonly refused: GroupBatchOutcome<G>['refused']) {
    super('refused');
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

/**
 * Writes the checked groups of a grouped import (an order, a delivery note: written whole or
 * not at all) in batches of at most `size` weight (a group weighs `weight(group)`, 1 unless
 * said). ALL_OR_NOTHING: one transaction; a refused group rolls everything back and only the
 * refusals are reported (`refuse`). GOOD_ROWS: a transaction per batch, progress between them;
 * a batch with a refused group is rolled back and written again without it. A unique violation
 * (another import writing the same group at once) runs the transaction again once: the group
 * is then found and left as it is. Realtime events the batch publishes go out after its commit.
 */
export async function writeGroups<G>(
  ctx: Pick<JobContext<unknown>, 'db' | 'progress'>,
  groups: readonly G[],
  options: {
    mode: ImportMode;
    size: number;
    weight?: (group: G) => number;
    write: (tx: Db, batch: G[]) => Promise<GroupBatchOutcome<G>>;
    refuse: (group: G, error: InvalidInput) => void;
  },
): Promise<{ created: number[]; unchanged: number }> {
  const batches: G[][] = [];
  let batch: G[] = [];
  let weight = 0;
  for (const group of groups) {
    const w = options.weight?.(group) ?? 1;
    if (batch.length > 0 && weight + w > options.size) {
      batches.push(batch);
      batch = [];
      weight = 0;
    }
    batch.push(group);
    weight += w;
  }
  if (batch.length > 0) batches.push(batch);

  /** Runs fn in a transaction; a unique violation runs it once more. */
  const inTransaction = <T>(fn: (tx: Db) => Promise<T>) =>
    ctx.db.transaction(fn).catch((error: unknown) => {
      if (isUniqueViolation(error)) return ctx.db.transaction(fn);
      throw error;
    });
  /** Writes a batch in `tx`, throwing Refused (to roll back) when a group was refused. */
  const writeBatch = async (tx: Db, groups: G[]) => {
    const outcome = await options.write(tx, groups);
    if (outcome.refused.length > 0) throw new Refused(outcome.refused);
    return outcome;
  };
  const result = { created: [] as number[], unchanged: 0 };
  const total = groups.length;
  await ctx.progress({ done: 0, total, phase: 'importing' });
  if (options.mode === 'ALL_OR_NOTHING') {
    try {
      const outcomes = await inTransaction(async (tx) => {
        const all: GroupBatchOutcome<G>[] = [];
        for (const groups of batches) all.push(await writeBatch(tx, groups));
        return all;
      });
      for (const outcome of outcomes) {
        result.created.push(...outcome.created);
        result.unchanged += outcome.unchanged;
      }
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      for (const { group, error: why } of (error as Refused<G>).refused) options.refuse(group, why);
    }
  } else {
    let done = 0;
    for (const groups of batches) {
      let todo = groups;
      while (todo.length > 0) {
        try {
          const outcome = await inTransaction((tx) => writeBatch(tx, todo));
          result.created.push(...outcome.created);
          result.unchanged += outcome.unchanged;
          break;
        } catch (error) {
          if (!(error instanceof Refused)) throw error;
          const refused = new Set<G>();
          for (const { group, error: why } of (error as Refused<G>).refused) {
            options.refuse(group, why);
            refused.add(group);
          }
          const before = todo.length;
          todo = todo.filter((group) => !refused.has(group));
          if (todo.length === before)
            throw new Error('A refused group is not of its batch.', { cause: error });
        }
      }
      done += groups.length;
      await ctx.progress({ done, total, phase: 'importing' });
    }
  }
  await ctx.progress({ done: total, total, phase: 'importing' });
  return result;
}
