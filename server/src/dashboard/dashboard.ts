import { databaseOf, type Db } from '../db';

/** One calendar day (Europe/Berlin) of the dashboard's chart. */
export interface DashboardDay {
  /** YYYY-MM-DD. */
  day: string;
  orders: number;
  shipments: number;
}

/** The order and shipment figures of the landing page. */
export interface Dashboard {
  totalOrders: number;
  pending: number;
  processing: number;
  complete: number;
  ordersToday: number;
  shipmentsToday: number;
  /** DASHBOARD_DAYS days, oldest first, today last. */
  days: DashboardDay[];
}

/** How many days the chart shows (today included). */
export const DASHBOARD_DAYS = 30;

/** The warehouse's time zone: "today" is the calendar day there (docs/domain.md). */
export const WAREHOUSE_TIME_ZONE = 'Europe/Berlin';

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: WAREHOUSE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) in Europe/Berlin at the instant `at`. */
export function berlinDay(at: Date): string {
  return berlinDate.format(at);
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
 * The dashboard's figures as of `now`: orders by status, orders whose order date is today,
 * shipments created today, and both per day over the last DASHBOARD_DAYS days — all days
 * being calendar days in Europe/Berlin. Read from the counters of migration 0112 (kept by
 * triggers on orders and shipments) in one statement: a few dozen rows, whatever the number
 * of orders. When changes have piled up in the counters, they are folded afterwards.
 */
export async function dashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  const today = berlinDay(now);
  const first = addDays(today, -(DASHBOARD_DAYS - 1));
  // The ranges are written on the bare column, so the counters' day indexes serve them.
  const rows = await db.query<{
    kind: 'status' | 'order' | 'shipment';
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
       FROM shipment_day_counts WHERE day >= $1::date AND day <= $2::date GROUP BY day`,
    [first, today],
  );
  const statuses = new Map<string, number>();
  const orders = new Map<string, number>();
  const shipments = new Map<string, number>();
  let surplus = 0;
  for (const row of rows) {
    (row.kind === 'status' ? statuses : row.kind === 'order' ? orders : shipments).set(
      row.key,
      row.n,
    );
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
  };
}

/** Per database: the dashboard read under way, and the one waiting for it to end. */
const flights = new WeakMap<
  object,
  { running?: Promise<Dashboard>; queued?: Promise<Dashboard> }
>();

/**
 * dashboard(), shared by the viewers asking at the same time: every viewer refetches when an
 * order changes, so they come together. A request gets a read that STARTS after it arrived
 * (never one already under way, which may predate the change the viewer was told of): while
 * a read runs, every request arriving waits for the one read queued behind it. N viewers at
 * once cost at most two reads, and no viewer sees figures older than its request. (A cache
 * kept for a second would answer the refetch of a change with the figures from before it.)
 */
export function sharedDashboard(db: Db): Promise<Dashboard> {
  const key = databaseOf(db);
  let flight = flights.get(key);
  if (!flight) flights.set(key, (flight = {}));
  const state = flight;
  const start = (): Promise<Dashboard> => {
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
