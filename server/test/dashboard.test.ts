import { berlinDay, dashboard } from '../src/dashboard/dashboard';
import { startTestApp, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith } from './graphql-support';
import { newClient } from './stock-support';

// The dashboard (issue 14): its figures against a fixture counted by hand, days being
// calendar days in Europe/Berlin (docs/domain.md "Today"), and who may read them.

let t: TestApp;
let clientId: number;
beforeAll(async () => {
  t = await startTestApp();
  clientId = await newClient(t.db, 'Dashboard GmbH');
});
afterAll(() => t.close());

let unique = 0;
/** An order straight into the table of migration 0110 (the figures read nothing else). */
async function order(orderDate: string, status: string): Promise<number> {
  unique += 1;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO orders (client_id, number, order_date, status, held_from_status)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [clientId, `D-${unique}`, orderDate, status, status === 'on_hold' ? 'pending' : null],
  );
  return row!.id;
}

async function shipment(orderId: number, createdAt: string): Promise<void> {
  await t.db.query('INSERT INTO shipments (order_id, created_at) VALUES ($1, $2)', [
    orderId,
    createdAt,
  ]);
}

const DASHBOARD = `{ dashboard { totalOrders pending processing complete ordersToday shipmentsToday
  days { day orders shipments } } }`;

describe('the figures against a fixture counted by hand', () => {
  // 22:30 UTC on the day Berlin moved to summer time is 00:30 on 30 March in Berlin: today is
  // the 30th, the chart runs from 1 March to 30 March.
  const now = new Date('2026-03-29T22:30:00Z');

  beforeAll(async () => {
    await t.db.query('DELETE FROM shipments');
    await t.db.query('DELETE FROM orders');
    const today1 = await order('2026-03-30', 'pending');
    await order('2026-03-30', 'pending');
    await order('2026-03-30', 'on_hold');
    await order('2026-03-31', 'pending'); // a future order date: counted, but on no day
    await order('2026-03-29', 'processing');
    await order('2026-03-01', 'processing'); // the chart's first day
    await order('2026-02-28', 'complete'); // the day before the chart
    await order('2026-03-15', 'complete');
    await order('2026-03-15', 'cancelled');
    await shipment(today1, '2026-03-29T22:10:00Z'); // 00:10 on the 30th in Berlin: today
    await shipment(today1, '2026-03-29T21:50:00Z'); // 23:50 on the 29th in Berlin
    await shipment(today1, '2026-03-01T00:30:00Z'); // 01:30 on 1 March
    await shipment(today1, '2026-02-28T23:30:00Z'); // 00:30 on 1 March in Berlin (UTC: 28 Feb)
    await shipment(today1, '2026-02-28T22:59:00Z'); // 23:59 on 28 February: before the chart
  });

  test('counts every order, the open, processing and complete ones, and today’s orders and shipments', async () => {
    const figures = await dashboard(t.db, now);
    expect({ ...figures, days: undefined }).toEqual({
      totalOrders: 9,
      pending: 3,
      processing: 2,
      complete: 2,
      ordersToday: 3,
      shipmentsToday: 1,
      days: undefined,
    });
  });

  test('the chart has the 30 Berlin days up to today, with orders by order date and shipments by the hour they were made', async () => {
    const { days } = await dashboard(t.db, now);
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe('2026-03-01');
    expect(days[29]!.day).toBe('2026-03-30');
    const busy = days.filter((d) => d.orders > 0 || d.shipments > 0);
    expect(busy).toEqual([
      { day: '2026-03-01', orders: 1, shipments: 2 },
      { day: '2026-03-15', orders: 2, shipments: 0 },
      { day: '2026-03-29', orders: 1, shipments: 1 },
      { day: '2026-03-30', orders: 3, shipments: 1 },
    ]);
    // Every day in between is there, one after the other.
    for (let i = 1; i < days.length; i += 1)
      expect(Date.parse(days[i]!.day) - Date.parse(days[i - 1]!.day)).toBe(86_400_000);
  });

  test('an hour earlier it is still the 29th in Berlin', async () => {
    const before = await dashboard(t.db, new Date('2026-03-29T21:55:00Z'));
    expect(before.ordersToday).toBe(1);
    expect(before.shipmentsToday).toBe(1);
    expect(before.days[0]!.day).toBe('2026-02-28');
    expect(before.days[29]).toEqual({ day: '2026-03-29', orders: 1, shipments: 1 });
    expect(before.days[0]).toEqual({ day: '2026-02-28', orders: 1, shipments: 1 });
  });
});

describe('over GraphQL', () => {
  test('a holder of order:view reads the figures of today in Berlin', async () => {
    await t.db.query('DELETE FROM shipments');
    await t.db.query('DELETE FROM orders');
    const today = berlinDay(new Date());
    const id = await order(today, 'processing');
    await shipment(id, new Date().toISOString());
    const viewer = await staffWith(t, ['order:view']);
    const answer = await graphql(viewer.browser, DASHBOARD);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.dashboard).toMatchObject({
      totalOrders: 1,
      pending: 0,
      processing: 1,
      complete: 0,
      ordersToday: 1,
      shipmentsToday: 1,
    });
    expect(answer.data!.dashboard.days.at(-1)).toEqual({ day: today, orders: 1, shipments: 1 });
    const boss = await admin(t.app);
    expect((await graphql(boss, DASHBOARD)).data!.dashboard.totalOrders).toBe(1);
  });

  test('without order:view the dashboard answers FORBIDDEN and no figure', async () => {
    const packer = await staffWith(t, ['stock:view', 'product:view']);
    const answer = await graphql(packer.browser, DASHBOARD);
    expect(codeOf(answer)).toBe('FORBIDDEN');
    expect(answer.data).toBeNull();
  });
});
