import { Tag, Intent } from '@blueprintjs/core';
import type { ShopConnectionStatus } from '../graphql/generated';
import { format, i18n, useTranslation } from '../shared-session';

// How the shop screens show times, a lag and a connection's status: times and numbers through
// Kontor's one formatter (docs/design.md "Words, numbers and dates"), to the minute, in the
// installation's time zone.

/** A timestamp as date and time in the installation's time zone. */
export const dateTime = (iso: string) => format.dateTime(iso);

/** A number in the user's language. */
export const count = (value: number) => format.number(value);

/** Seconds in the largest unit that fits, with the texts of `kind`: ago ('vor 2 min') or duration ('2 min'). */
function inWords(seconds: number, kind: 'ago' | 'duration'): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return i18n.t(`shops:${kind}.seconds`, { count: s });
  if (s < 3600) return i18n.t(`shops:${kind}.minutes`, { count: Math.floor(s / 60) });
  if (s < 86_400) return i18n.t(`shops:${kind}.hours`, { count: Math.floor(s / 3600) });
  return i18n.t(`shops:${kind}.days`, { count: Math.floor(s / 86_400) });
}

/** How long ago, in words a person reads at a glance: 'vor 2 min', 'vor 3 h', 'vor 2 Tagen'. */
export const ago = (seconds: number) => inWords(seconds, 'ago');

/** A moment as 'vor 2 min', or '—' when there was none yet. */
export function since(iso: string | null | undefined, now = Date.now()): string {
  return iso ? ago((now - new Date(iso).getTime()) / 1000) : '—';
}

/** A moment as 'vor 2 min' with the date and time as its tooltip; '—' when none. */
export function Since({ at }: { at: string | null | undefined }) {
  return at ? (
    <time title={dateTime(at)} dateTime={at}>
      {since(at)}
    </time>
  ) : (
    <>—</>
  );
}

/** The lag (how far the stored orders are behind the shop): '2 min', '—' before the first sync. */
export function lag(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined ? '—' : inWords(seconds, 'duration');
}

const STATUS_INTENT: Record<ShopConnectionStatus, Intent> = {
  ACTIVE: Intent.SUCCESS,
  PAUSED: Intent.NONE,
  FAILING: Intent.DANGER,
};

/** Aktiv / Pausiert / Fehlerhaft as a coloured tag. */
export function StatusTag({ status }: { status: ShopConnectionStatus }) {
  const { t } = useTranslation('shops');
  return (
    <Tag intent={STATUS_INTENT[status]} minimal={status === 'PAUSED'} round>
      {t(`shops:status.${status}`)}
    </Tag>
  );
}
