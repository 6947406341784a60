// The order import's texts (/import/order), German and English, merged under the `orders`
// namespace by kontor-orders.tsx: keys orders:orderImport.*.
export const orderImportTexts = {
  de: {
    orderImport: {
      help: 'Eine CSV- oder Excel-Datei (XLSX) mit einer Kopfzeile und einer Zeile je Bestellposition: Zeilen mit derselben Bestellnummer (und demselben Shop) bilden eine Bestellung. Die Angaben der Bestellung (Datum, Versandart, Lieferadresse) stehen in ihrer ersten Zeile. Jede Zeile wird vor dem Import geprüft. Bestellungen, die der Mandant schon hat, bleiben unverändert: ein erneuter Import legt nichts doppelt an.',
      client: 'Mandant',
      goodRows: 'Nur die fehlerfreien Bestellungen importieren',
      summary:
        '{{rows}}: {{created}} Bestellungen angelegt, {{unchanged}} schon vorhanden, {{rejected}} abgelehnt ({{errors}})',
      toList: 'Zu den Bestellungen',
      unknownSku: 'Diese SKU ist kein Produkt des Mandanten',
      unknownMethod: 'Diese Versandart gibt es nicht',
      ambiguousMethod: 'Mehrere Versandarten heißen so',
      differs: 'Die Bestellung hat in Zeile {{row}} einen anderen Wert',
      orderRejected:
        'Zeile {{row}} der Bestellung ist fehlerhaft: die Bestellung wird nicht importiert',
      requiredField:
        'Ordnen Sie Bestellnummer, SKU, Menge, Straße, Hausnummer, PLZ, Ort und Land je einer Spalte zu',
      fieldTwice: 'Ein Feld ist mehreren Spalten zugeordnet',
    },
  },
  en: {
    orderImport: {
      help: 'A CSV or Excel (XLSX) file with a header row and one row per order position: rows with the same order number (and shop) make one order. The order’s own data (date, shipping method, shipping address) is in its first row. Every row is checked before anything is imported. Orders the client already has are left as they are: importing again creates nothing twice.',
      client: 'Client',
      goodRows: 'Import only the orders without bad rows',
      summary:
        '{{rows}}: {{created}} orders created, {{unchanged}} already there, {{rejected}} rejected ({{errors}})',
      toList: 'To the order list',
      unknownSku: 'This SKU is no product of the client',
      unknownMethod: 'This shipping method does not exist',
      ambiguousMethod: 'More than one shipping method has this name',
      differs: 'The order has another value in row {{row}}',
      orderRejected: 'Row {{row}} of the order is bad: the order is not imported',
      requiredField:
        'Map order number, SKU, quantity, street, house number, postcode, city and country to a column each',
      fieldTwice: 'A field is mapped to more than one column',
    },
  },
};
