import { queryOne, type Db } from '../db';

/** The payload of a notification: at least the message shown to the user. */
export interface NotificationData {
  message: string;
  [key: string]: unknown;
}

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
export const MESSAGE_NOTIFICATION = 'message';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns = `id, type, data->>'message' AS message, data, read_at, created_at`;

/**
 * Stores a notification for a user and returns it. (Broadcasting it on the user's
 * private channel is added by the realtime area.)
 */
export async function notify(
  db: Db,
  userId: number,
  message: string,
  data: Record<string, unknown> = {},
  type = MESSAGE_NOTIFICATION,
): Promise<Notification> {
  const row = await queryOne<Notification>(
    db,
    `INSERT INTO notifications (user_id, type, data) VALUES ($1, $2, $3::jsonb) RETURNING ${columns}`,
    [userId, type, JSON.stringify({ ...data, message })],
  );
  return row!;
}

/** A user's unread notifications, newest first. */
export async function unreadNotifications(
  db: Db,
  userId: number,
  limit = 100,
): Promise<Notification[]> {
  return db.query<Notification>(
    `SELECT ${columns} FROM notifications WHERE user_id = $1 AND read_at IS NULL
     ORDER BY created_at DESC, id LIMIT $2`,
    [userId, limit],
  );
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
  return queryOne<Notification>(
    db,
    `UPDATE notifications SET read_at = COALESCE(read_at, now())
     WHERE id = $1 AND user_id = $2 RETURNING ${columns}`,
    [input.notificationId, input.userId],
  );
}
