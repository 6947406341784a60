import type { Catalogue } from './words';

// Refusals every area shares (docs/design.md "Words, numbers and dates").
export const common = {
  'record.stale': {
    de: 'Jemand anderes hat diesen Eintrag inzwischen gespeichert. Bitte neu laden und die Änderung erneut vornehmen.',
    en: 'Someone else has saved this record in the meantime. Reload it and make your change again.',
  },
  'record.notFound': {
    de: 'Der Eintrag existiert nicht (mehr).',
    en: 'The record does not exist (any more).',
  },
  'action.forbidden': {
    de: 'Dafür fehlt Ihnen die Berechtigung.',
    en: 'You do not have the permission for this.',
  },
} as const satisfies Catalogue;
