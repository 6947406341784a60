import type { FastifyInstance } from 'fastify';
import { assignRole, createRole } from '../src/users/permissions';
import { createUser } from '../src/users/users';
import { loggedIn, type Browser, type TestApp } from './helpers';

/** A GraphQL answer as the tests read it. */
export interface GraphqlAnswer {
  statusCode: number;
  data: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers freely
  errors?: {
    message: string;
    extensions?: {
      code?: string;
      fieldErrors?: Record<string, string[]>;
      fieldRules?: Record<string, { rule: string }[]>;
      reason?: string;
      /** A refusal's catalogue message (`{ key, params }`). */
      text?: { key: string; params?: Record<string, unknown> };
    };
  }[];
}

/** Sends one operation to POST /graphql from a browser (with its cookies and CSRF header). */
export async function graphql(
  browser: Browser,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphqlAnswer> {
  const response = await browser.request({
    method: 'POST',
    url: '/graphql',
    payload: { query, variables },
  });
  return { statusCode: response.statusCode, ...response.json() };
}

/** The code of the first error of an answer. */
export const codeOf = (answer: GraphqlAnswer) => answer.errors?.[0]?.extensions?.code;

let unique = 0;
/** A logged-in user holding a new role with exactly these permissions. */
export async function staffWith(
  t: TestApp,
  permissions: string[],
): Promise<{ id: number; email: string; browser: Browser }> {
  unique += 1;
  const email = `staff${unique}-${process.pid}@kontor.test`;
  const password = 'secret-password';
  const user = await createUser(t.db, { name: `Staff ${unique}`, email, password });
  if (permissions.length > 0)
    await assignRole(t.db, user.id, await createRole(t.db, `staff-role-${unique}`, permissions));
  return { id: user.id, email, browser: await loggedIn(t.app, email, password) };
}

/** The admin demo user, logged in. */
export const admin = (app: FastifyInstance) => loggedIn(app, 'admin@kontor.test', 'admin');

/** Counts the rows of a table (to show a refused change left it alone). */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

/** Everything the administration can change, to show a refused operation changed nothing. */
export async function administrationSnapshot(t: TestApp): Promise<string> {
  const tables = [
    'users',
    'roles',
    'user_roles',
    'role_permissions',
    'clients',
    'departments',
    'shippers',
    'shipping_methods',
    'suppliers',
    'products',
    'product_hazmat',
    'product_images',
    'warehouses',
    'storages',
    'racks',
    'places',
    'stock',
    'stock_changes',
    'avis',
    'avis_lines',
    'avis_receipts',
    'avis_receipt_lines',
    'avis_events',
    'orders',
    'order_items',
    'order_attributes',
    'order_events',
    'stocktakings',
    'stocktaking_places',
    'stocktaking_lines',
    'stocktaking_locks',
    'picklists',
    'picklist_orders',
    'picklist_lines',
    'picklist_line_items',
    'stock_reservations',
    'shipments',
    'shipment_packages',
    'shipment_package_items',
    'invoice_export_files',
    'shop_connections',
    'shop_shipping_mappings',
    'shop_order_bindings',
    'shop_dead_letters',
    'shop_outbox',
    'shop_webhook_events',
    'shop_requests',
  ];
  const parts: unknown[] = [];
  for (const table of tables) parts.push(await t.db.query(`SELECT * FROM ${table} ORDER BY 1, 2`));
  return JSON.stringify(parts);
}
