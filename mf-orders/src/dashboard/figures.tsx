import { Card } from '@blueprintjs/core';
import { useLayoutEffect, useState, type CSSProperties } from 'react';
import type { DashboardQuery } from '../graphql/generated';
import { can, Link, useTranslation } from '../shared-session';

type Figures = DashboardQuery['dashboard'];

/** A figure of the dashboard that is a number. */
export type FigureName = Exclude<keyof Figures, '__typename' | 'today' | 'days'>;

/** A figure and the list it links to, with the filter that shows the rows it counts. */
export interface FigureLink {
  name: FigureName;
  /** Who sees it: the permission of its list (the server answers null to everyone else). */
  permission: 'order:view' | 'picklist:view' | 'avis:view' | 'stocktaking:view';
  /** The list's URL with its filter; null: there is no list of these (shipments). */
  to: ((figures: Figures) => string) | null;
}

/** The order figures of docs/product.md §2 "The dashboard", in the order it names them. */
export const ORDER_FIGURES: readonly FigureLink[] = [
  { name: 'totalOrders', permission: 'order:view', to: () => '/orders' },
  { name: 'pending', permission: 'order:view', to: () => '/orders?status=PENDING' },
  { name: 'processing', permission: 'order:view', to: () => '/orders?status=PROCESSING' },
  { name: 'complete', permission: 'order:view', to: () => '/orders?status=COMPLETE' },
  {
    name: 'ordersToday',
    permission: 'order:view',
    to: (f) => `/orders?from=${f.today}&to=${f.today}`,
  },
  // Shipments are shown on their orders: there is no list of them to link to.
  { name: 'shipmentsToday', permission: 'order:view', to: null },
];

/** What the floor acts on (issue 31), each linking to its list with the filter set. */
export const FLOOR_FIGURES: readonly FigureLink[] = [
  { name: 'fulfillmentErrors', permission: 'order:view', to: () => '/order/error' },
  { name: 'onHold', permission: 'order:view', to: () => '/orders?status=ON_HOLD' },
  { name: 'picklistsOpen', permission: 'picklist:view', to: () => '/picklist?status=OPEN' },
  {
    name: 'picklistsInProgress',
    permission: 'picklist:view',
    to: () => '/picklist?status=IN_PROGRESS',
  },
  { name: 'avisDueToday', permission: 'avis:view', to: () => '/administration/avis?due=TODAY' },
  {
    name: 'stocktakingsRunning',
    permission: 'stocktaking:view',
    to: () => '/stocktaking?phase=RUNNING',
  },
];

/** The narrowest a figure's card gets (px), and the gap between cards (px, 1rem). */
const MIN_CARD = 160;
const GAP = 16;

/**
 * How many cards of `count` go in a row `width` px wide: as many as fit, spread evenly over
 * the rows that takes (6 where 4 fit: 3 + 3, not 4 + 2; 5 where 4 fit: 3 + 2), so that no row
 * is left with one card under a full one. Every row fills its width (the cards grow).
 */
export function cardsPerRow(count: number, width: number): number {
  if (count <= 0) return 1;
  const fit = width > 0 ? Math.max(1, Math.floor((width + GAP) / (MIN_CARD + GAP))) : count;
  const rows = Math.ceil(count / Math.min(fit, count));
  return Math.ceil(count / rows);
}

/** The width of an element before it is painted, following its resizes. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return; // (jsdom)
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * A group of figures under its heading: a card each (its name a link to its list with the
 * filter set, so the whole card opens it), the figures the viewer may not see left out (the
 * server gives them as null). Nothing when none is left.
 */
export function FigureGroup({
  title,
  figures,
  links,
  number,
}: {
  title: string;
  figures: Figures | undefined;
  links: readonly FigureLink[];
  number: (n: number) => string;
}) {
  const { t } = useTranslation('orders');
  const [holder, setHolder] = useState<HTMLElement | null>(null);
  const width = useWidth(holder);
  // Before the figures arrive, a card ("…") for each the viewer's permissions let them see;
  // afterwards those the server answered.
  const shown = links.filter((link) =>
    figures ? figures[link.name] != null : can(link.permission),
  );
  if (shown.length === 0) return null;
  const style = { '--kontor-per-row': cardsPerRow(shown.length, width) } as CSSProperties;
  return (
    <section aria-label={title} className="kontor-dashboard-group">
      <h2 className="bp6-heading kontor-dashboard-group-title">{title}</h2>
      <div ref={setHolder} className="kontor-dashboard-figures" style={style}>
        {shown.map(({ name, to }) => {
          const label = t(`dashboard.${name}`);
          const value = figures?.[name];
          return (
            <Card key={name} role="group" aria-label={label} className="kontor-dashboard-card">
              <h3 className="kontor-dashboard-label">
                {to && figures ? (
                  <Link className="kontor-dashboard-link" to={to(figures)}>
                    {label}
                  </Link>
                ) : (
                  label
                )}
              </h3>
              <div className="kontor-dashboard-figure" aria-live="polite">
                {value == null ? '…' : number(value)}
              </div>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
