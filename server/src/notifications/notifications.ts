import { wordMessage, type Message } from '@kontor/contracts';
import { sql } from 'kysely';
import type { Db } from '../db';
import { kysely } from '../db/kysely';
import { formatter } from '../domain/time-zone';
import { broadcast } from '../realtime/publish';

/**
 * The payload of a notification: its text as a catalogue message (`text`, worded in the
 * reader's language) and its English wording (`message`; notifications from before have
 * only that, or `messages` per language).
 */
export interface NotificationData {
  message: string;
  text?: Message;
  [key: string]: unknown;
}

/** The types of notifications the server writes. */
export const NOTIFICATION_TYPES = ['message', 'job'] as const;

/** A notification as the API returns it. */
export interface Notification {
  id: string;
  type: string;
  message: string;
  data: NotificationData;
  read_at: Date | null;
  created_at: Date;
}

/** The type of notifications that carry only a message. */
export const MESSAGE_NOTIFICATION: (typeof NOTIFICATION_TYPES)[number] = 'message';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns of a Notification (data is stored as jsonb with at least a message). */
const COLUMNS = [
  'id',
  'type',
  sql<string>`data->>'message'`.as('message'),
  sql<NotificationData>`data`.as('data'),
  'read_at',
  'created_at',
] as const;

/** The event name Laravel gives broadcast notifications; Echo's `.notification()` listens for it. */
export const NOTIFICATION_EVENT = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';

/** The private channel of a user's notifications. */
export const userChannel = (userId: number) => `private-App.Models.User.${userId}`;

/** Options of notify(). */
export interface NotifyOptions {
  /** The notification's type (default 'message'). */
  type?: (typeof NOTIFICATION_TYPES)[number];
  /** X-Socket-Id of the request that caused it: that tab is left out of the broadcast. */
  socketId?: string | null;
}

/**
 * Stores a notification for a user and, once the transaction `db` belongs to has committed,
 * broadcasts it on `private-App.Models.User.{id}` (as Laravel's BroadcastNotificationCreated);
 * returns it. A rolled-back notification is never sent. A failed broadcast is logged: the
 * notification is stored and shows at the next page load.
 */
export async function notify(
  db: Db,
  userId: number,
  text: Message | string,
  data: Record<string, unknown> = {},
  options: NotifyOptions = {},
): Promise<Notification> {
  // A message is kept as such (the shell words it); its English wording is the fallback.
  const message = typeof text === 'string' ? text : wordMessage(text, formatter('en'));
  const row: Notification = await kysely(db)
    .insertInto('notifications')
    .values({
      user_id: userId,
      type: options.type ?? MESSAGE_NOTIFICATION,
      data: JSON.stringify({ ...data, message, ...(typeof text === 'string' ? {} : { text }) }),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  broadcast(db, {
    channels: [userChannel(userId)],
    event: NOTIFICATION_EVENT,
    data: { ...row, ...row.data, id: row.id, type: row.type, message: row.message, data: row.data },
    exceptSocketId: options.socketId,
  });
  return row;
}

/** Marks all of a user's notifications read; returns how many were unread. */
export async function markAllNotificationsRead(db: Db, userId: number): Promise<number> {
  const rows = await kysely(db)
    .updateTable('notifications')
    .set({ read_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/** A user's unread notifications, newest first. */
export async function unreadNotifications(
  db: Db,
  userId: number,
  limit = 100,
): Promise<Notification[]> {
  return kysely(db)
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Marks one of the user's notifications read (keeping the first read time) and returns it;
 * undefined when it does not exist or belongs to someone else.
 */
export async function markNotificationRead(
  db: Db,
  input: { userId: number; notificationId: string },
): Promise<Notification | undefined> {
  if (!UUID.test(input.notificationId)) return undefined;
  return kysely(db)
    .updateTable('notifications')
    .set({ read_at: sql`coalesce(read_at, now())` })
    .where('id', '=', input.notificationId)
    .where('user_id', '=', input.userId)
    .returning(COLUMNS)
    .executeTakeFirst();
}
