import { sqlTimeZone } from '../domain/time-zone';
import { z } from 'zod';
import type { ListDefinition } from '../lists/list';
import type { ShopConnectionSort } from './connections';

/**
 * A connection's columns (never its sealed credentials), with the health the list shows read
 * along: orders imported today (Berlin) and open errors (dead letters, failed push-backs,
 * conflicts), each a count on an index of the connection.
 */
export const connectionColumns = () => `c.id, c.name, c.connector, c.client_id AS "clientId",
  c.department_id AS "departmentId", c.base_url AS "baseUrl", c.settings,
  c.secret_names AS "secretNames", c.import_states AS "importStates",
  c.webhooks_enabled AS "webhooksEnabled", c.webhook_key AS "webhookKey", c.paused,
  c.cursor_at AS "cursorAt", c.last_sync_at AS "lastSyncAt", c.last_success_at AS "lastSuccessAt",
  c.last_error AS "lastError", c.failures, c.version,
  (SELECT count(*)::int FROM shop_order_bindings b
    WHERE b.connection_id = c.id
      AND b.imported_at >= (date_trunc('day', now() AT TIME ZONE ${sqlTimeZone()}) AT TIME ZONE ${sqlTimeZone()})
  ) AS "ordersToday",
  ((SELECT count(*) FROM shop_dead_letters d WHERE d.connection_id = c.id)
    + (SELECT count(*) FROM shop_outbox x WHERE x.connection_id = c.id AND x.state = 'failed')
    + (SELECT count(*) FROM shop_order_bindings b WHERE b.connection_id = c.id AND b.conflict IS NOT NULL)
  )::int AS "openErrors"`;

/** The shop connection list: searched by name, client and connector; filtered by client and connector. */
export const shopConnectionList: ListDefinition<ShopConnectionSort, 'clientId' | 'connector'> = {
  get select() {
    return connectionColumns();
  },
  from: 'shop_connections c JOIN clients cl ON cl.id = c.client_id',
  searchColumns: ['c.name', 'cl.name', 'c.connector'],
  sortColumns: {
    NAME: 'lower(c.name)',
    CLIENT: 'lower(cl.name)',
    CONNECTOR: 'c.connector',
    ID: 'c.id',
  },
  idColumn: 'c.id',
  filters: {
    clientId: { names: 'client', where: (p) => `c.client_id = ${p}` },
    connector: {
      names: 'connector',
      value: z
        .string()
        .regex(/^[a-z][a-z0-9_-]{0,49}$/, 'The connector field must be a connector name.'),
      where: (p) => `c.connector = ${p}`,
    },
  },
};
