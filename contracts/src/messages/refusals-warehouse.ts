import type { Catalogue } from './words';

// Refusals of the warehouse: warehouses, storages, racks and places, stock bookings, avis,
// products and stocktakings ({status} and {done} are terms of refusals-records.ts).
export const refusalsWarehouse = {
  'warehouses.holdsStock': {
    de: '{what} hat noch Bestand: buchen Sie ihn zuerst aus oder lagern Sie ihn um.',
    en: '{what} still holds stock: book it out or move it first.',
  },
  'warehouses.hasBookings': {
    de: '{what} hat Buchungen im Bestandsjournal, das jeden genannten Lagerplatz behält: er lässt sich nicht löschen.',
    en: '{what} has bookings in the stock ledger, which keeps every place it names: it cannot be deleted.',
  },
  'warehouses.placeOfWarehouse': {
    de: 'Ein Lagerplatz dieses Lagers',
    en: 'A place of this warehouse',
  },
  'warehouses.placeOfStorage': {
    de: 'Ein Lagerplatz dieses Lagerbereichs',
    en: 'A place of this storage',
  },
  'warehouses.placeOfRack': { de: 'Ein Lagerplatz dieses Regals', en: 'A place of this rack' },
  'warehouses.thePlace': { de: 'Der Lagerplatz', en: 'The place' },
  'warehouses.tooManyLabels': {
    de: 'Höchstens {max} Etiketten passen in ein PDF: drucken Sie einen Lagerbereich oder ein Regal nach dem anderen.',
    en: 'At most {max} labels fit in one PDF: print one storage or rack at a time.',
  },
  'stock.tooMuch': {
    de: 'So viele Stück dieses Produkts fasst der Lagerplatz nicht (höchstens {max}).',
    en: 'The place cannot hold that many units of the product (at most {max}).',
  },
  'stock.bestBeforeRequired': {
    de: 'Das Produkt hat ein MHD: geben Sie es an.',
    en: 'The product has a best-before date: enter it.',
  },
  'stock.bestBeforeProhibited': {
    de: 'Das Produkt hat kein MHD: lassen Sie das Feld leer.',
    en: 'The product has no best-before date: leave the field empty.',
  },
  'stock.lotRequired': {
    de: 'Das Produkt wird mit Charge geführt: geben Sie die Charge an.',
    en: 'The product is tracked by lot: enter the lot.',
  },
  'stock.lotProhibited': {
    de: 'Das Produkt wird ohne Charge geführt: lassen Sie das Feld leer.',
    en: 'The product is not tracked by lot: leave the field empty.',
  },
  'stock.notAvailable': {
    de: 'Nur {available} Stück auf diesem Lagerplatz verfügbar ({wanted} gewünscht).',
    en: 'Only {available} available on this place ({wanted} requested).',
  },
  'stock.notAvailableLocked': {
    de: 'Nur {available} Stück auf diesem Lagerplatz verfügbar ({wanted} gewünscht, {locked} gesperrt).',
    en: 'Only {available} available on this place ({wanted} requested, {locked} locked).',
  },
  'stock.otherBestBefore': {
    de: 'Der Lagerplatz hat dieses Produkt schon mit MHD {bestBefore}: buchen Sie ein anderes MHD auf einen anderen Lagerplatz oder eine andere Charge.',
    en: 'The place already holds this product with best-before {bestBefore}: book another best-before date onto another place or lot.',
  },
  'stock.otherBestBeforeUnknown': {
    de: 'Der Lagerplatz hat dieses Produkt schon mit einem anderen MHD: buchen Sie es auf einen anderen Lagerplatz oder eine andere Charge.',
    en: 'The place already holds this product with another best-before date: book it onto another place or lot.',
  },
  'stock.unchanged': {
    de: 'Der Lagerplatz hat bereits {quantity}: es gibt nichts zu korrigieren.',
    en: 'The place already holds {quantity}: there is nothing to correct.',
  },
  'stock.lockedUnits': {
    de: 'Auf diesem Lagerplatz ist eine Menge von {locked} gesperrt: weniger geht nicht.',
    en: '{locked} units are locked on this place: the quantity cannot be less.',
  },
  'stock.otherWarehouse': {
    de: 'Der Lagerplatz {path} gehört zu einem anderen Lager.',
    en: 'The place {path} belongs to another warehouse.',
  },
  'stock.lockedByStocktaking': {
    de: 'Der Lagerplatz {path} ist durch die Inventur {number} gesperrt: Buchungen darauf warten, bis die Inventur gebucht oder storniert ist.',
    en: 'The place {path} is locked by the stocktaking {number}: bookings on it wait until the stocktaking is booked or cancelled.',
  },
  'avis.wrongStatus': {
    de: 'Das Avis {number} hat den Status „{status}“: es kann nicht {done} werden.',
    en: 'The avis {number} has the status “{status}”: it cannot be {done}.',
  },
  'avis.productOfOtherClient': {
    de: 'Das Produkt {sku} gehört zu einem anderen Mandanten als das Avis.',
    en: 'The product {sku} belongs to another client than the avis.',
  },
  'avis.overDelivery': {
    de: 'Von dieser Zeile sind nur {open} offen: bestätigen Sie die Überlieferung von {over}.',
    en: 'Only {open} of this line are open: confirm the over-delivery of {over}.',
  },
  'products.hasStock': {
    de: 'Das Produkt hat noch Bestand ({quantity} Stück): buchen Sie ihn zuerst aus.',
    en: 'The product still has stock ({quantity} units): book it out first.',
  },
  'products.clientLocked': {
    de: 'Der Mandant eines Produkts lässt sich nicht mehr ändern, sobald Bestand davon gebucht wurde.',
    en: 'The client of a product cannot change once stock of it was booked.',
  },
  'products.imageType': {
    de: 'Die Datei muss ein JPEG-, PNG- oder WebP-Bild sein.',
    en: 'The file must be a JPEG, PNG or WebP image.',
  },
  'products.imagePixels': {
    de: 'Das Bild darf höchstens {millions} Millionen Pixel haben.',
    en: 'The image must not have more than {millions} million pixels.',
  },
  'products.imageUnreadable': {
    de: 'Die Datei ist kein lesbares Bild.',
    en: 'The file is not a readable image.',
  },
  'products.imageCount': {
    de: 'Ein Produkt hat höchstens {max} Bilder.',
    en: 'A product may have at most {max} images.',
  },
  'products.imageTooLarge': {
    de: 'Das Bild darf höchstens {megabytes} MB groß sein.',
    en: 'The image must not be larger than {megabytes} MB.',
  },
  'products.oneImage': {
    de: 'Senden Sie ein Bild auf einmal.',
    en: 'Send one image at a time.',
  },
  'stocktaking.wrongStatus': {
    de: 'Die Inventur {number} hat den Status „{status}“: sie kann nicht {done} werden.',
    en: 'The stocktaking {number} has the status “{status}”: it cannot be {done}.',
  },
  'stocktaking.scopeTaken': {
    de: 'Lagerplätze dieses Umfangs gehören zur laufenden Inventur {number}: buchen oder stornieren Sie sie zuerst.',
    en: 'Places of this scope are in the running stocktaking {number}: book or cancel it first.',
  },
  'stocktaking.productOfOtherClient': {
    de: 'Das Produkt gehört nicht zum Mandanten der Inventur.',
    en: 'The product does not belong to the client of the stocktaking.',
  },
  'stocktaking.placeOutOfScope': {
    de: 'Der Lagerplatz gehört nicht zum Umfang dieser Inventur.',
    en: 'The place is not in the scope of this stocktaking.',
  },
  'stocktaking.reservedAboveCount': {
    de: 'Von {sku} auf {path} ist eine Menge von {locked} reserviert, gezählt wurden aber nur {counted}: geben Sie die Reservierung zuerst frei.',
    en: '{locked} units of {sku} on {path} are reserved, but {counted} were counted: release the reservation first.',
  },
} as const satisfies Catalogue;
