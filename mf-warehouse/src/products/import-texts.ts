// The product import's texts (/import/product), German and English, merged under the
// `warehouse` namespace by kontor-warehouse.tsx: keys warehouse:productImport.*.
export const productImportTexts = {
  de: {
    productImport: {
      help: 'Eine CSV- oder Excel-Datei (XLSX) mit einer Kopfzeile: die Spalten werden an ihren deutschen oder englischen Überschriften erkannt (wie im CSV-Export der Produktliste) und können unten zugeordnet werden. Produkte werden an Mandant und SKU erkannt: vorhandene werden aktualisiert, neue angelegt.',
      client: 'Mandant',
      goodRows: 'Nur die fehlerfreien Zeilen importieren',
      summary:
        '{{rows}}: {{created}} angelegt, {{updated}} aktualisiert, {{rejected}} abgelehnt ({{errors}})',
      toList: 'Zur Produktliste',
      duplicateSku: 'Die SKU steht schon in Zeile {{row}} der Datei',
      requiredField: 'Ordnen Sie SKU und Name je einer Spalte zu',
      fieldTwice: 'Ein Feld ist mehreren Spalten zugeordnet',
    },
  },
  en: {
    productImport: {
      help: 'A CSV or Excel (XLSX) file with a header row: columns are recognised by their German or English headers (as the product list’s CSV export writes them) and can be mapped below. Products are matched by client and SKU: existing ones are updated, new ones created.',
      client: 'Client',
      goodRows: 'Import only the good rows',
      summary:
        '{{rows}}: {{created}} created, {{updated}} updated, {{rejected}} rejected ({{errors}})',
      toList: 'To the product list',
      duplicateSku: 'The SKU is already in row {{row}} of the file',
      requiredField: 'Map SKU and name to a column each',
      fieldTwice: 'A field is mapped to more than one column',
    },
  },
};
