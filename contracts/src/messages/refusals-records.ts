import type { Catalogue } from './words';

// Refusals of every area: a record that does not exist (any more), one key a kind of record,
// and the statuses and actions other refusals name as terms (`{ status: { term: … } }`).
export const refusalsRecords = {
  'notFound.avis': {
    de: 'Das Avis existiert nicht (mehr).',
    en: 'The avis does not exist (any more).',
  },
  'notFound.client': {
    de: 'Der Mandant existiert nicht (mehr).',
    en: 'The client does not exist (any more).',
  },
  'notFound.deadLetter': {
    de: 'Die nicht übernommene Bestellung existiert nicht (mehr).',
    en: 'The order not taken does not exist (any more).',
  },
  'notFound.department': {
    de: 'Die Abteilung existiert nicht (mehr).',
    en: 'The department does not exist (any more).',
  },
  'notFound.export': {
    de: 'Der Export existiert nicht (mehr).',
    en: 'The export does not exist (any more).',
  },
  'notFound.image': {
    de: 'Das Bild existiert nicht (mehr).',
    en: 'The image does not exist (any more).',
  },
  'notFound.job': {
    de: 'Der Job existiert nicht (mehr).',
    en: 'The job does not exist (any more).',
  },
  'notFound.notification': {
    de: 'Die Benachrichtigung existiert nicht (mehr).',
    en: 'The notification does not exist (any more).',
  },
  'notFound.order': {
    de: 'Die Bestellung existiert nicht (mehr).',
    en: 'The order does not exist (any more).',
  },
  'notFound.orders': {
    de: {
      one: 'Die Bestellung {ids} existiert nicht (mehr).',
      other: 'Die Bestellungen {ids} existieren nicht (mehr).',
    },
    en: {
      one: 'The order {ids} does not exist (any more).',
      other: 'The orders {ids} do not exist (any more).',
    },
  },
  'notFound.package': {
    de: 'Das Paket existiert nicht (mehr).',
    en: 'The package does not exist (any more).',
  },
  'notFound.picklist': {
    de: 'Die Pickliste existiert nicht (mehr).',
    en: 'The picklist does not exist (any more).',
  },
  'notFound.picklistLine': {
    de: 'Die Zeile der Pickliste existiert nicht (mehr).',
    en: 'The line of the picklist does not exist (any more).',
  },
  'notFound.place': {
    de: 'Der Lagerplatz existiert nicht (mehr).',
    en: 'The place does not exist (any more).',
  },
  'notFound.product': {
    de: 'Das Produkt existiert nicht (mehr).',
    en: 'The product does not exist (any more).',
  },
  'notFound.rack': {
    de: 'Das Regal existiert nicht (mehr).',
    en: 'The rack does not exist (any more).',
  },
  'notFound.receipt': {
    de: 'Der Wareneingang existiert nicht (mehr).',
    en: 'The receipt does not exist (any more).',
  },
  'notFound.role': {
    de: 'Die Rolle existiert nicht (mehr).',
    en: 'The role does not exist (any more).',
  },
  'notFound.session': {
    de: 'Die Sitzung existiert nicht (mehr).',
    en: 'The session does not exist (any more).',
  },
  'notFound.shipment': {
    de: 'Die Sendung existiert nicht (mehr).',
    en: 'The shipment does not exist (any more).',
  },
  'notFound.shipper': {
    de: 'Der Versender existiert nicht (mehr).',
    en: 'The shipper does not exist (any more).',
  },
  'notFound.shippingMethod': {
    de: 'Die Versandart existiert nicht (mehr).',
    en: 'The shipping method does not exist (any more).',
  },
  'notFound.shopConnection': {
    de: 'Die Shop-Verbindung existiert nicht (mehr).',
    en: 'The shop connection does not exist (any more).',
  },
  'notFound.stockChange': {
    de: 'Die Bestandsbuchung existiert nicht (mehr).',
    en: 'The stock booking does not exist (any more).',
  },
  'notFound.stockMove': {
    de: 'Die Umlagerung existiert nicht (mehr).',
    en: 'The stock move does not exist (any more).',
  },
  'notFound.stocktaking': {
    de: 'Die Inventur existiert nicht (mehr).',
    en: 'The stocktaking does not exist (any more).',
  },
  'notFound.storage': {
    de: 'Der Lagerbereich existiert nicht (mehr).',
    en: 'The storage does not exist (any more).',
  },
  'notFound.supplier': {
    de: 'Der Lieferant existiert nicht (mehr).',
    en: 'The supplier does not exist (any more).',
  },
  'notFound.user': {
    de: 'Der Benutzer existiert nicht (mehr).',
    en: 'The user does not exist (any more).',
  },
  'notFound.warehouse': {
    de: 'Das Lager existiert nicht (mehr).',
    en: 'The warehouse does not exist (any more).',
  },

  // A number too large for its field (the toolkit's `max` speaks of characters).
  'field.numberMax': { de: 'Höchstens {max}.', en: 'At most {max}.' },

  // Statuses, as the lists show them.
  'status.order.pending': { de: 'Offen', en: 'Pending' },
  'status.order.processing': { de: 'In Bearbeitung', en: 'Processing' },
  'status.order.complete': { de: 'Abgeschlossen', en: 'Complete' },
  'status.order.on_hold': { de: 'Angehalten', en: 'On hold' },
  'status.order.cancelled': { de: 'Storniert', en: 'Cancelled' },
  'status.picklist.open': { de: 'Offen', en: 'Open' },
  'status.picklist.in_progress': { de: 'In Arbeit', en: 'In progress' },
  'status.picklist.done': { de: 'Erledigt', en: 'Done' },
  'status.picklist.cancelled': { de: 'Storniert', en: 'Cancelled' },
  'status.avis.announced': { de: 'Angekündigt', en: 'Announced' },
  'status.avis.partially_booked': { de: 'Teilweise gebucht', en: 'Partially booked' },
  'status.avis.booked': { de: 'Gebucht', en: 'Booked' },
  'status.avis.cancelled': { de: 'Storniert', en: 'Cancelled' },
  'status.stocktaking.draft': { de: 'Entwurf', en: 'Draft' },
  'status.stocktaking.counting': { de: 'Zählung läuft', en: 'Counting' },
  'status.stocktaking.counted': { de: 'Gezählt', en: 'Counted' },
  'status.stocktaking.booked': { de: 'Gebucht', en: 'Booked' },
  'status.stocktaking.cancelled': { de: 'Storniert', en: 'Cancelled' },

  // What a refused action would have done to a record ("it cannot be {done}").
  'done.edited': { de: 'bearbeitet', en: 'edited' },
  'done.started': { de: 'gestartet', en: 'started' },
  'done.counted': { de: 'gezählt', en: 'counted' },
  'done.countedAgain': { de: 'erneut gezählt', en: 'counted again' },
  'done.completed': { de: 'abgeschlossen', en: 'completed' },
  'done.booked': { de: 'gebucht', en: 'booked' },
  'done.cancelled': { de: 'storniert', en: 'cancelled' },
  'done.deleted': { de: 'gelöscht', en: 'deleted' },
  'done.closed': { de: 'geschlossen', en: 'closed' },
  'done.held': { de: 'angehalten', en: 'held' },
  'done.released': { de: 'freigegeben', en: 'released' },
} as const satisfies Catalogue;
