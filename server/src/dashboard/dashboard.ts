import type { Db } from '../db';

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

/** The warehouse's time zone: "today" is the calendar day there (DOMAIN.md). */
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

/**
 * Counts the dashboard's figures as of `now`: orders by status, orders whose order date is
 * today, shipments created today, and both per day over the last DASHBOARD_DAYS days — all
 * days being calendar days in Europe/Berlin. Three index-backed statements.
 */
export async function dashboard(db: Db, now: Date = new Date()): Promise<Dashboard> {
  const today = berlinDay(now);
  const first = addDays(today, -(DASHBOARD_DAYS - 1));
  const [counts] = await db.query<{
    total: number;
    pending: number;
    processing: number;
    complete: number;
  }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status = 'pending')::int AS pending,
            count(*) FILTER (WHERE status = 'processing')::int AS processing,
            count(*) FILTER (WHERE status = 'complete')::int AS complete
       FROM orders`,
  );
  // The range is written on the bare column, so the order-date and created_at indexes serve it.
  const orderDays = await db.query<{ day: string; n: number }>(
    `SELECT to_char(order_date, 'YYYY-MM-DD') AS day, count(*)::int AS n
       FROM orders
      WHERE order_date >= $1::date AND order_date <= $2::date
      GROUP BY order_date`,
    [first, today],
  );
  const shipmentDays = await db.query<{ day: string; n: number }>(
    `SELECT to_char((created_at AT TIME ZONE '${WAREHOUSE_TIME_ZONE}')::date, 'YYYY-MM-DD') AS day,
            count(*)::int AS n
       FROM shipments
      WHERE created_at >= ($1::date::timestamp AT TIME ZONE '${WAREHOUSE_TIME_ZONE}')
        AND created_at < (($2::date + 1)::timestamp AT TIME ZONE '${WAREHOUSE_TIME_ZONE}')
      GROUP BY 1`,
    [first, today],
  );
  const orders = new Map(orderDays.map((row) => [row.day, row.n]));
  const shipments = new Map(shipmentDays.map((row) => [row.day, row.n]));
  const days: DashboardDay[] = [];
  for (let i = 0; i < DASHBOARD_DAYS; i += 1) {
    const day = addDays(first, i);
    days.push({ day, orders: orders.get(day) ?? 0, shipments: shipments.get(day) ?? 0 });
  }
  return {
    totalOrders: counts?.total ?? 0,
    pending: counts?.pending ?? 0,
    processing: counts?.processing ?? 0,
    complete: counts?.complete ?? 0,
    ordersToday: orders.get(today) ?? 0,
    shipmentsToday: shipments.get(today) ?? 0,
    days,
  };
}
