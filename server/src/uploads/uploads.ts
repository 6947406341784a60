import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db';
import { msg, type Message } from '@kontor/contracts';
import { invalidField } from '../domain/errors';

// Uploaded files for background jobs (issue 11), kept in the database so that whichever node
// runs the job can read them: written in chunks as the request streams in (never a whole
// file in memory, never on one node's disk), read back chunk by chunk.

/** The chunk size in the database. */
export const CHUNK_BYTES = 1024 * 1024;
/** How much of the start of a file decides its type. */
const SNIFF_BYTES = 64 * 1024;

/** The file types an upload may have. */
export type UploadType = 'csv' | 'xlsx';

/** An upload as POST /spa/uploads answers it. */
export interface Upload {
  id: string;
  name: string;
  size: number;
  type: UploadType;
}

/** A file that is not acceptable: 422 with a message on `file`. */
export const badFile = (rule: string, message: string | Message) =>
  invalidField('file', rule, message);

/** The file is larger than the limit (413). */
export class UploadTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file must not be larger than ${Math.floor(maxBytes / 1024 / 1024)} MB.`);
    this.name = 'UploadTooLarge';
  }
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The type of a file from its name and the first bytes of its content: XLSX is a zip
 * (Office Open XML) named .xlsx; CSV is text (UTF-8, no NUL or other binary control bytes)
 * named .csv or .txt. Throws a field error on `file` for anything else or an empty file.
 */
export function fileType(name: string, head: Buffer): UploadType {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const text = head.subarray(head.subarray(0, 3).equals(BOM) ? 3 : 0);
  if (text.length === 0 || /^\s*$/.test(text.toString('latin1')))
    throw badFile('empty', msg('uploads.empty'));
  const notAllowed = () => badFile('mimes', msg('uploads.notSpreadsheet'));
  if (extension === 'xlsx') {
    if (!head.subarray(0, 4).equals(ZIP)) throw badFile('mimes', msg('uploads.notWorkbook'));
    return 'xlsx';
  }
  if (extension === 'csv' || extension === 'txt') {
    if (!isText(text)) throw badFile('mimes', msg('uploads.notText'));
    return 'csv';
  }
  throw notAllowed();
}

/** Text: no NUL or other binary control bytes (UTF-8 and an older Excel's Windows-1252 alike). */
function isText(bytes: Buffer): boolean {
  for (const byte of bytes) {
    if (byte === 0 || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d))
      return false;
  }
  return true;
}

/**
 * Stores a file for `userId` as it streams in; checks its type on the first bytes, counts
 * the limit on every chunk. On any failure nothing stays stored.
 */
export async function storeUpload(
  db: Db,
  userId: number,
  name: string,
  content: AsyncIterable<Buffer>,
  maxBytes: number,
  /** Called when the content has ended, before the upload counts as complete (may throw). */
  ended: () => void = () => undefined,
): Promise<Upload> {
  const id = randomUUID();
  const cleanName =
    [...name]
      .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
      .join('')
      .slice(-255) || 'upload';
  let type: UploadType | undefined;
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (final: boolean) => {
    if (!final && pendingBytes < CHUNK_BYTES) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    if (type === undefined) {
      type = fileType(cleanName, data.subarray(0, SNIFF_BYTES));
      await db.query(`INSERT INTO uploads (id, user_id, name, type) VALUES ($1, $2, $3, $4)`, [
        id,
        userId,
        cleanName,
        type,
      ]);
    }
    if (data.length > 0) {
      await db.query(`INSERT INTO upload_chunks (upload_id, seq, data) VALUES ($1, $2, $3)`, [
        id,
        seq,
        data,
      ]);
      seq += 1;
    }
  };
  try {
    for await (const chunk of content) {
      size += chunk.length;
      if (size > maxBytes) throw new UploadTooLarge(maxBytes);
      pending.push(chunk);
      pendingBytes += chunk.length;
      await flush(false);
    }
    ended();
    await flush(true);
    await db.query(`UPDATE uploads SET size = $2, complete = true WHERE id = $1`, [id, size]);
    return { id, name: cleanName, size, type: type! };
  } catch (error) {
    await db.query(`DELETE FROM uploads WHERE id = $1`, [id]);
    throw error;
  }
}

/** A complete upload of this user, or undefined. */
export async function findUpload(db: Db, id: string, userId: number): Promise<Upload | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.query<Upload>(
    `SELECT id, name, size::int AS size, type FROM uploads
      WHERE id = $1 AND user_id = $2 AND complete`,
    [id, userId],
  );
  return row;
}

/**
 * The content of an upload from byte `from` on (the start by default), read from the database one
 * chunk at a time as it is consumed.
 */
export function uploadContent(db: Db, id: string, from = 0): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    let seq = 0;
    let skip = from;
    if (from > 0) {
      const sizes = await db.query<{ bytes: number }>(
        `SELECT octet_length(data) AS bytes FROM upload_chunks WHERE upload_id = $1 ORDER BY seq`,
        [id],
      );
      while (seq < sizes.length && skip >= sizes[seq]!.bytes) skip -= sizes[seq++]!.bytes;
    }
    for (; ; seq += 1) {
      const [row] = await db.query<{ data: Uint8Array }>(
        `SELECT data FROM upload_chunks WHERE upload_id = $1 AND seq = $2`,
        [id, seq],
      );
      if (!row) return;
      const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      yield skip > 0 ? data.subarray(skip) : data;
      skip = 0;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The size in bytes of a complete upload (0 when there is none). */
export async function uploadSize(db: Db, id: string): Promise<number> {
  const [row] = await db.query<{ size: number }>(
    `SELECT size::float8 AS size FROM uploads WHERE id = $1 AND complete`,
    [id],
  );
  return row?.size ?? 0;
}

/**
 * Deletes uploads older than the retention, and broken ones (never completed) after an hour;
 * returns how many.
 */
export async function sweepUploads(db: Db, retentionMs: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM uploads
      WHERE created_at < now() - make_interval(secs => $1::float8 / 1000)
         OR (NOT complete AND created_at < now() - interval '1 hour')
      RETURNING id`,
    [retentionMs],
  );
  return rows.length;
}
