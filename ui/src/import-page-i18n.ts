import { addTranslations } from '@kontor/shared-session';

// Texts every import page shares (namespace `ui`, keys ui:import.*), German and English. What
// one import says of its own (help, summary, the "good rows" mode, its list) is the page's:
// ImportPage's `texts` prefix.
addTranslations({
  de: {
    ui: {
      import: {
        file: 'Datei',
        mode: 'Bei fehlerhaften Zeilen',
        allOrNothing: 'Alles oder nichts: nichts importieren, wenn eine Zeile fehlerhaft ist',
        preview: 'Vorschau und Zuordnung der Spalten',
        previewHint:
          'Die ersten {{count}} Zeilen der Datei. Wählen Sie für jede Spalte das Feld, das sie füllt.',
        mappingFor: 'Feld für Spalte „{{header}}“',
        skip: '— nicht importieren —',
        required: 'Pflicht',
        start: 'Import starten',
        loadingPreview: 'Vorschau wird gelesen …',
        nothingWritten:
          'Es wurde nichts importiert, weil Zeilen fehlerhaft sind (Alles oder nichts).',
        report: 'Bericht',
        rejected: 'Abgelehnte Zeilen',
        rejectedFirst: 'Die ersten {{shown}} von {{total}} abgelehnten Zeilen',
        row: 'Zeile',
        sku: 'SKU',
        rows_one: '{{count}} Zeile',
        rows_other: '{{count}} Zeilen',
        problems_one: '{{count}} Fehler',
        problems_other: '{{count}} Fehler',
        column: 'Spalte',
        value: 'Wert',
        reason: 'Grund',
        download: 'Bericht als CSV herunterladen',
        another: 'Weitere Datei importieren',
      },
    },
  },
  en: {
    ui: {
      import: {
        file: 'File',
        mode: 'When rows are bad',
        allOrNothing: 'All or nothing: import nothing when any row is bad',
        preview: 'Preview and column mapping',
        previewHint: 'The first {{count}} rows of the file. Choose the field each column fills.',
        mappingFor: 'Field for column “{{header}}”',
        skip: '— do not import —',
        required: 'required',
        start: 'Start import',
        loadingPreview: 'Reading the preview …',
        nothingWritten: 'Nothing was imported because rows are bad (all or nothing).',
        report: 'Report',
        rejected: 'Rejected rows',
        rejectedFirst: 'The first {{shown}} of {{total}} rejected rows',
        row: 'Row',
        sku: 'SKU',
        rows_one: '{{count}} row',
        rows_other: '{{count}} rows',
        problems_one: '{{count}} problem',
        problems_other: '{{count}} problems',
        column: 'Column',
        value: 'Value',
        reason: 'Reason',
        download: 'Download the report as CSV',
        another: 'Import another file',
      },
    },
  },
});
