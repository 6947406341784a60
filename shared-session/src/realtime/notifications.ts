import { formatterFor, isMessageKey, wordMessage, type Message } from '@kontor/contracts';
import { BehaviorSubject, map } from 'rxjs';
import { http } from '../http/http';
import type { Notification } from '../types';
import { format } from '../format/format';

const list = new BehaviorSubject<Notification[]>([]);

/** The user's notifications, newest first. */
export const notifications$ = list.asObservable();

/** How many notifications are still unread (read_at empty). */
export const unreadCount$ = notifications$.pipe(
  map((items) => items.filter((n) => !n.read_at).length),
);

/**
 * What a notification says in `language` (e.g. 'de', 'en-GB'): its text, a catalogue message
 * (`data.text`), worded; a notification from before has its words in every language of the
 * interface (`data.messages`) or one `message`.
 */
export function notificationText(notification: Notification, language: string): string {
  const text = notification.data?.text as Message | undefined;
  if (text && typeof text.key === 'string' && isMessageKey(text.key))
    return wordMessage(
      text,
      formatterFor(language.startsWith('en') ? 'en' : 'de', format.timeZone),
    );
  const messages = notification.data?.messages as Record<string, unknown> | undefined;
  const localized = messages?.[language.slice(0, 2)];
  if (typeof localized === 'string' && localized) return localized;
  return notification.data?.message || notification.message;
}

/** Replaces the list (after the user was loaded, or cleared on logout). */
export function setNotifications(items: Notification[]): void {
  list.next(items);
}

/** Adds one that arrived live, unless it is known already. */
export function addNotification(item: Notification): void {
  if (list.value.some((n) => n.id === item.id)) return;
  list.next([item, ...list.value]);
}

/** Marks one notification read on the server and takes read_at from its answer. */
export async function markNotificationRead(id: string): Promise<void> {
  const updated = await http.patch<Notification>(
    `/spa/notifications/${encodeURIComponent(id)}/read`,
  );
  list.next(list.value.map((n) => (n.id === id ? { ...n, read_at: updated.read_at } : n)));
}

/** Marks every notification read on the server and in the list. */
export async function markAllNotificationsRead(): Promise<void> {
  await http.post('/spa/notifications/read-all');
  const now = new Date().toISOString();
  list.next(list.value.map((n) => (n.read_at ? n : { ...n, read_at: now })));
}
