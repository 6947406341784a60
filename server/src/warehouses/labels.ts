import { newPdf } from '../documents/pdf';
import bwipjs from 'bwip-js';
import type { Place } from './warehouses';

// Place labels: A4 sheets of 3 × 8 labels (70 × 37.125 mm, the common adhesive sheets), each
// with the place's path in large print and its barcode as Code 128 drawn as vector bars
// (sharp at any printer resolution) with the barcode's text below. The barcode is the place's
// `barcode`, the one every screen shows (made of characters a scanner types alike in any
// keyboard layout, see warehouses.ts); a former path barcode is never printed again.

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
const COLUMNS = 3;
const ROWS = 8;
const LABEL = { width: PAGE.width / COLUMNS, height: PAGE.height / ROWS };
const PADDING = 4 * MM;
/** Code 128 wants a quiet zone of 10 modules on each side. */
const QUIET_MODULES = 10;
/** No PDF holds more labels than this (84 sheets; 1,000 labels take about half a second to draw). */
export const MAX_LABELS = 2000;

/** The bars and spaces of a Code 128 barcode, in modules (bar, space, bar, …). */
export function code128Modules(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, '') as { sbs: number[] }[];
  if (!symbol) throw new Error(`no Code 128 for ${text}`);
  return symbol.sbs;
}

/** Draws one label with its top-left corner at (x, y). */
function drawLabel(doc: PDFKit.PDFDocument, place: Place, x: number, y: number): void {
  const inner = LABEL.width - 2 * PADDING;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('black')
    .text(place.path, x + PADDING, y + PADDING, {
      width: inner,
      height: 14,
      lineBreak: false,
      ellipsis: true,
    });
  const modules = code128Modules(place.barcode);
  const total = modules.reduce((sum, width) => sum + width, 0) + 2 * QUIET_MODULES;
  const module = Math.min(inner / total, 1.2);
  const barsWidth = (total - 2 * QUIET_MODULES) * module;
  let bx = x + PADDING + (inner - barsWidth) / 2;
  const barTop = y + PADDING + 17;
  const barHeight = LABEL.height - 2 * PADDING - 17 - 11;
  modules.forEach((width, index) => {
    if (index % 2 === 0) doc.rect(bx, barTop, width * module, barHeight);
    bx += width * module;
  });
  doc.fill('black');
  doc
    .font('Courier')
    .fontSize(8)
    .text(place.barcode, x + PADDING, barTop + barHeight + 2, {
      width: inner,
      align: 'center',
      lineBreak: false,
      ellipsis: true,
    });
}

/** The labels of these places as a PDF (A4, 24 labels a page, in the given order). */
export async function labelsPdf(places: readonly Place[], title: string): Promise<Buffer> {
  const { doc, done } = await newPdf({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Creator: 'Kontor' },
  });
  const perPage = COLUMNS * ROWS;
  if (places.length === 0) {
    doc.addPage();
    doc
      .font('Helvetica')
      .fontSize(12)
      .text('No places.', 20 * MM, 20 * MM);
  }
  places.forEach((place, index) => {
    const slot = index % perPage;
    if (slot === 0) doc.addPage();
    drawLabel(
      doc,
      place,
      (slot % COLUMNS) * LABEL.width,
      Math.floor(slot / COLUMNS) * LABEL.height,
    );
  });
  doc.end();
  return done;
}
