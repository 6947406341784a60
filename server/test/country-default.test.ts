import { DEFAULT_COUNTRY } from '@kontor/contracts';
import { startTestApp, type TestApp } from './helpers';

// One country default (docs/domain.md "Addresses"): every address form starts with
// DEFAULT_COUNTRY (ui's addressValues), and so does every address the database stores
// without one — each country column's default is the same constant.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test("every address's country column defaults to DEFAULT_COUNTRY", async () => {
  const columns = await t.db.query<{ column: string; fallback: string | null }>(
    `SELECT table_name || '.' || column_name AS column, column_default AS fallback
       FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name LIKE '%country_code'
      ORDER BY 1`,
  );
  // The address tables: clients, warehouses, suppliers, an order's two addresses.
  expect(columns.map((c) => c.column)).toEqual(
    expect.arrayContaining([
      'clients.country_code',
      'orders.bill_country_code',
      'orders.ship_country_code',
      'suppliers.country_code',
      'warehouses.country_code',
    ]),
  );
  for (const { column, fallback } of columns)
    expect({ column, fallback }).toEqual({ column, fallback: `'${DEFAULT_COUNTRY}'::text` });
});
