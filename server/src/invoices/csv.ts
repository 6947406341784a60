import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Db } from '../db';
import { guardFormula, type ExportLanguage } from '../lists/export';
import { allInvoicePositions, type InvoicePeriod, type InvoicePosition } from './invoices';

/** Euros with two decimals and a dot, as the other exports write money. */
export const euros = (cents: number) => (cents / 100).toFixed(2);

/** The CSV's columns: header per language and the cell of a position. */
const COLUMNS: { de: string; en: string; cell: (p: InvoicePosition) => string | number }[] = [
  { de: 'Auftragsnummer', en: 'Order number', cell: (p) => p.orderNumber },
  { de: 'Bestelldatum', en: 'Order date', cell: (p) => p.orderDate },
  { de: 'Versanddatum', en: 'Shipping date', cell: (p) => p.shippedOn },
  { de: 'Kundennummer', en: 'Customer number', cell: (p) => p.customerNumber },
  { de: 'Abteilung', en: 'Department', cell: (p) => p.department },
  { de: 'Position', en: 'Position', cell: (p) => p.position },
  { de: 'SKU', en: 'SKU', cell: (p) => p.sku },
  { de: 'Artikel', en: 'Product', cell: (p) => p.name },
  { de: 'Menge', en: 'Quantity', cell: (p) => p.quantity },
  { de: 'Einzelpreis netto (EUR)', en: 'Unit price net (EUR)', cell: (p) => euros(p.priceCents) },
  { de: 'Netto (EUR)', en: 'Net (EUR)', cell: (p) => euros(p.netCents) },
  { de: 'MwSt-Satz (%)', en: 'VAT rate (%)', cell: (p) => p.vatRate },
  { de: 'MwSt (EUR)', en: 'VAT (EUR)', cell: (p) => euros(p.vatCents) },
  { de: 'Brutto (EUR)', en: 'Gross (EUR)', cell: (p) => euros(p.grossCents) },
];

/**
 * The shipped positions of a client's period as CSV, one row per position, read in keyset
 * batches while it is written. German files are `;`-separated, English ones `,`-separated,
 * both UTF-8 with a byte order mark (as every list export); a cell a spreadsheet would run as
 * a formula is guarded.
 */
export function invoiceCsv(db: Db, period: InvoicePeriod, lang: ExportLanguage): Readable {
  const csv = stringify({
    bom: true,
    delimiter: lang === 'de' ? ';' : ',',
    record_delimiter: 'windows',
    header: true,
    columns: COLUMNS.map((column) => column[lang]),
    cast: { string: guardFormula },
  });
  async function* records() {
    for await (const position of allInvoicePositions(db, period))
      yield COLUMNS.map((column) => column.cell(position));
  }
  const source = Readable.from(records());
  // A failure after the first byte can only cut the download short: end it as broken.
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
