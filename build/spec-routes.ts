// docs/product.md §2 as data, written once: every route with its access, its permission (the
// guarded-routes table) and the module that owns it (docs/design.md "Which module owns which
// route"). The manifest tests of the modules and the end-to-end tests both read it.

export type SpecModule =
  | '@kontor/shell-layout'
  | '@kontor/orders'
  | '@kontor/warehouse'
  | '@kontor/stocktaking'
  | '@kontor/admin'
  | '@kontor/shop-connectors'
  | '@kontor/connector-shopware'
  | '@kontor/connector-woocommerce';

export interface SpecRoute {
  /** Path pattern as manifests write it: docs/product.md's `{id}` becomes `:id`. */
  path: string;
  access: 'public' | 'login';
  /** Set for the guarded routes: login plus this permission. */
  permission?: string;
  module: SpecModule;
}

const shell = '@kontor/shell-layout';
const orders = '@kontor/orders';
const warehouse = '@kontor/warehouse';
const stocktaking = '@kontor/stocktaking';
const admin = '@kontor/admin';
const shops = '@kontor/shop-connectors';

/** Every route of docs/product.md §2 (the not-found page has no path; connector routes come at runtime). */
export const SPEC_ROUTES: readonly SpecRoute[] = [
  // Public routes
  { path: '/', access: 'public', module: shell },
  { path: '/login', access: 'public', module: shell },
  { path: '/unauthorized', access: 'public', module: shell },
  // Routes needing login only
  { path: '/dashboard', access: 'login', module: orders },
  { path: '/account/edit', access: 'login', module: shell },
  { path: '/administration/roles', access: 'login', module: admin },
  { path: '/administration/roles/create', access: 'login', module: admin },
  { path: '/administration/roles/:id/edit', access: 'login', module: admin },
  { path: '/administration/currentinventory', access: 'login', module: warehouse },
  { path: '/order/error', access: 'login', module: orders },
  { path: '/storage/bookings', access: 'login', module: warehouse },
  { path: '/administration/avis', access: 'login', module: warehouse },
  { path: '/administration/avis/:id/details', access: 'login', module: warehouse },
  { path: '/administration/avis/:id/edit', access: 'login', module: warehouse },
  { path: '/administration/avis/create', access: 'login', module: warehouse },
  { path: '/administration/supplier', access: 'login', module: warehouse },
  { path: '/administration/shipping/methods', access: 'login', module: admin },
  { path: '/administration/shipping/shippers', access: 'login', module: admin },
  { path: '/shipment/create', access: 'login', module: orders },
  { path: '/picklist', access: 'login', module: orders },
  { path: '/stocktaking', access: 'login', module: stocktaking },
  { path: '/stocktaking/:id/edit', access: 'login', module: stocktaking },
  { path: '/stocktaking/:id/summary', access: 'login', module: stocktaking },
  { path: '/stockchange', access: 'login', module: warehouse },
  // Only in the menu list of docs/product.md §2; without a guard it needs login only (§6).
  { path: '/export/invoice', access: 'login', module: orders },
  // Guarded routes (login plus permission)
  { path: '/administration/users', access: 'login', permission: 'user:view', module: admin },
  {
    path: '/administration/users/create',
    access: 'login',
    permission: 'user:create',
    module: admin,
  },
  {
    path: '/administration/user/:id/edit',
    access: 'login',
    permission: 'user:update',
    module: admin,
  },
  { path: '/administration/clients', access: 'login', permission: 'client:view', module: admin },
  {
    path: '/administration/clients/create',
    access: 'login',
    permission: 'client:create',
    module: admin,
  },
  {
    path: '/administration/clients/:id/edit',
    access: 'login',
    permission: 'client:update',
    module: admin,
  },
  { path: '/products', access: 'login', permission: 'product:update', module: warehouse },
  { path: '/products/:id/edit', access: 'login', permission: 'product:update', module: warehouse },
  {
    path: '/administration/product/create',
    access: 'login',
    permission: 'product:create',
    module: warehouse,
  },
  { path: '/import/product', access: 'login', permission: 'product:import', module: warehouse },
  {
    path: '/administration/departments',
    access: 'login',
    permission: 'department:view',
    module: admin,
  },
  {
    path: '/administration/departments/create',
    access: 'login',
    permission: 'department:create',
    module: admin,
  },
  {
    path: '/administration/departments/:id/edit',
    access: 'login',
    permission: 'department:update',
    module: admin,
  },
  { path: '/order/create', access: 'login', permission: 'order:create', module: orders },
  { path: '/import/order', access: 'login', permission: 'order:import', module: orders },
  {
    path: '/administration/warehouses',
    access: 'login',
    permission: 'warehouse:view',
    module: warehouse,
  },
  {
    path: '/administration/warehouses/:id/edit',
    access: 'login',
    permission: 'warehouse:update',
    module: warehouse,
  },
  {
    path: '/administration/warehouses/create',
    access: 'login',
    permission: 'warehouse:create',
    module: warehouse,
  },
  // Issue 13: the supplier pages beside docs/product.md's list route.
  {
    path: '/administration/supplier/create',
    access: 'login',
    permission: 'supplier:create',
    module: warehouse,
  },
  {
    path: '/administration/supplier/:id/edit',
    access: 'login',
    permission: 'supplier:update',
    module: warehouse,
  },
  // Issue 13: the avis file import (like /import/product, guarded by its own permission).
  { path: '/import/avis', access: 'login', permission: 'avis:import', module: warehouse },
  // docs/product.md marks these order:view without enforcing it; docs/design.md decides they are guarded.
  { path: '/orders', access: 'login', permission: 'order:view', module: orders },
  { path: '/order/:id/edit', access: 'login', permission: 'order:view', module: orders },
  // Issue 11: the clients import, and Monitoring as a module route (docs/product.md: an external page).
  {
    path: '/administration/clients/import',
    access: 'login',
    permission: 'client:create',
    module: admin,
  },
  { path: '/horizon', access: 'login', permission: 'administrate', module: admin },
  // Issue 29: the shop connections, guarded by their own permissions (docs/product.md: login only);
  // a connection's pages have two segments, so no connector's /administration/shops/{path}
  // can take them.
  { path: '/administration/shops', access: 'login', permission: 'shop:view', module: shops },
  {
    path: '/administration/shops/connections/create',
    access: 'login',
    permission: 'shop:create',
    module: shops,
  },
  {
    path: '/administration/shops/connections/:id',
    access: 'login',
    permission: 'shop:view',
    module: shops,
  },
  {
    path: '/administration/shops/connections/:id/edit',
    access: 'login',
    permission: 'shop:update',
    module: shops,
  },
  { path: '/horizon/jobs/:id', access: 'login', permission: 'administrate', module: admin },
];

/** The routes one module owns. */
export function specRoutesOf(module: SpecModule): SpecRoute[] {
  return SPEC_ROUTES.filter((route) => route.module === module);
}

/** The guarded routes: the ones that send a user without the permission to /unauthorized. */
export const GUARDED_ROUTES = SPEC_ROUTES.filter((route) => route.permission !== undefined);

/** A URL that opens a route: every `:param` segment filled with `value`. */
export function samplePath(path: string, value = '1'): string {
  return path.replace(/:[^/]+/g, value);
}

/** docs/product.md §2 "Side navigation menu": positions of the top-level items. */
export const TOP_MENU_POSITIONS: Readonly<Record<string, number>> = {
  home: 0,
  stocktaking: 10,
  monitoring: 20,
  administration: 30,
  import: 40,
  export: 50,
  products: 60,
  orders: 70,
};

/** The children of each menu group in docs/product.md's order, whichever module declares them. */
export const MENU_GROUP_ORDER: Readonly<Record<string, readonly string[]>> = {
  administration: [
    '/administration/users',
    '/administration/roles',
    '/administration/clients',
    '/administration/departments',
    '/administration/shops',
    '/administration/warehouses',
    '/stockchange',
    '/administration/currentinventory',
    '/administration/supplier',
    '/administration/avis',
    '/administration/shipping/shippers',
    '/administration/shipping/methods',
  ],
  import: ['/import/product', '/import/order', '/import/avis'],
  export: ['/export/invoice'],
  orders: ['/orders', '/shipment/create', '/picklist', '/order/error'],
};

/** The position a child takes so that its group shows in docs/product.md's order: 10, 20, 30 … */
export function menuGroupPosition(group: string, pathTo: string): number {
  const index = MENU_GROUP_ORDER[group]?.indexOf(pathTo) ?? -1;
  return index < 0 ? -1 : (index + 1) * 10;
}
