import { newPdf } from '../documents/pdf';
import type { Db } from '../db';
import { HIDDEN_SQL } from './stocktaking';

// The result of a stocktaking as a PDF: the count list a warehouse files (A4 landscape):
// header with number, name, scope, status and dates; one row per line in walking order with
// expected, counted, variance and its value; the totals; signature lines. While the count is
// blind and not completed, expected, variance and value stay empty.

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

const de = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const when = (value: Date | null) =>
  value
    ? new Date(value).toLocaleString('de-DE', {
        timeZone: 'Europe/Berlin',
        dateStyle: 'short',
        timeStyle: 'short',
      })
    : '–';

/** The PDF of stocktaking `id`, or undefined when there is none. */
export async function stocktakingPdf(db: Db, id: number): Promise<Buffer | undefined> {
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
  return draw(head, lines);
}

async function draw(head: PdfHead, lines: PdfLine[]): Promise<Buffer> {
  const { doc, done } = await newPdf({
    size: 'A4',
    layout: 'landscape',
    margin: 12 * MM,
    info: { Title: `Inventur ${head.number}` },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(16).text(`Inventur / Stocktaking ${head.number}`, left);
  doc.font('Helvetica').fontSize(9);
  doc.text(
    [
      head.name,
      `Bereich / Scope: ${head.scope}${head.client ? ` · Mandant / Client: ${head.client}` : ''}`,
      `Status: ${head.status}${head.blind ? ' · Blindzählung / blind count' : ''}`,
      `Erstellt / created ${when(head.createdAt)} · gestartet / started ${when(head.startedAt)} · ` +
        `abgeschlossen / completed ${when(head.completedAt)} · gebucht / booked ${when(head.bookedAt)}`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
  doc.moveDown();
  const columns: { title: string; width: number; align?: 'right' }[] = [
    { title: 'Lagerplatz / Place', width: 0.18 },
    { title: 'SKU', width: 0.12 },
    { title: 'Artikel / Product', width: 0.22 },
    { title: 'Charge / Lot', width: 0.09 },
    { title: 'MHD', width: 0.07 },
    { title: 'Soll', width: 0.07, align: 'right' },
    { title: 'Gezählt', width: 0.07, align: 'right' },
    { title: 'Differenz', width: 0.08, align: 'right' },
    { title: 'Wert EUR', width: 0.1, align: 'right' },
  ];
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
  const number = (value: number | null) => (value === null ? '' : String(value));
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
      line.name + (line.found ? ' (gefunden / found)' : ''),
      line.lot,
      line.bestBefore ?? '',
      number(line.expected),
      number(line.counted),
      number(line.variance),
      line.valueCents === null ? '' : de.format(line.valueCents / 100),
    ]);
  }
  if (lines.length === 0) row(['Keine Positionen / No lines.', '', '', '', '', '', '', '', '']);
  row(
    [
      'Summe / Total',
      '',
      '',
      '',
      '',
      head.hidden ? '' : String(expected),
      String(counted),
      head.hidden ? '' : String(variance),
      head.hidden ? '' : de.format(value / 100),
    ],
    true,
  );
  doc.moveDown(3);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      'Gezählt von / Counted by: ______________________      Geprüft von / Checked by: ______________________',
      left,
    );
  doc.end();
  return done;
}
