import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MAX_DEPLOY_BYTES } from '../src/deploy/sources';
import { baseUrl, loggedIn, send, startTestApp, type TestApp } from './helpers';

// The deployer fetches a bundle and its manifest on the server's behalf, so it must not be
// a way to reach what only the server can reach (its loopback /metrics, the private
// network): it fetches only from DEPLOY_ORIGINS, follows no redirect, stops reading past
// the size limit, and its errors never repeat what it read.

const TOKEN = 'test-deploy-token-test-deploy-token';
const MODULE = '@kontor/probe';
const BUNDLE = `System.register([], function (_export) { return { execute: function () {} }; });\n`;
const MANIFEST = JSON.stringify({ name: MODULE, namespace: 'probe', routes: [], menu: [] });
/** What a target only the server can reach serves (as /metrics does). */
const SECRET = 'kontor_ws_connections 7\nkontor_secret_value{node="a"} 42\n';

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A small HTTP server standing in for a CDN or an internal service; counts its requests. */
interface StandIn {
  base: string;
  requests: string[];
  routes: Map<string, Handler>;
  server: http.Server;
}

async function standIn(): Promise<StandIn> {
  const routes = new Map<string, Handler>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const handler = routes.get(request.url ?? '');
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    routes,
    server,
  };
}

const serve =
  (body: string, status = 200): Handler =>
  (_request, response) =>
    response.writeHead(status, { 'content-type': 'text/plain' }).end(body);

let t: TestApp;
let dist: string;
/** The origin listed in DEPLOY_ORIGINS. */
let cdn: StandIn;
/** Any other server on loopback (an internal service). */
let internal: StandIn;
/** The same server with the default setting: no DEPLOY_ORIGINS. */
let withoutOrigins: FastifyInstance;

function deploy(app: FastifyInstance, body: Record<string, unknown>) {
  return send(app, {
    method: 'POST',
    url: '/spa/deploy',
    payload: { module: MODULE, ...body },
    headers: { authorization: `Bearer ${TOKEN}` },
  });
}

async function liveUrl(): Promise<string | undefined> {
  return (await send(t.app, { url: '/importmap.json' })).json().imports[MODULE];
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'kontor-security-deploy-'));
  cdn = await standIn();
  internal = await standIn();
  for (const host of [cdn, internal]) {
    host.routes.set('/probe/probe.js', serve(BUNDLE));
    host.routes.set('/probe/manifest.json', serve(MANIFEST));
  }
  t = await startTestApp({ distDir: dist, deployOrigins: [cdn.base] });
  withoutOrigins = await t.variant({ deployOrigins: [] });
});
afterAll(async () => {
  await t?.close();
  cdn?.server.close();
  internal?.server.close();
  rmSync(dist, { recursive: true, force: true });
});
beforeEach(() => {
  cdn.requests.length = 0;
  internal.requests.length = 0;
});

test('by default a deploy fetches nothing by URL: a loopback or private address is refused unrequested', async () => {
  for (const url of [
    `${internal.base}/probe/probe.js`,
    'http://10.20.30.40/probe/probe.js',
    'http://192.168.0.1:8080/probe.js',
    'http://[::1]:9/probe.js',
  ]) {
    const response = await deploy(withoutOrigins, { url });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 422 });
    expect(response.json().errors.url[0]).toMatch(/DEPLOY_ORIGINS/);
  }
  expect(internal.requests).toEqual([]);
  expect(await liveUrl()).toBeUndefined();
});

test('with DEPLOY_ORIGINS only those origins are fetched from: the server itself, another port or host are refused', async () => {
  const refused = [
    `${internal.base}/probe/probe.js`,
    `${baseUrl(t.app)}/metrics`,
    'http://169.254.169.254/latest/meta-data/',
    `${cdn.base.replace('127.0.0.1', 'localhost')}/probe/probe.js`,
  ];
  for (const url of refused) {
    const response = await deploy(t.app, { url });
    expect({ url, status: response.statusCode }).toEqual({ url, status: 422 });
    expect(response.json().errors.url[0]).toMatch(/not an origin deploys may fetch from/);
  }
  // The manifest too: a listed bundle with a manifest elsewhere is refused before either is read.
  const manifestElsewhere = await deploy(t.app, {
    url: `${cdn.base}/probe/probe.js`,
    manifestUrl: `${internal.base}/probe/manifest.json`,
  });
  expect(manifestElsewhere.statusCode).toBe(422);
  expect(manifestElsewhere.json().errors.manifestUrl[0]).toMatch(/not an origin/);
  expect(internal.requests).toEqual([]);
  expect(cdn.requests).toEqual([]);
  expect(await liveUrl()).toBeUndefined();

  // The listed origin works.
  const listed = await deploy(t.app, { url: `${cdn.base}/probe/probe.js` });
  expect(listed.statusCode).toBe(200);
  expect(await liveUrl()).toBe(`${cdn.base}/probe/probe.js`);
});

test('a redirect is refused, not followed, also to the manifest', async () => {
  const before = await liveUrl();
  cdn.routes.set('/moved/probe.js', (_request, response) =>
    response.writeHead(302, { location: `${internal.base}/probe/probe.js` }).end(),
  );
  const moved = await deploy(t.app, { url: `${cdn.base}/moved/probe.js` });
  expect(moved.statusCode).toBe(422);
  expect(moved.json().errors.url[0]).toMatch(/redirect \(302\); redirects are not followed/);

  cdn.routes.set('/moved-manifest/probe.js', serve(BUNDLE.replace('{}', '{ /* 2 */ }')));
  cdn.routes.set('/moved-manifest/manifest.json', (_request, response) =>
    response.writeHead(301, { location: `${internal.base}/probe/manifest.json` }).end(),
  );
  const movedManifest = await deploy(t.app, { url: `${cdn.base}/moved-manifest/probe.js` });
  expect(movedManifest.statusCode).toBe(422);
  expect(movedManifest.json().errors.manifest[0]).toMatch(/redirect \(301\)/);
  expect(internal.requests).toEqual([]);
  expect(await liveUrl()).toBe(before);
});

test('an answer larger than the limit is cut off while streaming, not read to its end', async () => {
  const before = await liveUrl();
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  const total = 8 * MAX_DEPLOY_BYTES;
  let written = 0;
  // Streams up to eight times the limit, as fast as the reader takes it (no Content-Length).
  cdn.routes.set('/huge/probe.js', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    response.write('System.register([], function () { /*');
    const pump = () => {
      while (written < total && !response.destroyed) {
        written += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  });
  // Declares its length: refused before a byte of the body is read.
  cdn.routes.set('/declared/probe.js', (_request, response) => {
    response.writeHead(200, { 'content-length': String(total) });
    response.write(chunk);
  });

  const huge = await deploy(t.app, { url: `${cdn.base}/huge/probe.js` });
  expect(huge.statusCode).toBe(422);
  expect(huge.json().errors.url[0]).toBe(
    `${cdn.base}/huge/probe.js is larger than ${MAX_DEPLOY_BYTES} bytes.`,
  );
  // The limit plus what the socket buffers held, far from the whole answer.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(written).toBeLessThan(MAX_DEPLOY_BYTES + 16 * chunk.length);

  const declared = await deploy(t.app, { url: `${cdn.base}/declared/probe.js` });
  expect(declared.statusCode).toBe(422);
  expect(declared.json().errors.url[0]).toMatch(/is larger than/);
  expect(await liveUrl()).toBe(before);
});

test('what a refused URL served never appears in the answer', async () => {
  const before = await liveUrl();
  cdn.routes.set('/text/probe.js', serve(SECRET));
  cdn.routes.set('/bad-manifest/probe.js', serve(BUNDLE));
  cdn.routes.set('/bad-manifest/manifest.json', serve(SECRET));
  cdn.routes.set(
    '/broken/probe.js',
    serve('System.register([], function () { kontor_secret_a kontor_secret_b });'),
  );
  cdn.routes.set('/broken/manifest.json', serve(MANIFEST));
  cdn.routes.set('/renamed/probe.js', serve(BUNDLE.replace('{}', '{ /* 3 */ }')));
  cdn.routes.set(
    '/renamed/manifest.json',
    serve(JSON.stringify({ ...JSON.parse(MANIFEST), name: 'kontor_secret_value 42' })),
  );
  cdn.routes.set('/failing/probe.js', serve(SECRET, 500));

  const cases: [string, string, RegExp][] = [
    ['/text/probe.js', 'bundle', /not a System\.register module/],
    ['/bad-manifest/probe.js', 'manifest', /^The manifest is not valid JSON\.$/],
    ['/broken/probe.js', 'bundle', /does not parse as JavaScript/],
    ['/renamed/probe.js', 'manifest.name', /names another module, but the deploy is for/],
    ['/failing/probe.js', 'url', /answered 500\.$/],
  ];
  for (const [file, field, reason] of cases) {
    const response = await deploy(t.app, { url: cdn.base + file });
    expect({ file, status: response.statusCode }).toEqual({ file, status: 422 });
    expect(response.json().errors[field][0]).toMatch(reason);
    expect(response.body).not.toMatch(/kontor_secret|kontor_ws/);
  }
  expect(await liveUrl()).toBe(before);
});

test('a malformed X-XSRF-TOKEN on the deploy API is a CSRF mismatch (419), not a server error', async () => {
  const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin', '203.0.113.61');
  for (const header of ['%E0%A4%A', '%', '%zz']) {
    const response = await admin.request({
      method: 'POST',
      url: '/spa/deploy/rollback',
      payload: { module: MODULE },
      headers: { 'x-xsrf-token': header },
    });
    expect({ header, status: response.statusCode }).toEqual({ header, status: 419 });
    expect(response.json().message).toBe('CSRF token mismatch.');
  }
  const before = await liveUrl();
  const fine = await admin.request({
    method: 'POST',
    url: '/spa/deploy',
    payload: { module: MODULE, url: `${cdn.base}/probe/probe.js` },
  });
  expect(fine.statusCode).toBe(200);
  expect(await liveUrl()).toBe(before);
});
