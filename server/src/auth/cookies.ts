import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { IssuedSession } from './sessions';

/** The HttpOnly cookie holding the session token. */
export const SESSION_COOKIE = 'kontor_session';
/** The cookie the page reads and echoes as X-XSRF-TOKEN. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

const REMEMBER_SECONDS = 30 * 24 * 60 * 60;

/** Attributes of a Set-Cookie line. */
export interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  maxAgeSeconds?: number;
}

/**
 * Reads one cookie from the request (values are URL-decoded). Written here rather than
 * with @fastify/cookie, whose import() of `cookie` cannot run under jest's CommonJS sandbox.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** One Set-Cookie line: path /, SameSite=Lax, the value URL-encoded. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(
      `Max-Age=${options.maxAgeSeconds}`,
      `Expires=${new Date(Date.now() + options.maxAgeSeconds * 1000).toUTCString()}`,
    );
  }
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Sets the session and XSRF cookies of a newly issued session. */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  issued: IssuedSession,
): void {
  const base = {
    secure: config.secureCookies,
    // Remembered sessions survive closing the browser; others end with it (or when idle).
    maxAgeSeconds: issued.session.remember ? REMEMBER_SECONDS : undefined,
  };
  reply.header('set-cookie', [
    serializeCookie(SESSION_COOKIE, issued.token, { ...base, httpOnly: true }),
    serializeCookie(XSRF_COOKIE, issued.session.csrfToken, { ...base, httpOnly: false }),
  ]);
}
