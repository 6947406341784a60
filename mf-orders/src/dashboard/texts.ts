// The dashboard's texts beyond the manifest's figure labels, German and English (merged under
// `orders` by kontor-orders.tsx; keys orders:dashboard.*).
export const dashboardTexts = {
  de: {
    dashboard: {
      figures: 'Kennzahlen',
      chartTitle: 'Bestellungen und Sendungen der letzten 30 Tage',
      day: 'Tag',
      shipments: 'Sendungen',
      noFigures:
        'Willkommen bei Kontor. Die Kennzahlen der Bestellungen sehen Benutzer mit dem Recht, Bestellungen anzusehen.',
      failed: 'Die Kennzahlen konnten nicht geladen werden.',
    },
  },
  en: {
    dashboard: {
      figures: 'Figures',
      chartTitle: 'Orders and shipments of the last 30 days',
      day: 'Day',
      shipments: 'Shipments',
      noFigures: 'Welcome to Kontor. The order figures are shown to users allowed to view orders.',
      failed: 'The figures could not be loaded.',
    },
  },
};
