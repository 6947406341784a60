import type { Catalogue } from './words';

// The comment the server writes into a ledger row (stock_changes.comment_message) when it
// books stock itself: a shipment, an avis booking, a stocktaking.
export const ledger = {
  'ledger.shipment': { de: 'Bestellung {number}', en: 'Order {number}' },
  'ledger.avis': { de: 'Avis {number}', en: 'Avis {number}' },
  'ledger.stocktaking': { de: 'Inventur {number}', en: 'Stocktaking {number}' },
} as const satisfies Catalogue;
