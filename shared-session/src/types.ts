// The contract between Kontor's runtime pieces: manifests, session, routes, menu, toasts.
// root-config, shell-layout and every domain module rely on these shapes.

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
  /** Makes it a guarded route: login plus this permission. */
  permission?: string;
  /** i18n key of the page title, e.g. `admin:users.title`. */
  pageTitle?: string;
  layout?: LayoutName;
}

/** A route once registered: it knows the module (single-spa application) that renders it. */
export interface RegisteredRoute extends RouteDefinition {
  module: string;
}

/** A menu item as a manifest declares it (SPEC.md §3 "Menu item"). */
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
  /** Permission needed to see the item. */
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
}

/** One row of `/modules.json`. */
export interface ModuleRegistryEntry {
  name: string;
  manifest: ModuleManifest;
}

export interface Notification {
  id: string;
  message: string;
  data: { message: string; [key: string]: unknown };
  /** null or empty means unread. */
  read_at: string | null;
  created_at: string;
}

export interface User {
  id: number;
  name: string;
  email: string;
  notifications: Notification[];
  /** Set while an administrator acts as this user ("login as"). */
  impersonator?: { id: number; name: string } | null;
}

export interface SessionState {
  /** False until the first init finished (successfully or not). */
  loaded: boolean;
  isLoggedIn: boolean;
  user: User | null;
  permissions: string[];
}

export interface Credentials {
  email: string;
  password: string;
  remember?: boolean;
}

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export type ToastIntent = 'success' | 'danger';

export interface ToastMessage {
  id: number;
  message: string;
  intent: ToastIntent;
  /** Milliseconds; 0 means it stays until closed. Default 5000. */
  timeout: number;
}

/** The route the browser is on now, resolved against the registry. */
export interface CurrentRoute {
  pathname: string;
  /** pathname + search + hash: the content area re-renders when this changes. */
  fullPath: string;
  route: RegisteredRoute | null;
  params: Record<string, string>;
}

/** Events modules exchange over the bus; add a key when a module publishes something new. */
export interface KontorEvents {
  'session.changed': SessionState;
  'notification.received': Notification;
  'language.changed': { language: string };
  'menu.toggled': { open: boolean };
}
