import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { deployTokenFor } from './deploy/token';

/** The repository root: server/src or server/dist sit two levels below it. */
const repoRoot = path.resolve(__dirname, '..', '..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  DIST_DIR: z.string().min(1).optional(),
  APP_KEY: z.string().min(32, 'APP_KEY must be at least 32 characters').optional(),
  SESSION_LIFETIME: z.coerce.number().int().positive().default(120),
  SECURE_COOKIES: booleanFlag.default(false),
  TRUST_PROXY: booleanFlag.default(false),
  DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Realtime (Pusher protocol, issue 3)
  PUSHER_APP_ID: z.string().min(1).default('kontor'),
  PUSHER_APP_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('kontor'),
  PUSHER_APP_SECRET: z
    .string()
    .min(16, 'PUSHER_APP_SECRET must be at least 16 characters')
    .optional(),
  WS_ALLOWED_ORIGINS: z.string().default(''),
  WS_MAX_CONNECTIONS: z.coerce.number().int().positive().default(20_000),
  WS_ACTIVITY_TIMEOUT: z.coerce.number().int().positive().default(120),
  WS_SHUTDOWN_SPREAD_MS: z.coerce.number().int().min(0).default(3000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
    .optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  // Module deploys (issue 5)
  DEPLOY_TOKEN: z.string().min(32, 'DEPLOY_TOKEN must be at least 32 characters').optional(),
});

/** The server's settings, read once from the environment at start. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path; the embedded database lives in `<dataDir>/pglite`. */
  dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  databaseUrl?: string;
  /** Absolute path of the built front end. */
  distDir: string;
  /** Server secret (signing); generated and kept in DATA_DIR outside production. */
  appKey: string;
  /** Minutes of inactivity after which a session ends (remembered sessions: 30 days). */
  sessionLifetimeMinutes: number;
  secureCookies: boolean;
  /**
   * Whether to fill an empty database with the demo accounts: 'auto' = only the embedded
   * database; 'true' also on DATABASE_URL. Never when NODE_ENV=production.
   */
  demoData: 'auto' | 'true' | 'false';
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for the login throttle). */
  trustProxy: boolean;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  logLevel: string;
  /** The socket server (Pusher protocol); see server/README.md "Realtime". */
  realtime: RealtimeConfig;
  /** Bearer token of `npm run deploy` (module deploys); none: only users with `administrate`. */
  deployToken?: string;
}

/** Settings of the Pusher-protocol socket server and its HTTP API. */
export interface RealtimeConfig {
  appId: string;
  /** Public key in the socket URL /app/{key}. */
  appKey: string;
  /** Signs channel authorizations and HTTP API calls; derived from APP_KEY unless PUSHER_APP_SECRET is set. */
  appSecret: string;
  /** Origins (scheme://host[:port]) allowed besides the server's own host on the socket upgrade. */
  allowedOrigins: string[];
  /** Sockets one node holds at most; the next one is closed with 4100. */
  maxConnections: number;
  /** Milliseconds without an inbound message before the server pings (announced as activity_timeout). */
  activityTimeoutMs: number;
  /** Milliseconds a pinged socket has to answer before it is closed with 4201. */
  pongTimeoutMs: number;
  /** On shutdown, the sockets are closed with 4200 spread over this many milliseconds. */
  shutdownSpreadMs: number;
  /** With a Redis server, events and presence are shared by every node. */
  redisUrl?: string;
  /** Bearer token that opens /metrics to callers other than loopback. */
  metricsToken?: string;
  /** With Redis: a node silent this long is dead and its presence members removed (default 15 s). */
  nodeTtlMs?: number;
}

/** Raised when the environment holds an invalid setting; the message lists every problem. */
export class ConfigError extends Error {}

/** Parses and validates the environment into a Config (creating DATA_DIR and a dev APP_KEY when needed). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    throw new ConfigError(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const appKey = e.APP_KEY ?? devAppKey(dataDir, e.NODE_ENV);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    distDir: e.DIST_DIR ? path.resolve(cwd, e.DIST_DIR) : path.join(repoRoot, 'dist'),
    appKey,
    sessionLifetimeMinutes: e.SESSION_LIFETIME,
    secureCookies: e.SECURE_COOKIES,
    trustProxy: e.TRUST_PROXY,
    demoData: e.DEMO_DATA,
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
    deployToken: deployTokenFor(dataDir, e.NODE_ENV, e.DEPLOY_TOKEN),
    realtime: {
      appId: e.PUSHER_APP_ID,
      appKey: e.PUSHER_APP_KEY,
      appSecret: e.PUSHER_APP_SECRET ?? derivedSecret(appKey),
      allowedOrigins: e.WS_ALLOWED_ORIGINS.split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean),
      maxConnections: e.WS_MAX_CONNECTIONS,
      activityTimeoutMs: e.WS_ACTIVITY_TIMEOUT * 1000,
      pongTimeoutMs: 30_000,
      shutdownSpreadMs: e.WS_SHUTDOWN_SPREAD_MS,
      redisUrl: e.REDIS_URL,
      metricsToken: e.METRICS_TOKEN,
    },
  };
}

/**
 * The Pusher app secret when PUSHER_APP_SECRET is not set: derived from APP_KEY (so every
 * node of a cluster, sharing APP_KEY, agrees, and development keeps it across restarts).
 */
function derivedSecret(appKey: string): string {
  return createHmac('sha256', appKey).update('kontor pusher app secret').digest('hex').slice(0, 40);
}

/** Reads the key kept in DATA_DIR, creating it on first start; production must set APP_KEY itself. */
function devAppKey(dataDir: string, nodeEnv: Config['nodeEnv']): string {
  if (nodeEnv === 'production') {
    throw new ConfigError('APP_KEY must be set when NODE_ENV=production (at least 32 characters).');
  }
  const file = path.join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** A Config for tests and tools: defaults plus the given overrides, with no file access. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(repoRoot, '.tmp', 'server-test'),
    distDir: path.join(repoRoot, 'dist'),
    appKey: 'test-key-test-key-test-key-test-key',
    sessionLifetimeMinutes: 120,
    secureCookies: false,
    trustProxy: false,
    demoData: 'false',
    bodyLimit: 1024 * 1024,
    logLevel: 'silent',
    deployToken: 'test-deploy-token-test-deploy-token',
    realtime: {
      appId: 'kontor',
      appKey: 'kontor',
      appSecret: 'test-pusher-secret-test',
      allowedOrigins: [],
      maxConnections: 1000,
      activityTimeoutMs: 120_000,
      pongTimeoutMs: 30_000,
      shutdownSpreadMs: 200,
    },
    ...overrides,
  };
}
