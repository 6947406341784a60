import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import { hashPassword, setPasswordHashing, verifyPassword } from '../src/auth/passwords';
import { ConfigError, loadConfig, TEST_HASHING } from '../src/config';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(path.join(os.tmpdir(), 'kontor-config-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

test('without settings Kontor listens on 0.0.0.0:8080, keeps data in ./data and serves <repo>/dist', () => {
  const config = loadConfig({}, cwd);
  expect(config).toMatchObject({
    port: 8080,
    host: '0.0.0.0',
    dataDir: path.join(cwd, 'data'),
    distDir: path.resolve(__dirname, '..', '..', 'dist'),
    sessionLifetimeMinutes: 120,
    secureCookies: false,
    bodyLimit: 1024 * 1024,
    demoData: 'auto',
  });
  expect(config.databaseUrl).toBeUndefined();
});

test('a development APP_KEY is generated once and kept in DATA_DIR', () => {
  const first = loadConfig({ DATA_DIR: 'store' }, cwd);
  expect(first.appKey.length).toBeGreaterThanOrEqual(32);
  expect(readFileSync(path.join(cwd, 'store', 'app-key'), 'utf8').trim()).toBe(first.appKey);
  expect(loadConfig({ DATA_DIR: 'store' }, cwd).appKey).toBe(first.appKey);
});

test('production needs its own APP_KEY', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' }, cwd)).toThrow(ConfigError);
  const key = 'k'.repeat(40);
  expect(loadConfig({ NODE_ENV: 'production', APP_KEY: key }, cwd).appKey).toBe(key);
});

test('passwords are hashed at argon2 standard cost unless set; production refuses less than OWASP asks', async () => {
  expect(loadConfig({}, cwd).passwordHashing).toEqual({
    memoryKib: 65_536,
    timeCost: 3,
    parallelism: 4,
  });
  const key = 'k'.repeat(40);
  const cheap = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_TIME_COST: '1' };
  expect(() => loadConfig({ NODE_ENV: 'production', APP_KEY: key, ...cheap }, cwd)).toThrow(
    /PASSWORD_HASH_MEMORY_KIB must be at least 19456/,
  );
  expect(() =>
    loadConfig({ NODE_ENV: 'production', APP_KEY: key, PASSWORD_HASH_TIME_COST: '1' }, cwd),
  ).toThrow(/PASSWORD_HASH_TIME_COST at least 2/);
  const least = { PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_TIME_COST: '2' };
  expect(
    loadConfig({ NODE_ENV: 'production', APP_KEY: key, ...least }, cwd).passwordHashing,
  ).toMatchObject({ memoryKib: 19_456, timeCost: 2 });
  expect(loadConfig({ NODE_ENV: 'test', ...cheap }, cwd).passwordHashing).toMatchObject({
    memoryKib: 1024,
    timeCost: 1,
  });
  expect(() =>
    loadConfig({ PASSWORD_HASH_MEMORY_KIB: '64', PASSWORD_HASH_PARALLELISM: '16' }, cwd),
  ).toThrow(/at least 8 KiB per lane: 128/);

  // New hashes take the set cost; a hash made at another cost still verifies.
  const standard = await argon2.hash('Lagerhalle-Nord', { type: argon2.argon2id });
  setPasswordHashing(TEST_HASHING);
  const hash = await hashPassword('Lagerhalle-Nord');
  const [, kind, , parameters] = hash.split('$');
  expect([kind, parameters!.split(',').sort()]).toEqual(['argon2id', ['m=1024', 'p=1', 't=1']]);
  expect(await verifyPassword(hash, 'Lagerhalle-Nord')).toBe(true);
  expect(await verifyPassword(standard, 'Lagerhalle-Nord')).toBe(true);
  expect(await verifyPassword(standard, 'Lagerhalle-Süd')).toBe(false);
});

test('invalid settings are refused with every problem named', () => {
  expect(() =>
    loadConfig({ PORT: 'eighty', SESSION_LIFETIME: '-5', SECURE_COOKIES: 'maybe' }, cwd),
  ).toThrow(/PORT[\s\S]*SESSION_LIFETIME|SESSION_LIFETIME[\s\S]*PORT/);
});

test('DATABASE_URL may name a Unix socket directory (libpq form), and must be a postgres URL', () => {
  const socket = 'postgresql://kontor@/kontor?host=%2Fvar%2Frun%2Fpostgresql';
  expect(loadConfig({ DATABASE_URL: socket }, cwd).databaseUrl).toBe(socket);
  expect(() => loadConfig({ DATABASE_URL: 'mysql://u@db/kontor' }, cwd)).toThrow(
    /DATABASE_URL must be a postgres:\/\//,
  );
});

test('settings are read from the environment', () => {
  const config = loadConfig(
    {
      PORT: '9000',
      HOST: '127.0.0.1',
      SECURE_COOKIES: 'true',
      SESSION_LIFETIME: '30',
      BODY_LIMIT: '2048',
      DATABASE_URL: 'postgres://u@db/kontor',
    },
    cwd,
  );
  expect(config).toMatchObject({
    port: 9000,
    host: '127.0.0.1',
    secureCookies: true,
    sessionLifetimeMinutes: 30,
    bodyLimit: 2048,
    databaseUrl: 'postgres://u@db/kontor',
  });
});
