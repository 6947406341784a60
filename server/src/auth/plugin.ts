import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { csrfMismatch, HttpError, parseInput } from '../http/errors';
import { field } from '../http/validation';
import { readCookie, setSessionCookies, SESSION_COOKIE } from './cookies';
import { attemptLogin } from './login';
import {
  createSession,
  findSession,
  regenerateSession,
  safeEqual,
  touchSession,
  type SessionLifetime,
} from './sessions';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
}

/** The session lifetime from the app's config. */
export function sessionLifetime(app: FastifyInstance): SessionLifetime {
  return { minutes: app.config.sessionLifetimeMinutes };
}

/** The X-XSRF-TOKEN header; clients may send it URL-encoded as read from the cookie. */
function xsrfHeader(request: FastifyRequest): string | undefined {
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

/**
 * Session auth in the manner of Sanctum's SPA mode: loads the session of the cookie,
 * checks the anti-forgery token on every unsafe request (419), and serves
 * /sanctum/csrf-cookie, /login and /logout.
 */
async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('permissionNames', null);
  const lifetime = sessionLifetime(app);

  app.addHook('onRequest', async (request) => {
    const routeKnown = request.routeOptions.url !== undefined;
    if (!routeKnown || request.routeOptions.config.session === false) return;
    const token = readCookie(request, SESSION_COOKIE);
    if (token) {
      request.session = await findSession(app.db, token);
      if (request.session) await touchSession(app.db, request.session, lifetime);
    }
    if (UNSAFE_METHODS.has(request.method)) {
      const header = xsrfHeader(request);
      if (
        !request.session ||
        header === undefined ||
        !safeEqual(header, request.session.csrfToken)
      ) {
        throw csrfMismatch();
      }
    }
  });

  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    if (request.session) {
      setSessionCookies(reply, app.config, {
        token: readCookie(request, SESSION_COOKIE)!,
        session: request.session,
      });
    } else {
      setSessionCookies(reply, app.config, await createSession(app.db, origin(request), lifetime));
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
    // A new session id and CSRF token on login: a planted cookie never becomes a logged-in one.
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
    const issued = await regenerateSession(app.db, request.session, origin(request), lifetime);
    setSessionCookies(reply, app.config, issued);
    return reply.code(204).send();
  });
}

export default fp(authPlugin, { name: 'kontor-auth', dependencies: ['kontor-http'] });
