// The avis import's texts (/import/avis), German and English, merged under the `warehouse`
// namespace by kontor-warehouse.tsx: keys warehouse:avisImport.* (the server's whole-key rules
// of rejected rows, e.g. warehouse:avisImport.unknownSku, are among them).
export const avisImportTexts = {
  de: {
    avisImport: {
      help: 'Eine CSV- oder Excel-Datei (XLSX) eines Lieferanten mit einer Kopfzeile und einer Zeile je Position: Lieferscheinnummer, Lieferdatum, SKU, Menge, Charge, MHD. Die Spalten werden an ihren deutschen oder englischen Überschriften erkannt und können unten zugeordnet werden. Je Lieferschein entsteht ein Avis (angekündigt); ein Lieferschein, zu dem der Lieferant schon ein Avis hat, bleibt unverändert.',
      supplier: 'Lieferant',
      client: 'Mandant',
      warehouse: 'Lager',
      goodRows: 'Nur die fehlerfreien Lieferscheine importieren',
      summary:
        '{{rows}}: {{created}} Avis angelegt, {{unchanged}} unverändert, {{rejected}} abgelehnt ({{errors}})',
      unchangedHint: 'Unverändert: Lieferscheine, zu denen der Lieferant schon ein Avis hat.',
      toList: 'Zur Avis-Liste',
      unknownSku: 'Die SKU ist kein Produkt des Mandanten',
      lotRequired: 'Das Produkt wird chargengeführt: die Charge ist Pflicht',
      lotProhibited: 'Das Produkt wird nicht chargengeführt: Charge leer lassen',
      bestBeforeRequired: 'Das Produkt hat ein MHD: es ist Pflicht',
      bestBeforeProhibited: 'Das Produkt hat kein MHD: leer lassen',
      dateDiffers: 'Der Lieferschein hat in Zeile {{row}} ein anderes Lieferdatum',
      tooManyLines: 'Ein Lieferschein hat höchstens {{max}} Positionen',
      noteRejected:
        'Zeile {{row}} dieses Lieferscheins ist fehlerhaft: der Lieferschein wird nicht importiert',
      requiredField: 'Ordnen Sie Lieferscheinnummer, Lieferdatum, SKU und Menge je einer Spalte zu',
      fieldTwice: 'Ein Feld ist mehreren Spalten zugeordnet',
    },
  },
  en: {
    avisImport: {
      help: 'A supplier’s CSV or Excel (XLSX) file with a header row and one row per line: delivery note number, delivery date, SKU, quantity, lot, best before. Columns are recognised by their German or English headers and can be mapped below. Each delivery note becomes one avis (announced); a delivery note the supplier already has an avis for is left unchanged.',
      supplier: 'Supplier',
      client: 'Client',
      warehouse: 'Warehouse',
      goodRows: 'Import only the delivery notes without bad rows',
      summary:
        '{{rows}}: {{created}} avis created, {{unchanged}} unchanged, {{rejected}} rejected ({{errors}})',
      unchangedHint: 'Unchanged: delivery notes the supplier already has an avis for.',
      toList: 'To the avis list',
      unknownSku: 'The SKU is no product of the client',
      lotRequired: 'The product is lot-tracked: the lot is required',
      lotProhibited: 'The product is not lot-tracked: leave the lot empty',
      bestBeforeRequired: 'The product has a best-before date: it is required',
      bestBeforeProhibited: 'The product has no best-before date: leave it empty',
      dateDiffers: 'The delivery note has another delivery date in row {{row}}',
      tooManyLines: 'A delivery note has at most {{max}} lines',
      noteRejected: 'Row {{row}} of this delivery note is bad: the delivery note is not imported',
      requiredField: 'Map delivery note number, delivery date, SKU and quantity to a column each',
      fieldTwice: 'A field is mapped to more than one column',
    },
  },
};
