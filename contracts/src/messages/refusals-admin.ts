import type { Catalogue } from './words';

// Refusals of the administration: users, roles, sessions, clients, departments, suppliers,
// shipping, shop connections, background jobs, invoice exports, lists, uploads and imports.
export const refusalsAdmin = {
  'users.changeMorePrivileged': {
    de: 'Sie können keinen Benutzer ändern, der Berechtigungen hat, die Ihnen fehlen.',
    en: 'You cannot change a user who holds permissions you do not hold.',
  },
  'users.deleteMorePrivileged': {
    de: 'Sie können keinen Benutzer löschen, der Berechtigungen hat, die Ihnen fehlen.',
    en: 'You cannot delete a user who holds permissions you do not hold.',
  },
  'users.roleMorePrivileged': {
    de: 'Sie können keine Rolle vergeben, die Berechtigungen enthält, die Ihnen fehlen.',
    en: 'You cannot assign a role holding permissions you do not hold.',
  },
  'users.deleteSelf': {
    de: 'Sie können sich nicht selbst löschen.',
    en: 'You cannot delete yourself.',
  },
  'users.impersonateSelf': {
    de: 'Sie können sich nicht als Sie selbst anmelden.',
    en: 'You cannot log in as yourself.',
  },
  'users.notImpersonating': {
    de: 'Sie sind nicht als anderer Benutzer angemeldet.',
    en: 'You are not logged in as another user.',
  },
  'sessions.current': {
    de: 'Das ist die aktuelle Sitzung: melden Sie sich ab, um sie zu beenden.',
    en: 'This is the current session: log out to end it.',
  },
  'roles.unknownPermissions': {
    de: 'Unbekannte Berechtigungen: {permissions}.',
    en: 'Unknown permissions: {permissions}.',
  },
  'roles.grantMorePrivileged': {
    de: 'Sie können keine Berechtigungen vergeben, die Ihnen fehlen: {permissions}.',
    en: 'You cannot grant permissions you do not hold: {permissions}.',
  },
  'roles.changeMorePrivileged': {
    de: 'Sie können keine Rolle ändern, die Berechtigungen enthält, die Ihnen fehlen.',
    en: 'You cannot change a role that holds permissions you do not hold.',
  },
  'roles.deleteMorePrivileged': {
    de: 'Sie können keine Rolle löschen, die Berechtigungen enthält, die Ihnen fehlen.',
    en: 'You cannot delete a role that holds permissions you do not hold.',
  },
  'roles.assigned': {
    de: {
      one: 'Die Rolle ist einem Benutzer zugewiesen: bestätigen Sie, um sie trotzdem zu löschen.',
      other:
        'Die Rolle ist {count} Benutzern zugewiesen: bestätigen Sie, um sie trotzdem zu löschen.',
    },
    en: {
      one: 'The role is assigned to one user: confirm to delete it anyway.',
      other: 'The role is assigned to {count} users: confirm to delete it anyway.',
    },
  },
  'clients.hasDepartments': {
    de: 'Der Mandant hat noch Abteilungen: löschen Sie diese zuerst.',
    en: 'The client still has departments: delete them first.',
  },
  'suppliers.inUse': {
    de: 'Ein Avis nennt diesen Lieferanten: er kann nicht gelöscht werden.',
    en: 'An avis names this supplier: it cannot be deleted.',
  },
  'shipping.hasMethods': {
    de: 'Der Versender hat noch Versandarten: löschen Sie diese zuerst.',
    en: 'The shipper still has shipping methods: delete them first.',
  },
  'shops.connectorFixed': {
    de: 'Der Connector einer Verbindung lässt sich nicht ändern.',
    en: 'The connector of a connection cannot be changed.',
  },
  'shops.unknownConnector': {
    de: 'Es gibt keinen Shop-Connector {connector}.',
    en: 'There is no shop connector {connector}.',
  },
  'jobs.ended': {
    de: 'Der Job ist bereits beendet.',
    en: 'The job has already ended.',
  },
  'jobs.notRetryable': {
    de: 'Nur ein fehlgeschlagener oder abgebrochener Job kann erneut laufen.',
    en: 'Only a failed or cancelled job can be run again.',
  },
  'invoices.tooManyPositions': {
    de: 'Mehr als {max} Positionen: starten Sie den Export als Job.',
    en: 'More than {max} positions: start the export as a job.',
  },
  'invoices.periodOrder': {
    de: 'Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.',
    en: 'The end of the period must not be before its start.',
  },
  'lists.cursor': {
    de: 'Die Liste hat sich geändert: beginnen Sie wieder auf der ersten Seite.',
    en: 'The list has changed: start again from the first page.',
  },
  'lists.pageCap': {
    de: 'Seiten reichen bis zur Zeile {rows}: blättern Sie von der Seite davor weiter.',
    en: 'Pages reach row {rows}: read further from the page before.',
  },
  'uploads.oneFile': {
    de: 'Senden Sie eine Datei auf einmal.',
    en: 'Send one file at a time.',
  },
  'uploads.tooLarge': {
    de: 'Die Datei darf höchstens {megabytes} MB groß sein.',
    en: 'The file must not be larger than {megabytes} MB.',
  },
  'uploads.expired': {
    de: 'Die hochgeladene Datei gibt es nicht (mehr): laden Sie sie erneut hoch.',
    en: 'The uploaded file does not exist (any more): upload it again.',
  },
  'uploads.notSpreadsheet': {
    de: 'Die Datei muss eine CSV- oder XLSX-Datei sein (eine Tabelle, gespeichert als .csv oder .xlsx).',
    en: 'The file must be a CSV or XLSX file (a spreadsheet saved as .csv or .xlsx).',
  },
  'uploads.notWorkbook': {
    de: 'Die Datei heißt .xlsx, ist aber keine Excel-Arbeitsmappe.',
    en: 'The file is named .xlsx but is not an Excel workbook.',
  },
  'uploads.notText': {
    de: 'Die Datei heißt .csv, enthält aber keinen Text.',
    en: 'The file is named .csv but does not contain text.',
  },
  'uploads.empty': { de: 'Die Datei ist leer.', en: 'The file is empty.' },
} as const satisfies Catalogue;
