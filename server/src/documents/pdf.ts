const MINUS = '\u2212';
const EN_DASH = '\u2013';

/** A PDF being drawn, and the bytes it becomes once `doc.end()` is called. */
export interface PdfDocument {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
}

/**
 * A new PDF document (every PDF Kontor prints: labels, picklists, delivery notes, receipts,
 * counting lists, invoice summaries). pdfkit is loaded with the first one: its import costs a
 * server's start, and every server test file, a fifth of a second, and few requests print.
 */
export async function newPdf(options: PDFKit.PDFDocumentOptions): Promise<PdfDocument> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument(options);
  // The formatter's minus (U+2212) is no glyph of the standard fonts (WinAnsi): the en dash,
  // their minus, stands in for it.
  const text = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  doc.text = ((value: unknown, ...rest: unknown[]) =>
    text(
      typeof value === 'string' ? value.replaceAll(MINUS, EN_DASH) : value,
      ...rest,
    )) as typeof doc.text;
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
