import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { shopConnector } from './connector';
import { shopsSettingsOf } from './runtime';
import { storedSecretsOrNone } from './secrets';

// Webhooks (docs/shops.md "Webhooks"): POST /api/shop-webhooks/<key>, one public endpoint per
// connection. No session and no other input: the body's signature (the connector checks it
// over the raw bytes with the connection's webhook secret) is the only credential; a bad one
// changes nothing (401). A good one is kept once per dedupe key (a replay answers 200 and does
// nothing) and makes the connection's sync due now; the sync fetches the named orders by id.
// The answer comes at once: the shop never waits for the import.

/** Makes a connection's sync due now (sync now, a webhook); false when there is no such connection. */
export async function requestSync(db: Db, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE shop_connections SET next_sync_at = least(next_sync_at, now()), sync_requested_at = now()
      WHERE id = $1 RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

/** The webhook endpoint, in a scope of its own that reads bodies as raw bytes. */
export async function webhookRoutes(
  app: FastifyInstance,
  options: { wake(): void },
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );
  app.post<{ Params: { key: string } }>(
    '/api/shop-webhooks/:key',
    { config: { session: false } },
    async (request, reply) => {
      const notFound = () => reply.code(404).send({ message: 'Not Found' });
      if (!/^[\w-]{10,64}$/.test(request.params.key)) return notFound();
      const [connection] = await app.db.query<{
        id: number;
        connector: string;
        sealed: string;
        enabled: boolean;
      }>(
        `SELECT id, connector, secrets AS sealed, webhooks_enabled AS enabled FROM shop_connections
          WHERE webhook_key = $1`,
        [request.params.key],
      );
      const driver = connection && shopConnector(connection.connector);
      if (!connection || !connection.enabled || !driver) return notFound();
      const secret =
        storedSecretsOrNone(shopsSettingsOf(app.db).appKey, connection.sealed).webhookSecret ?? '';
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers))
        headers[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
      const webhook = driver.readWebhook(body, headers, secret);
      if (webhook.kind === 'ping') return reply.code(200).send({ status: 'ok' });
      if (webhook.kind === 'bad-signature')
        return reply.code(401).send({ message: 'Invalid signature.' });
      const [fresh] = await app.db.query(
        `INSERT INTO shop_webhook_events (connection_id, dedupe_key, external_ids)
         VALUES ($1, $2, $3::text[]) ON CONFLICT DO NOTHING RETURNING 1`,
        [connection.id, webhook.dedupeKey.slice(0, 500), webhook.externalIds.slice(0, 100)],
      );
      if (!fresh) return reply.code(200).send({ status: 'duplicate' });
      await requestSync(app.db, connection.id);
      options.wake();
      return reply.code(202).send({ status: 'queued' });
    },
  );
}
