import type { Catalogue } from './words';

// The history of an order and of an avis: each kind of event (`history.order.<kind>`,
// `history.avis.<kind>`; the kinds are ORDER_EVENT_KINDS and AVIS_EVENT_KINDS of the server)
// and the details the server notes with one.
export const history = {
  'history.order.created': { de: 'Angelegt', en: 'Created' },
  'history.order.updated': { de: 'Bearbeitet', en: 'Edited' },
  'history.order.status': { de: 'Status geändert', en: 'Status changed' },
  'history.order.fulfillment_error': { de: 'Fulfillment-Fehler', en: 'Fulfillment error' },
  'history.order.fulfillment_ok': {
    de: 'Fulfillment geprüft: in Ordnung',
    en: 'Fulfillment checked: in order',
  },
  'history.order.shipment': { de: 'Versendet', en: 'Shipped' },
  // Details of an order's event.
  'history.order.shipped': {
    de: { one: '{count} Paket, {quantity} Stück', other: '{count} Pakete, {quantity} Stück' },
    en: {
      one: '{count} package, {quantity} units',
      other: '{count} packages, {quantity} units',
    },
  },
  'history.order.tracking': { de: 'Sendungsnummern: {numbers}', en: 'Tracking numbers: {numbers}' },
  'history.order.picklist': { de: 'Pickliste {number}', en: 'Picklist {number}' },
  'history.order.picklistCancelled': {
    de: 'Pickliste {number} storniert',
    en: 'Picklist {number} cancelled',
  },
  'history.order.fromShop': {
    de: 'Aus dem Shop {shop} (dort {order})',
    en: 'From shop {shop} (there {order})',
  },
  'history.order.shopUpdate': {
    de: 'Vom Shop {shop} geändert',
    en: 'Changed by shop {shop}',
  },

  'history.avis.created': { de: 'Erstellt', en: 'Created' },
  'history.avis.updated': { de: 'Geändert', en: 'Changed' },
  'history.avis.booked': { de: 'Gebucht', en: 'Booked' },
  'history.avis.closed': { de: 'Abgeschlossen', en: 'Closed' },
  'history.avis.cancelled': { de: 'Storniert', en: 'Cancelled' },
  'history.avis.bookedUnits': {
    de: '{receipt}: {units} Einheiten',
    en: '{receipt}: {units} units',
  },
  'history.avis.bookedOver': {
    de: '{receipt}: {units} Einheiten, Überlieferung {overDelivery} bestätigt',
    en: '{receipt}: {units} units, over-delivery of {overDelivery} confirmed',
  },
} as const satisfies Catalogue;
