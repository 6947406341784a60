import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../src/app';
import { ConfigError, loadConfig, testConfig, type Config } from '../src/config';
import { Browser, send, startTestApp, type TestApp } from './helpers';

// X-Forwarded-For is written by whoever sends the request. Only a listed proxy may tell
// the client's address with it (TRUST_PROXY=<addresses/CIDRs>); a forged one from anyone
// else changes nothing: not the login throttle's key, and never the loopback-only /metrics.

let cwd: string;
let t: TestApp;

/** TRUST_PROXY as the server reads it from the environment. */
const trustProxyOf = (value: string) => loadConfig({ TRUST_PROXY: value }, cwd).trustProxy;

/** This machine's first address that is not loopback (a second interface to connect from). */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

/** Sends a failed login for `email` as the browser at `ip` (told by X-Forwarded-For). */
async function failedLogin(app: FastifyInstance, email: string, ip: string) {
  const browser = new Browser(app, ip);
  return (await browser.login(email, 'not-the-password')).statusCode;
}

beforeAll(async () => {
  cwd = mkdtempSync(path.join(os.tmpdir(), 'kontor-security-proxy-'));
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  rmSync(cwd, { recursive: true, force: true });
});

test('TRUST_PROXY takes the proxies addresses and CIDR ranges; true and hop counts are refused with what to write', () => {
  expect(trustProxyOf('')).toBe(false);
  expect(trustProxyOf('false')).toBe(false);
  expect(trustProxyOf(' 10.0.0.2, 10.1.0.0/16 ,loopback,fd00::/8')).toEqual([
    '10.0.0.2',
    '10.1.0.0/16',
    'loopback',
    'fd00::/8',
  ]);
  for (const value of ['true', 'yes', '1', '2']) {
    expect(() => trustProxyOf(value)).toThrow(ConfigError);
    expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY[\s\S]*list the proxies' addresses/);
  }
  for (const value of ['proxy.example.com', '10.0.0.0/33', '0.0.0.0/0', '10.0.0.1/8/8', '1.2.3']) {
    expect(() => trustProxyOf(value)).toThrow(/is not an address, a CIDR range/);
  }
});

test('a forged X-Forwarded-For from a peer that is not a listed proxy does not change the login throttle key', async () => {
  // The test client connects from 127.0.0.1, which is not the listed proxy.
  const app = await t.variant({ trustProxy: trustProxyOf('10.0.0.2') });
  const email = 'packer@kontor.test';
  for (let i = 1; i <= 5; i++) expect(await failedLogin(app, email, `198.51.100.${i}`)).toBe(422);
  // A sixth "address" is still the same peer: throttled, even with the right password.
  const sixth = await new Browser(app, '198.51.100.6').login(email, 'packer');
  expect(sixth.statusCode).toBe(429);
});

test('from a listed proxy X-Forwarded-For tells the client: another client is not throttled by the first', async () => {
  const app = await t.variant({ trustProxy: trustProxyOf('127.0.0.1') });
  const email = 'guest@kontor.test';
  for (let i = 0; i < 5; i++) expect(await failedLogin(app, email, '198.51.100.20')).toBe(422);
  expect(await failedLogin(app, email, '198.51.100.20')).toBe(429);
  // The same account from another client behind the proxy has its own count.
  expect((await new Browser(app, '198.51.100.21').login(email, 'guest')).statusCode).toBe(204);
});

describe('/metrics is for the loopback socket only', () => {
  test('loopback without forwarding opens it; a request a local proxy forwards does not', async () => {
    const app = await t.variant({ trustProxy: trustProxyOf('loopback') });
    expect((await send(app, { url: '/metrics' })).statusCode).toBe(200);
    const forwarded = await send(app, {
      url: '/metrics',
      headers: { 'x-forwarded-for': '198.51.100.30' },
    });
    expect(forwarded.statusCode).toBe(403);
  });

  test('a forged X-Forwarded-For: 127.0.0.1 from another address is refused, listed proxy or not', async () => {
    const outside = outsideAddress();
    const configs: Partial<Config>[] = [
      { trustProxy: trustProxyOf(outside ?? '203.0.113.9') },
      { trustProxy: trustProxyOf('0.0.0.0/1,128.0.0.0/1,::/1,8000::/1') },
      { trustProxy: false },
    ];
    for (const overrides of configs) {
      const app = await createApp(testConfig({ ...overrides }), t.db);
      try {
        let status: number;
        const forged = { 'x-forwarded-for': '127.0.0.1' };
        if (outside) {
          // A real socket from this machine's other interface: the peer is not loopback.
          await app.listen({ port: 0, host: outside });
          const { port } = app.server.address() as { port: number };
          status = (await fetch(`http://${outside}:${port}/metrics`, { headers: forged })).status;
        } else {
          const injected = await app.inject({
            url: '/metrics',
            headers: forged,
            remoteAddress: '203.0.113.9',
          });
          status = injected.statusCode;
        }
        expect({ trustProxy: overrides.trustProxy, status }).toEqual({
          trustProxy: overrides.trustProxy,
          status: 403,
        });
      } finally {
        await app.close();
      }
    }
  });
});
