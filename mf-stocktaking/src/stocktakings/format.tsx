import { Button, ButtonGroup, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import type { StocktakingFieldsFragment, StocktakingStatus } from '../graphql/generated';
import { format, useTranslation } from '../shared-session';

// What the three stocktaking screens show alike: numbers, dates (through Kontor's one
// formatter, docs/design.md "Words, numbers and dates"), the status tag, the scope and the
// progress of a stocktaking.

/** The back link of a stocktaking's pages (Page's `back`): to the list. */
export const backToList = (t: (key: string) => string) => ({
  to: '/stocktaking',
  label: t('stocktaking:backToList'),
});

/** A whole number in the user's language (1.234 in German). */
export const quantity = (value: number) => format.number(value);

/** A variance with its sign (+3, −2, 0). */
export const signed = (value: number) => format.signed(value);

/** A best-before day as the user writes it (30.06.2028); '' for none. */
export const day = (iso: string | null | undefined) => (iso ? format.date(iso) : '');

/** A timestamp as date and time in the installation's time zone. */
export const dateTime = (iso: string | null | undefined) => (iso ? format.dateTime(iso) : '');

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

/** The cells a line shows in the counting's and the summary's table: SKU, product, lot, MHD. */
export function LineCells({
  line,
}: {
  line: {
    lot: string;
    bestBefore?: string | null;
    found: boolean;
    product: { sku: string; name: string };
  };
}) {
  const { t } = useTranslation('stocktaking');
  return (
    <>
      <td data-label={t('stocktaking:fields.sku')} data-key-column="">
        {line.product.sku}
      </td>
      <td data-label={t('stocktaking:fields.product')}>
        {line.product.name}{' '}
        {line.found ? (
          <Tag minimal intent={Intent.WARNING}>
            {t('stocktaking:counting.found')}
          </Tag>
        ) : null}
      </td>
      <td data-label={t('stocktaking:fields.lot')}>{line.lot}</td>
      <td data-label={t('stocktaking:fields.bestBefore')}>{day(line.bestBefore)}</td>
    </>
  );
}

/** Page n of m with the previous and next buttons; nothing while there is one page. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('ui');
  if (pages <= 1) return null;
  return (
    <ButtonGroup>
      <Button
        icon="chevron-left"
        disabled={page <= 1}
        aria-label={t('ui:previous')}
        onClick={() => onPage(page - 1)}
      />
      <Button disabled text={`${page} / ${pages}`} />
      <Button
        icon="chevron-right"
        disabled={page >= pages}
        aria-label={t('ui:next')}
        onClick={() => onPage(page + 1)}
      />
    </ButtonGroup>
  );
}
