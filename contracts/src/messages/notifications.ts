import type { Catalogue } from './words';

// What a notification says (notifications.data.text): a job's end (`notification.job.<state>`,
// its title and outcome worded inside), a failing shop connection, the welcome.
export const notifications = {
  'notification.job.COMPLETED': {
    de: '{title}: fertig ({outcome}).',
    en: '{title}: done ({outcome}).',
  },
  'notification.job.done': { de: '{title}: fertig.', en: '{title}: done.' },
  'notification.job.CANCELLED': { de: '{title}: abgebrochen.', en: '{title}: cancelled.' },
  'notification.job.FAILED': {
    de: '{title}: fehlgeschlagen ({error}).',
    en: '{title}: failed ({error}).',
  },
  'notification.shopFailing': {
    de: 'Die Shop-Verbindung {shop} schlägt fehl: {error}',
    en: 'The shop connection {shop} fails: {error}',
  },
  'notification.welcome': { de: 'Willkommen bei Kontor', en: 'Welcome to Kontor' },
} as const satisfies Catalogue;
