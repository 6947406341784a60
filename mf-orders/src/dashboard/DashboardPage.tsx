import { Callout, Card, H5, HTMLTable } from '@blueprintjs/core';
import { useEffect } from 'react';
import { DashboardDocument, type DashboardQuery } from '../graphql/generated';
import {
  can,
  Page,
  recordChanges$,
  useQuery,
  useSession,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { DaysChart } from './chart';
import './dashboard.css';

/** The figures of docs/product.md §2's dashboard, in the order it names them ("number of orders" is the chart's). */
const FIGURES = [
  'totalOrders',
  'pending',
  'processing',
  'complete',
  'ordersToday',
  'shipmentsToday',
] as const;

/** Record types whose changes move the figures (orders; shipments from issue 15 on). */
const COUNTED_TYPES = new Set(['Order', 'Shipment']);

/** Refetches at most this often while changes keep coming (an import creates hundreds). */
const REFETCH_GAP_MS = 1000;

/**
 * The landing page after login for everyone: order and shipment figures and a 30-day chart for
 * holders of order:view (the server checks it too), a greeting for everyone else. The figures
 * follow every order change anywhere (RecordChanged), without a reload.
 */
export function DashboardPage({ route }: PageProps) {
  const { t } = useTranslation('orders');
  useSession(); // re-render when permissions arrive or change (login-as)
  const title = t(route.pageTitle ?? 'orders:dashboard.title');
  return (
    <Page title={title}>
      {can('order:view') ? (
        <Figures />
      ) : (
        <Callout intent="primary" icon="info-sign">
          {t('dashboard.noFigures')}
        </Callout>
      )}
    </Page>
  );
}

/** The figures and the chart, refetched when orders or shipments change anywhere. */
function Figures() {
  const { t, i18n } = useTranslation('orders');
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
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      {error && !figures && (
        <Callout intent="danger" role="alert">
          {t('dashboard.failed')}
        </Callout>
      )}
      <section aria-label={t('dashboard.figures')} className="kontor-dashboard-figures">
        {FIGURES.map((figure) => {
          const label = t(`dashboard.${figure}`);
          return (
            <Card key={figure} role="group" aria-label={label}>
              <H5>{label}</H5>
              <div className="kontor-dashboard-figure" aria-live="polite">
                {figures ? number.format(figures[figure]) : '…'}
              </div>
            </Card>
          );
        })}
      </section>
      {figures && <DaysCard days={figures.days} />}
    </>
  );
}

/** The chart, and the same figures as a table for screen readers. */
function DaysCard({ days }: { days: DashboardQuery['dashboard']['days'] }) {
  const { t, i18n } = useTranslation('orders');
  const title = t('dashboard.chartTitle');
  const dayFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  return (
    <Card className="kontor-dashboard-days">
      <H5>{title}</H5>
      <DaysChart
        days={days}
        ordersLabel={t('dashboard.numberOfOrders')}
        shipmentsLabel={t('dashboard.shipments')}
        label={title}
        language={i18n.language}
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
              <th scope="row">{dayFormat.format(new Date(`${d.day}T00:00:00Z`))}</th>
              <td data-label={t('dashboard.numberOfOrders')}>{d.orders}</td>
              <td data-label={t('dashboard.shipments')}>{d.shipments}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
