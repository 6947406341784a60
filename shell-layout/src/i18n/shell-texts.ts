// The shell's own texts (namespace `shell`). Menu and page titles live in manifest.json,
// because they must show before this bundle loads; everything else is here.
import { addTranslations } from '@kontor/shared-session';

const de = {
  menu: {
    toggle: 'Menü ein- oder ausblenden',
    navigation: 'Hauptnavigation',
    login: 'Anmelden',
    logout: 'Abmelden',
  },
  topbar: {
    product: 'Kontor',
    connected: 'Connected to notification-server',
    disconnected: 'Lost connection to notification-server',
    noUnread: 'Keine neue Benachrichtigungen',
    unread: '{{n}} neue Benachrichtigungen',
    language: 'Sprache',
    darkOn: 'Dunkelmodus einschalten',
    darkOff: 'Dunkelmodus ausschalten',
    account: 'Konto ansehen und bearbeiten',
    login: 'Anmelden',
    actingAs: 'Handelt als {{name}}',
    backTo: 'Zurück zu {{name}}',
    more: 'Konto und Einstellungen',
  },
  notifications: {
    title: 'Benachrichtigungen',
    none: 'Keine Benachrichtigungen',
    markRead: 'Als gelesen markieren',
    markAllRead: 'Alle als gelesen markieren',
    read: 'Gelesen',
    unread: 'Ungelesen',
  },
  home: {
    welcome: 'Willkommen bei Kontor',
    intro: 'Kontor ist das Back-Office des Lagers: Bestellungen, Sendungen, Bestand und Inventur.',
    pleaseLogin: 'Bitte melden Sie sich an, um weiterzuarbeiten.',
    hello: 'Hallo {{name}}',
    toDashboard: 'Zum Dashboard',
    login: 'Anmelden',
  },
  login: {
    email: 'E-Mail',
    password: 'Passwort',
    remember: 'Angemeldet bleiben',
    submit: 'Anmelden',
  },
  unauthorized: {
    message: 'Für diese Seite fehlt Ihnen die Berechtigung.',
    home: 'Zur Startseite',
  },
  notFound: {
    message: 'Diese Seite gibt es nicht:',
    home: 'Zur Startseite',
  },
  account: {
    name: 'Name',
    email: 'E-Mail',
    passwordSection: 'Passwort ändern (optional)',
    currentPassword: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    confirmation: 'Neues Passwort bestätigen',
    mismatch: 'Die Passwörter stimmen nicht überein',
    saved: 'Konto erfolgreich gespeichert',
    failed: 'Konto konnte nicht gespeichert werden',
  },
  sessions: {
    title: 'Angemeldete Geräte',
    device: 'Gerät',
    address: 'Adresse',
    lastActivity: 'Letzte Aktivität',
    actions: 'Aktionen',
    thisDevice: 'Dieses Gerät',
    unknownDevice: 'Unbekanntes Gerät',
    end: 'Abmelden',
    endOthers: 'Alle anderen Geräte abmelden',
    ended: 'Sitzung beendet',
    endFailed: 'Die Sitzung konnte nicht beendet werden',
    loadFailed: 'Die Sitzungen konnten nicht geladen werden',
  },
};

type Texts = typeof de;

const en: Texts = {
  menu: {
    toggle: 'Show or hide the menu',
    navigation: 'Main navigation',
    login: 'Login',
    logout: 'Logout',
  },
  topbar: {
    product: 'Kontor',
    connected: 'Connected to notification-server',
    disconnected: 'Lost connection to notification-server',
    noUnread: 'No new notifications',
    unread: '{{n}} new notifications',
    language: 'Language',
    darkOn: 'Switch dark mode on',
    darkOff: 'Switch dark mode off',
    account: 'View and edit account',
    login: 'Login',
    actingAs: 'Acting as {{name}}',
    backTo: 'Back to {{name}}',
    more: 'Account and settings',
  },
  notifications: {
    title: 'Notifications',
    none: 'No notifications',
    markRead: 'Mark as read',
    markAllRead: 'Mark all as read',
    read: 'Read',
    unread: 'Unread',
  },
  home: {
    welcome: 'Welcome to Kontor',
    intro: "Kontor is the warehouse's back office: orders, shipments, stock and stocktaking.",
    pleaseLogin: 'Please log in to continue.',
    hello: 'Hello {{name}}',
    toDashboard: 'Go to the dashboard',
    login: 'Login',
  },
  login: {
    email: 'Email',
    password: 'Password',
    remember: 'Remember me',
    submit: 'Login',
  },
  unauthorized: {
    message: 'You do not have the permission for this page.',
    home: 'Go to the home page',
  },
  notFound: {
    message: 'This page does not exist:',
    home: 'Go to the home page',
  },
  account: {
    name: 'Name',
    email: 'Email',
    passwordSection: 'Change password (optional)',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmation: 'Confirm new password',
    mismatch: 'The passwords do not match',
    saved: 'Account saved successfully',
    failed: 'The account could not be saved',
  },
  sessions: {
    title: 'Signed-in devices',
    device: 'Device',
    address: 'Address',
    lastActivity: 'Last activity',
    actions: 'Actions',
    thisDevice: 'This device',
    unknownDevice: 'Unknown device',
    end: 'Log out',
    endOthers: 'Log out all other devices',
    ended: 'Session ended',
    endFailed: 'The session could not be ended',
    loadFailed: 'The sessions could not be loaded',
  },
};

/** Adds the shell's texts to the shared i18n instance (idempotent). */
export function addShellTexts(): void {
  addTranslations({ de: { shell: de }, en: { shell: en } });
}
