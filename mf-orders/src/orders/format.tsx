import { Tag, type Intent } from '@blueprintjs/core';
import type { OrderStatus } from '../graphql/generated';
import { format, useTranslation } from '../shared-session';

// How the order screens show money, dates and a status: each value through Kontor's one
// formatter (docs/design.md "Words, numbers and dates"), in the user's language and the
// installation's time zone.

/** EUR in the user's language (`1.234,50 €`; `€1,234.50` in English). */
export const euro = (value: number) => format.money(value);

/** A number in the user's language. */
export const count = (value: number) => format.number(value);

/** A YYYY-MM-DD day as the user writes it (24.11.2026). */
export const day = (iso: string) => format.date(iso.slice(0, 10));

/** A timestamp as date and time in the installation's time zone. */
export const dateTime = (iso: string) => format.dateTime(iso);

/** YYYY-MM-DD of the day `days` ago in the installation's time zone (where the server counts days). */
export const dayAgo = (days: number): string =>
  format.dayOf(new Date(Date.now() - days * 86_400_000));

/** An amount as a form shows it: `12,50` in German, `12.50` in English (no grouping). */
export const formatPrice = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : format.csvNumber(value, 2);

/** A typed amount (`12,50`, `1.234,50`, `12.5`), or null when it is none. */
export function parsePrice(text: string): number | null {
  let value = text.trim().replace(/\s|€/g, '');
  if (!value) return null;
  // The last of `,` and `.` is the decimal mark; the other groups thousands.
  const mark = Math.max(value.lastIndexOf(','), value.lastIndexOf('.'));
  if (mark >= 0 && value.length - mark - 1 <= 2)
    value = value.slice(0, mark).replace(/[.,]/g, '') + '.' + value.slice(mark + 1);
  else value = value.replace(/[.,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Number(value);
}

export const STATUSES: OrderStatus[] = [
  'PENDING',
  'PROCESSING',
  'COMPLETE',
  'ON_HOLD',
  'CANCELLED',
];

const INTENT: Record<OrderStatus, Intent> = {
  PENDING: 'primary',
  PROCESSING: 'warning',
  COMPLETE: 'success',
  ON_HOLD: 'none',
  CANCELLED: 'danger',
};

/** An order's status as a coloured tag. */
export function StatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Tag
      intent={INTENT[status]}
      minimal={status !== 'ON_HOLD'}
      round
      icon={status === 'ON_HOLD' ? 'pause' : undefined}
    >
      {t(`orders:order.status.${status}`)}
    </Tag>
  );
}

/** The order's edit (and details) page. */
export const orderPath = (id: string | number) => `/order/${id}/edit`;
