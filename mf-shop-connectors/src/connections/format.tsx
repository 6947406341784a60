import { Tag, Intent } from '@blueprintjs/core';
import type { ShopConnectionStatus } from '../graphql/generated';
import { i18n, useTranslation } from '../shared-session';

// How the shop screens show times, a lag and a connection's status (times in Germany's time,
// docs/domain.md "Numbers and formats").

const locale = () => (i18n.language === 'en' ? 'en-GB' : 'de-DE');

/** A timestamp as date and time in Germany's time (with seconds: a request log needs them). */
export const dateTime = (iso: string, seconds = false) =>
  new Date(iso).toLocaleString(locale(), {
    dateStyle: 'short',
    timeStyle: seconds ? 'medium' : 'short',
    timeZone: 'Europe/Berlin',
  });

/** A number in the user's language. */
export const count = (value: number) => value.toLocaleString(locale());

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
