import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** One year, in seconds: how long a browser keeps to HTTPS after it saw HSTS. */
const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy of production, as directives. The page is index.html: its
 * scripts (SystemJS, import-map-overrides, the hashed bundles of the import map) come from
 * the own origin or a deploy origin, its one inline script (`System.import(…)`) is allowed by
 * its hash (`inlineScriptHashes`, from the static plugin); SystemJS fetches the import map
 * (connect-src), the socket is the own host (ws: / wss: under 'self'); Blueprint and the
 * modules' style loader set inline styles, Blueprint's CSS uses data: images.
 */
export function cspDirectives(
  config: Config,
  inlineScriptHashes: readonly string[] = [],
): Record<string, string[]> {
  const deploys = config.deployOrigins;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...deploys, ...inlineScriptHashes.map((hash) => `'${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'", ...deploys],
    'img-src': ["'self'", 'data:', ...deploys],
    'font-src': ["'self'", 'data:', ...deploys],
    'connect-src': ["'self'", ...deploys],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The Content-Security-Policy header value of the directives. */
export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Whether responses carry the Content-Security-Policy (production only: development loads modules from dev servers). */
export function enforcesCsp(config: Config): boolean {
  return config.nodeEnv === 'production';
}

/**
 * Security headers on every response (@fastify/helmet): in production a CSP; HSTS whenever
 * cookies are Secure (the site is on HTTPS); no framing, same-origin referrers, nosniff,
 * cross-origin opener/resource isolation. Development keeps working with dev servers: no
 * CSP there.
 */
async function securityHeaders(app: FastifyInstance): Promise<void> {
  const { config } = app;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: enforcesCsp(config)
      ? { useDefaults: false, directives: cspDirectives(config) }
      : false,
    strictTransportSecurity: config.secureCookies
      ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true }
      : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Module bundles from deploy origins do not send CORP headers: no require-corp.
    crossOriginEmbedderPolicy: false,
  });
}

export default fp(securityHeaders, { name: 'kontor-security-headers' });
