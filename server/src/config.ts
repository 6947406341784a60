import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    distDir: e.DIST_DIR ? path.resolve(cwd, e.DIST_DIR) : path.join(repoRoot, 'dist'),
    appKey: e.APP_KEY ?? devAppKey(dataDir, e.NODE_ENV),
    sessionLifetimeMinutes: e.SESSION_LIFETIME,
    secureCookies: e.SECURE_COOKIES,
    trustProxy: e.TRUST_PROXY,
    demoData: e.DEMO_DATA,
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
  };
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
    ...overrides,
  };
}
