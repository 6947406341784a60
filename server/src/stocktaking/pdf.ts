import type { Language } from '@kontor/contracts';
import { newPdf } from '../documents/pdf';
import type { Db } from '../db';
import { formatter } from '../domain/time-zone';
import { HIDDEN_SQL } from './stocktaking';

// The result of a stocktaking as a PDF: the count list a warehouse files (A4 landscape):
// header with number, name, scope, status and dates; one row per line in walking order with
// expected, counted, variance and its value; the totals; signature lines. While the count is
// blind and not completed, expected, variance and value stay empty. In the language asked
// for (German by default), every value through the formatter (docs/design.md "Words, numbers
// and dates": variances signed with −).

/** The document's words in each language. */
const TEXTS = {
  de: {
    title: 'Inventur',
    scope: 'Bereich',
    client: 'Mandant',
    status: 'Status',
    blind: 'Blindzählung',
    created: 'Erstellt',
    started: 'gestartet',
    completed: 'abgeschlossen',
    booked: 'gebucht',
    found: 'gefunden',
    none: 'Keine Positionen.',
    total: 'Summe',
    signatures: 'Gezählt von: ______________________      Geprüft von: ______________________',
    columns: [
      'Lagerplatz',
      'SKU',
      'Artikel',
      'Charge',
      'MHD',
      'Soll',
      'Gezählt',
      'Differenz',
      'Wert',
    ],
    statuses: {
      draft: 'Entwurf',
      counting: 'Zählung läuft',
      counted: 'Gezählt',
      booked: 'Gebucht',
      cancelled: 'Storniert',
    } as Record<string, string>,
  },
  en: {
    title: 'Stocktaking',
    scope: 'Scope',
    client: 'Client',
    status: 'Status',
    blind: 'Blind count',
    created: 'Created',
    started: 'started',
    completed: 'completed',
    booked: 'booked',
    found: 'found',
    none: 'No lines.',
    total: 'Total',
    signatures: 'Counted by: ______________________      Checked by: ______________________',
    columns: [
      'Place',
      'SKU',
      'Product',
      'Lot',
      'Best before',
      'Expected',
      'Counted',
      'Variance',
      'Value',
    ],
    statuses: {
      draft: 'Draft',
      counting: 'Counting',
      counted: 'Counted',
      booked: 'Booked',
      cancelled: 'Cancelled',
    } as Record<string, string>,
  },
};

const MM = 72 / 25.4;
/** No PDF holds more lines than this (the CSV holds them all). */
export const MAX_PDF_LINES = 20_000;

interface PdfLine {
  path: string;
  sku: string;
  name: string;
  lot: string;
  bestBefore: string | null;
  expected: number | null;
  counted: number | null;
  variance: number | null;
  valueCents: number | null;
  found: boolean;
}

interface PdfHead {
  number: string;
  name: string;
  status: string;
  scope: string;
  client: string | null;
  blind: boolean;
  hidden: boolean;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  bookedAt: Date | null;
}

/** The PDF of stocktaking `id` in `lang`, or undefined when there is none. */
export async function stocktakingPdf(
  db: Db,
  id: number,
  lang: Language = 'de',
): Promise<Buffer | undefined> {
  const [head] = await db.query<PdfHead>(
    `SELECT s.number, s.name, s.status, s.blind, ${HIDDEN_SQL} AS hidden,
            concat_ws(' / ', w.code, st.code, r.code) AS scope, c.name AS client,
            s.created_at AS "createdAt", s.started_at AS "startedAt",
            s.completed_at AS "completedAt", s.booked_at AS "bookedAt"
       FROM stocktakings s JOIN warehouses w ON w.id = s.warehouse_id
       LEFT JOIN storages st ON st.id = s.storage_id LEFT JOIN racks r ON r.id = s.rack_id
       LEFT JOIN clients c ON c.id = s.client_id
      WHERE s.id = $1`,
    [id],
  );
  if (!head) return undefined;
  const lines = await db.query<PdfLine>(
    `SELECT pl.path, p.sku, p.name, l.lot, l.best_before::text AS "bestBefore",
            CASE WHEN ${HIDDEN_SQL} THEN NULL ELSE l.expected_quantity END AS expected,
            l.counted_quantity AS counted,
            CASE WHEN ${HIDDEN_SQL} THEN NULL ELSE l.counted_quantity - l.expected_quantity END AS variance,
            CASE WHEN ${HIDDEN_SQL} THEN NULL
                 ELSE ((l.counted_quantity - l.expected_quantity) * l.price_net_cents)::float8 END
              AS "valueCents",
            l.found
       FROM stocktaking_lines l JOIN stocktakings s ON s.id = l.stocktaking_id
       JOIN places pl ON pl.id = l.place_id JOIN products p ON p.id = l.product_id
      WHERE l.stocktaking_id = $1
      ORDER BY pl.path_sort, l.id
      LIMIT ${MAX_PDF_LINES}`,
    [id],
  );
  return draw(head, lines, lang);
}

async function draw(head: PdfHead, lines: PdfLine[], lang: Language): Promise<Buffer> {
  const t = TEXTS[lang];
  const f = formatter(lang);
  const when = (value: Date | null) => (value ? f.dateTime(value) : '–');
  const { doc, done } = await newPdf({
    size: 'A4',
    layout: 'landscape',
    margin: 12 * MM,
    info: { Title: `${t.title} ${head.number}` },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(16).text(`${t.title} ${head.number}`, left);
  doc.font('Helvetica').fontSize(9);
  doc.text(
    [
      head.name,
      `${t.scope}: ${head.scope}${head.client ? ` · ${t.client}: ${head.client}` : ''}`,
      `${t.status}: ${t.statuses[head.status] ?? head.status}${head.blind ? ` · ${t.blind}` : ''}`,
      `${t.created} ${when(head.createdAt)} · ${t.started} ${when(head.startedAt)} · ` +
        `${t.completed} ${when(head.completedAt)} · ${t.booked} ${when(head.bookedAt)}`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
  doc.moveDown();
  const widths = [0.18, 0.12, 0.22, 0.09, 0.07, 0.07, 0.07, 0.08, 0.1];
  const columns = t.columns.map((title, i) => ({
    title,
    width: widths[i]!,
    align: i >= 5 ? ('right' as const) : undefined,
  }));
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x + 2, y, {
        width: column.width * width - 4,
        align: column.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += column.width * width;
    });
    doc.x = left;
    doc.y = y + 12;
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  const number = (value: number | null) => (value === null ? '' : f.number(value));
  const signed = (value: number | null) => (value === null ? '' : f.signed(value));
  let expected = 0;
  let counted = 0;
  let variance = 0;
  let value = 0;
  for (const line of lines) {
    expected += line.expected ?? 0;
    counted += line.counted ?? 0;
    variance += line.variance ?? 0;
    value += line.valueCents ?? 0;
    row([
      line.path,
      line.sku,
      line.name + (line.found ? ` (${t.found})` : ''),
      line.lot,
      line.bestBefore ? f.date(line.bestBefore) : '',
      number(line.expected),
      number(line.counted),
      signed(line.variance),
      line.valueCents === null ? '' : f.cents(line.valueCents),
    ]);
  }
  if (lines.length === 0) row([t.none, '', '', '', '', '', '', '', '']);
  row(
    [
      t.total,
      '',
      '',
      '',
      '',
      head.hidden ? '' : f.number(expected),
      f.number(counted),
      head.hidden ? '' : f.signed(variance),
      head.hidden ? '' : f.cents(value),
    ],
    true,
  );
  doc.moveDown(3);
  doc.font('Helvetica').fontSize(9).text(t.signatures, left);
  doc.end();
  return done;
}
