import { msg } from '@kontor/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import { enqueue, type JobRecord } from '../jobs/jobs';
import { defineJobKind } from '../jobs/kinds';
import type { ExportLanguage } from '../lists/export';
import { invoiceCsv } from './csv';
import { invoicePeriod, type InvoicePeriod } from './invoices';

// A large invoice export (more than DIRECT_EXPORT_LIMIT positions) runs as a background job:
// it writes the CSV into invoice_export_files in chunks (any node serves the download),
// and its result counts the positions written (JobResult.created).

/** The database chunk size of an export file. */
const CHUNK_BYTES = 1024 * 1024;

// The client's name is kept for the title (jobs from before have only its id).
const payload = invoicePeriod.and(
  z.object({ lang: z.enum(['de', 'en']), clientName: z.string().max(300).optional() }),
);
type Payload = InvoicePeriod & { lang: ExportLanguage; clientName?: string };

/** The download of a finished export job's CSV. */
export const exportFileUrl = (jobId: string) => `/export/invoices/jobs/${jobId}.csv`;

/** The job kind `invoices.export`. */
export const invoicesExport = defineJobKind<Payload>({
  name: 'invoices.export',
  payload,
  title: (p) =>
    msg('job.invoices.export', {
      client: p.clientName ?? String(p.clientId),
      from: { date: p.from },
      to: { date: p.to },
    }),
  outcome: (report) => msg('job.outcome.export', { count: report.created }),
  maxAttempts: 3,
  link: (jobId) => `/export/invoice?job=${jobId}`,
  async handler(ctx) {
    const { lang, clientName: _name, ...period } = ctx.payload;
    // Idempotent: a run cut short leaves chunks that the next run replaces.
    await ctx.db.query('DELETE FROM invoice_export_files WHERE job_id = $1', [ctx.id]);
    await ctx.progress({ done: 0, total: null, phase: 'exporting' });
    let chunk = 0;
    let pending: Buffer[] = [];
    let size = 0;
    let lines = 0;
    const flush = async () => {
      if (size === 0) return;
      await ctx.db.query(
        'INSERT INTO invoice_export_files (job_id, chunk, data) VALUES ($1, $2, $3)',
        [ctx.id, chunk, Buffer.concat(pending)],
      );
      chunk += 1;
      pending = [];
      size = 0;
      // Rows written so far (the header is one of the CRLF-ended lines).
      await ctx.progress({ done: Math.max(lines - 1, 0), total: null, phase: 'exporting' });
    };
    for await (const part of invoiceCsv(ctx.db, period, lang)) {
      const buffer = Buffer.isBuffer(part) ? part : Buffer.from(String(part));
      for (const byte of buffer) if (byte === 0x0a) lines += 1;
      pending.push(buffer);
      size += buffer.length;
      if (size >= CHUNK_BYTES) await flush();
    }
    await flush();
    // The end: every position written (the last chunk's progress may not have been sent).
    const written = Math.max(lines - 1, 0);
    await ctx.progress({ done: written, total: written, phase: 'exporting' });
    return { created: Math.max(lines - 1, 0), updated: 0, rejectedTotal: 0, rejected: [] };
  },
});

/** Starts an export job for a client's period (validated by the caller). */
export async function startInvoiceExport(
  db: Db,
  period: InvoicePeriod,
  lang: ExportLanguage,
  userId: number,
): Promise<JobRecord> {
  const [client] = await db.query<{ name: string }>('SELECT name FROM clients WHERE id = $1', [
    period.clientId,
  ]);
  return enqueue(
    db,
    invoicesExport,
    { ...period, lang, ...(client ? { clientName: client.name } : {}) },
    { userId },
  );
}

/** The chunks of a finished export's file, in order (one query per chunk: memory holds one). */
export async function* exportFileChunks(db: Db, jobId: string): AsyncGenerator<Buffer> {
  for (let chunk = 0; ; chunk += 1) {
    const [row] = await db.query<{ data: Uint8Array }>(
      'SELECT data FROM invoice_export_files WHERE job_id = $1 AND chunk = $2',
      [jobId, chunk],
    );
    if (!row) return;
    yield Buffer.from(row.data);
  }
}
