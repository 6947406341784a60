import { addTranslations } from '@kontor/shared-session';

// The scanner-screen kit's own words (namespace `ui`, under `scan`), German and English.
addTranslations({
  de: {
    ui: {
      scan: {
        steps: 'Schritte',
        step: 'Schritt {{n}} von {{of}}',
        next: 'Als Nächstes',
        keys: 'Tastatur',
        actions: 'Aktionen',
        danger: 'Weitere Aktionen',
        confirmed: 'bestätigt',
        wrong: 'falsch',
      },
    },
  },
  en: {
    ui: {
      scan: {
        steps: 'Steps',
        step: 'Step {{n}} of {{of}}',
        next: 'Next',
        keys: 'Keyboard',
        actions: 'Actions',
        danger: 'More actions',
        confirmed: 'confirmed',
        wrong: 'wrong',
      },
    },
  },
});
