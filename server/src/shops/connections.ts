import { msg } from '@kontor/contracts';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db';
import { uniqueConstraints } from '../domain/database-errors';
import {
  InvalidInput,
  invalidField,
  notFound,
  staleEdit,
  type FieldProblems,
} from '../domain/errors';
import { field } from '../domain/validation';
import { listPage, type FilterValues, type Page, type PageArgs } from '../lists/list';
import { shopConnector, type ShopConnectorDriver } from './connector';
import { forgetShopGate } from './http';
import { connectionColumns, shopConnectionList } from './list';
import { openSecrets, sealSecrets, storedSecretsOrNone } from './secrets';

// Shop connections: create, edit, delete, pause; their credentials sealed (secrets.ts) and
// never read back out; the health a connection's page shows.

uniqueConstraints({
  shop_connections_name_key: {
    field: 'name',
    message: 'The name has already been taken by another shop connection.',
  },
});

/** A shop connection as the API sees it (credentials: only which are set). */
export interface ShopConnection {
  id: number;
  name: string;
  connector: string;
  clientId: number;
  departmentId: number | null;
  baseUrl: string;
  settings: Record<string, string>;
  secretNames: string[];
  importStates: string[];
  webhooksEnabled: boolean;
  webhookKey: string;
  paused: boolean;
  cursorAt: Date | null;
  lastSyncAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  failures: number;
  version: number;
  /** Orders imported today (Berlin). */
  ordersToday: number;
  /** Dead letters, failed push-backs and conflicts. */
  openErrors: number;
}

const entry = (name: string, max: number) =>
  z.object({
    key: field.requiredString(`${name} key`, 100),
    value: field.optionalString(`${name} value`, max),
  });

/** The rules of a connection as the form sends it (what the connector needs is checked after). */
export const shopConnectionInput = z.object({
  name: field.requiredString('name', 100),
  connector: field.requiredString('connector', 50),
  clientId: field.id('client'),
  departmentId: field
    .id('department')
    .nullish()
    .transform((id) => id ?? null),
  baseUrl: field.requiredString('shop URL', 500).refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.username === '' &&
          url.password === '' &&
          url.search === '' &&
          url.hash === ''
        );
      } catch {
        return false;
      }
    },
    {
      message: 'The shop URL must be an http(s) address without credentials or query.',
      params: { rule: 'url' },
    },
  ),
  settings: z
    .array(entry('setting', 1000))
    .max(50)
    .nullish()
    .transform((v) => v ?? []),
  secrets: z
    .array(entry('secret', 2000))
    .max(20)
    .nullish()
    .transform((v) => v ?? []),
  importStates: z
    .array(field.requiredString('import state', 50))
    .max(50)
    .nullish()
    .transform((v) => v ?? null),
  shippingMappings: z
    .array(
      z.object({
        shopKey: field.requiredString('shop key', 200),
        shippingMethodId: field.id('shipping method'),
      }),
    )
    .max(500)
    .nullish()
    .transform((v) => v ?? []),
  webhooksEnabled: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export type ValidShopConnection = z.output<typeof shopConnectionInput>;

/** The sort keys of the connection list. */
export type ShopConnectionSort = 'NAME' | 'CLIENT' | 'CONNECTOR' | 'ID';

/** One page of connections (searched by name, client and connector). */
export function listShopConnections(
  db: Db,
  args: PageArgs | null | undefined,
  sortBy: ShopConnectionSort,
  filter?: FilterValues<'clientId' | 'connector'> | null,
): Promise<Page<ShopConnection>> {
  return listPage<ShopConnection, ShopConnectionSort, 'clientId' | 'connector'>(
    db,
    shopConnectionList,
    args,
    sortBy,
    filter,
  );
}

/** One connection, or undefined. */
export async function findShopConnection(db: Db, id: number): Promise<ShopConnection | undefined> {
  const [row] = await db.query<ShopConnection>(
    `SELECT ${connectionColumns()} FROM shop_connections c WHERE c.id = $1`,
    [id],
  );
  return row;
}

/** A connection with its opened credentials: for the platform's own calls, never for the API. */
export interface ConnectionWithSecrets extends ShopConnection {
  secrets: Record<string, string>;
}

/** The connection and its credentials (NOT_FOUND when gone). */
export async function connectionWithSecrets(
  db: Db,
  appKey: string,
  id: number,
): Promise<ConnectionWithSecrets> {
  const [row] = await db.query<ShopConnection & { sealed: string }>(
    `SELECT ${connectionColumns()}, c.secrets AS sealed FROM shop_connections c WHERE c.id = $1`,
    [id],
  );
  if (!row) throw notFound(msg('notFound.shopConnection'));
  const { sealed, ...connection } = row;
  return { ...connection, secrets: openSecrets(appKey, sealed) };
}

/** The connector of an input, or a field error. */
function driverOf(name: string): ShopConnectorDriver {
  const driver = shopConnector(name);
  if (!driver)
    throw invalidField('connector', 'exists', msg('shops.unknownConnector', { connector: name }));
  return driver;
}

/**
 * What the connector says of the input: known settings and credentials, import states of the
 * shop's, the credentials it needs (given now or stored), the client's department, the
 * shipping methods. All problems at once, as field errors.
 */
async function checkInput(
  tx: Db,
  input: ValidShopConnection,
  driver: ShopConnectorDriver,
  storedSecrets: Record<string, string>,
): Promise<Record<string, string>> {
  const problems: FieldProblems = {};
  const add = (path: string, rule: string, message: string) =>
    (problems[path] ??= []).push({ rule, message });
  input.settings.forEach((setting, i) => {
    if (!driver.settingNames.includes(setting.key))
      add(`settings.${i}.key`, 'in', `${driver.label} has no setting ${setting.key}.`);
  });
  const secrets = { ...storedSecrets };
  input.secrets.forEach((secret, i) => {
    if (!driver.secretNames.includes(secret.key))
      add(`secrets.${i}.key`, 'in', `${driver.label} has no credential ${secret.key}.`);
    else if (secret.value !== '') secrets[secret.key] = secret.value;
  });
  for (const name of driver.requiredSecrets)
    if (!secrets[name]) add(`secrets.${name}`, 'required', `The ${name} field is required.`);
  (input.importStates ?? []).forEach((state, i) => {
    if (!driver.states.includes(state))
      add(`importStates.${i}`, 'in', `${state} is not an order state of ${driver.label}.`);
  });
  if (input.importStates !== null && input.importStates.length === 0)
    add('importStates', 'required', 'Choose at least one shop state to import.');
  const [client] = await tx.query('SELECT 1 FROM clients WHERE id = $1', [input.clientId]);
  if (!client) add('clientId', 'exists', 'The selected client is invalid.');
  if (input.departmentId !== null) {
    const [department] = await tx.query<{ clientId: number }>(
      'SELECT client_id AS "clientId" FROM departments WHERE id = $1 FOR KEY SHARE',
      [input.departmentId],
    );
    if (!department || department.clientId !== input.clientId)
      add('departmentId', 'exists', 'The department is not one of the client’s departments.');
  }
  const keys = new Set<string>();
  input.shippingMappings.forEach((mapping, i) => {
    if (keys.has(mapping.shopKey))
      add(
        `shippingMappings.${i}.shopKey`,
        'distinct',
        `The key ${mapping.shopKey} is given twice.`,
      );
    keys.add(mapping.shopKey);
  });
  const methodIds = [...new Set(input.shippingMappings.map((m) => m.shippingMethodId))];
  if (methodIds.length > 0) {
    const found = new Set(
      (
        await tx.query<{ id: number }>(
          'SELECT id FROM shipping_methods WHERE id = any($1::int[]) FOR KEY SHARE',
          [methodIds],
        )
      ).map((row) => row.id),
    );
    input.shippingMappings.forEach((mapping, i) => {
      if (!found.has(mapping.shippingMethodId))
        add(
          `shippingMappings.${i}.shippingMethodId`,
          'exists',
          'The selected shipping method is invalid.',
        );
    });
  }
  if (Object.keys(problems).length > 0) throw new InvalidInput(problems);
  return secrets;
}

const settingsOf = (input: ValidShopConnection) =>
  Object.fromEntries(input.settings.map((setting) => [setting.key, setting.value]));

async function saveMappings(tx: Db, id: number, input: ValidShopConnection): Promise<void> {
  await tx.query('DELETE FROM shop_shipping_mappings WHERE connection_id = $1', [id]);
  if (input.shippingMappings.length === 0) return;
  await tx.query(
    `INSERT INTO shop_shipping_mappings (connection_id, shop_key, shipping_method_id)
     SELECT $1, * FROM unnest($2::text[], $3::int[])`,
    [
      id,
      input.shippingMappings.map((m) => m.shopKey),
      input.shippingMappings.map((m) => m.shippingMethodId),
    ],
  );
}

/** Creates a connection; its cursor starts `lookbackDays` before now (orders of the last days). */
export async function createShopConnection(
  db: Db,
  appKey: string,
  input: ValidShopConnection,
  lookbackDays = 7,
): Promise<ShopConnection> {
  const driver = driverOf(input.connector);
  return db.transaction(async (tx) => {
    const secrets = await checkInput(tx, input, driver, {});
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO shop_connections (name, connector, client_id, department_id, base_url, settings,
         secrets, secret_names, import_states, webhook_key, webhooks_enabled, cursor_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8::text[], $9::text[], $10, $11,
               now() - make_interval(days => $12::int))
       RETURNING id`,
      [
        input.name,
        driver.name,
        input.clientId,
        input.departmentId,
        input.baseUrl,
        JSON.stringify(settingsOf(input)),
        sealSecrets(appKey, secrets),
        Object.keys(secrets).sort(),
        input.importStates ?? [...driver.defaultImportStates],
        randomBytes(18).toString('base64url'),
        input.webhooksEnabled,
        lookbackDays,
      ],
    );
    await saveMappings(tx, row!.id, input);
    return (await findShopConnection(tx, row!.id))!;
  });
}

/** Saves a connection's changes made on `version`; credentials not given stay as stored. */
export async function updateShopConnection(
  db: Db,
  appKey: string,
  id: number,
  version: number,
  input: ValidShopConnection,
): Promise<ShopConnection> {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<{ version: number; connector: string; sealed: string }>(
      'SELECT version, connector, secrets AS sealed FROM shop_connections WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!current) throw notFound(msg('notFound.shopConnection'));
    if (current.version !== version) throw staleEdit();
    if (input.connector !== current.connector)
      throw invalidField('connector', 'fixed', msg('shops.connectorFixed'));
    const driver = driverOf(input.connector);
    const secrets = await checkInput(
      tx,
      input,
      driver,
      storedSecretsOrNone(appKey, current.sealed),
    );
    await tx.query(
      `UPDATE shop_connections SET name = $2, client_id = $3, department_id = $4, base_url = $5,
         settings = $6::jsonb, secrets = $7, secret_names = $8::text[], import_states = $9::text[],
         webhooks_enabled = $10, version = version + 1, updated_at = now()
       WHERE id = $1`,
      [
        id,
        input.name,
        input.clientId,
        input.departmentId,
        input.baseUrl,
        JSON.stringify(settingsOf(input)),
        sealSecrets(appKey, secrets),
        Object.keys(secrets).sort(),
        input.importStates ?? [...driver.defaultImportStates],
        input.webhooksEnabled,
      ],
    );
    await saveMappings(tx, id, input);
    return (await findShopConnection(tx, id))!;
  });
}

/** Deletes a connection (its orders stay, without their binding). */
export async function deleteShopConnection(db: Db, id: number): Promise<void> {
  const [deleted] = await db.query('DELETE FROM shop_connections WHERE id = $1 RETURNING id', [id]);
  if (!deleted) throw notFound(msg('notFound.shopConnection'));
  forgetShopGate(id);
}

/** Pauses or resumes a connection's syncs and push-backs. */
export async function setShopConnectionPaused(
  db: Db,
  id: number,
  paused: boolean,
): Promise<ShopConnection> {
  const [row] = await db.query(
    `UPDATE shop_connections SET paused = $2, version = version + 1, updated_at = now(),
       next_sync_at = CASE WHEN $2 THEN next_sync_at ELSE now() END
     WHERE id = $1 RETURNING id`,
    [id, paused],
  );
  if (!row) throw notFound(msg('notFound.shopConnection'));
  return (await findShopConnection(db, id))!;
}

/** The status a connection shows. */
export function connectionStatus(connection: ShopConnection): 'ACTIVE' | 'PAUSED' | 'FAILING' {
  if (connection.paused) return 'PAUSED';
  return connection.failures > 0 ? 'FAILING' : 'ACTIVE';
}

/** Seconds between the cursor and now (null before a first sync). */
export function lagSeconds(connection: ShopConnection, now = Date.now()): number | null {
  if (!connection.cursorAt || !connection.lastSuccessAt) return null;
  return Math.max(0, Math.round((now - new Date(connection.cursorAt).getTime()) / 1000));
}

/** The shipping mappings of a connection. */
export function shippingMappingsOf(db: Db, id: number) {
  return db.query<{ shopKey: string; shippingMethodId: number }>(
    `SELECT shop_key AS "shopKey", shipping_method_id AS "shippingMethodId"
       FROM shop_shipping_mappings WHERE connection_id = $1 ORDER BY shop_key`,
    [id],
  );
}

const iso = `to_char(%s AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoOf = (column: string) => iso.replace('%s', column);

/** The dead letters of a connection, newest first. */
export function deadLettersOf(db: Db, id: number) {
  return db.query(
    `SELECT id::text AS id, external_id AS "externalId", external_number AS "externalNumber", reason,
            attempts, ${isoOf('first_at')} AS "firstAt", ${isoOf('last_at')} AS "lastAt"
       FROM shop_dead_letters WHERE connection_id = $1 ORDER BY last_at DESC, id DESC LIMIT 100`,
    [id],
  );
}

/** The conflicts of a connection's orders, newest first. */
export function conflictsOf(db: Db, id: number) {
  return db.query(
    `SELECT b.order_id AS "orderId", o.number AS "orderNumber", b.conflict, ${isoOf('b.conflict_at')} AS at
       FROM shop_order_bindings b JOIN orders o ON o.id = b.order_id
      WHERE b.connection_id = $1 AND b.conflict IS NOT NULL ORDER BY b.conflict_at DESC LIMIT 100`,
    [id],
  );
}

/** The latest requests to the shop, newest first. */
export function requestsOf(db: Db, id: number) {
  return db.query(
    `SELECT ${isoOf('at')} AS at, method, path, status, duration_ms AS "durationMs", error
       FROM shop_requests WHERE connection_id = $1 ORDER BY id DESC LIMIT 50`,
    [id],
  );
}

/** The latest push-backs, newest first. */
export function pushesOf(db: Db, id: number) {
  return db.query(
    `SELECT x.id::text AS id, x.order_id AS "orderId", o.number AS "orderNumber", x.state, x.attempts,
            x.last_error AS "lastError", ${isoOf('x.created_at')} AS "createdAt",
            ${isoOf('x.done_at')} AS "doneAt"
       FROM shop_outbox x JOIN orders o ON o.id = x.order_id
      WHERE x.connection_id = $1 ORDER BY x.id DESC LIMIT 50`,
    [id],
  );
}
