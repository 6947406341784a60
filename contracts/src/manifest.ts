// What each module ships beside its bundle, and how the registry lists it: the contract
// between the server's module registry, root-config, shell-layout and every domain module.
// A manifest is JSON, typed by the compiler as plain text: its `permission` and `acl` are
// checked against PERMISSIONS by the deploy's validator and by a server test instead.

/** Who may open a route: anyone, or a logged-in user (optionally holding `permission`). */
export type RouteAccess = 'public' | 'login';

/** Which frame a route renders in: `empty` has no menu and no top bar. */
export type LayoutName = 'default' | 'empty';

/** A route as a module's manifest declares it. */
export interface RouteDefinition {
  /** Unique route name, e.g. `admin.users` or `shops.shopware`. */
  name: string;
  /** Path pattern with `:param` segments, e.g. `/administration/user/:id/edit`. */
  path: string;
  access: RouteAccess;
  /** Makes it a guarded route: login plus this permission (of PERMISSIONS). */
  permission?: string;
  /** i18n key of the page title, e.g. `admin:users.title`. */
  pageTitle?: string;
  layout?: LayoutName;
}

/** A route once registered: it knows the module (single-spa application) that renders it. */
export interface RegisteredRoute extends RouteDefinition {
  module: string;
}

/** A menu item as a manifest declares it (docs/product.md §3 "Menu item"). */
export interface MenuItemDefinition {
  name: string;
  /** i18n key of the label. */
  title: string;
  pathTo?: string;
  /** External link (a page outside the runtime, e.g. /horizon). */
  href?: string;
  position?: number;
  /** Blueprint icon name. */
  icon?: string;
  /** Permission needed to see the item (of PERMISSIONS). */
  acl?: string;
  /** Name of the parent item this one is a child of. */
  group?: string;
  disabled?: boolean;
  dividerBefore?: boolean;
  dividerAfter?: boolean;
  children?: MenuItemDefinition[];
}

/** A menu item after merging all manifests: children resolved and sorted by position. */
export interface MenuItem extends Omit<MenuItemDefinition, 'children' | 'group'> {
  position: number;
  children: MenuItem[];
}

/** i18next resources by language, then namespace. */
export type TranslationResources = Record<string, Record<string, Record<string, unknown>>>;

/** What each module ships beside its bundle. */
export interface ModuleManifest {
  /** The module's import-map name, e.g. `@kontor/admin`. */
  name: string;
  /** The module's i18next namespace. */
  namespace: string;
  routes: RouteDefinition[];
  menu: MenuItemDefinition[];
  translations?: TranslationResources;
  /**
   * Load the bundle right after boot or login, without one of its routes being current, for
   * every logged-in user holding `permission` (any logged-in user without one): its top-level
   * code runs (a shop connector registers itself). A failure is reported, never fatal.
   */
  loadAtBoot?: BootLoading;
}

/** When a module loads at boot (`ModuleManifest.loadAtBoot`). */
export interface BootLoading {
  /** Only for users holding this permission (of PERMISSIONS). */
  permission?: string;
}

/** One row of `/modules.json`. */
export interface ModuleRegistryEntry {
  name: string;
  manifest: ModuleManifest;
}
