import { installationDay, dashboard } from '../src/dashboard/dashboard';
import { Browser, startTestApp, type TestApp } from './helpers';
import { admin, codeOf, graphql, staffWith } from './graphql-support';
import { newSupplier } from './avis-support';
import { newClient, warehouseWithPlaces } from './stock-support';

// The dashboard (issues 14 and 31): its figures against a fixture counted by hand, days being
// calendar days in Europe/Berlin (docs/domain.md "Today"); the floor's figures equal the totals
// of the lists they link to (with the link's filter); and each figure is read only by those
// who may see its list.

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
      // The floor: one order on hold, and nothing else of it in this fixture.
      fulfillmentErrors: 0,
      onHold: 1,
      picklistsOpen: 0,
      picklistsInProgress: 0,
      avisDueToday: 0,
      stocktakingsRunning: 0,
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
    const today = installationDay(new Date());
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

  test('without order:view the order figures and the chart are null, and no error', async () => {
    const packer = await staffWith(t, ['stock:view', 'product:view']);
    const answer = await graphql(packer.browser, DASHBOARD);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.dashboard).toEqual({
      totalOrders: null,
      pending: null,
      processing: null,
      complete: null,
      ordersToday: null,
      shipmentsToday: null,
      days: null,
    });
  });

  test('logged out: UNAUTHENTICATED and no figure', async () => {
    const visitor = new Browser(t.app);
    await visitor.csrfCookie();
    const answer = await graphql(visitor, DASHBOARD);
    expect(codeOf(answer)).toBe('UNAUTHENTICATED');
    expect(answer.data).toBeNull();
  });
});

/** The floor's world: a warehouse, a supplier; rows written straight into the tables. */
async function floorWorld() {
  const { warehouseId } = await warehouseWithPlaces(t.db, 1);
  return { warehouseId, supplierId: await newSupplier(t.db) };
}

/** Empties the tables the floor's figures count (and what hangs on them). */
async function clearFloor(): Promise<void> {
  for (const table of ['shipments', 'picklists', 'orders', 'avis', 'stocktakings'])
    await t.db.query(`DELETE FROM ${table}`);
}

async function erroneous(orderDate: string, status: string, error: string | null) {
  const id = await order(orderDate, status);
  await t.db.query(
    'UPDATE orders SET fulfillment_error = $2, fulfillment_error_at = now() WHERE id = $1',
    [id, error],
  );
  return id;
}

async function picklist(status: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    'INSERT INTO picklists (status) VALUES ($1) RETURNING id',
    [status],
  );
  return row!.id;
}

let note = 0;
async function avis(
  w: { warehouseId: number; supplierId: number },
  deliveryDate: string,
  status: string,
): Promise<number> {
  note += 1;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO avis (supplier_id, client_id, warehouse_id, delivery_note_number, delivery_date, status)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [w.supplierId, clientId, w.warehouseId, `LS-${note}`, deliveryDate, status],
  );
  return row!.id;
}

async function stocktaking(w: { warehouseId: number }, status: string): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    'INSERT INTO stocktakings (warehouse_id, status) VALUES ($1, $2) RETURNING id',
    [w.warehouseId, status],
  );
  return row!.id;
}

/** Days after (or before) a YYYY-MM-DD. */
function shifted(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A floor with something of every kind, counted and not: `today` is the day the figures call today. */
async function floorFixture(today: string) {
  await clearFloor();
  const w = await floorWorld();
  const errors = [
    await erroneous(today, 'pending', 'Not enough stock.'),
    await erroneous('2026-01-02', 'on_hold', 'The order has no shipping method.'),
    await erroneous(today, 'processing', 'The address is incomplete.'),
  ];
  await erroneous(today, 'pending', null);
  const held = [await order(today, 'on_hold'), errors[1]!];
  await shipment(await order(today, 'complete'), new Date().toISOString());
  const open = [await picklist('open'), await picklist('open')];
  const inProgress = [await picklist('in_progress')];
  await picklist('done');
  await picklist('cancelled');
  const due = [await avis(w, today, 'announced'), await avis(w, today, 'partially_booked')];
  await avis(w, today, 'booked');
  await avis(w, today, 'cancelled');
  await avis(w, shifted(today, -1), 'announced'); // overdue: not due today
  await avis(w, shifted(today, 1), 'announced'); // tomorrow
  const running = [await stocktaking(w, 'counting'), await stocktaking(w, 'counted')];
  for (const status of ['draft', 'booked', 'cancelled']) await stocktaking(w, status);
  return { errors, held, open, inProgress, due, running };
}

describe('the floor’s figures', () => {
  test('fulfillment errors, orders on hold, picklists open and in progress, avis due today and running stocktakings, counted by hand', async () => {
    // 00:30 on 30 March in Berlin (UTC: the 29th).
    await floorFixture('2026-03-30');
    const figures = await dashboard(t.db, new Date('2026-03-29T22:30:00Z'));
    expect(figures).toMatchObject({
      fulfillmentErrors: 3,
      onHold: 2,
      picklistsOpen: 2,
      picklistsInProgress: 1,
      avisDueToday: 2,
      stocktakingsRunning: 2,
    });
    // An hour earlier it is the 29th in Berlin: the avis of the 29th is the one due.
    expect((await dashboard(t.db, new Date('2026-03-29T21:30:00Z'))).avisDueToday).toBe(1);
  });

  test('each figure is the total of the list it links to, with the link’s filter, and those rows are the ones counted', async () => {
    const made = await floorFixture(installationDay(new Date()));
    const boss = await admin(t.app);
    const answer = await graphql(
      boss,
      `
        {
          dashboard {
            today
            fulfillmentErrors
            onHold
            picklistsOpen
            picklistsInProgress
            avisDueToday
            stocktakingsRunning
          }
          errors: orders(filter: { hasError: true }) {
            total
            items {
              id
            }
          }
          held: orders(filter: { status: ON_HOLD }) {
            total
            items {
              id
            }
          }
          open: picklists(filter: { status: OPEN }) {
            total
            items {
              id
            }
          }
          inProgress: picklists(filter: { status: IN_PROGRESS }) {
            total
            items {
              id
            }
          }
          due: avisList(filter: { due: TODAY }) {
            total
            items {
              id
            }
          }
          running: stocktakings(filter: { phase: RUNNING }) {
            total
            items {
              id
            }
          }
        }
      `,
    );
    expect(answer.errors).toBeUndefined();
    const d = answer.data!;
    expect(d.dashboard.today).toBe(installationDay(new Date()));
    const ids = (list: { items: { id: string }[] }) => list.items.map((i) => Number(i.id)).sort();
    const sorted = (list: number[]) => [...list].sort();
    for (const [figure, list, rows] of [
      ['fulfillmentErrors', 'errors', made.errors],
      ['onHold', 'held', made.held],
      ['picklistsOpen', 'open', made.open],
      ['picklistsInProgress', 'inProgress', made.inProgress],
      ['avisDueToday', 'due', made.due],
      ['stocktakingsRunning', 'running', made.running],
    ] as const) {
      expect([figure, d.dashboard[figure]]).toEqual([figure, d[list].total]);
      expect([figure, ids(d[list])]).toEqual([figure, sorted(rows)]);
    }
  });

  test('the list filters the links set refuse other values', async () => {
    const boss = await admin(t.app);
    const answer = await graphql(boss, '{ avisList(filter: { due: TOMORROW }) { total } }');
    expect(codeOf(answer)).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('each figure only for those who may see its list', () => {
  const ALL = `{ dashboard { today totalOrders pending processing complete ordersToday shipmentsToday
    days { day } fulfillmentErrors onHold picklistsOpen picklistsInProgress avisDueToday stocktakingsRunning } }`;
  const ORDER_FIGURES = [
    'totalOrders',
    'pending',
    'processing',
    'complete',
    'ordersToday',
    'shipmentsToday',
    'days',
    'fulfillmentErrors',
    'onHold',
  ];
  const GROUPS: Record<string, string[]> = {
    'order:view': ORDER_FIGURES,
    'picklist:view': ['picklistsOpen', 'picklistsInProgress'],
    'avis:view': ['avisDueToday'],
    'stocktaking:view': ['stocktakingsRunning'],
  };

  beforeAll(() => floorFixture(installationDay(new Date())));

  test.each(Object.keys(GROUPS))(
    'a holder of %s alone reads those figures, null for the rest',
    async (permission) => {
      const staff = await staffWith(t, [permission]);
      const answer = await graphql(staff.browser, ALL);
      expect(answer.errors).toBeUndefined();
      const { today, ...figures } = answer.data!.dashboard;
      expect(today).toBe(installationDay(new Date()));
      const shown = Object.entries(figures as Record<string, unknown>)
        .filter(([, value]) => value !== null)
        .map(([name]) => name);
      expect(shown.sort()).toEqual([...GROUPS[permission]!].sort());
      // They are the figures, not zeros: the fixture has some of each.
      for (const name of shown) expect(figures[name]).not.toEqual(0);
    },
  );

  test('a user who may see none of the lists reads no figure, and nothing is counted for them', async () => {
    const staff = await staffWith(t, ['stock:view']);
    const seen: string[] = [];
    const query = t.db.query.bind(t.db);
    const spy = jest.spyOn(t.db, 'query').mockImplementation(((
      text: string,
      params?: Parameters<typeof t.db.query>[1],
    ) => {
      seen.push(text);
      return query(text, params);
    }) as typeof t.db.query);
    try {
      const answer = await graphql(staff.browser, ALL);
      expect(answer.errors).toBeUndefined();
      const { today: _today, ...figures } = answer.data!.dashboard;
      expect(Object.values(figures).every((value) => value === null)).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(seen.filter((text) => text.includes('order_status_counts'))).toEqual([]);
  });
});
