// The route guard's decision (root-config/src/guard.ts) for a user who holds some permissions
// but not the one a route needs, against the real server's session, with the routes of the
// modules' own manifests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  getSession,
  initSession,
  login,
  logout,
  registerManifest,
  type ModuleManifest,
} from '@kontor/shared-session';
import { startRealServer, type RealServer } from '../../build/jest-real-server';
import { guardRedirect, isModuleActive } from '../src/guard';

jest.setTimeout(120_000);

const manifestOf = (dir: string) =>
  JSON.parse(
    readFileSync(path.join(__dirname, '..', '..', dir, 'src', 'manifest.json'), 'utf8'),
  ) as ModuleManifest;
const at = (pathname: string) => ({ pathname }) as Location;

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
  registerManifest(manifestOf('mf-admin'));
  registerManifest(manifestOf('mf-orders'));
  await initSession();
});
afterAll(() => real.close());

test('logged out, a route that needs a login sends to /login and mounts no module', () => {
  expect(getSession().isLoggedIn).toBe(false);
  expect(guardRedirect('/orders')).toBe('/login');
  expect(isModuleActive('@kontor/orders', at('/orders'))).toBe(false);
});

describe('the packer: order:view and order:create, nothing else', () => {
  beforeAll(() => login({ email: 'packer@kontor.test', password: 'packer' }));
  afterAll(() => logout());

  test('holds some permissions (not a permission-less guest)', () => {
    expect([...getSession().permissions].sort()).toEqual(['order:create', 'order:view']);
  });

  test('a route needing a permission the packer lacks (user:view) goes to /unauthorized, and its module stays unmounted', () => {
    expect(guardRedirect('/administration/users')).toBe('/unauthorized');
    expect(guardRedirect('/administration/user/1/edit')).toBe('/unauthorized');
    expect(isModuleActive('@kontor/admin', at('/administration/users'))).toBe(false);
  });

  test('a route needing a permission the packer holds (order:view) is opened in its module', () => {
    expect(guardRedirect('/orders')).toBeNull();
    expect(isModuleActive('@kontor/orders', at('/orders'))).toBe(true);
    expect(isModuleActive('@kontor/admin', at('/orders'))).toBe(false);
  });
});
