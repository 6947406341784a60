import { notificationText } from '../src';
import type { Notification } from '../src/types';

// A notification in the reader's language (issue 31): its text is a catalogue message the
// server stored (`data.text`); one from before keeps its words per language or its message.

const notification = (data: Record<string, unknown>): Notification =>
  ({
    id: '1',
    type: 'job',
    message: 'English fallback.',
    data: { message: 'English fallback.', ...data },
    read_at: null,
    created_at: '2026-11-28T05:40:00Z',
  }) as unknown as Notification;

test("a job's end: its title and outcome worded inside, in German and English", () => {
  const ended = notification({
    text: {
      key: 'notification.job.COMPLETED',
      params: {
        title: {
          term: 'job.invoices.export',
          params: {
            client: 'Muster GmbH',
            from: { date: '2026-11-01' },
            to: { date: '2026-11-30' },
          },
        },
        outcome: { term: 'job.outcome.export', params: { count: 1 } },
      },
    },
  });
  expect(notificationText(ended, 'de')).toBe(
    'Rechnungsexport: Muster GmbH, 01.11.2026 – 30.11.2026: fertig (1 Position exportiert).',
  );
  expect(notificationText(ended, 'en-GB')).toBe(
    'Invoice export: Muster GmbH, 01/11/2026 – 30/11/2026: done (1 position exported).',
  );
});

test('a notification from before: its words per language, else its message', () => {
  const old = notification({ messages: { de: 'Auf Deutsch.', en: 'In English.' } });
  expect(notificationText(old, 'de')).toBe('Auf Deutsch.');
  expect(notificationText(notification({}), 'de')).toBe('English fallback.');
  // An unknown key (a text removed since): the words kept with it.
  expect(notificationText(notification({ text: { key: 'gone.key' } }), 'de')).toBe(
    'English fallback.',
  );
});
