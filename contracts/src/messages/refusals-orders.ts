import type { Catalogue } from './words';

// Refusals of orders, shipments and picklists ({status} and {done} are terms of
// refusals-records.ts).
export const refusalsOrders = {
  'orders.heldWhileProcessing': {
    de: 'Die Bestellung {number} wurde während der Bearbeitung angehalten (ihr Bestand ist reserviert): sie lässt sich nicht mehr bearbeiten.',
    en: 'Order {number} was held while processing (its stock is reserved): it can no longer be edited.',
  },
  'orders.notEditable': {
    de: 'Die Bestellung {number} hat den Status „{status}“: nur offene oder angehaltene Bestellungen lassen sich bearbeiten.',
    en: 'Order {number} has the status “{status}”: only pending or held orders can be edited.',
  },
  'orders.partlyShipped': {
    de: 'Positionen der Bestellung {number} wurden schon versandt: sie lässt sich nicht mehr bearbeiten.',
    en: 'Positions of order {number} have been shipped: it can no longer be edited.',
  },
  'orders.alreadyInStatus': {
    de: 'Die Bestellung {number} hat bereits den Status „{status}“.',
    en: 'Order {number} already has the status “{status}”.',
  },
  'orders.releaseReturns': {
    de: 'Die Bestellung {number} wurde im Status „{from}“ angehalten: eine Freigabe bringt sie dorthin zurück, nicht nach „{to}“.',
    en: 'Order {number} was held in the status “{from}”: a release returns it there, not to “{to}”.',
  },
  'orders.transitionRefused': {
    de: 'Die Bestellung {number} hat den Status „{from}“ und kann nicht in den Status „{to}“ wechseln.',
    en: 'Order {number} has the status “{from}” and cannot change to “{to}”.',
  },
  'orders.bulkRefused': {
    de: {
      one: 'Nichts wurde geändert: die Bestellung {numbers} kann nicht {done} werden.',
      other: 'Nichts wurde geändert: die Bestellungen {numbers} können nicht {done} werden.',
    },
    en: {
      one: 'Nothing was changed: order {numbers} cannot be {done}.',
      other: 'Nothing was changed: the orders {numbers} cannot be {done}.',
    },
  },
  'orders.bulkMax': {
    de: 'Höchstens {max} Bestellungen auf einmal.',
    en: 'At most {max} orders at once.',
  },
  'orders.nothingToFulfil': {
    de: 'Die Bestellung {number} hat den Status „{status}“: es gibt nichts mehr abzuwickeln.',
    en: 'Order {number} has the status “{status}”: there is nothing to fulfil.',
  },
  'shipments.orderStatus': {
    de: 'Die Bestellung {number} hat den Status „{status}“: sie kann nicht versandt werden.',
    en: 'Order {number} has the status “{status}”: it cannot be shipped.',
  },
  'shipments.nothingLeft': {
    de: 'Bei der Bestellung {number} ist nichts mehr zu versenden.',
    en: 'Order {number} has nothing left to ship.',
  },
  'shipments.noPosition': {
    de: 'Eine Sendung braucht mindestens eine Position.',
    en: 'A shipment needs at least one position.',
  },
  'shipments.notEnoughStock': {
    de: 'Nicht genug Bestand von {sku}: nur {available} Stück zum Ausbuchen verfügbar.',
    en: 'Not enough stock of {sku}: only {available} can be booked out.',
  },
  'shipments.notEnoughStockLocked': {
    de: 'Nicht genug Bestand von {sku}: nur {available} Stück zum Ausbuchen verfügbar (Lagerplätze einer laufenden Inventur sind gesperrt).',
    en: 'Not enough stock of {sku}: only {available} can be booked out (places in a running stocktaking are locked).',
  },
  'picklists.notPickable': {
    de: 'Die Pickliste {number} hat den Status „{status}“: es lässt sich nichts picken.',
    en: 'Picklist {number} has the status “{status}”: nothing can be picked.',
  },
  'picklists.notCancellable': {
    de: 'Die Pickliste {number} hat den Status „{status}“: sie lässt sich nicht mehr stornieren.',
    en: 'Picklist {number} has the status “{status}”: it can no longer be cancelled.',
  },
  'picklists.wrongPlace': {
    de: 'Falscher Lagerplatz: diese Zeile wird von {path} gepickt.',
    en: 'Wrong place: this line is picked from {path}.',
  },
  'picklists.wrongProduct': {
    de: 'Falsches Produkt: diese Zeile ist {product}.',
    en: 'Wrong product: this line is {product}.',
  },
  'picklists.lineComplete': {
    de: 'Diese Zeile ist vollständig gepickt.',
    en: 'This line has been picked completely.',
  },
  'picklists.atMost': {
    de: 'Auf dieser Zeile sind höchstens noch {open} Stück zu picken.',
    en: 'At most {open} are left to pick on this line.',
  },
} as const satisfies Catalogue;
