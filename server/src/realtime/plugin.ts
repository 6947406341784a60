import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { requireUser } from '../auth/guards';
import { onSessionsEnded } from '../auth/session-events';
import { HttpError, parseInput } from '../http/errors';
import { LocalBus, type Bus } from './bus';
import { authorizeChannel } from './channels';
import { clientAddressOf } from './client-address';
import { isSocketId, RealtimeHub } from './hub';
import {
  channelKind,
  channelSignature,
  isValidChannelName,
  MAX_MESSAGE_BYTES,
  md5,
  safeEqual,
  sign,
} from './protocol';
import { attachPublisher, detachPublisher, type Publisher } from './publish';
import { RedisBus } from './redis-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket server of this node. */
    realtime: RealtimeHub;
  }
}

/** The X-Socket-Id of a request (the page's own socket, left out of what it caused), or null. */
export function socketIdOf(request: FastifyRequest): string | null {
  const value = request.headers['x-socket-id'];
  return isSocketId(value) ? value : null;
}

const authBody = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, 'The socket id must look like 1234.5678.'),
  channel_name: z.string().refine(isValidChannelName, 'The channel name is not valid.'),
});

const eventsBody = z
  .object({
    name: z.string().min(1).max(200),
    data: z.string(),
    channels: z.array(z.string().refine(isValidChannelName)).min(1).optional(),
    channel: z.string().refine(isValidChannelName).optional(),
    socket_id: z
      .string()
      .regex(/^\d+\.\d+$/)
      .optional(),
  })
  .refine((body) => body.channels || body.channel, 'Name channels or channel.');

/** The Pusher HTTP API signs `POST\n<path>\n<sorted query without auth_signature>`. */
function signedQuery(query: Record<string, string>): string {
  return Object.keys(query)
    .filter((key) => key !== 'auth_signature')
    .sort()
    .map((key) => `${key.toLowerCase()}=${query[key]}`)
    .join('&');
}

/**
 * Realtime: the Pusher-protocol socket at /app/{key} on the HTTP server's upgrade event,
 * /broadcasting/auth, the signed HTTP API POST /apps/{id}/events, /health and /metrics.
 */
async function realtimePlugin(app: FastifyInstance): Promise<void> {
  const settings = app.config.realtime;
  const bus: Bus = settings.redisUrl
    ? new RedisBus(settings.redisUrl, {
        nodeTtlMs: settings.nodeTtlMs,
        onError: (error) => app.log.warn({ err: error }, 'redis'),
      })
    : new LocalBus();
  const hub = new RealtimeHub(settings, bus, app.log, {
    clientAddress: clientAddressOf(app.config.trustProxy),
  });
  await hub.start();
  app.decorate('realtime', hub);
  const publish: Publisher = (broadcast) => hub.broadcast(broadcast);
  attachPublisher(app.db, publish, (error, broadcast) =>
    app.log.warn(
      { err: error, channels: broadcast.channels, event: broadcast.event },
      'broadcast failed',
    ),
  );

  // A session that ends (logout, password change or reset, …) ends the channels it authorized, on every node.
  const detachSessions = onSessionsEnded(app.db, (sessionIds) =>
    hub
      .endSessions(sessionIds)
      .catch((error: unknown) => app.log.warn({ err: error }, 'ending sockets of sessions failed')),
  );

  const onUpgrade = hub.handleUpgrade.bind(hub);
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    detachPublisher(app.db, publish);
    detachSessions();
    await hub.close();
  });

  app.register(async (scope) => {
    // pusher-js posts its authorization request as a form.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post('/broadcasting/auth', async (request) => {
      try {
        await requireUser(request);
      } catch {
        hub.metrics.authFailures++;
        throw new HttpError(403, 'This action is unauthorized.');
      }
      const input = parseInput(authBody, request.body);
      const verdict = await authorizeChannel(request.user!, input.channel_name, request);
      const kind = channelKind(input.channel_name);
      if (verdict === false || kind === 'public' || (kind === 'presence') !== (verdict !== true)) {
        hub.metrics.authFailures++;
        throw new HttpError(403, 'This action is unauthorized.');
      }
      // The socket's node learns which session this was before the client can use the signature.
      try {
        await hub.granted(input.socket_id, request.session!.id);
      } catch (error) {
        request.log.warn({ err: error }, 'realtime grant failed');
        throw new HttpError(503, 'Realtime is unavailable, please try again.');
      }
      const secret = { key: settings.appKey, secret: settings.appSecret };
      if (verdict === true) {
        return { auth: channelSignature(secret, input.socket_id, input.channel_name) };
      }
      const channelData = JSON.stringify(verdict);
      return {
        auth: channelSignature(secret, input.socket_id, input.channel_name, channelData),
        channel_data: channelData,
      };
    });
  });

  app.register(async (scope) => {
    // The signature covers the body's MD5: keep the body as sent.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, String(body)),
    );
    scope.post<{ Params: { appId: string }; Querystring: Record<string, string> }>(
      '/apps/:appId/events',
      { config: { session: false } },
      async (request) => {
        if (request.params.appId !== settings.appId) throw new HttpError(404, 'Unknown app.');
        const query = request.query;
        const raw = typeof request.body === 'string' ? request.body : '';
        const timestamp = Number(query.auth_timestamp);
        const expected = sign(
          settings.appSecret,
          `POST\n/apps/${request.params.appId}/events\n${signedQuery(query)}`,
        );
        const valid =
          query.auth_key === settings.appKey &&
          query.auth_version === '1.0' &&
          typeof query.auth_signature === 'string' &&
          safeEqual(query.auth_signature, expected) &&
          query.body_md5 === md5(raw);
        if (!valid) {
          hub.metrics.authFailures++;
          throw new HttpError(401, 'Invalid signature.');
        }
        if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 600) {
          hub.metrics.authFailures++;
          throw new HttpError(401, 'Timestamp expired: the request is more than 600 s off.');
        }
        let parsedBody: unknown;
        try {
          parsedBody = JSON.parse(raw);
        } catch {
          throw new HttpError(400, 'The request body is not valid JSON.');
        }
        const body = parseInput(eventsBody, parsedBody);
        if (Buffer.byteLength(body.data) > MAX_MESSAGE_BYTES) {
          throw new HttpError(413, 'The event data is larger than 10 KB.');
        }
        const channels = body.channels ?? [body.channel!];
        if (channels.length > 100) throw new HttpError(400, 'At most 100 channels per call.');
        await publish({
          channels,
          event: body.name,
          data: body.data,
          exceptSocketId: body.socket_id,
        });
        return {};
      },
    );
  });

  app.get('/health', { config: { session: false } }, async (_request, reply) => {
    try {
      await app.db.query('SELECT 1');
    } catch {
      return reply.code(503).send({ status: 'failing', database: 'down' });
    }
    return { status: 'ok', connections: hub.connectionCount };
  });

  app.get('/metrics', { config: { session: false } }, async (request, reply) => {
    // The socket's own peer, never X-Forwarded-For (which a client can write). A request a
    // proxy on this host forwards (it says so in X-Forwarded-For / Forwarded) is not local.
    const address = request.socket.remoteAddress ?? '';
    const forwarded = 'x-forwarded-for' in request.headers || 'forwarded' in request.headers;
    const loopback =
      !forwarded &&
      (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
    const token = settings.metricsToken;
    const bearer = request.headers.authorization;
    const tokenOk =
      token !== undefined && typeof bearer === 'string' && safeEqual(bearer, `Bearer ${token}`);
    if (!loopback && !tokenOk)
      throw new HttpError(403, 'Metrics are served to loopback or with METRICS_TOKEN.');
    return reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(hub.metrics.render(hub.channelCount));
  });
}

export default fp(realtimePlugin, { name: 'kontor-realtime', dependencies: ['kontor-auth'] });
