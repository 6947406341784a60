import { Callout, Card, HTMLTable } from '@blueprintjs/core';
import { useEffect } from 'react';
import { DashboardDocument, type DashboardQuery } from '../graphql/generated';
import {
  can,
  Page,
  recordChanges$,
  useFormat,
  useQuery,
  useSession,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { DaysChart } from './chart';
import { FigureGroup, FLOOR_FIGURES, ORDER_FIGURES } from './figures';
import './dashboard.css';

/**
 * Record types whose changes move the figures: orders (their status and fulfillment errors),
 * shipments, picklists, avis and stocktakings. Each viewer hears only the types they may view
 * (private-records.<entity>), the ones of the figures they see.
 */
const COUNTED_TYPES = new Set(['Order', 'Shipment', 'Picklist', 'Avis', 'Stocktaking']);

/** Refetches at most this often while changes keep coming (an import creates hundreds). */
const REFETCH_GAP_MS = 1000;

/**
 * The landing page after login for everyone: the figures each viewer may see (each one a link
 * to its list with the filter set; the server checks who may read which), the 30-day chart
 * with the order figures, a greeting for those who may see none. The figures follow every
 * change anywhere (RecordChanged), without a reload.
 */
export function DashboardPage({ route }: PageProps) {
  const { t } = useTranslation('orders');
  useSession(); // re-render when permissions arrive or change (login-as)
  const title = t(route.pageTitle ?? 'orders:dashboard.title');
  const seesAny = [...ORDER_FIGURES, ...FLOOR_FIGURES].some((f) => can(f.permission));
  return (
    <Page title={title}>
      {seesAny ? (
        <Figures />
      ) : (
        <Callout intent="primary" icon="info-sign">
          {t('dashboard.noFigures')}
        </Callout>
      )}
    </Page>
  );
}

/** The figures and the chart, refetched when the records they count change anywhere. */
function Figures() {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const { data, error, refetch } = useQuery(DashboardDocument);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const subscription = recordChanges$.subscribe((change) => {
      if (!COUNTED_TYPES.has(change.typename) || timer) return;
      const wait = Math.max(0, last + REFETCH_GAP_MS - Date.now());
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        void refetch().catch(() => undefined);
      }, wait);
    });
    return () => {
      subscription.unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [refetch]);

  const figures = data?.dashboard;
  const number = (n: number) => format.number(n);
  return (
    <>
      {error && !figures && (
        <Callout intent="danger" role="alert">
          {t('dashboard.failed')}
        </Callout>
      )}
      <FigureGroup
        title={t('dashboard.floor')}
        figures={figures}
        links={FLOOR_FIGURES}
        number={number}
      />
      <FigureGroup
        title={t('dashboard.orders')}
        figures={figures}
        links={ORDER_FIGURES}
        number={number}
      />
      {figures?.days && <DaysCard days={figures.days} />}
    </>
  );
}

/** The chart, and the same figures as a table for screen readers. */
function DaysCard({ days }: { days: NonNullable<DashboardQuery['dashboard']['days']> }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const title = t('dashboard.chartTitle');
  return (
    <Card className="kontor-dashboard-days">
      <h2 className="bp6-heading kontor-dashboard-group-title">{title}</h2>
      <DaysChart
        days={days}
        dayLabel={t('dashboard.day')}
        ordersLabel={t('dashboard.numberOfOrders')}
        shipmentsLabel={t('dashboard.shipments')}
        label={title}
        format={format}
      />
      <HTMLTable className="kontor-visually-hidden" aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.day')}</th>
            <th scope="col">{t('dashboard.numberOfOrders')}</th>
            <th scope="col">{t('dashboard.shipments')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{format.date(d.day)}</th>
              <td data-label={t('dashboard.numberOfOrders')}>{format.number(d.orders)}</td>
              <td data-label={t('dashboard.shipments')}>{format.number(d.shipments)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
