import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { registerBuild } from '../src/deploy/build-seed';
import { loggedIn, send, startTestApp, type TestApp } from './helpers';

// A crafted build in a temp folder: the real dist/ is never touched.
const TOKEN = 'test-deploy-token-test-deploy-token';
const REACT_URL = '/libs/react.0123456789ab.js';
const MODULE_COUNT = 20;

let t: TestApp;
let dist: string;
let remote: http.Server;
let remoteBase: string;
const remoteFiles = new Map<string, string>();

const sri = (content: string) => `sha384-${createHash('sha384').update(content).digest('base64')}`;
const nameOf = (i: number) => `@kontor/test-${String(i).padStart(2, '0')}`;
const dirOf = (i: number) => `mf-test-${String(i).padStart(2, '0')}`;

/** A small valid System.register module that says which version it is. */
function bundle(label: string, dependencies = ['react']): string {
  return `System.register(${JSON.stringify(dependencies)}, function (_export) {
  return { execute: function () { _export({ version: ${JSON.stringify(label)},
    bootstrap: function () { return Promise.resolve(); },
    mount: function () { return Promise.resolve(); },
    unmount: function () { return Promise.resolve(); } }); } };
});\n`;
}

function manifest(name: string, path_: string) {
  return {
    name,
    namespace: name.slice('@kontor/'.length),
    routes: [{ name: `${name}.home`, path: path_, access: 'login' }],
    menu: [{ name: `${name}.home`, title: 'x:menu', pathTo: path_, position: 1 }],
  };
}

/** Writes one version folder as `npm run build` does (bundle, manifest, build.json). */
function writeVersion(
  dir: string,
  name: string,
  version: string,
  code: string,
  manifestJson: unknown,
): string {
  const folder = path.join(dist, 'modules', dir, version);
  mkdirSync(folder, { recursive: true });
  const entry = `${dir}.${version}.js`;
  writeFileSync(path.join(folder, entry), code);
  if (manifestJson !== undefined) {
    writeFileSync(
      path.join(folder, 'manifest.json'),
      typeof manifestJson === 'string' ? manifestJson : JSON.stringify(manifestJson),
    );
  }
  writeFileSync(path.join(folder, 'build.json'), JSON.stringify({ name, version, entry }));
  return `/modules/${dir}/${version}/${entry}`;
}

function deploy(body: unknown, token: string | null = TOKEN) {
  return send(t.app, {
    method: 'POST',
    url: '/spa/deploy',
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function importMap() {
  return (await send(t.app, { url: '/importmap.json' })).json();
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'kontor-deploy-'));
  mkdirSync(path.join(dist, 'libs'), { recursive: true });
  writeFileSync(path.join(dist, REACT_URL), 'System.register([], function () {});');
  const imports: Record<string, string> = { react: REACT_URL };
  const registry = [];
  for (let i = 1; i <= MODULE_COUNT; i++) {
    const m = manifest(nameOf(i), `/test-${i}`);
    imports[nameOf(i)] = writeVersion(dirOf(i), nameOf(i), 'aaaaaaaa0001', bundle('v1'), m);
    writeVersion(dirOf(i), nameOf(i), 'bbbbbbbb0002', bundle('v2'), m);
    registry.push({ name: nameOf(i), manifest: m });
  }
  // The build's import map without integrity: the server computes it from the file.
  writeFileSync(path.join(dist, 'importmap.json'), JSON.stringify({ imports }));
  writeFileSync(path.join(dist, 'modules.json'), JSON.stringify(registry));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kontor-App</title>');

  remote = http.createServer((request, response) => {
    const body = remoteFiles.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200).end(body);
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  // The stand-in CDN is the one origin deploys may fetch from (DEPLOY_ORIGINS).
  t = await startTestApp({ distDir: dist, deployOrigins: [remoteBase] });
});
afterAll(async () => {
  await t?.close();
  remote?.close();
  rmSync(dist, { recursive: true, force: true });
});

test('on first start the build is live: every module and library with its integrity hash, never cached', async () => {
  const response = await send(t.app, { url: '/importmap.json' });
  expect(response.headers['cache-control']).toBe('no-cache');
  const map = response.json();
  expect(map.imports.react).toBe(REACT_URL);
  const url = map.imports['@kontor/test-01'];
  expect(url).toBe('/modules/mf-test-01/aaaaaaaa0001/mf-test-01.aaaaaaaa0001.js');
  expect(map.integrity[url]).toBe(sri(bundle('v1')));
  const registry = (await send(t.app, { url: '/modules.json' })).json();
  expect(registry.map((entry: { name: string }) => entry.name)).toEqual(
    Array.from({ length: MODULE_COUNT }, (_, i) => nameOf(i + 1)),
  );
});

test('a deploy without a credential, with a wrong token or by a packer is refused and changes nothing', async () => {
  const before = await importMap();
  const body = { module: nameOf(1), version: 'bbbbbbbb0002' };
  expect((await deploy(body, null)).statusCode).toBe(401);
  expect((await deploy(body, 'not-the-token-not-the-token-not-the')).statusCode).toBe(401);
  const packer = await loggedIn(t.app, 'packer@kontor.test', 'packer', '203.0.113.51');
  const asPacker = await packer.request({ method: 'POST', url: '/spa/deploy', payload: body });
  expect(asPacker.statusCode).toBe(403);
  expect(
    (await packer.request({ method: 'POST', url: '/spa/deploy/rollback', payload: body }))
      .statusCode,
  ).toBe(403);
  expect(await importMap()).toEqual(before);
});

test('twenty deploys of different modules at once all land, and the history shows each', async () => {
  const responses = await Promise.all(
    Array.from({ length: MODULE_COUNT }, (_, i) =>
      deploy({ module: nameOf(i + 1), version: 'bbbbbbbb0002' }),
    ),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array(MODULE_COUNT).fill(200));
  const map = await importMap();
  for (let i = 1; i <= MODULE_COUNT; i++) {
    const url = map.imports[nameOf(i)];
    expect(url).toBe(`/modules/${dirOf(i)}/bbbbbbbb0002/${dirOf(i)}.bbbbbbbb0002.js`);
    expect(map.integrity[url]).toBe(sri(bundle('v2')));
  }
  const history = await send(t.app, {
    url: '/spa/deploy/history',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const deploys = history.json().data.filter((r: { action: string }) => r.action === 'deploy');
  expect(deploys.map((r: { module: string }) => r.module).sort()).toEqual(
    Array.from({ length: MODULE_COUNT }, (_, i) => nameOf(i + 1)),
  );
  expect(new Set(deploys.map((r: { replacedId: number }) => r.replacedId)).size).toBe(MODULE_COUNT);
});

test('rollback restores the release before, a second one goes further back, and with none left it says so', async () => {
  const module = nameOf(3);
  const v3 = writeVersion(
    dirOf(3),
    module,
    'cccccccc0003',
    bundle('v3'),
    manifest(module, '/test-3'),
  );
  expect((await deploy({ module, version: 'cccccccc0003' })).statusCode).toBe(200);
  expect((await importMap()).imports[module]).toBe(v3);

  const rollback = (token: string) =>
    send(t.app, {
      method: 'POST',
      url: '/spa/deploy/rollback',
      payload: { module },
      headers: { authorization: `Bearer ${token}` },
    });
  expect((await rollback(TOKEN)).json().data.version).toBe('bbbbbbbb0002');
  expect((await importMap()).imports[module]).toContain('/bbbbbbbb0002/');
  expect((await rollback(TOKEN)).json().data.version).toBe('aaaaaaaa0001');
  const last = await rollback(TOKEN);
  expect(last.statusCode).toBe(422);
  expect(last.json().message).toBe(`${module} has no earlier release to roll back to.`);
  expect((await importMap()).imports[module]).toContain('/aaaaaaaa0001/');
});

test('a module an operator added leaves the map when its first release is rolled back, also after a restart', async () => {
  const module = '@kontor/connector-test';
  const rollback = () =>
    send(t.app, {
      method: 'POST',
      url: '/spa/deploy/rollback',
      payload: { module },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  const url = writeVersion('mf-connector-test', module, 'dddddddd0001', bundle('c1'), {
    ...manifest(module, '/connector-test'),
    loadAtBoot: {},
  });
  expect((await deploy({ module, version: 'dddddddd0001' })).statusCode).toBe(200);
  expect((await importMap()).imports[module]).toBe(url);
  const names = async () =>
    (await send(t.app, { url: '/modules.json' })).json().map((e: { name: string }) => e.name);
  expect(await names()).toContain(module);
  // A second version and its rollback first: the first release is live again (as a rollback).
  writeVersion('mf-connector-test', module, 'dddddddd0002', bundle('c2'), {
    ...manifest(module, '/connector-test'),
    loadAtBoot: {},
  });
  expect((await deploy({ module, version: 'dddddddd0002' })).statusCode).toBe(200);
  expect((await rollback()).json().data.version).toBe('dddddddd0001');
  expect((await rollback()).statusCode).toBe(200);
  expect((await importMap()).imports[module]).toBeUndefined();
  expect(await names()).not.toContain(module);
  // A node starting later registers its build, which has the module: it stays out.
  const built = path.join(dist, 'importmap.json');
  const before = readFileSync(built, 'utf8');
  const imports = { ...JSON.parse(before).imports, [module]: url };
  writeFileSync(built, JSON.stringify({ imports }));
  try {
    await registerBuild(t.db, dist);
  } finally {
    writeFileSync(built, before);
  }
  expect((await importMap()).imports[module]).toBeUndefined();
  // Nothing before that: a further rollback says so.
  expect((await rollback()).statusCode).toBe(422);
  // Deployed again, it is back.
  expect((await deploy({ module, version: 'dddddddd0001' })).statusCode).toBe(200);
  expect((await importMap()).imports[module]).toBe(url);
});

test('a broken bundle, a bad manifest or an unknown version is refused with the reason, and the live map is unchanged', async () => {
  const module = nameOf(5);
  const m = manifest(module, '/test-5');
  writeVersion(dirOf(5), module, 'dddddddd0001', 'define(["react"], function () {});', m);
  writeVersion(dirOf(5), module, 'dddddddd0002', 'System.register([], function () { return {', m);
  writeVersion(dirOf(5), module, 'dddddddd0003', bundle('x'), { ...m, name: '@kontor/admin' });
  writeVersion(dirOf(5), module, 'dddddddd0004', bundle('x'), { ...m, routes: [{ name: 'a' }] });
  writeVersion(dirOf(5), module, 'dddddddd0005', bundle('x'), '{"name": ');
  writeVersion(dirOf(5), module, 'dddddddd0006', bundle('x', ['react', '@kontor/missing']), m);
  writeVersion(dirOf(5), module, 'dddddddd0007', bundle('x'), {
    ...m,
    routes: [{ name: 'x', path: '/test-6', access: 'login' }],
  });
  writeVersion(dirOf(5), module, 'dddddddd0008', bundle('x'), undefined);
  const before = await importMap();
  const refused = async (version: string) => {
    const response = await deploy({ module, version });
    expect({ version, status: response.statusCode }).toEqual({ version, status: 422 });
    return response.json();
  };
  expect((await refused('dddddddd0001')).errors.bundle[0]).toMatch(/not a System.register module/);
  expect((await refused('dddddddd0002')).errors.bundle[0]).toMatch(/does not parse/);
  expect((await refused('dddddddd0003')).errors['manifest.name'][0]).toBe(
    `The manifest names "@kontor/admin", but the deploy is for ${module}.`,
  );
  const badRoute = await refused('dddddddd0004');
  expect(badRoute.errors['manifest.routes.0.path']).toBeDefined();
  expect(badRoute.errors['manifest.routes.0.access']).toBeDefined();
  expect((await refused('dddddddd0005')).errors.manifest[0]).toMatch(/not valid JSON/);
  expect((await refused('dddddddd0006')).errors.bundle[0]).toBe(
    'The bundle imports @kontor/missing, which the import map does not have.',
  );
  expect((await refused('dddddddd0007')).errors['manifest.routes'][0]).toBe(
    `The path /test-6 is already a route of ${nameOf(6)}.`,
  );
  expect((await refused('dddddddd0008')).errors.manifest[0]).toMatch(/must ship one too/);
  expect((await refused('ffffffff0000')).errors.version[0]).toMatch(/has no version/);
  expect((await refused('aaaaaaaa0001/../x')).errors.version[0]).toMatch(/name of a folder/);
  const wrongModule = await deploy({ module: nameOf(7), version: 'dddddddd0003' });
  expect(wrongModule.json().errors.version[0]).toBe(
    `Version dddddddd0003 is a build of ${module}, not of ${nameOf(7)}.`,
  );
  expect(await importMap()).toEqual(before);
});

test('a deploy by URL fetches bundle and manifest, hashes the bundle, and refuses what is missing', async () => {
  const module = nameOf(8);
  const code = bundle('remote');
  remoteFiles.set('/v9/kontor-test.js', code);
  remoteFiles.set('/v9/manifest.json', JSON.stringify(manifest(module, '/test-8')));
  remoteFiles.set('/nomanifest/kontor-test.js', code);
  const before = await importMap();
  expect((await deploy({ module, url: `${remoteBase}/missing.js` })).json().errors.url[0]).toMatch(
    /does not exist \(404\)/,
  );
  expect(
    (await deploy({ module, url: `${remoteBase}/nomanifest/kontor-test.js` })).json().errors
      .manifest[0],
  ).toMatch(/must ship one too/);
  expect(await importMap()).toEqual(before);

  const url = `${remoteBase}/v9/kontor-test.js`;
  const response = await deploy({ module, url });
  expect(response.statusCode).toBe(200);
  const map = await importMap();
  expect(map.imports[module]).toBe(url);
  expect(map.integrity[url]).toBe(sri(code));
});

test("an administrator's session may deploy; a new node keeps the deployed version and serves the same map", async () => {
  const admin = await loggedIn(t.app, 'admin@kontor.test', 'admin', '203.0.113.52');
  const response = await admin.request({
    method: 'POST',
    url: '/spa/deploy',
    payload: { module: nameOf(9), version: 'aaaaaaaa0001' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().data.actor).toBe(
    `user:${response.json().data.actor.split(/[: ]/)[1]} Admin`,
  );
  const withoutCsrf = await admin.request({
    method: 'POST',
    url: '/spa/deploy',
    payload: { module: nameOf(9), version: 'bbbbbbbb0002' },
    csrf: false,
  });
  expect(withoutCsrf.statusCode).toBe(419);

  // Another node starts on the same database and registers the same build again.
  const node = await t.variant({});
  expect(await registerBuild(t.db, dist)).toMatchObject({
    [nameOf(10)]: 'kept-deployed',
    react: 'unchanged',
  });
  const again = await send(node, { url: '/importmap.json' });
  expect(again.json()).toEqual(await importMap());
  expect(again.json().imports[nameOf(9)]).toContain('/aaaaaaaa0001/');
  expect(again.json().imports[nameOf(10)]).toContain('/bbbbbbbb0002/');
  const cached = await send(node, {
    url: '/importmap.json',
    headers: { 'if-none-match': again.headers.etag as string },
  });
  expect(cached.statusCode).toBe(304);
});

test('npm run modules lists the live versions for a token holder', async () => {
  const response = await send(t.app, {
    url: '/spa/deploy/modules',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  const rows = response.json().data as { module: string; version: string }[];
  expect(rows.find((r) => r.module === 'react')?.version).toBe('0123456789ab');
  expect((await send(t.app, { url: '/spa/deploy/modules' })).statusCode).toBe(401);
});
