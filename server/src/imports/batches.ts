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
