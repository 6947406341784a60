import type { Catalogue } from './words';

// Why an order cannot be fulfilled (docs/domain.md, fulfillment errors): one text per rule
// the checks apply (`fulfillment.<rule>`), stored with the order (orders.fulfillment_problems)
// and in its history. The shop's and the picklist's own wordings of a rule follow.
export const fulfillment = {
  'fulfillment.product': {
    de: 'Unbekanntes Produkt {sku} (Position {position}).',
    en: 'Unknown product {sku} (position {position}).',
  },
  'fulfillment.stock': {
    de: 'Nicht genug Bestand von {sku}: {needed} benötigt, {available} verfügbar.',
    en: 'Not enough stock of {sku}: {needed} needed, {available} available.',
  },
  'fulfillment.address': {
    de: 'Die Lieferadresse ist unvollständig, es fehlt: {missing}.',
    en: 'The shipping address is incomplete: {missing} missing.',
  },
  'fulfillment.shippingMethod': {
    de: 'Die Bestellung hat keine Versandart.',
    en: 'The order has no shipping method.',
  },
  'fulfillment.hazmat': {
    de: 'Die Versandart {method} darf kein Gefahrgut befördern ({skus}).',
    en: 'The shipping method {method} may not carry hazardous goods ({skus}).',
  },
  // The parts of an address the check finds missing ({missing} above).
  'fulfillment.part.name': { de: 'Name', en: 'name' },
  'fulfillment.part.street': { de: 'Straße', en: 'street' },
  'fulfillment.part.houseNumber': { de: 'Hausnummer', en: 'house number' },
  'fulfillment.part.postcode': { de: 'Postleitzahl', en: 'postcode' },
  'fulfillment.part.city': { de: 'Ort', en: 'city' },
  'fulfillment.part.country': { de: 'Land', en: 'country' },
  // An order taken from a shop (server/src/shops/take.ts): its method is the shop's.
  'fulfillment.shopShippingMethod': {
    de: 'Die Bestellung hat im Shop {shop} keine Versandart.',
    en: 'The order has no shipping method in shop {shop}.',
  },
  'fulfillment.shopShippingUnmapped': {
    de: 'Die Versandart {label} ({key}) des Shops {shop} ist keiner Versandart zugeordnet.',
    en: 'The shipping method {label} ({key}) of shop {shop} is not mapped to a shipping method.',
  },
  // Reserving a picklist's stock (server/src/picklists): what could not be reserved.
  'fulfillment.reserve': {
    de: 'Nicht genug Bestand von {sku} zum Reservieren: {needed} benötigt, {available} verfügbar.',
    en: 'Not enough stock of {sku} to reserve: {needed} needed, {available} available.',
  },
  'fulfillment.reserveLocked': {
    de: 'Nicht genug Bestand von {sku} zum Reservieren: {needed} benötigt, {available} verfügbar (Lagerplätze einer laufenden Inventur sind gesperrt).',
    en: 'Not enough stock of {sku} to reserve: {needed} needed, {available} available (places in a running stocktaking are locked).',
  },
} as const satisfies Catalogue;
