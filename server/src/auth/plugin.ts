import { msg } from '@kontor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { csrfMismatch, HttpError, httpRefusal, notFound, parseInput } from '../http/errors';
import { field } from '../domain/validation';
import {
  lifetimeOf,
  readCookie,
  setGuestCookies,
  setSessionCookies,
  SESSION_COOKIE,
} from './cookies';
import { requireUser } from './guards';
import { attemptLogin } from './login';
import {
  endSessions,
  findSessionOfRequest,
  issueGuestPass,
  listSessions,
  pruneExpired,
  regenerateSession,
  safeEqual,
  touchSession,
  verifyGuestPass,
  type GuestPass,
  type SessionLifetime,
} from './sessions';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A session's public id (a UUID); anything else names no session. */
const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const loginBody = z.object({
  email: field.email(),
  password: field.password(),
  remember: field.flag(),
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false on routes that need no session (static files): skips the session lookup. */
    session?: boolean;
  }
  interface FastifyRequest {
    /** A visitor's signed pre-login cookie (no database row), when there is no session. */
    guest: GuestPass | null;
  }
}

/** The session lifetime from the app's config. */
export function sessionLifetime(app: FastifyInstance): SessionLifetime {
  return lifetimeOf(app.config);
}

/** The X-XSRF-TOKEN header; clients may send it URL-encoded as read from the cookie. */
export function xsrfHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['x-xsrf-token'];
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Where the request comes from, recorded on new sessions. */
function origin(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** Who logged in to the request's session (the original user during a login-as). */
function ownerOf(request: FastifyRequest): number {
  const session = request.session!;
  return session.impersonatorId ?? session.userId!;
}

/**
 * Session auth in the manner of Sanctum's SPA mode: loads the session of the cookie,
 * checks the anti-forgery token on every unsafe request (419), and serves
 * /sanctum/csrf-cookie, /login, /logout and the user's list of sessions. Before login a
 * visitor holds only a cookie signed with APP_KEY (no row); login always starts a new
 * session. Expired sessions are swept on a timer.
 */
async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('permissionNames', null);
  app.decorateRequest('guest', null);
  const lifetime = sessionLifetime(app);
  const appKey = app.config.appKey;

  app.addHook('onRequest', async (request) => {
    const routeKnown = request.routeOptions.url !== undefined;
    if (!routeKnown || request.routeOptions.config.session === false) return;
    const token = readCookie(request, SESSION_COOKIE);
    if (token) {
      const found = await findSessionOfRequest(app.db, token, lifetime);
      if (found) {
        request.session = found.session;
        // The user and permissions came with the session: requireUser and the permission
        // checks need no statements of their own.
        request.user = found.user;
        if (found.user) request.permissionNames = new Set(found.permissions);
        await touchSession(app.db, found.session, lifetime);
      } else request.guest = verifyGuestPass(appKey, token);
    }
    if (UNSAFE_METHODS.has(request.method)) {
      const expected = request.session?.csrfToken ?? request.guest?.csrfToken;
      const header = xsrfHeader(request);
      if (expected === undefined || header === undefined || !safeEqual(header, expected)) {
        throw csrfMismatch();
      }
    }
  });

  // No row for visitors: the cookie is a pass signed with APP_KEY, renewed with the same token.
  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    if (request.session) {
      setSessionCookies(reply, app.config, {
        token: readCookie(request, SESSION_COOKIE)!,
        session: request.session,
      });
    } else {
      setGuestCookies(reply, app.config, issueGuestPass(appKey, request.guest?.nonce));
    }
    return reply.code(204).send();
  });

  app.post('/login', async (request, reply) => {
    const input = parseInput(loginBody, request.body);
    const result = await attemptLogin(app.db, {
      email: input.email,
      password: input.password,
      ip: request.ip,
    });
    if (result.status === 'throttled') {
      const message = `Too many login attempts. Please try again in ${result.retryAfterSeconds} seconds.`;
      throw new HttpError(
        429,
        message,
        { email: [message] },
        { 'retry-after': String(result.retryAfterSeconds) },
      );
    }
    if (result.status === 'invalid') {
      const message = 'These credentials do not match our records.';
      throw new HttpError(422, message, { email: [message] });
    }
    // Always a new session id and CSRF token on login: a planted cookie never becomes a logged-in one.
    const issued = await regenerateSession(
      app.db,
      request.session,
      { userId: result.user.id, remember: input.remember, ...origin(request) },
      lifetime,
    );
    setSessionCookies(reply, app.config, issued);
    return reply.code(204).send();
  });

  app.post('/logout', async (request, reply) => {
    if (request.session) await endSessions(app.db, { sessionId: request.session.id });
    setGuestCookies(reply, app.config, issueGuestPass(appKey));
    return reply.code(204).send();
  });

  // The sessions the user logged in to, by public id (never the token or its hash).
  app.get('/spa/sessions', { preHandler: requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listSessions(app.db, ownerOf(request), request.session!.id, lifetime);
  });

  app.delete('/spa/sessions', { preHandler: requireUser }, async (request) => {
    const ended = await app.db.transaction((tx) =>
      endSessions(tx, { owner: ownerOf(request), except: request.session!.id }),
    );
    return { ended: ended.length };
  });

  app.delete<{ Params: { id: string } }>(
    '/spa/sessions/:id',
    { preHandler: requireUser },
    async (request, reply) => {
      const publicId = request.params.id;
      if (!PUBLIC_ID.test(publicId)) throw notFound(msg('notFound.session'));
      if (publicId.toLowerCase() === request.session!.publicId)
        throw httpRefusal(409, msg('sessions.current'));
      const ended = await app.db.transaction((tx) =>
        endSessions(tx, { owner: ownerOf(request), publicId }),
      );
      if (ended.length === 0) throw notFound(msg('notFound.session'));
      return reply.code(204).send();
    },
  );

  // Expired sessions and finished throttle windows go on a timer, not by a lottery on requests.
  let sweeping: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    sweeping ??= pruneExpired(app.db, lifetime)
      .catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  }, app.config.sessionSweepIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}

export default fp(authPlugin, { name: 'kontor-auth', dependencies: ['kontor-http'] });
