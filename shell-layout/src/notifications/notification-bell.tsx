import { Button, PopoverNext, Tag, Tooltip } from '@blueprintjs/core';
import { unreadCount$, useObservable, useTranslation } from '@kontor/shared-session';
import { NotificationList } from './notification-list';

/** The bell with the unread count; opens the notification list (docs/product.md §4). */
export function NotificationBell() {
  const { t } = useTranslation('shell');
  const unread = useObservable(unreadCount$, 0);
  const text = unread === 0 ? t('topbar.noUnread') : t('topbar.unread', { n: unread });
  return (
    <PopoverNext
      content={<NotificationList />}
      placement="bottom-end"
      popoverClassName="kontor-notifications-popover"
    >
      <Tooltip content={text} placement="bottom">
        <Button variant="minimal" icon="notifications" aria-label={text}>
          {unread > 0 ? (
            <Tag round intent="danger" className="kontor-unread-count">
              {unread}
            </Tag>
          ) : null}
        </Button>
      </Tooltip>
    </PopoverNext>
  );
}
