import { Card, H5 } from '@blueprintjs/core';
import { Page, useTranslation, type PageProps } from '../shared-session';

/** The figures of SPEC.md §2's dashboard, in the order it names them. */
const FIGURES = [
  'totalOrders',
  'pending',
  'processing',
  'complete',
  'ordersToday',
  'numberOfOrders',
  'shipmentsToday',
] as const;

type Figure = (typeof FIGURES)[number];

// Orders and shipments do not exist yet: every figure is 0 until the orders issue counts them.
const NO_FIGURES_YET: Record<Figure, number> = Object.fromEntries(
  FIGURES.map((figure) => [figure, 0]),
) as Record<Figure, number>;

/** The landing page after login: order and shipment figures at a glance. */
export function DashboardPage({ route }: PageProps) {
  const { t } = useTranslation('orders');
  const figures = NO_FIGURES_YET;
  return (
    <Page title={t(route.pageTitle ?? 'orders:dashboard.title')}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
          gap: '1rem',
        }}
      >
        {FIGURES.map((figure) => {
          const label = t(`dashboard.${figure}`);
          return (
            <Card key={figure} role="group" aria-label={label}>
              <H5>{label}</H5>
              <div style={{ fontSize: '2rem', fontWeight: 600 }}>{figures[figure]}</div>
            </Card>
          );
        })}
      </div>
    </Page>
  );
}
