import { Intent, ProgressBar, Tag } from '@blueprintjs/core';
import type { PicklistStatus } from '../graphql/generated';
import { useTranslation } from '../shared-session';

// What the picklist list and a picklist's page both show.

export const PICKLIST_STATUSES: PicklistStatus[] = ['OPEN', 'IN_PROGRESS', 'DONE', 'CANCELLED'];

const INTENT: Record<PicklistStatus, Intent> = {
  OPEN: Intent.PRIMARY,
  IN_PROGRESS: Intent.WARNING,
  DONE: Intent.SUCCESS,
  CANCELLED: Intent.DANGER,
};

/** A picklist's status as a coloured tag. */
export function PicklistStatusTag({ status }: { status: PicklistStatus }) {
  const { t } = useTranslation('orders');
  return (
    <Tag intent={INTENT[status]} minimal round>
      {t(`orders:picklist.status.${status}`)}
    </Tag>
  );
}

/** Lines picked of all, as a bar and as figures. */
export function PickProgress({ picked, total }: { picked: number; total: number }) {
  const { t } = useTranslation('orders');
  return (
    <span className="kontor-pick-progress">
      <ProgressBar
        aria-label={t('orders:picklist.fields.progress')}
        aria-valuetext={`${picked} / ${total}`}
        value={total === 0 ? 0 : picked / total}
        intent={picked === total && total > 0 ? Intent.SUCCESS : Intent.PRIMARY}
        animate={false}
        stripes={false}
      />
      <span className="kontor-nowrap">
        {picked} / {total}
      </span>
    </span>
  );
}

export const picklistPath = (id: string | number) => `/picklist?id=${id}`;
