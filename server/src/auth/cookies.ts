import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import {
  absoluteEndOf,
  type GuestPass,
  type IssuedSession,
  type SessionLifetime,
} from './sessions';

/** The HttpOnly cookie holding the session token (named `__Host-kontor_session` with secure cookies). */
export const SESSION_COOKIE = 'kontor_session';
/** The cookie the page reads and echoes as X-XSRF-TOKEN (`__Host-XSRF-TOKEN` with secure cookies). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/**
 * The name prefix of Kontor's cookies when they are secure: a browser takes such a cookie
 * only with Secure, Path=/ and no Domain, so no sibling (sub)domain can plant or overwrite it.
 */
export const SECURE_PREFIX = '__Host-';

/** Attributes of a Set-Cookie line. */
export interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  maxAgeSeconds?: number;
}

/** The name a Kontor cookie has under the config: `__Host-` prefixed with secure cookies. */
export function cookieName(config: Pick<Config, 'secureCookies'>, name: string): string {
  return config.secureCookies ? SECURE_PREFIX + name : name;
}

/**
 * Reads one of Kontor's cookies from the request (values are URL-decoded), under the name it
 * has with the app's cookie settings (`readCookie(request, SESSION_COOKIE)` reads
 * `__Host-kontor_session` when cookies are secure and ignores a plain `kontor_session`).
 * Written here rather than with @fastify/cookie, whose import() of `cookie` cannot run
 * under jest's CommonJS sandbox.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const wanted = cookieName(request.server.config, name);
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== wanted) continue;
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

function setCookies(
  reply: FastifyReply,
  config: Config,
  token: string,
  csrfToken: string,
  maxAgeSeconds: number | undefined,
): void {
  const base = { secure: config.secureCookies, maxAgeSeconds };
  reply.header('set-cookie', [
    serializeCookie(cookieName(config, SESSION_COOKIE), token, { ...base, httpOnly: true }),
    serializeCookie(cookieName(config, XSRF_COOKIE), csrfToken, { ...base, httpOnly: false }),
  ]);
}

/** The lifetime of sessions under a config. */
export function lifetimeOf(config: Config): SessionLifetime {
  return {
    minutes: config.sessionLifetimeMinutes,
    absoluteHours: config.sessionAbsoluteLifetimeHours,
    rememberDays: config.sessionRememberDays,
  };
}

/** Sets the session and XSRF cookies of a newly issued (or re-sent) session. */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  issued: IssuedSession,
): void {
  // Remembered sessions survive closing the browser until their absolute end; others end
  // with the browser (or when idle, or at their absolute end).
  const end = absoluteEndOf(issued.session, lifetimeOf(config)).getTime();
  const maxAge = issued.session.remember
    ? Math.max(0, Math.ceil((end - Date.now()) / 1000))
    : undefined;
  setCookies(reply, config, issued.token, issued.session.csrfToken, maxAge);
}

/** Sets the cookies of a visitor before login: the signed pass and its XSRF token. */
export function setGuestCookies(reply: FastifyReply, config: Config, guest: GuestPass): void {
  setCookies(reply, config, guest.token, guest.csrfToken, undefined);
}
