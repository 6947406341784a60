import { firstValueFrom } from 'rxjs';
import {
  accessDecision,
  matchRoute,
  menu$,
  registerManifest,
  registerRoute,
  visibleMenu,
  type ModuleManifest,
} from '../src';

const admin: ModuleManifest = {
  name: '@kontor/admin',
  namespace: 'admin',
  routes: [
    {
      name: 'admin.users',
      path: '/administration/users',
      access: 'login',
      permission: 'user:view',
    },
    {
      name: 'admin.users.create',
      path: '/administration/users/create',
      access: 'login',
      permission: 'user:create',
    },
    {
      name: 'admin.user.edit',
      path: '/administration/user/:id/edit',
      access: 'login',
      permission: 'user:update',
    },
    { name: 'admin.roles', path: '/administration/roles', access: 'login' },
  ],
  menu: [
    {
      name: 'admin.roles',
      title: 'admin:menu.roles',
      pathTo: '/administration/roles',
      position: 20,
      group: 'administration',
    },
    {
      name: 'admin.users',
      title: 'admin:menu.users',
      pathTo: '/administration/users',
      position: 10,
      group: 'administration',
      acl: 'user:view',
    },
  ],
};

const shell: ModuleManifest = {
  name: '@kontor/shell-layout',
  namespace: 'shell',
  routes: [{ name: 'shell.home', path: '/', access: 'public' }],
  menu: [
    {
      name: 'administration',
      title: 'shell:menu.administration',
      pathTo: '/administration',
      position: 30,
      acl: 'administrate',
    },
    {
      name: 'monitoring',
      title: 'shell:menu.monitoring',
      href: '/horizon',
      position: 20,
      acl: 'administrate',
    },
  ],
};

const warehouse: ModuleManifest = {
  name: '@kontor/warehouse',
  namespace: 'warehouse',
  routes: [
    { name: 'warehouse.avis.create', path: '/administration/avis/create', access: 'login' },
    { name: 'warehouse.avis.details', path: '/administration/avis/:id/details', access: 'login' },
    { name: 'warehouse.avis.edit', path: '/administration/avis/:id/edit', access: 'login' },
  ],
  menu: [
    {
      name: 'products',
      title: 'warehouse:menu.products',
      pathTo: '/products',
      position: 60,
      acl: 'product:update',
    },
  ],
};

registerManifest(admin);
registerManifest(warehouse);
registerManifest(shell);

describe('the route registry', () => {
  test('a path finds its route and the module that renders it, with its parameters', () => {
    const match = matchRoute('/administration/user/42/edit');
    expect(match?.route.name).toBe('admin.user.edit');
    expect(match?.route.module).toBe('@kontor/admin');
    expect(match?.params).toEqual({ id: '42' });
  });

  test('a fixed segment wins over a parameter, and a trailing slash does not matter', () => {
    expect(matchRoute('/administration/avis/create/')?.route.name).toBe('warehouse.avis.create');
    expect(matchRoute('/administration/avis/7/details')?.route.name).toBe('warehouse.avis.details');
  });

  test('an unknown path has no route until a module registers it later', () => {
    expect(matchRoute('/administration/shops/shopware')).toBeNull();
    registerRoute({
      name: 'shops.shopware',
      path: '/administration/shops/shopware',
      access: 'login',
      module: '@kontor/shop-connectors',
    });
    expect(matchRoute('/administration/shops/shopware')?.route.name).toBe('shops.shopware');
  });
});

describe('the guard decision', () => {
  const route = matchRoute('/administration/users')!.route;
  test('a logged-out user is sent to login', () => {
    expect(accessDecision(route, { isLoggedIn: false, permissions: [] })).toBe('login');
  });
  test('a packer without user:view is sent to unauthorized', () => {
    expect(accessDecision(route, { isLoggedIn: true, permissions: ['order:view'] })).toBe(
      'unauthorized',
    );
  });
  test('a user holding the permission may open it', () => {
    expect(accessDecision(route, { isLoggedIn: true, permissions: ['user:view'] })).toBe('allow');
  });
  test('a route needing login only lets any logged-in user in', () => {
    const roles = matchRoute('/administration/roles')!.route;
    expect(accessDecision(roles, { isLoggedIn: true, permissions: [] })).toBe('allow');
    expect(accessDecision(roles, { isLoggedIn: false, permissions: [] })).toBe('login');
  });
  test('public routes and not-found are open to everyone', () => {
    expect(accessDecision(matchRoute('/')!.route, { isLoggedIn: false, permissions: [] })).toBe(
      'allow',
    );
    expect(accessDecision(null, { isLoggedIn: false, permissions: [] })).toBe('allow');
  });
});

describe('the menu', () => {
  test('items of several modules merge into one tree ordered by position', async () => {
    const menu = await firstValueFrom(menu$);
    expect(menu.map((i) => i.name)).toEqual(['monitoring', 'administration', 'products']);
    const administration = menu.find((i) => i.name === 'administration')!;
    expect(administration.children.map((i) => i.name)).toEqual(['admin.users', 'admin.roles']);
  });

  test('a user sees only the items whose permission they hold', async () => {
    const menu = await firstValueFrom(menu$);
    const held = new Set(['administrate']);
    const visible = visibleMenu(menu, (p) => held.has(p));
    expect(visible.map((i) => i.name)).toEqual(['monitoring', 'administration']);
    expect(visible[1].children.map((i) => i.name)).toEqual(['admin.roles']);
    expect(visibleMenu(menu, () => false)).toEqual([]);
  });
});
