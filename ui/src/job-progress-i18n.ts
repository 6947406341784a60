import { addTranslations } from '@kontor/shared-session';

// Texts of the job progress and the upload field (namespace `ui`), German and English.
addTranslations({
  de: {
    ui: {
      job: {
        label: 'Fortschritt',
        states: {
          WAITING: 'Wartet',
          RUNNING: 'Läuft',
          COMPLETED: 'Abgeschlossen',
          FAILED: 'Fehlgeschlagen',
          CANCELLED: 'Abgebrochen',
        },
        count: '{{done, number}} von {{total, number}}',
        countOpen: '{{done, number}} erledigt',
        attempt: 'Versuch {{attempts}} von {{maxAttempts}}',
        error: 'Fehler: {{error}}',
        cancel: 'Abbrechen',
        cancelQuestion:
          'Soll dieser Job wirklich abgebrochen werden? Was schon erledigt ist, bleibt erhalten.',
        cancelled: 'Job abgebrochen',
        notFound: 'Dieser Job wurde nicht gefunden.',
        phases: { reading: 'Datei wird gelesen', importing: 'Import', exporting: 'Export' },
      },
      upload: {
        choose: 'Datei auswählen',
        drop: 'Datei hierher ziehen oder klicken, um sie auszuwählen',
        hint: '{{types}}, höchstens {{max}}',
        uploading: 'Wird hochgeladen …',
        uploaded: 'Hochgeladen',
        replace: 'Andere Datei wählen',
        tooLarge: 'Die Datei ist zu groß (höchstens {{max}}).',
      },
      rules: {
        empty: 'Die Datei ist leer',
        mimes: 'Nur CSV- oder XLSX-Dateien',
      },
    },
  },
  en: {
    ui: {
      job: {
        label: 'Progress',
        states: {
          WAITING: 'Waiting',
          RUNNING: 'Running',
          COMPLETED: 'Completed',
          FAILED: 'Failed',
          CANCELLED: 'Cancelled',
        },
        count: '{{done, number}} of {{total, number}}',
        countOpen: '{{done, number}} done',
        attempt: 'Attempt {{attempts}} of {{maxAttempts}}',
        error: 'Error: {{error}}',
        cancel: 'Cancel',
        cancelQuestion: 'Really cancel this job? What is already done stays done.',
        cancelled: 'Job cancelled',
        notFound: 'This job was not found.',
        phases: { reading: 'Reading the file', importing: 'Importing', exporting: 'Exporting' },
      },
      upload: {
        choose: 'Choose file',
        drop: 'Drop a file here or click to choose one',
        hint: '{{types}}, at most {{max}}',
        uploading: 'Uploading …',
        uploaded: 'Uploaded',
        replace: 'Choose another file',
        tooLarge: 'The file is too large (at most {{max}}).',
      },
      rules: {
        empty: 'The file is empty',
        mimes: 'Only CSV or XLSX files',
      },
    },
  },
});
