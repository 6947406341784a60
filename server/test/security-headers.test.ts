import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loggedIn, send, startTestApp, type TestApp } from './helpers';

// Issue 8: production answers with secure defaults — a CSP the page works with, HSTS behind
// HTTPS, no-store on personal answers, no public source maps — while development (and the
// test setting) stays convenient.

/** The page's inline start script, as root-config/index.html has it. */
const START = `\n      System.import('@kontor/root-config');\n    `;
const INDEX = `<!doctype html><html><head><title>Kontor-App</title>
<script type="systemjs-importmap" src="/importmap.json"></script>
<script type="systemjs-importmap">{"imports":{}}</script>
<script src="/libs/systemjs/system.min.js" integrity="sha384-x"></script>
</head><body><div id="kontor-app"></div><script>${START}</script></body></html>`;
const START_HASH = `'sha256-${createHash('sha256').update(START).digest('base64')}'`;

let t: TestApp;
let production: FastifyInstance;
let productionPlainHttp: FastifyInstance;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'kontor-headers-'));
  const dist = path.join(tmp, 'dist');
  const files: Record<string, string> = {
    'index.html': INDEX,
    'libs/react.0123456789ab.js': 'System.register([], function () {});',
    'libs/react.0123456789ab.js.map': '{"version":3,"sourcesContent":["secret source"]}',
    'modules/mf-admin/kontor-admin.abcdef012345.js.map': '{"version":3}',
    'libs/systemjs/system.min.js': 'var System;',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  t = await startTestApp({ distDir: dist });
  production = await t.variant({
    nodeEnv: 'production',
    secureCookies: true,
    deployOrigins: ['https://cdn.example.com'],
  });
  productionPlainHttp = await t.variant({ nodeEnv: 'production', secureCookies: false });
});
afterAll(async () => {
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy in production', () => {
  test('the page allows scripts from its own origin, the deploy origins and its start script by hash only', async () => {
    for (const url of ['/', '/orders/list', '/account/edit']) {
      const page = await send(production, { url, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      const csp = directives(page.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.com', START_HASH]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'", 'https://cdn.example.com']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['style-src']).toContain("'unsafe-inline'"); // Blueprint's inline styles
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('same-origin');
    }
  });

  test('API answers carry the policy too, without the page hashes', async () => {
    const answer = await send(production, { url: '/user' });
    expect(answer.statusCode).toBe(401);
    const csp = directives(answer.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  test('development and tests stay convenient: no CSP', async () => {
    const page = await send(t.app, { url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBeUndefined();
  });
});

describe('HSTS', () => {
  test('is sent when cookies are Secure (the site is on HTTPS), on pages and API answers', async () => {
    for (const url of ['/', '/user', '/sanctum/csrf-cookie']) {
      const answer = await send(production, { url, headers: { accept: 'text/html' } });
      expect(answer.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  test('is not sent over plain HTTP (cookies not Secure)', async () => {
    const page = await send(productionPlainHttp, { url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['content-security-policy']).toBeDefined();
  });
});

describe('Cache-Control: no-store on personal answers', () => {
  test('GET and PUT /user, /spa/*, /graphql and errors are never stored', async () => {
    const browser = await loggedIn(t.app, 'packer@kontor.test', 'packer');
    const answers = [
      await browser.request({ url: '/user' }),
      await browser.request({
        method: 'PUT',
        url: '/user',
        payload: { name: 'Packer', email: 'packer@kontor.test' },
      }),
      await browser.request({ url: '/spa/me/permissions' }),
      await browser.request({
        method: 'POST',
        url: '/graphql',
        payload: { query: '{ __typename }' },
      }),
      await send(t.app, { url: '/user' }),
      await send(t.app, { url: '/spa/nothing-here' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 401, 404]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('files keep their own caching', async () => {
    const file = await send(t.app, { url: '/libs/react.0123456789ab.js' });
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await send(t.app, { url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('source maps', () => {
  test('are not served in production', async () => {
    for (const url of [
      '/libs/react.0123456789ab.js.map',
      '/modules/mf-admin/kontor-admin.abcdef012345.js.map',
    ]) {
      const answer = await send(production, { url });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('secret source');
    }
    expect((await send(production, { url: '/libs/react.0123456789ab.js' })).statusCode).toBe(200);
  });

  test('are served in development', async () => {
    const map = await send(t.app, { url: '/libs/react.0123456789ab.js.map' });
    expect(map.statusCode).toBe(200);
  });
});
