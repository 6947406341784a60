import { isCalendarDay } from '@kontor/contracts';
import { msg } from '@kontor/contracts';
import { z } from 'zod';
import type { Db } from '../db';
import { InvalidInput, type FieldProblems } from '../domain/errors';
import { field as fieldRules } from '../domain/validation';
import { writeGroups, type GroupBatchOutcome, type ImportMode } from '../imports/batches';
import { uploadTypeOf } from '../imports/files';
import {
  cellsByField,
  checkedStart,
  groupedImportPayload,
  importPreview,
  readDataRows,
  rejectRestOfGroups,
  type PreviewField,
  type RowGroup,
} from '../imports/grouped';
import { ImportReport } from '../imports/report';
import { enqueue, type JobRecord } from '../jobs/jobs';
import {
  defineJobKind,
  importOutcome,
  JobRejected,
  type JobContext,
  type JobReport,
  type RejectedRow,
} from '../jobs/kinds';
import type { Actor } from '../stock/stock';
import { createAvis, findAvisByDeliveryNote } from './avis';
import { publishAvis } from './realtime';
import { avisInput, MAX_AVIS_LINES, type ValidAvis } from './rules';

// The avis file import (issue 13): a supplier's CSV or XLSX, one row per announced line —
// delivery note number, delivery date, sku, quantity, lot, best-before — for one supplier,
// client and warehouse chosen on the page. Rows are grouped by delivery note number (ignoring
// case) into one avis each (status announced). Every row is checked before anything is
// written: the sku must be a product of the client, the quantity a whole number ≥ 1, the lot
// given where the product is lot-tracked (empty where it is not), the best-before date where
// the product has one, the dates real dates, and all rows of one delivery note must name the
// same delivery date. An avis is written whole or not at all: GOOD_ROWS writes the delivery
// notes whose rows are all good and reports the others (every row of such a note, the good
// ones pointing at the bad row); ALL_OR_NOTHING writes nothing when any row is bad.
// Idempotent by supplier + delivery note number: a note the supplier already has an avis for
// (not cancelled) is left as it is and counted as unchanged, so importing the same file again,
// or a job retried after a crash, creates nothing twice (the unique index
// avis_supplier_delivery_note_key decides a race between two imports).

/** The fields a file's column may fill. */
type FieldKey = 'deliveryNoteNumber' | 'deliveryDate' | 'sku' | 'quantity' | 'lot' | 'bestBefore';

/** Every field, with the German and English headers it is recognised by. */
export const AVIS_IMPORT_FIELDS: PreviewField<FieldKey>[] = [
  {
    key: 'deliveryNoteNumber',
    de: 'Lieferscheinnummer',
    en: 'Delivery note number',
    aliases: [
      'Lieferschein',
      'Lieferschein-Nr.',
      'LS-Nr.',
      'Avisnummer',
      'Avis',
      'Avis-Nr.',
      'Delivery note',
      'Advice number',
      'ASN',
    ],
    required: true,
  },
  {
    key: 'deliveryDate',
    de: 'Lieferdatum',
    en: 'Delivery date',
    aliases: ['Liefertermin', 'Anlieferung', 'Datum', 'Date', 'Expected date'],
    required: true,
  },
  {
    key: 'sku',
    de: 'SKU',
    en: 'SKU',
    aliases: ['Artikelnummer', 'Art.-Nr.', 'Artikel', 'Item number', 'Item', 'Product'],
    required: true,
  },
  {
    key: 'quantity',
    de: 'Menge',
    en: 'Quantity',
    aliases: ['Anzahl', 'Stück', 'Stk', 'Qty', 'Amount'],
    required: true,
  },
  {
    key: 'lot',
    de: 'Charge',
    en: 'Lot',
    aliases: ['Chargennummer', 'Batch', 'Lot number'],
    required: false,
  },
  {
    key: 'bestBefore',
    de: 'MHD',
    en: 'Best before',
    aliases: ['Mindesthaltbarkeit', 'Mindesthaltbarkeitsdatum', 'Best-before', 'BBD', 'Expiry'],
    required: false,
  },
];

/** Data rows a file may have (an avis file is a few deliveries, not a catalogue). */
export const MAX_AVIS_IMPORT_ROWS = 10_000;

const importPayload = groupedImportPayload.extend({
  supplierId: z.number().int().positive(),
  clientId: z.number().int().positive(),
  warehouseId: z.number().int().positive(),
});
type ImportPayload = z.output<typeof importPayload>;

/** The header and first rows of one of the user's uploads, with the guessed mapping. */
export function avisImportPreview(db: Db, uploadId: string, userId: number) {
  return importPreview(db, uploadId, userId, AVIS_IMPORT_FIELDS);
}

/** What importAvis gets (the GraphQL arguments). */
export interface ImportAvisArgs {
  uploadId: string;
  supplierId: string | number;
  clientId: string | number;
  warehouseId: string | number;
  mapping: readonly { column: number; field?: string | null }[];
  mode: ImportMode;
}

/** The records the import names, by field, table and the name in messages. */
const NAMED = [
  ['supplierId', 'suppliers', 'supplier'],
  ['clientId', 'clients', 'client'],
  ['warehouseId', 'warehouses', 'warehouse'],
] as const;

/**
 * Starts an avis import of one of the user's uploads for a supplier, client and warehouse.
 * The mapping names a known field at most once and maps the delivery note number, delivery
 * date, sku and quantity; every problem is a field error (uploadId, supplierId, clientId,
 * warehouseId, mapping…), nothing is queued then.
 */
export async function importAvis(db: Db, args: ImportAvisArgs, userId: number): Promise<JobRecord> {
  const problems: FieldProblems = {};
  const ids: Partial<Record<(typeof NAMED)[number][0], number>> = {};
  for (const [key, table, name] of NAMED) {
    const id = fieldRules.id(name).safeParse(args[key]);
    if (!id.success) {
      problems[key] = [{ message: `The ${name} field must be the id of a ${name}.`, rule: 'id' }];
      continue;
    }
    const [found] = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id.data]);
    if (!found) problems[key] = [{ message: `The selected ${name} is invalid.`, rule: 'exists' }];
    else ids[key] = id.data;
  }
  const { upload, mapping } = await checkedStart(
    db,
    args,
    userId,
    { fields: AVIS_IMPORT_FIELDS, rules: 'warehouse:avisImport' },
    problems,
  );
  return enqueue(
    db,
    avisImport,
    {
      uploadId: upload.id,
      fileName: upload.name,
      supplierId: ids.supplierId!,
      clientId: ids.clientId!,
      warehouseId: ids.warehouseId!,
      mapping,
      mode: args.mode,
    },
    { userId },
  );
}

// ---------------------------------------------------------------- checking the rows

/**
 * A date of a file → YYYY-MM-DD, undefined when none: YYYY-MM-DD, DD.MM.YYYY, DD.MM.YY (20YY),
 * or an Excel serial day number (a date cell without a date format: 46365 = 2026-12-09).
 */
export function dayFromText(text: string): string | undefined {
  const value = text.trim();
  let day: string | undefined;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(value);
  if (iso) day = `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`;
  else if (/^\d{5}$/.test(value) && Number(value) >= 20_000 && Number(value) <= 80_000)
    day = new Date(Date.UTC(1899, 11, 30) + Number(value) * 86_400_000).toISOString().slice(0, 10);
  else if (german) {
    const year = german[3]!.length === 2 ? `20${german[3]}` : german[3]!;
    day = `${year}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}`;
  }
  return day && isCalendarDay(day) ? day : undefined;
}

/** A product of the client as the checks need it. */
interface ProductOfClient {
  id: number;
  sku: string;
  lotTracked: boolean;
  bestBefore: boolean;
}

/** One good row: where it is in the file and what it announces. */
interface GoodRow {
  row: number;
  note: string;
  deliveryDate: string;
  productId: number;
  quantity: number;
  lot: string;
  bestBefore: string | null;
}

/** A delivery note of the file: its rows, in file order, the good ones and the bad ones. */
interface Note extends RowGroup {
  /** The number as its first row writes it. */
  number: string;
  /** The first row's delivery date (others must agree). */
  deliveryDate: string | undefined;
  good: GoodRow[];
}

const MAX_TEXT = { deliveryNoteNumber: 100, sku: 255, lot: 64 } as const;

/** The numbers of a rejected row's rule. */
type Params = RejectedRow['params'];

/**
 * The import's report: `created` counts the avis created, `unchanged` the delivery notes the
 * supplier already had an avis for (left as they are), the rejected rows are the file's.
 */
export type AvisImportReport = JobReport & { unchanged: number };

/** Reads, checks every row, then writes the avis (or not): the job's work. */
async function runAvisImport(ctx: JobContext<ImportPayload>): Promise<AvisImportReport> {
  const { uploadId, supplierId, clientId, warehouseId, mapping, mode } = ctx.payload;
  const type = await uploadTypeOf(ctx.db, uploadId);
  for (const [key, table, name] of NAMED) {
    const [found] = await ctx.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [ctx.payload[key]]);
    if (!found) throw new JobRejected(msg(`job.error.${name}Gone`));
  }

  // 1. The file read (avis files are small: at most MAX_AVIS_IMPORT_ROWS rows).
  const { headers, rows } = await readDataRows(ctx, uploadId, type, MAX_AVIS_IMPORT_ROWS);
  const result = new ImportReport();
  const unchanged = { count: 0 };
  const report = (): AvisImportReport => ({ ...result.report, unchanged: unchanged.count });
  if (!headers) return report();
  const { cell: cellOf, where } = cellsByField<FieldKey>(headers, mapping);
  result.read(rows.length);
  const skuOfRow = new Map(rows.map((r) => [r.row, cellOf(r.cells, 'sku')]));
  result.skuOf = (row) => skuOfRow.get(row);

  // 2. The client's products of the file's skus, in one read.
  const skus = [...new Set(rows.map((r) => cellOf(r.cells, 'sku').toLowerCase()))];
  const products = new Map<string, ProductOfClient>();
  for (const product of await ctx.db.query<ProductOfClient>(
    `SELECT id, sku, lot_tracked AS "lotTracked", best_before AS "bestBefore" FROM products
      WHERE client_id = $1 AND deleted_at IS NULL AND lower(sku) = any($2::text[])`,
    [clientId, skus],
  ))
    products.set(product.sku.toLowerCase(), product);

  // 3. Every row checked, grouped by delivery note (ignoring case).
  const notes = new Map<string, Note>();
  for (const { row, cells } of rows) {
    const problems: { field: FieldKey; reason: string; rule: string; params?: Params }[] = [];
    const bad = (field: FieldKey, rule: string, reason: string, params?: Params) =>
      problems.push({ field, rule, reason, ...(params ? { params } : {}) });
    const text = (key: keyof typeof MAX_TEXT, name: string, required: boolean) => {
      const value = cellOf(cells, key);
      if (required && value === '') bad(key, 'required', `The ${name} field is required.`);
      else if (value.length > MAX_TEXT[key])
        bad(key, 'max', `The ${name} field must not be greater than ${MAX_TEXT[key]} characters.`, {
          max: MAX_TEXT[key],
        });
      else if (value.includes('\u0000'))
        bad(key, 'characters', `The ${name} field must not contain NUL characters.`);
      return value;
    };
    const noteNumber = text('deliveryNoteNumber', 'delivery note number', true);
    const sku = text('sku', 'sku', true);
    const lot = text('lot', 'lot', false);

    const dateText = cellOf(cells, 'deliveryDate');
    const deliveryDate = dayFromText(dateText);
    if (dateText === '') bad('deliveryDate', 'required', 'The delivery date field is required.');
    else if (!deliveryDate)
      bad(
        'deliveryDate',
        'date',
        'The delivery date field must be a date (YYYY-MM-DD or DD.MM.YYYY).',
      );

    const quantityText = cellOf(cells, 'quantity');
    const quantity = /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : NaN;
    if (quantityText === '') bad('quantity', 'required', 'The quantity field is required.');
    else if (!Number.isInteger(quantity))
      bad('quantity', 'integer', 'The quantity field must be a whole number.');
    else if (quantity < 1) bad('quantity', 'min', 'The quantity must be at least 1.', { min: 1 });

    const bestBeforeText = cellOf(cells, 'bestBefore');
    const bestBefore = bestBeforeText === '' ? null : (dayFromText(bestBeforeText) ?? undefined);
    if (bestBefore === undefined)
      bad('bestBefore', 'date', 'The best-before field must be a date (YYYY-MM-DD or DD.MM.YYYY).');

    const product = sku === '' ? undefined : products.get(sku.toLowerCase());
    if (sku !== '' && sku.length <= MAX_TEXT.sku && !product)
      bad('sku', 'warehouse:avisImport.unknownSku', `The sku ${sku} is no product of the client.`);
    if (product) {
      if (product.lotTracked && lot === '')
        bad(
          'lot',
          'warehouse:avisImport.lotRequired',
          `The product ${product.sku} is lot-tracked: the lot is required.`,
        );
      if (!product.lotTracked && lot !== '')
        bad(
          'lot',
          'warehouse:avisImport.lotProhibited',
          `The product ${product.sku} is not lot-tracked: leave the lot empty.`,
        );
      if (product.bestBefore && bestBefore === null)
        bad(
          'bestBefore',
          'warehouse:avisImport.bestBeforeRequired',
          `The product ${product.sku} has a best-before date: it is required.`,
        );
      if (!product.bestBefore && bestBefore)
        bad(
          'bestBefore',
          'warehouse:avisImport.bestBeforeProhibited',
          `The product ${product.sku} has no best-before date: leave it empty.`,
        );
    }

    // The delivery note this row belongs to (a row without one belongs to none).
    let note: Note | undefined;
    if (noteNumber !== '' && noteNumber.length <= MAX_TEXT.deliveryNoteNumber) {
      const key = noteNumber.toLowerCase();
      note = notes.get(key);
      if (!note) {
        note = { number: noteNumber, deliveryDate, rows: [], good: [], badRows: [] };
        notes.set(key, note);
      } else if (note.deliveryDate === undefined) note.deliveryDate = deliveryDate;
      else if (deliveryDate && deliveryDate !== note.deliveryDate)
        bad(
          'deliveryDate',
          'warehouse:avisImport.dateDiffers',
          `The delivery note ${note.number} has the delivery date ${note.deliveryDate} in row ${note.rows[0]}.`,
          { row: note.rows[0]! },
        );
      note.rows.push(row);
      if (note.rows.length > MAX_AVIS_LINES && problems.length === 0)
        bad(
          'deliveryNoteNumber',
          'warehouse:avisImport.tooManyLines',
          `A delivery note has at most ${MAX_AVIS_LINES} lines.`,
          { max: MAX_AVIS_LINES },
        );
    }

    if (problems.length > 0) {
      const seen = new Set<string>();
      for (const problem of problems) {
        if (seen.has(problem.field)) continue;
        seen.add(problem.field);
        result.reject({ row, ...problem, ...where(cells, problem.field) });
      }
      note?.badRows.push(row);
    } else {
      note!.good.push({
        row,
        note: noteNumber,
        deliveryDate: deliveryDate!,
        productId: product!.id,
        quantity,
        lot,
        bestBefore: bestBefore ?? null,
      });
    }
  }

  // The good rows of a delivery note with a bad row are not written either: an avis is whole.
  rejectRestOfGroups(result, notes.values(), (row, bad, note) => ({
    field: 'deliveryNoteNumber',
    column: where([], 'deliveryNoteNumber').column,
    value: note.good.find((good) => good.row === row)!.note,
    reason: `Row ${bad} of the delivery note ${note.number} is bad: the delivery note is not imported.`,
    rule: 'warehouse:avisImport.noteRejected',
    params: { row: bad },
  }));
  if (mode === 'ALL_OR_NOTHING' && result.report.rejectedTotal > 0) return report();

  // 4. The avis written: one per good delivery note the supplier has no avis for yet.
  const todo = [...notes.values()].filter(
    (note) => note.badRows.length === 0 && note.good.length > 0,
  );
  const actor: Actor | null = ctx.userId ? { userId: ctx.userId, actingUserId: ctx.userId } : null;
  const inputOf = (note: Note): ValidAvis =>
    avisInput.parse({
      supplierId,
      clientId,
      warehouseId,
      deliveryNoteNumber: note.number,
      deliveryDate: note.deliveryDate,
      comment: '',
      lines: note.good.map((line) => ({
        productId: line.productId,
        announcedQuantity: line.quantity,
        lot: line.lot,
        bestBefore: line.bestBefore,
      })),
    });
  /** Writes one note in `tx`: the new avis's id, or null when the supplier has it already. */
  const writeNote = async (tx: Db, note: Note): Promise<number | null> => {
    if (await findAvisByDeliveryNote(tx, supplierId, note.number)) return null;
    return (await createAvis(tx, actor, inputOf(note))).id;
  };
  /** The rows of a note rejected by createAvis's checks (e.g. a product deleted meanwhile). */
  const rejectNote = (note: Note, error: InvalidInput) => {
    for (const [path, list] of Object.entries(error.problems)) {
      const line = /^lines\.(\d+)\./.exec(path);
      const row = line ? note.good[Number(line[1])]?.row : undefined;
      result.reject({
        row: row ?? note.good[0]!.row,
        field: path.replace(/^lines\.\d+\./, ''),
        reason: list[0]!.message,
        rule: list[0]!.rule,
      });
    }
  };
  // A note a batch of its own (createAvis writes it); the events go out after its commit.
  const written = await writeGroups(ctx, todo, {
    mode,
    size: 1,
    write: async (tx, notes) => {
      const outcome: GroupBatchOutcome<Note> = { created: [], unchanged: 0, refused: [] };
      for (const note of notes) {
        try {
          const id = await writeNote(tx, note);
          if (id === null) outcome.unchanged += 1;
          else outcome.created.push(id);
        } catch (error) {
          if (!(error instanceof InvalidInput)) throw error;
          outcome.refused.push({ group: note, error });
        }
      }
      publishAvis(tx, outcome.created);
      return outcome;
    },
    refuse: rejectNote,
  });
  unchanged.count += written.unchanged;
  result.count({ created: written.created.length, updated: 0 });
  return report();
}

/** The avis import job: checks every row, then writes the avis by the chosen mode. */
export const avisImport = defineJobKind<ImportPayload>({
  name: 'avis.import',
  payload: importPayload,
  title: (p) => msg('job.avis.import', { file: p.fileName }),
  outcome: importOutcome,
  maxAttempts: 3,
  link: (jobId) => `/import/avis?job=${jobId}`,
  handler: runAvisImport,
});
