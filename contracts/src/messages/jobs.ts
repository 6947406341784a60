import type { Catalogue } from './words';

// Background jobs: each kind's title (`job.<kind>`, kept with the job: jobs.title) and what a
// finished run did (`job.outcome.*`, in its notification and on /horizon).
export const jobs = {
  'job.clients.import': { de: 'Mandanten-Import: {file}', en: 'Clients import: {file}' },
  'job.products.import': { de: 'Produktimport: {file}', en: 'Product import: {file}' },
  'job.avis.import': { de: 'Avis-Import: {file}', en: 'Avis import: {file}' },
  'job.orders.import': { de: 'Bestellimport: {file}', en: 'Order import: {file}' },
  'job.invoices.export': {
    de: 'Rechnungsexport: {client}, {from} – {to}',
    en: 'Invoice export: {client}, {from} – {to}',
  },
  'job.shops.push': {
    de: {
      one: 'Versand an den Shop melden ({count})',
      other: 'Versand an den Shop melden ({count})',
    },
    en: {
      one: 'Report shipments to the shop ({count})',
      other: 'Report shipments to the shop ({count})',
    },
  },
  'job.shops.sync': { de: 'Shop-Abgleich: {shop}', en: 'Shop sync: {shop}' },

  // Why a job failed for good (JobRejected): its input can never succeed.
  'job.error.clientGone': {
    de: 'Der Mandant dieses Imports existiert nicht mehr.',
    en: 'The client of this import no longer exists.',
  },
  'job.error.supplierGone': {
    de: 'Der Lieferant dieses Imports existiert nicht mehr.',
    en: 'The supplier of this import no longer exists.',
  },
  'job.error.warehouseGone': {
    de: 'Das Lager dieses Imports existiert nicht mehr.',
    en: 'The warehouse of this import no longer exists.',
  },
  'job.error.unreadable': {
    de: 'Die Datei ließ sich nicht lesen: {reason}',
    en: 'The file could not be read: {reason}',
  },
  'job.error.uploadGone': {
    de: 'Die hochgeladene Datei ist nicht mehr da (hochgeladene Dateien bleiben 72 Stunden).',
    en: 'The uploaded file is no longer there (uploads are kept 72 hours).',
  },
  'job.error.tooManyRows': {
    de: 'Die Datei hat mehr als {max} Zeilen; bitte aufteilen.',
    en: 'The file has more than {max} rows; split it.',
  },
  'job.outcome.import': {
    de: '{created} angelegt, {updated} aktualisiert, {rejected} abgelehnt',
    en: '{created} created, {updated} updated, {rejected} rejected',
  },
  'job.outcome.export': {
    de: { one: '{count} Position exportiert', other: '{count} Positionen exportiert' },
    en: { one: '{count} position exported', other: '{count} positions exported' },
  },
  'job.outcome.push': {
    de: '{done} gemeldet, {failed} fehlgeschlagen',
    en: '{done} reported, {failed} failed',
  },
  'job.outcome.sync': {
    de: '{created} Bestellungen übernommen, {updated} aktualisiert, {failed} nicht übernehmbar',
    en: '{created} orders taken, {updated} updated, {failed} could not be taken',
  },
} as const satisfies Catalogue;
