import { formatterFor } from '@kontor/contracts';
import { loadConfig, ConfigError } from '../src/config';
import { storeTimeZone } from '../src/domain/time-zone';
import { startTestApp, type TestApp } from './helpers';
import { admin, graphql } from './graphql-support';
import { newClient, newProduct } from './stock-support';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// One time zone for the installation (docs/design.md "Words, numbers and dates"): TIME_ZONE,
// Europe/Berlin unless set; the days the server counts follow it, and the pages get it with
// the user. Kiritimati (UTC+14) and Pago Pago (UTC−11) are never on the same day.

const CREATE = `mutation($i: OrderInput!) { createOrder(input: $i) { id orderDate } }`;

async function todaysOrderDate(
  t: TestApp,
): Promise<{ id: number; orderDate: string; timeZone: string }> {
  const boss = await admin(t.app);
  const clientId = await newClient(t.db, `Zeitzone ${Math.random()}`);
  const productId = await newProduct(t.db, clientId, { sku: `TZ-${Date.now()}` });
  const answer = await graphql(boss, CREATE, {
    i: {
      clientId: String(clientId),
      shippingAddress: {
        lastName: 'Muster',
        street: 'Weg',
        houseNumber: '1',
        postcode: '12345',
        city: 'Ort',
        countryCode: 'DE',
      },
      items: [{ productId: String(productId), quantity: 1 }],
    },
  });
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  const user = (await boss.request({ url: '/user' })).json();
  const order = (answer.data as { createOrder: { id: string; orderDate: string } }).createOrder;
  return {
    id: Number(order.id),
    orderDate: order.orderDate,
    timeZone: user.time_zone,
  };
}

test.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
  'an order made today is dated by the installation time zone %s, which the user is told',
  async (zone) => {
    const t = await startTestApp({ timeZone: zone });
    try {
      const { orderDate, timeZone } = await todaysOrderDate(t);
      expect(timeZone).toBe(zone);
      expect(orderDate).toBe(formatterFor('de', zone).dayOf(new Date()));
    } finally {
      await t.close();
    }
  },
);

test("the database dates by the installation's zone too: the shipments' day counts follow a change", async () => {
  const t = await startTestApp({ timeZone: 'Pacific/Kiritimati' });
  try {
    const { id } = await todaysOrderDate(t);
    // 11:00 UTC: 2 June 01:00 on Kiritimati, 1 June 00:00 in Pago Pago.
    await t.db.query(`INSERT INTO shipments (order_id, created_at) VALUES ($1, $2)`, [
      id,
      '2026-06-01T11:00:00Z',
    ]);
    const day = async () =>
      (
        await t.db.query<{ day: string }>(
          `SELECT day::text FROM shipment_day_counts
            WHERE day BETWEEN '2026-05-31' AND '2026-06-03' GROUP BY day HAVING sum(n) > 0`,
        )
      ).map((row) => row.day);
    expect(await day()).toEqual(['2026-06-02']);
    await storeTimeZone(t.db, 'Pacific/Pago_Pago');
    expect(await day()).toEqual(['2026-06-01']);
    const [avis] = await t.db.query<{ zone: string }>('SELECT kontor_time_zone() AS zone');
    expect(avis!.zone).toBe('Pacific/Pago_Pago');
  } finally {
    await t.close();
  }
});

test('TIME_ZONE must be an IANA zone, and is Europe/Berlin unless set', () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'kontor-tz-'));
  try {
    expect(loadConfig({}, cwd).timeZone).toBe('Europe/Berlin');
    expect(loadConfig({ TIME_ZONE: 'America/New_York' }, cwd).timeZone).toBe('America/New_York');
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus' }, cwd)).toThrow(ConfigError);
    expect(() => loadConfig({ TIME_ZONE: "Europe/Berlin' OR 1=1" }, cwd)).toThrow(/TIME_ZONE/);
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});
