import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { baseUrl, startTestApp, type TestApp } from './helpers';

const INDEX = `<!doctype html><html><head><title>Kontor-App</title></head><body>${'<!-- padding -->'.repeat(100)}<div id="kontor-app"></div></body></html>`;
const REACT = `System.register([], function () { ${'/* react */ '.repeat(500)} });`;

let t: TestApp;
let notBuilt: TestApp['app'];
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'kontor-static-'));
  const dist = path.join(tmp, 'dist');
  const files: Record<string, string> = {
    'index.html': INDEX,
    'importmap.json': JSON.stringify({ imports: { react: '/libs/react.0123456789ab.js' } }),
    'modules.json': '[]',
    'kontor.css': '.kontor-layout { display: grid; }',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'libs/react.0123456789ab.js': REACT,
    'libs/react.0123456789ab.js.map': '{"version":3}',
    'libs/systemjs/system.min.js': 'var System;',
    'libs/blueprint/blueprint.0123456789ab.css': '.bp6 {}',
    'libs/fonts/icons.0123456789ab.woff2': 'wOF2',
    'modules/mf-admin/kontor-admin.abcdef012345.js': 'System.register([], function () {});',
    'modules/mf-admin/manifest.json': '{"name":"@kontor/admin"}',
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  writeFileSync(path.join(tmp, 'secret.txt'), 'top secret');
  symlinkSync(path.join(tmp, 'secret.txt'), path.join(dist, 'libs', 'escape.js'));
  t = await startTestApp({ distDir: dist });
  notBuilt = await t.variant({ distDir: path.join(tmp, 'missing') });
});
afterAll(async () => {
  await t?.close();
  rmSync(tmp, { recursive: true, force: true });
});

interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with the path exactly as given (fetch would normalize `..`) and the raw bytes back. */
function rawGet(
  app: TestApp['app'],
  requestPath: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const url = new URL(baseUrl(app));
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: url.hostname, port: url.port, path: requestPath, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('front-end files', () => {
  test.each([
    ['/importmap.json', 'application/json; charset=utf-8', 'no-cache'],
    ['/modules.json', 'application/json; charset=utf-8', 'no-cache'],
    ['/kontor.css', 'text/css; charset=utf-8', 'no-cache'],
    [
      '/libs/react.0123456789ab.js',
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ],
    [
      '/libs/react.0123456789ab.js.map',
      'application/json; charset=utf-8',
      'public, max-age=31536000, immutable',
    ],
    [
      '/libs/blueprint/blueprint.0123456789ab.css',
      'text/css; charset=utf-8',
      'public, max-age=31536000, immutable',
    ],
    ['/libs/fonts/icons.0123456789ab.woff2', 'font/woff2', 'public, max-age=31536000, immutable'],
    ['/libs/systemjs/system.min.js', 'text/javascript; charset=utf-8', 'no-cache'],
    [
      '/modules/mf-admin/kontor-admin.abcdef012345.js',
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ],
    ['/modules/mf-admin/manifest.json', 'application/json; charset=utf-8', 'no-cache'],
    ['/favicon.svg', 'image/svg+xml', 'no-cache'],
  ])('%s is served as %s with Cache-Control %s', async (url, contentType, cacheControl) => {
    const response = await rawGet(t.app, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toBeDefined();
  });

  test('a repeated request with the ETag gets 304 without a body', async () => {
    const first = await rawGet(t.app, '/importmap.json');
    const second = await rawGet(t.app, '/importmap.json', { 'if-none-match': first.headers.etag! });
    expect(second.statusCode).toBe(304);
    expect(second.body.length).toBe(0);
    expect(second.headers['cache-control']).toBe('no-cache');
  });

  test('JavaScript is sent brotli- or gzip-compressed to clients that accept it', async () => {
    const br = await rawGet(t.app, '/libs/react.0123456789ab.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(REACT.length / 5);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(REACT);

    const gzip = await rawGet(t.app, '/libs/react.0123456789ab.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(REACT);

    const plain = await rawGet(t.app, '/libs/react.0123456789ab.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(REACT);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  test('a missing file under /libs or /modules is 404, never the page', async () => {
    for (const url of ['/libs/react.ffffffffffff.js', '/modules/mf-orders/kontor-orders.js']) {
      const response = await rawGet(t.app, url, html);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
  });
});

describe('the single-page app', () => {
  test.each(['/', '/login', '/dashboard', '/administration/users', '/no/such/page'])(
    '%s answers 200 with index.html, not cached, with the security headers',
    async (url) => {
      const response = await rawGet(t.app, url, html);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body.toString()).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  test('API paths and requests for JSON get a JSON 404 instead of the page', async () => {
    for (const url of ['/spa/unknown', '/sanctum/unknown', '/graphql/x']) {
      const response = await rawGet(t.app, url, html);
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body.toString())).toEqual({ message: 'Not Found.' });
    }
    expect((await rawGet(t.app, '/dashboard', { accept: 'application/json' })).statusCode).toBe(
      404,
    );
  });

  test('without a build, pages answer 503 saying how to build', async () => {
    const response = await rawGet(notBuilt, '/login', html);
    expect(response.statusCode).toBe(503);
    expect(response.body.toString()).toBe('Front end not built: run npm run build');
  });
});

describe('path traversal', () => {
  test.each([
    '/libs/../../secret.txt',
    '/libs/%2e%2e/%2e%2e/secret.txt',
    '/libs/..%2f..%2fsecret.txt',
    '/libs/%2e%2e%5c%2e%2e%5csecret.txt',
    '/modules/../../secret.txt',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/libs/escape.js',
    '/libs/react.0123456789ab.js%00.html',
  ])('%s never reveals a file outside the build', async (url) => {
    const response = await rawGet(t.app, url, { accept: '*/*' });
    expect(response.body.toString()).not.toContain('top secret');
    expect([200, 400, 404]).toContain(response.statusCode);
    // A 200 is only ever the page itself (the SPA fallback), never the file asked for.
    const served = response.statusCode === 200 ? response.body.toString() : INDEX;
    expect(served).toBe(INDEX);
  });

  test('dot-files are not served', async () => {
    const response = await rawGet(t.app, '/libs/.hidden', { accept: 'application/json' });
    expect(response.statusCode).toBe(404);
  });
});
