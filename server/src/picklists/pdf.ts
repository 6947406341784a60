import type { Language } from '@kontor/contracts';
import { newPdf } from '../documents/pdf';
import type { Db } from '../db';
import { formatter } from '../domain/time-zone';
import { code128Modules } from '../warehouses/labels';

// The picklist to carry (A4): its lines in walking order, each with the place's path and
// barcode and the product's sku, name and EAN (Code 128 bars, so a scanner reads them off the
// paper too), the quantity and the orders it serves. In the language asked for (German by
// default), every value through the formatter (docs/design.md "Words, numbers and dates").

const MM = 72 / 25.4;

/** The document's words in each language. */
const TEXTS = {
  de: { title: 'Pickliste', lines: 'Positionen', lot: 'Charge', bestBefore: 'MHD' },
  en: { title: 'Picklist', lines: 'lines', lot: 'Lot', bestBefore: 'Best before' },
} as const;

interface PicklistDoc {
  number: string;
  status: string;
  createdAt: Date;
  lines: {
    path: string;
    barcode: string;
    sku: string;
    name: string;
    ean: string;
    lot: string;
    bestBefore: string | null;
    quantity: number;
    orders: { number: string; quantity: number }[] | null;
  }[];
}

function bars(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const modules = code128Modules(text);
  const total = modules.reduce((sum, w) => sum + w, 0);
  const module = Math.min(width / total, 1);
  let bx = x;
  modules.forEach((w, index) => {
    if (index % 2 === 0) doc.rect(bx, y, w * module, height);
    bx += w * module;
  });
  doc.fill('black');
}

/** The picklist's PDF in `lang`, or undefined when none has this id. */
export async function picklistPdf(
  db: Db,
  id: number,
  lang: Language = 'de',
): Promise<{ data: Buffer; fileName: string } | undefined> {
  const [data] = await db.query<PicklistDoc>(
    `SELECT pl.number, pl.status, pl.created_at AS "createdAt",
            coalesce((SELECT json_agg(json_build_object('path', p.path, 'barcode', p.barcode,
                       'sku', pr.sku, 'name', pr.name, 'ean', pr.ean, 'lot', l.lot,
                       'bestBefore', l.best_before::text, 'quantity', l.quantity,
                       'orders', (SELECT json_agg(json_build_object('number', o.number, 'quantity', li.quantity) ORDER BY o.number)
                                    FROM picklist_line_items li JOIN order_items i ON i.id = li.order_item_id
                                    JOIN orders o ON o.id = i.order_id WHERE li.picklist_line_id = l.id))
                       ORDER BY p.path_sort, lower(pr.sku), l.id)
                        FROM picklist_lines l JOIN places p ON p.id = l.place_id
                        JOIN products pr ON pr.id = l.product_id WHERE l.picklist_id = pl.id), '[]') AS lines
       FROM picklists pl WHERE pl.id = $1`,
    [id],
  );
  if (!data) return undefined;
  const t = TEXTS[lang];
  const f = formatter(lang);
  const margin = 14 * MM;
  const { doc, done } = await newPdf({
    size: 'A4',
    margin,
    info: { Title: `${t.title} ${data.number}`, Creator: 'Kontor' },
  });
  const width = doc.page.width - 2 * margin;
  doc.font('Helvetica-Bold').fontSize(16).text(`${t.title} ${data.number}`, margin, margin);
  const time = f.dateTime(data.createdAt);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`${time} · ${f.number(data.lines.length)} ${t.lines}`);
  doc.moveDown(1);
  const rowHeight = 24 * MM;
  for (const line of data.lines) {
    if (doc.y + rowHeight > doc.page.height - margin) doc.addPage();
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(line.path, margin, y, { width: 0.4 * width });
    bars(doc, line.barcode, margin, y + 14, 0.35 * width, 8 * MM);
    doc
      .font('Courier')
      .fontSize(7)
      .text(line.barcode, margin, y + 14 + 8 * MM + 1, { width: 0.4 * width });
    const x = margin + 0.42 * width;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${f.number(line.quantity)} × ${line.sku}`, x, y, { width: 0.58 * width });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(
        [
          line.name,
          line.lot ? `${t.lot} ${line.lot}` : '',
          line.bestBefore ? `${t.bestBefore} ${f.date(line.bestBefore)}` : '',
        ]
          .filter(Boolean)
          .join(' · '),
        x,
        doc.y,
        { width: 0.58 * width },
      );
    const code = line.ean || line.sku;
    bars(doc, code, x, doc.y + 2, 0.3 * width, 6 * MM);
    doc
      .font('Courier')
      .fontSize(7)
      .text(code, x, doc.y + 2 + 6 * MM + 1, { width: 0.3 * width });
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(
        (line.orders ?? []).map((o) => `${o.number} (${f.number(o.quantity)})`).join(', '),
        x + 0.3 * width,
        y + 14 + 8 * MM,
        {
          width: 0.28 * width,
        },
      );
    doc
      .moveTo(margin, y + rowHeight - 3)
      .lineTo(margin + width, y + rowHeight - 3)
      .lineWidth(0.5)
      .stroke();
    doc.x = margin;
    doc.y = y + rowHeight;
  }
  doc.end();
  return { data: await done, fileName: `${data.number}.pdf` };
}
