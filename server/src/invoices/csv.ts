import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Formatter } from '@kontor/contracts';
import type { Db } from '../db';
import { formatter } from '../domain/time-zone';
import { guardFormula, type ExportLanguage } from '../lists/export';
import { allInvoicePositions, type InvoicePeriod, type InvoicePosition } from './invoices';

/** The CSV's columns: header per language and the cell of a position in the file's language. */
const COLUMNS: {
  de: string;
  en: string;
  cell: (p: InvoicePosition, f: Formatter) => string;
}[] = [
  { de: 'Bestellnummer', en: 'Order number', cell: (p) => p.orderNumber },
  { de: 'Bestelldatum', en: 'Order date', cell: (p, f) => f.date(p.orderDate) },
  { de: 'Versanddatum', en: 'Shipping date', cell: (p, f) => f.date(p.shippedOn) },
  { de: 'Kundennummer', en: 'Customer number', cell: (p) => p.customerNumber },
  { de: 'Abteilung', en: 'Department', cell: (p) => p.department },
  { de: 'Position', en: 'Position', cell: (p, f) => f.csvNumber(p.position) },
  { de: 'SKU', en: 'SKU', cell: (p) => p.sku },
  { de: 'Artikel', en: 'Product', cell: (p) => p.name },
  { de: 'Menge', en: 'Quantity', cell: (p, f) => f.csvNumber(p.quantity) },
  {
    de: 'Einzelpreis netto (EUR)',
    en: 'Unit price net (EUR)',
    cell: (p, f) => euros(p.priceCents, f),
  },
  { de: 'Netto (EUR)', en: 'Net (EUR)', cell: (p, f) => euros(p.netCents, f) },
  { de: 'MwSt-Satz (%)', en: 'VAT rate (%)', cell: (p, f) => f.csvNumber(p.vatRate) },
  { de: 'MwSt (EUR)', en: 'VAT (EUR)', cell: (p, f) => euros(p.vatCents, f) },
  { de: 'Brutto (EUR)', en: 'Gross (EUR)', cell: (p, f) => euros(p.grossCents, f) },
];

/** Euros with two decimals and the language's decimal mark (`12,50` / `12.50`). */
export const euros = (cents: number, f: Formatter) => f.csvNumber(cents / 100, 2);

/**
 * The shipped positions of a client's period as CSV, one row per position, read in keyset
 * batches while it is written. German files are `;`-separated with decimal commas and days
 * as `28.11.2026`, English ones `,`-separated with decimal points and `28/11/2026`; both UTF-8 with a byte order mark (as every list export); a cell a spreadsheet would run as
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
  const f = formatter(lang);
  async function* records() {
    for await (const position of allInvoicePositions(db, period))
      yield COLUMNS.map((column) => column.cell(position, f));
  }
  const source = Readable.from(records());
  // A failure after the first byte can only cut the download short: end it as broken.
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
