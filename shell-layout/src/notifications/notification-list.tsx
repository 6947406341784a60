import { Button, Icon, NonIdealState } from '@blueprintjs/core';
import {
  Link,
  markAllNotificationsRead,
  markNotificationRead,
  notificationText,
  notifications$,
  useObservable,
  useTranslation,
  type Notification,
} from '@kontor/shared-session';
import { OpenEnvelopeIcon } from './open-envelope-icon';

/** Where a notification leads (a job's report: `data.link`), when it is a page of Kontor. */
function linkOf(notification: Notification): string | null {
  const link = notification.data?.link;
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : null;
}

function NotificationRow({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation('shell');
  const read = Boolean(notification.read_at);
  const link = linkOf(notification);
  const message = notificationText(notification, i18n.language);
  return (
    <li
      className={
        read
          ? 'kontor-notification kontor-notification--read'
          : 'kontor-notification kontor-notification--unread'
      }
    >
      <span title={t(read ? 'notifications.read' : 'notifications.unread')}>
        {read ? <OpenEnvelopeIcon /> : <Icon icon="envelope" />}
      </span>
      <span className="kontor-notification-message">
        {link ? <Link to={link}>{message}</Link> : message}
      </span>
      {read ? null : (
        <Button
          variant="minimal"
          size="small"
          icon="tick"
          aria-label={t('notifications.markRead')}
          title={t('notifications.markRead')}
          onClick={() => void markNotificationRead(notification.id).catch(() => undefined)}
        />
      )}
    </li>
  );
}

/** The user's notifications, newest first, read and unread styled apart; all can be marked read at once. */
export function NotificationList() {
  const { t } = useTranslation('shell');
  const notifications = useObservable(notifications$, []);
  if (notifications.length === 0) {
    return (
      <NonIdealState
        className="kontor-notifications-empty"
        icon="notifications"
        title={t('notifications.none')}
      />
    );
  }
  const anyUnread = notifications.some((notification) => !notification.read_at);
  return (
    <div className="kontor-notifications-panel">
      {anyUnread ? (
        <Button
          className="kontor-notifications-read-all"
          variant="minimal"
          size="small"
          icon="tick"
          text={t('notifications.markAllRead')}
          onClick={() => void markAllNotificationsRead().catch(() => undefined)}
        />
      ) : null}
      <ul className="kontor-notifications" aria-label={t('notifications.title')}>
        {notifications.map((notification) => (
          <NotificationRow key={notification.id} notification={notification} />
        ))}
      </ul>
    </div>
  );
}
