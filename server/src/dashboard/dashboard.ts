import { formatter } from '../domain/time-zone';
import type { Permission } from '@kontor/contracts';
import { avisList } from '../avis/list';
import { databaseOf, type Db } from '../db';
import { orderList } from '../orders/list';
import { picklistList } from '../picklists/picklists';
import { stocktakingList } from '../stocktaking/list';

/** One calendar day (in the installation's time zone) of the dashboard's chart. */
export interface DashboardDay {
  /** YYYY-MM-DD. */
  day: string;
  orders: number;
  shipments: number;
}

/** The figures of the landing page: orders and shipments, and the floor's open work. */
export interface DashboardFigures {
  totalOrders: number;
  pending: number;
  processing: number;
  complete: number;
  ordersToday: number;
  shipmentsToday: number;
  /** DASHBOARD_DAYS days, oldest first, today last. */
  days: DashboardDay[];
  /** Orders with a fulfillment error (the rows of /order/error). */
  fulfillmentErrors: number;
  /** Orders on hold. */
  onHold: number;
  picklistsOpen: number;
  picklistsInProgress: number;
  /** Avis still to be received whose delivery date is today (the avis list's `due` TODAY). */
  avisDueToday: number;
  /** Stocktakings counting or counted (the stocktaking list's `phase` RUNNING). */
  stocktakingsRunning: number;
}

/** The dashboard as a viewer reads it: today, and each figure, or null where they may not see its list. */
export type Dashboard = { today: string } & {
  [Figure in keyof DashboardFigures]: DashboardFigures[Figure] | null;
};

/**
 * Who may read which figure: a figure is shown to those who may open the list it links to
 * (docs/product.md §2 "The dashboard"); the chart goes with the order figures.
 */
export const FIGURE_PERMISSIONS: Readonly<Record<keyof DashboardFigures, Permission>> = {
  totalOrders: 'order:view',
  pending: 'order:view',
  processing: 'order:view',
  complete: 'order:view',
  ordersToday: 'order:view',
  shipmentsToday: 'order:view',
  days: 'order:view',
  fulfillmentErrors: 'order:view',
  onHold: 'order:view',
  picklistsOpen: 'picklist:view',
  picklistsInProgress: 'picklist:view',
  avisDueToday: 'avis:view',
  stocktakingsRunning: 'stocktaking:view',
};

/** The figures a holder of `held` may read; the others null. */
export function visibleTo(
  figures: DashboardFigures,
  held: ReadonlySet<string>,
  now: Date = new Date(),
): Dashboard {
  const visible = Object.fromEntries(
    (Object.keys(FIGURE_PERMISSIONS) as (keyof DashboardFigures)[]).map((figure) => [
      figure,
      held.has(FIGURE_PERMISSIONS[figure]) ? figures[figure] : null,
    ]),
  ) as Omit<Dashboard, 'today'>;
  return { today: installationDay(now), ...visible };
}

/** Whether a holder of `held` may read any figure (else the dashboard reads nothing). */
export const seesAnyFigure = (held: ReadonlySet<string>): boolean =>
  Object.values(FIGURE_PERMISSIONS).some((permission) => held.has(permission));

/** How many days the chart shows (today included). */
export const DASHBOARD_DAYS = 30;

/** The calendar day (YYYY-MM-DD) in the installation's time zone at the instant `at` ("today"). */
export function installationDay(at: Date): string {
  return formatter('de').dayOf(at);
}

/** The day `days` calendar days after `day` (both YYYY-MM-DD; negative goes back). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Counter rows beyond one per key read that make the dashboard fold the counters (0112). */
export const COMPACT_ABOVE = 100;

/**
 * The floor's figures, each counted by the very condition of the list filter it links to
 * (the lists' `filters` data): the figure and the rows of its list cannot drift apart. Each
 * is a range of an index over open work (orders_error_date_idx, picklists_status_idx,
 * avis_status_idx, stocktakings_status_idx): it reads the open rows, never the closed ones
 * that pile up over the years. `$2` is today.
 */
const FLOOR_COUNTS = `
     SELECT 'floor', 'fulfillmentErrors', count(*)::int, 1 FROM orders o
      WHERE ${orderList.filters!.hasError.where("'true'")}
     UNION ALL
     SELECT 'floor', CASE pl.status WHEN 'open' THEN 'picklistsOpen' ELSE 'picklistsInProgress' END,
            count(*)::int, 1
       FROM picklists pl WHERE ${picklistList.filters.status.where("'open,in_progress'")}
      GROUP BY pl.status
     UNION ALL
     SELECT 'floor', 'avisDueToday', count(*)::int, 1 FROM avis a
      WHERE ${avisList.filters!.due.where('$2')}
     UNION ALL
     SELECT 'floor', 'stocktakingsRunning', count(*)::int, 1 FROM stocktakings s
      WHERE ${stocktakingList.filters!.phase.where("'running'")}`;

/**
 * The dashboard's figures as of `now`: orders by status, orders whose order date is today,
 * shipments created today, and both per day over the last DASHBOARD_DAYS days — all days
 * being calendar days in the installation's time zone — and the floor's open work (FLOOR_COUNTS). The order
 * figures are read from the counters of migration 0112 (kept by triggers on orders and
 * shipments): a few dozen rows, whatever the number of orders; all in one statement. When
 * changes have piled up in the counters, they are folded afterwards.
 */
export async function dashboard(db: Db, now: Date = new Date()): Promise<DashboardFigures> {
  const today = installationDay(now);
  const first = addDays(today, -(DASHBOARD_DAYS - 1));
  // The ranges are written on the bare column, so the counters' day indexes serve them.
  const rows = await db.query<{
    kind: 'status' | 'order' | 'shipment' | 'floor';
    key: string;
    n: number;
    rows: number;
  }>(
    `SELECT 'status' AS kind, status AS key, sum(n)::int AS n, count(*)::int AS rows
       FROM order_status_counts GROUP BY status
     UNION ALL
     SELECT 'order', to_char(day, 'YYYY-MM-DD'), sum(n)::int, count(*)::int
       FROM order_day_counts WHERE day >= $1::date AND day <= $2::date GROUP BY day
     UNION ALL
     SELECT 'shipment', to_char(day, 'YYYY-MM-DD'), sum(n)::int, count(*)::int
       FROM shipment_day_counts WHERE day >= $1::date AND day <= $2::date GROUP BY day
     UNION ALL ${FLOOR_COUNTS}`,
    [first, today],
  );
  const statuses = new Map<string, number>();
  const orders = new Map<string, number>();
  const shipments = new Map<string, number>();
  const floor = new Map<string, number>();
  let surplus = 0;
  for (const row of rows) {
    const into = { status: statuses, order: orders, shipment: shipments, floor }[row.kind];
    into.set(row.key, row.n);
    surplus += row.rows - 1;
  }
  if (surplus > COMPACT_ABOVE) await db.query('SELECT dashboard_compact_counts()');
  const days: DashboardDay[] = [];
  for (let i = 0; i < DASHBOARD_DAYS; i += 1) {
    const day = addDays(first, i);
    days.push({ day, orders: orders.get(day) ?? 0, shipments: shipments.get(day) ?? 0 });
  }
  return {
    totalOrders: [...statuses.values()].reduce((sum, n) => sum + n, 0),
    pending: statuses.get('pending') ?? 0,
    processing: statuses.get('processing') ?? 0,
    complete: statuses.get('complete') ?? 0,
    ordersToday: orders.get(today) ?? 0,
    shipmentsToday: shipments.get(today) ?? 0,
    days,
    fulfillmentErrors: floor.get('fulfillmentErrors') ?? 0,
    onHold: statuses.get('on_hold') ?? 0,
    picklistsOpen: floor.get('picklistsOpen') ?? 0,
    picklistsInProgress: floor.get('picklistsInProgress') ?? 0,
    avisDueToday: floor.get('avisDueToday') ?? 0,
    stocktakingsRunning: floor.get('stocktakingsRunning') ?? 0,
  };
}

/** Per database: the dashboard read under way, and the one waiting for it to end. */
const flights = new WeakMap<
  object,
  { running?: Promise<DashboardFigures>; queued?: Promise<DashboardFigures> }
>();

/**
 * dashboard(), shared by the viewers asking at the same time: every viewer refetches when an
 * order changes, so they come together. A request gets a read that STARTS after it arrived
 * (never one already under way, which may predate the change the viewer was told of): while
 * a read runs, every request arriving waits for the one read queued behind it. N viewers at
 * once cost at most two reads, and no viewer sees figures older than its request. (A cache
 * kept for a second would answer the refetch of a change with the figures from before it.)
 */
export function sharedDashboard(db: Db): Promise<DashboardFigures> {
  const key = databaseOf(db);
  let flight = flights.get(key);
  if (!flight) flights.set(key, (flight = {}));
  const state = flight;
  const start = (): Promise<DashboardFigures> => {
    const read = dashboard(key).finally(() => {
      if (state.running === read) state.running = undefined;
    });
    state.running = read;
    return read;
  };
  if (state.queued) return state.queued;
  if (!state.running) return start();
  const queued = state.running
    .catch(() => undefined)
    .then(() => {
      state.queued = undefined;
      return start();
    });
  state.queued = queued;
  return queued;
}
