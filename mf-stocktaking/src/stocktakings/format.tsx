import { Intent, ProgressBar, Tag } from '@blueprintjs/core';
import type { StocktakingFieldsFragment, StocktakingStatus } from '../graphql/generated';
import { i18n, useTranslation } from '../shared-session';

// What the three stocktaking screens show alike: numbers, dates, the status tag, the scope and
// the progress of a stocktaking.

const locale = () => (i18n.language === 'en' ? 'en-GB' : 'de-DE');

/** A whole number in the user's language (1.234 in German). */
export const quantity = (value: number) => value.toLocaleString(locale());

/** A variance with its sign (+3, −2, 0). */
export const signed = (value: number) => (value > 0 ? `+${quantity(value)}` : quantity(value));

/** A timestamp as date and time in the user's language. */
export const dateTime = (iso: string | null | undefined) =>
  iso
    ? new Date(iso).toLocaleString(locale(), {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone: 'Europe/Berlin', // shown in Europe/Berlin wherever the browser is (DOMAIN.md)
      })
    : '';

const STATUS_INTENT: Record<StocktakingStatus, Intent> = {
  DRAFT: Intent.NONE,
  COUNTING: Intent.PRIMARY,
  COUNTED: Intent.WARNING,
  BOOKED: Intent.SUCCESS,
  CANCELLED: Intent.DANGER,
};

/** The status as a coloured tag ('Zählung läuft'), with 'Blind' beside it for a blind count. */
export function StatusTags({ stocktaking }: { stocktaking: StocktakingFieldsFragment }) {
  const { t } = useTranslation('stocktaking');
  return (
    <span className="kontor-stocktaking-tags">
      <Tag intent={STATUS_INTENT[stocktaking.status]} minimal round>
        {t(`stocktaking:status.${stocktaking.status}`)}
      </Tag>
      {stocktaking.blind ? (
        <Tag icon="eye-off" minimal round>
          {t('stocktaking:blindTag')}
        </Tag>
      ) : null}
    </span>
  );
}

/** The scope in words: `Lager Nord › Halle 1 › Regal 3 · Mandant`. */
export function scopeText(stocktaking: StocktakingFieldsFragment): string {
  const parts = [stocktaking.warehouse.name, stocktaking.storage?.name, stocktaking.rack?.name];
  const path = parts.filter(Boolean).join(' › ');
  return stocktaking.client ? `${path} · ${stocktaking.client.name}` : path;
}

/** Places counted of all, as a bar and in words ('3 von 10 Plätzen'). */
export function Progress({ stocktaking }: { stocktaking: StocktakingFieldsFragment }) {
  const { t } = useTranslation('stocktaking');
  const { placesCounted: counted, placesTotal: total } = stocktaking;
  const text = t('stocktaking:placesOf', { counted, total });
  return (
    <div className="kontor-stocktaking-progress">
      <ProgressBar
        value={total > 0 ? counted / total : 0}
        animate={false}
        stripes={false}
        intent={total > 0 && counted === total ? Intent.SUCCESS : Intent.PRIMARY}
        aria-label={text}
      />
      <span>{text}</span>
    </div>
  );
}
