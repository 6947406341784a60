import { newPdf } from '../documents/pdf';
import { formatter } from '../domain/time-zone';
import type { ExportLanguage } from '../lists/export';
import type { InvoiceRateSums, InvoiceSums, InvoiceSummary } from './invoices';

// The invoice summary PDF: per client and period, one block per department (customer number)
// with its sums per VAT rate, then the client's totals per rate. A4 portrait.

const TEXTS = {
  de: {
    title: 'Rechnungsexport',
    client: 'Mandant',
    period: 'Zeitraum (Versanddatum)',
    orders: 'Bestellungen',
    positions: 'Positionen',
    department: 'Abteilung',
    customerNumber: 'Kundennummer',
    none: 'ohne Abteilung',
    rate: 'MwSt-Satz',
    net: 'Netto',
    vat: 'MwSt',
    gross: 'Brutto',
    sum: 'Summe',
    total: 'Gesamt',
    empty: 'Im Zeitraum wurde nichts versandt.',
    rounding:
      'MwSt je Position kaufmännisch auf den Cent gerundet; Summen sind Summen der Positionen.',
  },
  en: {
    title: 'Invoice export',
    client: 'Client',
    period: 'Period (shipping date)',
    orders: 'Orders',
    positions: 'Positions',
    department: 'Department',
    customerNumber: 'Customer number',
    none: 'no department',
    rate: 'VAT rate',
    net: 'Net',
    vat: 'VAT',
    gross: 'Gross',
    sum: 'Sum',
    total: 'Total',
    empty: 'Nothing was shipped in the period.',
    rounding: 'VAT rounded half-up to the cent per position; sums are sums of the positions.',
  },
} as const;

const MM = 72 / 25.4;
const LEFT = 20 * MM;
const WIDTH = 170 * MM;
/** Column x positions: label, positions, net, VAT, gross (right-aligned numbers). */
const COLS = [LEFT, LEFT + 60 * MM, LEFT + 80 * MM, LEFT + 110 * MM, LEFT + 140 * MM];
const NUMBER_WIDTH = 30 * MM;

/** A money amount in the language's format, e.g. 1.234,50 € / €1,234.50. */
export const money = (cents: number, lang: ExportLanguage): string => formatter(lang).cents(cents);

/** A day (`YYYY-MM-DD`) as the language writes it: 28.11.2026 / 28/11/2026. */
const dateText = (day: string, lang: ExportLanguage): string => formatter(lang).date(day);

/** The summary of a client's period as a PDF. */
export async function invoiceSummaryPdf(
  summary: InvoiceSummary,
  lang: ExportLanguage,
): Promise<Buffer> {
  const t = TEXTS[lang];
  const { doc, done } = await newPdf({
    size: 'A4',
    margin: 20 * MM,
    info: { Title: `${t.title} ${summary.clientName}`, Creator: 'Kontor' },
  });

  const row = (label: string, sums: InvoiceSums, bold = false) => {
    if (doc.y > doc.page.height - 30 * MM) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, COLS[0], y, { width: COLS[1]! - COLS[0]! - 4, lineBreak: false });
    const cells = [
      formatter(lang).number(sums.positions),
      money(sums.netCents, lang),
      money(sums.vatCents, lang),
      money(sums.grossCents, lang),
    ];
    cells.forEach((cell, i) =>
      doc.text(cell, COLS[i + 1]! - (i === 0 ? 10 * MM : 0), y, {
        width: i === 0 ? 20 * MM : NUMBER_WIDTH,
        align: 'right',
        lineBreak: false,
      }),
    );
    doc.x = LEFT;
    doc.y = y + 15;
  };
  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#555555');
    doc.text(t.rate, COLS[0], y, { lineBreak: false });
    [t.positions, t.net, t.vat, t.gross].forEach((label, i) =>
      doc.text(label, COLS[i + 1]! - (i === 0 ? 10 * MM : 0), y, {
        width: i === 0 ? 20 * MM : NUMBER_WIDTH,
        align: 'right',
        lineBreak: false,
      }),
    );
    doc.fillColor('black');
    doc.x = LEFT;
    doc.y = y + 14;
  };
  const rateRows = (rates: InvoiceRateSums[]) => {
    for (const rate of rates) row(`${formatter(lang).number(rate.vatRate)} %`, rate);
  };
  const rule = () => {
    doc
      .moveTo(LEFT, doc.y - 2)
      .lineTo(LEFT + WIDTH, doc.y - 2)
      .lineWidth(0.5)
      .stroke();
    doc.y += 2;
  };

  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(t.title, LEFT, 20 * MM);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`${t.client}: ${summary.clientName}`);
  doc.text(`${t.period}: ${dateText(summary.from, lang)} – ${dateText(summary.to, lang)}`);
  doc.text(
    `${t.orders}: ${formatter(lang).number(summary.orders)}   ${t.positions}: ${formatter(lang).number(summary.positions)}`,
  );
  doc.moveDown(1);

  if (summary.positions === 0) doc.text(t.empty);
  for (const department of summary.departments) {
    if (doc.y > doc.page.height - 50 * MM) doc.addPage();
    const title = department.customerNumber
      ? `${t.customerNumber} ${department.customerNumber}${department.department ? ` – ${department.department}` : ''}`
      : t.none;
    doc.font('Helvetica-Bold').fontSize(11).text(title, LEFT, doc.y);
    doc.moveDown(0.3);
    header();
    rateRows(department.rates);
    rule();
    row(t.sum, department, true);
    doc.moveDown(0.8);
  }
  if (summary.positions > 0) {
    if (doc.y > doc.page.height - 50 * MM) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(`${t.total} ${summary.clientName}`, LEFT, doc.y);
    doc.moveDown(0.3);
    header();
    rateRows(summary.rates);
    rule();
    row(t.total, summary, true);
  }
  doc.moveDown(1.5).font('Helvetica').fontSize(8).fillColor('#555555').text(t.rounding, LEFT);
  doc.end();
  return done;
}
