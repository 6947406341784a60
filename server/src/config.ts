import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@kontor/contracts';
import { z } from 'zod';
import { LEAST_PRODUCTION_HASHING, STANDARD_HASHING, type PasswordHashing } from './auth/passwords';
import { deployTokenFor } from './deploy/token';
import { DEFAULT_RETRY, type RetryPolicy } from './shops/http';

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
  // A PostgreSQL connection URL; the host may be empty with `?host=/socket/dir` (a Unix socket,
  // libpq's form), which a plain URL rule would refuse.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// (or postgresql://) URL')
    .optional(),
  DIST_DIR: z.string().min(1).optional(),
  APP_KEY: z.string().min(32, 'APP_KEY must be at least 32 characters').optional(),
  SESSION_LIFETIME: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_LIFETIME: z.coerce.number().int().positive().default(12),
  SESSION_REMEMBER_LIFETIME: z.coerce.number().int().positive().default(30),
  SESSION_SWEEP_INTERVAL: z.coerce.number().int().positive().default(300),
  SECURE_COOKIES: booleanFlag.optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trusted = trustedProxies(value);
      if (typeof trusted === 'string') {
        ctx.addIssue({ code: 'custom', message: trusted });
        return z.NEVER;
      }
      return trusted;
    }),
  DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  // The installation's time zone: the days of lists, the dashboard and invoices, and every time
  // shown (docs/design.md "Words, numbers and dates").
  TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(
      (name) => /^[A-Za-z0-9_+\-/]+$/.test(name) && isTimeZone(name),
      'TIME_ZONE must be an IANA time zone such as Europe/Berlin',
    ),
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
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(200),
  WS_ACTIVITY_TIMEOUT: z.coerce.number().int().positive().default(120),
  WS_SHUTDOWN_SPREAD_MS: z.coerce.number().int().min(0).default(3000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
    .optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  // Module deploys (issue 5)
  DEPLOY_TOKEN: z.string().min(32, 'DEPLOY_TOKEN must be at least 32 characters').optional(),
  DEPLOY_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of commaList(value)) {
        const origin = originOf(entry);
        if (origin) origins.push(origin);
        else ctx.addIssue({ code: 'custom', message: `${entry} is not an origin (https://host)` });
      }
      return origins;
    }),
  // Background jobs and uploads (issue 11)
  JOBS_WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  JOBS_POLL_INTERVAL: z.coerce.number().int().min(20).max(60_000).default(1000),
  JOBS_WORKER_TIMEOUT: z.coerce.number().int().min(1).max(86_400).default(60),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(10_000).default(50),
  // Shop connections (issue 29)
  SHOP_SYNC_INTERVAL: z.coerce.number().int().min(5).max(86_400).default(60),
  SHOP_SYNC_SETTLE: z.coerce.number().int().min(0).max(3600).default(30),
  SHOP_SYNC_OVERLAP: z.coerce.number().int().min(0).max(86_400).default(120),
  SHOP_SYNC_LEASE: z.coerce.number().int().min(2).max(3600).default(60),
  SHOP_PAGE_SIZE: z.coerce.number().int().min(10).max(100).default(100),
  SHOP_SCHEDULER: booleanFlag.default(true),
  UPLOAD_RETENTION_HOURS: z.coerce.number().positive().default(72),
  // The cost of new password hashes (argon2id); production refuses less than OWASP's minimum
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(64)
    .max(4 * 1024 * 1024)
    .default(STANDARD_HASHING.memoryKib),
  PASSWORD_HASH_TIME_COST: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(STANDARD_HASHING.timeCost),
  PASSWORD_HASH_PARALLELISM: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(STANDARD_HASHING.parallelism),
});

/** The non-empty, trimmed parts of a comma-separated setting. */
function commaList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** What to write instead of a TRUST_PROXY that does not name the proxies. */
const LIST_THE_PROXIES =
  "list the proxies' addresses or CIDR ranges, e.g. TRUST_PROXY=10.0.0.2,10.1.0.0/16 (or loopback for a proxy on this host)";

/**
 * TRUST_PROXY: false (default) or the proxies' addresses / CIDRs (or loopback, linklocal,
 * uniquelocal). `true` is refused: it trusts every hop, so any client could choose its
 * own address with X-Forwarded-For. A hop count is refused too: it cannot tell a proxy
 * from a client that connects directly (Fastify treats one as trusting nobody). Returns
 * the problem as a string.
 */
function trustedProxies(value: string): false | string[] | string {
  const text = value.trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(text)) return false;
  if (text === 'true' || text === 'yes') {
    return `TRUST_PROXY=true would trust every hop, so any client could forge its address with X-Forwarded-For: ${LIST_THE_PROXIES}`;
  }
  if (/^\d+$/.test(text)) {
    return `TRUST_PROXY=${text}: a hop count cannot tell a proxy from a client that connects directly; ${LIST_THE_PROXIES}`;
  }
  const entries = commaList(text);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    return `TRUST_PROXY: ${wrong.join(', ')} is not an address, a CIDR range, loopback, linklocal or uniquelocal`;
  }
  return entries;
}

/** An address, address/prefix or IPv4 address/netmask as proxy-addr takes it (no /0: that is every address). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (family === 4 && isIP(prefix) === 4) return !/^0+(\.0+){3}$/.test(prefix); // netmask
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 1 && bits <= (family === 4 ? 32 : 128);
}

/** The origin (scheme://host[:port]) of an http(s) URL without path, query or credentials. */
function originOf(entry: string): string | undefined {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return (url.protocol === 'https:' || url.protocol === 'http:') && bare ? url.origin : undefined;
}

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
  /** Minutes of inactivity after which a session ends (remembered sessions: sessionRememberDays). */
  sessionLifetimeMinutes: number;
  /** Hours after login after which a session ends however active it is (not remembered ones). */
  sessionAbsoluteLifetimeHours: number;
  /** Days after login after which a remembered session ends, however active it is. */
  sessionRememberDays: number;
  /** How often expired sessions and finished throttle windows are deleted (milliseconds). */
  sessionSweepIntervalMs: number;
  /** Cookies marked Secure and named with the `__Host-` prefix (default: on in production). */
  secureCookies: boolean;
  /**
   * Whether to fill an empty database with the demo accounts: 'auto' = only the embedded
   * database; 'true' also on DATABASE_URL. Never when NODE_ENV=production.
   */
  demoData: 'auto' | 'true' | 'false';
  /**
   * Which peers may tell the client's address in X-Forwarded-For (used by the login
   * throttle): false (none) or the proxies' addresses / CIDRs. Never `true` (every hop).
   */
  trustProxy: false | string[];
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  logLevel: string;
  /** The installation's time zone (IANA name), Europe/Berlin unless TIME_ZONE says otherwise. */
  timeZone: string;
  /** The socket server (Pusher protocol); see server/README.md "Realtime". */
  realtime: RealtimeConfig;
  /** Bearer token of `npm run deploy` (module deploys); none: only users with `administrate`. */
  deployToken?: string;
  /**
   * Origins (scheme://host[:port]) a deploy may fetch a bundle or manifest from by URL;
   * empty: only version folders of the own build (DIST_DIR).
   */
  deployOrigins: string[];
  /** Background jobs (server/README.md "Background jobs"). */
  jobs: JobsConfig;
  /** Uploaded files for jobs (POST /spa/uploads). */
  uploads: UploadsConfig;
  /** Shop connections' syncs and push-backs (server/README.md "Shop connections"). */
  shops: ShopsConfig;
  /** The cost of new password hashes. */
  passwordHashing: PasswordHashing;
}

/** Settings of the job queue on this node. */
export interface JobsConfig {
  /** Jobs this node runs at once; 0: it runs none (it still enqueues and shows them). */
  workers: number;
  /** How often an idle worker node asks the queue for work (milliseconds). */
  pollIntervalMs: number;
  /** A running job whose node has not reported for this long is taken up again (milliseconds). */
  workerTimeoutMs: number;
}

/** Settings of the shop connections' syncs. */
export interface ShopsConfig {
  /** Seconds between scheduled syncs of a connection. */
  intervalSeconds: number;
  /** A sync's window ends this many seconds before the shop's now. */
  settleSeconds: number;
  /** A window starts this many seconds before the cursor (late writes are read again). */
  overlapSeconds: number;
  /** Seconds a sync holds its connection without renewing (a dead node's hold runs out). */
  leaseSeconds: number;
  /** Orders asked per page. */
  pageSize: number;
  /** How often the node looks for due syncs and push-backs (ms). */
  tickMs: number;
  /** Whether this node enqueues due syncs and push-backs. */
  scheduler: boolean;
  /** Retries of requests to a shop. */
  retry: RetryPolicy;
}

/** Settings of uploads. */
export interface UploadsConfig {
  /** Largest accepted file in bytes. */
  maxBytes: number;
  /** Uploads older than this are deleted (milliseconds). */
  retentionMs: number;
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
  /** Sockets one client address (an IPv6 /64) holds at most on a node; the next one is closed with 4100. */
  maxConnectionsPerAddress: number;
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
    sessionAbsoluteLifetimeHours: e.SESSION_ABSOLUTE_LIFETIME,
    sessionRememberDays: e.SESSION_REMEMBER_LIFETIME,
    sessionSweepIntervalMs: e.SESSION_SWEEP_INTERVAL * 1000,
    secureCookies: e.SECURE_COOKIES ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    demoData: e.DEMO_DATA,
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
    timeZone: e.TIME_ZONE,
    deployToken: deployTokenFor(dataDir, e.NODE_ENV, e.DEPLOY_TOKEN),
    deployOrigins: e.DEPLOY_ORIGINS,
    jobs: {
      workers: e.JOBS_WORKERS,
      pollIntervalMs: e.JOBS_POLL_INTERVAL,
      workerTimeoutMs: e.JOBS_WORKER_TIMEOUT * 1000,
    },
    uploads: {
      maxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
      retentionMs: e.UPLOAD_RETENTION_HOURS * 3_600_000,
    },
    shops: {
      intervalSeconds: e.SHOP_SYNC_INTERVAL,
      settleSeconds: e.SHOP_SYNC_SETTLE,
      overlapSeconds: e.SHOP_SYNC_OVERLAP,
      leaseSeconds: e.SHOP_SYNC_LEASE,
      pageSize: e.SHOP_PAGE_SIZE,
      tickMs: 1000,
      scheduler: e.SHOP_SCHEDULER,
      retry: DEFAULT_RETRY,
    },
    passwordHashing: passwordHashingFor(e.NODE_ENV, {
      memoryKib: e.PASSWORD_HASH_MEMORY_KIB,
      timeCost: e.PASSWORD_HASH_TIME_COST,
      parallelism: e.PASSWORD_HASH_PARALLELISM,
    }),
    realtime: {
      appId: e.PUSHER_APP_ID,
      appKey: e.PUSHER_APP_KEY,
      appSecret: e.PUSHER_APP_SECRET ?? derivedSecret(appKey),
      allowedOrigins: e.WS_ALLOWED_ORIGINS.split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean),
      maxConnections: e.WS_MAX_CONNECTIONS,
      maxConnectionsPerAddress: e.WS_MAX_CONNECTIONS_PER_IP,
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

/**
 * The hashing cost as set; production refuses less than OWASP's minimum for argon2id (tests and
 * development may go lower: a login there need not cost half a second). argon2 needs 8 KiB a lane.
 */
function passwordHashingFor(nodeEnv: Config['nodeEnv'], hashing: PasswordHashing): PasswordHashing {
  const least = LEAST_PRODUCTION_HASHING;
  if (
    nodeEnv === 'production' &&
    (hashing.memoryKib < least.memoryKib || hashing.timeCost < least.timeCost)
  ) {
    throw new ConfigError(
      `PASSWORD_HASH_MEMORY_KIB must be at least ${least.memoryKib} and PASSWORD_HASH_TIME_COST at least ${least.timeCost} when NODE_ENV=production (OWASP's minimum for argon2id).`,
    );
  }
  if (hashing.memoryKib < 8 * hashing.parallelism) {
    throw new ConfigError(
      `PASSWORD_HASH_MEMORY_KIB must be at least 8 KiB per lane: ${8 * hashing.parallelism} for PASSWORD_HASH_PARALLELISM=${hashing.parallelism}.`,
    );
  }
  return hashing;
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

/** The hashing cost of tests (and of the end-to-end server): argon2id at 1 MiB, one pass. */
export const TEST_HASHING: PasswordHashing = { memoryKib: 1024, timeCost: 1, parallelism: 1 };

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
    sessionAbsoluteLifetimeHours: 12,
    sessionRememberDays: 30,
    sessionSweepIntervalMs: 300_000,
    secureCookies: false,
    trustProxy: false,
    demoData: 'false',
    bodyLimit: 1024 * 1024,
    logLevel: 'silent',
    timeZone: DEFAULT_TIME_ZONE,
    deployToken: 'test-deploy-token-test-deploy-token',
    deployOrigins: [],
    // No workers unless a test asks for them (jobs tests set workers and short intervals).
    jobs: { workers: 0, pollIntervalMs: 50, workerTimeoutMs: 60_000 },
    uploads: { maxBytes: 50 * 1024 * 1024, retentionMs: 72 * 3_600_000 },
    // No scheduler unless a test asks for it (the shop tests drive syncs themselves).
    shops: {
      intervalSeconds: 60,
      settleSeconds: 0,
      overlapSeconds: 120,
      leaseSeconds: 60,
      pageSize: 100,
      tickMs: 200,
      scheduler: false,
      retry: { attempts: 8, baseMs: 20, capMs: 500, timeoutMs: 10_000 },
    },
    // Cheap hashes: a test logs in often; the cost itself is not what tests prove.
    passwordHashing: TEST_HASHING,
    realtime: {
      appId: 'kontor',
      appKey: 'kontor',
      appSecret: 'test-pusher-secret-test',
      allowedOrigins: [],
      maxConnections: 1000,
      maxConnectionsPerAddress: 1000,
      activityTimeoutMs: 120_000,
      pongTimeoutMs: 30_000,
      shutdownSpreadMs: 200,
    },
    ...overrides,
  };
}
