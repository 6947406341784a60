// Texts every module may use (namespace `common`). docs/product.md §4, §5, §8 give the German ones.
export const common = {
  de: {
    loginSuccess: 'Login erfolgreich!',
    loginFailed: 'Login nicht erfolgreich! Zugangsdaten nicht gefunden.',
    loginAsFailed: 'Login nicht erfolgreich! Unzureichende Berechtigungen.',
    logoutSuccess: 'Logout erfolgreich!',
    required: 'Dies ist ein Pflichtfeld',
    requiredStrong: 'Dies ist ein Pflichtfeld!',
    empty: 'Keine Einträge',
    confirmationRequired: 'Bestätigung Erforderlich',
    close: 'Schliessen',
    cancel: 'Abbrechen',
    ok: 'OK',
    save: 'Speichern',
    delete: 'Löschen',
    loadingPage: 'Loading Page...',
    tooManyAttempts: 'Zu viele Anmeldeversuche. Bitte in {{seconds}} Sekunden erneut versuchen.',
    genericError: 'Etwas ist schiefgelaufen. Bitte erneut versuchen.',
    placeholder: 'Diese Seite ist noch in Arbeit und folgt in einem der nächsten Schritte.',
  },
  en: {
    loginSuccess: 'Login successful!',
    loginFailed: 'Login failed! Credentials not found.',
    loginAsFailed: 'Login failed! Insufficient permissions.',
    logoutSuccess: 'Logout successful!',
    required: 'That is a mandatory field',
    requiredStrong: 'That is a mandatory field!',
    empty: 'No data',
    confirmationRequired: 'Confirmation required',
    close: 'Close',
    cancel: 'Cancel',
    ok: 'OK',
    save: 'Save',
    delete: 'Delete',
    loadingPage: 'Loading Page...',
    tooManyAttempts: 'Too many login attempts. Please try again in {{seconds}} seconds.',
    genericError: 'Something went wrong. Please try again.',
    placeholder: 'This screen is still being built and follows in one of the next steps.',
  },
};

// The runtime's texts (namespace `runtime`): a module that failed to load or to mount, shown by
// root-config's error panel (module-guard.ts) and by a page that shows a failed boot module (a
// shop connector on the shops page).
export const runtime = {
  de: {
    moduleFailed: 'Dieser Bereich konnte nicht geladen werden.',
    moduleFailedHint: 'Die übrigen Bereiche von Kontor funktionieren weiter.',
    retry: 'Erneut versuchen',
    timedOut: '{{lifecycle}} hat länger als {{seconds}} s gedauert.',
  },
  en: {
    moduleFailed: 'This part of Kontor could not be loaded.',
    moduleFailedHint: 'The other parts of Kontor keep working.',
    retry: 'Try again',
    timedOut: '{{lifecycle}} took longer than {{seconds}} s.',
  },
};
