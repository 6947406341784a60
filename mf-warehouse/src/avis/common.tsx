import { Intent, Tag } from '@blueprintjs/core';
import type { AvisStatus } from '../graphql/generated';
import { format, useTranslation } from '../shared-session';

// What the avis screens share: the status tag, dates and numbers in the user's language, the
// paths, and searches bound to a record chosen elsewhere on the page.

export const AVIS_LIST = '/administration/avis';
export const AVIS_CREATE = '/administration/avis/create';
export const avisEditPath = (id: string | number) => `/administration/avis/${id}/edit`;
export const avisDetailsPath = (id: string | number, book = false) =>
  `/administration/avis/${id}/details${book ? '?book=1' : ''}`;
export const AVIS_IMPORT = '/import/avis';

export const STATUSES: AvisStatus[] = ['ANNOUNCED', 'PARTIALLY_BOOKED', 'BOOKED', 'CANCELLED'];

const STATUS_INTENT: Record<AvisStatus, Intent> = {
  ANNOUNCED: Intent.PRIMARY,
  PARTIALLY_BOOKED: Intent.WARNING,
  BOOKED: Intent.SUCCESS,
  CANCELLED: Intent.NONE,
};

/** An avis's status as a coloured tag with its name in the user's language. */
export function StatusTag({ status }: { status: AvisStatus }) {
  const { t } = useTranslation('warehouse');
  return (
    <Tag intent={STATUS_INTENT[status]} minimal={status === 'CANCELLED'} round>
      {t(`warehouse:avis.status.${status}`)}
    </Tag>
  );
}

/** Whether bookings can still be made on an avis in this status. */
export const bookable = (status: AvisStatus) =>
  status === 'ANNOUNCED' || status === 'PARTIALLY_BOOKED';

/** A whole number in the user's language (1.234 in German). */
export const number = (value: number) => format.number(value);

/** A difference with its sign (+3, −2, 0). */
export const signed = (value: number) => format.signed(value);

/** A calendar day (YYYY-MM-DD) as the user writes it: 24.11.2026 or 24/11/2026. */
export const day = (iso: string | null | undefined): string => (iso ? format.date(iso) : '');

/** A timestamp as date and time in the installation's time zone (docs/design.md). */
export const dateTime = (iso: string) => format.dateTime(iso);
