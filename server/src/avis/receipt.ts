import type { Formatter, Language } from '@kontor/contracts';
import { newPdf } from '../documents/pdf';
import type { Db } from '../db';
import { formatter } from '../domain/time-zone';

// The goods-receipt document (Wareneingangsbeleg) of one booking of an avis: A4, the avis's
// header (number, supplier, delivery note, client, warehouse), the receipt's number, time and
// user, and a table of what was booked: sku, product, place, lot, best-before, quantity,
// over-delivery. In the language asked for (German by default), every value through the
// formatter (docs/design.md "Words, numbers and dates").

const MM = 72 / 25.4;
const MARGIN = 18 * MM;

interface ReceiptData {
  number: string;
  createdAt: Date;
  userName: string | null;
  avisNumber: string;
  deliveryNoteNumber: string;
  deliveryDate: string;
  supplier: string;
  supplierNumber: string;
  client: string;
  warehouse: string;
  lines: {
    sku: string;
    name: string;
    path: string;
    lot: string;
    bestBefore: string | null;
    quantity: number;
    overDelivery: number;
  }[];
}

/** What the document shows, or undefined when no receipt has this id. */
async function receiptData(db: Db, id: number): Promise<ReceiptData | undefined> {
  const [row] = await db.query<ReceiptData>(
    `SELECT r.number, r.created_at AS "createdAt", u.name AS "userName", a.number AS "avisNumber",
       a.delivery_note_number AS "deliveryNoteNumber", a.delivery_date::text AS "deliveryDate",
       s.name AS supplier, s.number AS "supplierNumber", c.name AS client, w.name AS warehouse,
       coalesce((SELECT json_agg(json_build_object('sku', p.sku, 'name', p.name, 'path', pl.path,
                  'lot', rl.lot, 'bestBefore', rl.best_before::text, 'quantity', rl.quantity,
                  'overDelivery', rl.over_delivery) ORDER BY rl.id)
          FROM avis_receipt_lines rl JOIN avis_lines l ON l.id = rl.line_id
          JOIN products p ON p.id = l.product_id JOIN places pl ON pl.id = rl.place_id
         WHERE rl.receipt_id = r.id), '[]') AS lines
       FROM avis_receipts r JOIN avis a ON a.id = r.avis_id
       JOIN suppliers s ON s.id = a.supplier_id JOIN clients c ON c.id = a.client_id
       JOIN warehouses w ON w.id = a.warehouse_id LEFT JOIN users u ON u.id = r.user_id
      WHERE r.id = $1`,
    [id],
  );
  return row;
}

/** The document's words in each language. */
const TEXTS = {
  de: {
    title: 'Wareneingang',
    avis: 'Avis',
    supplier: 'Lieferant',
    deliveryNote: 'Lieferschein',
    deliveryDate: 'Liefertermin',
    client: 'Mandant',
    warehouse: 'Lager',
    booked: 'Gebucht',
    total: 'Summe',
    columns: ['SKU', 'Produkt', 'Lagerplatz', 'Charge', 'MHD', 'Menge', 'Überlieferung'],
  },
  en: {
    title: 'Goods receipt',
    avis: 'Avis',
    supplier: 'Supplier',
    deliveryNote: 'Delivery note',
    deliveryDate: 'Delivery date',
    client: 'Client',
    warehouse: 'Warehouse',
    booked: 'Booked',
    total: 'Total',
    columns: ['SKU', 'Product', 'Place', 'Lot', 'Best before', 'Quantity', 'Over-delivery'],
  },
} as const;

type Line = ReceiptData['lines'][number];

/** The table's columns: width share and value (in the document's language). */
const COLUMNS: [number, (line: Line, f: Formatter) => string][] = [
  [0.14, (l) => l.sku],
  [0.22, (l) => l.name],
  [0.18, (l) => l.path],
  [0.12, (l) => l.lot],
  [0.12, (l, f) => (l.bestBefore ? f.date(l.bestBefore) : '')],
  [0.1, (l, f) => f.number(l.quantity)],
  [0.12, (l, f) => (l.overDelivery ? f.number(l.overDelivery) : '')],
];

/** The goods-receipt PDF of a receipt in `lang` (German unless English), or undefined when none has this id. */
export async function receiptPdf(
  db: Db,
  id: number,
  lang: Language = 'de',
): Promise<{ data: Buffer; fileName: string } | undefined> {
  const receipt = await receiptData(db, id);
  if (!receipt) return undefined;
  const t = TEXTS[lang];
  const f = formatter(lang);
  const { doc, done } = await newPdf({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${t.title} ${receipt.number}`, Creator: 'Kontor' },
  });
  const width = doc.page.width - 2 * MARGIN;
  const time = f.dateTime(receipt.createdAt);
  doc.font('Helvetica-Bold').fontSize(16).text(`${t.title} ${receipt.number}`);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    [t.avis, receipt.avisNumber],
    [t.supplier, `${receipt.supplier} (${receipt.supplierNumber})`],
    [t.deliveryNote, receipt.deliveryNoteNumber],
    [t.deliveryDate, f.date(receipt.deliveryDate)],
    [t.client, receipt.client],
    [t.warehouse, receipt.warehouse],
    [t.booked, `${time}${receipt.userName ? ` · ${receipt.userName}` : ''}`],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, MARGIN, y, { width: 55 * MM });
    doc.font('Helvetica').text(value, MARGIN + 55 * MM, y, { width: width - 55 * MM });
  }
  doc.moveDown(1);

  const drawRow = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, index) => {
      const w = COLUMNS[index]![0] * width;
      doc.text(cell, x + 2, y, { width: w - 4 });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc
      .moveTo(MARGIN, bottom + 2)
      .lineTo(MARGIN + width, bottom + 2)
      .lineWidth(0.5)
      .stroke();
    doc.x = MARGIN;
    doc.y = bottom + 5;
  };
  drawRow([...t.columns], true);
  for (const line of receipt.lines) {
    if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
    drawRow(
      COLUMNS.map(([, value]) => value(line, f)),
      false,
    );
  }
  const total = receipt.lines.reduce((sum, line) => sum + line.quantity, 0);
  doc
    .moveDown(0.5)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`${t.total}: ${f.number(total)}`, MARGIN);
  doc.end();
  return { data: await done, fileName: `${receipt.number}.pdf` };
}
