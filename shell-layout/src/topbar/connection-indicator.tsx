import { Icon, Intent, Tooltip } from '@blueprintjs/core';
import { connection$, useObservable, useTranslation } from '@kontor/shared-session';

/** Green while the notification server is connected, red otherwise (docs/product.md §4). */
export function ConnectionIndicator() {
  const { t } = useTranslation('shell');
  const connected = useObservable(connection$, 'disconnected') === 'connected';
  const text = t(connected ? 'topbar.connected' : 'topbar.disconnected');
  return (
    <Tooltip content={text} placement="bottom">
      <span className="kontor-connection" role="img" aria-label={text} tabIndex={0}>
        <Icon icon="feed" intent={connected ? Intent.SUCCESS : Intent.DANGER} />
      </span>
    </Tooltip>
  );
}
