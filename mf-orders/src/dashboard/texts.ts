// The dashboard's texts beyond the manifest's figure labels, German and English (merged under
// `orders` by kontor-orders.tsx; keys orders:dashboard.*).
export const dashboardTexts = {
  de: {
    dashboard: {
      figures: 'Kennzahlen',
      floor: 'Zu erledigen',
      orders: 'Bestellungen',
      fulfillmentErrors: 'Fulfillment-Fehler',
      onHold: 'Angehalten',
      picklistsOpen: 'Picklisten offen',
      picklistsInProgress: 'Picklisten in Arbeit',
      avisDueToday: 'Avis heute fällig',
      stocktakingsRunning: 'Laufende Inventuren',
      chartTitle: 'Bestellungen und Sendungen der letzten 30 Tage',
      day: 'Tag',
      shipments: 'Sendungen',
      noFigures:
        'Willkommen bei Kontor. Die Kennzahlen sehen Benutzer mit dem Recht, Bestellungen, Picklisten, Avis oder Inventuren anzusehen.',
      failed: 'Die Kennzahlen konnten nicht geladen werden.',
    },
  },
  en: {
    dashboard: {
      figures: 'Figures',
      floor: 'To do',
      orders: 'Orders',
      fulfillmentErrors: 'Fulfillment errors',
      onHold: 'On hold',
      picklistsOpen: 'Picklists open',
      picklistsInProgress: 'Picklists in progress',
      avisDueToday: 'Avis due today',
      stocktakingsRunning: 'Running stocktakings',
      chartTitle: 'Orders and shipments of the last 30 days',
      day: 'Day',
      shipments: 'Shipments',
      noFigures:
        'Welcome to Kontor. The figures are shown to users allowed to view orders, picklists, avis or stocktakings.',
      failed: 'The figures could not be loaded.',
    },
  },
};
