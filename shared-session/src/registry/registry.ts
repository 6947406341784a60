import { BehaviorSubject, distinctUntilChanged, map } from 'rxjs';
import { navigateToUrl } from 'single-spa';
import { addTranslations } from '../i18n/i18n';
import type {
  CurrentRoute,
  MenuItem,
  MenuItemDefinition,
  ModuleManifest,
  RegisteredRoute,
  SessionState,
} from '../types';

// The boot matcher: which module a path belongs to, before any module loads. Inside a module
// react-router's own route table matches (defineModule), by the same rules (static segments
// beat parameters, case-sensitive; shared-session/test/module-routes.test.tsx checks both).
// react-router's `matchPath`/`matchRoutes` are not used here: its build does not tree-shake,
// and bundling them put 11 KB (gzip) more into the /login boot (measured, issue 10).
interface CompiledRoute {
  route: RegisteredRoute;
  pattern: RegExp;
  keys: string[];
  /** Static segments count more than parameters: /avis/create beats /avis/:id. */
  score: number;
}

const routes = new BehaviorSubject<RegisteredRoute[]>([]);
const menuItems = new BehaviorSubject<MenuItemDefinition[]>([]);
let compiled: CompiledRoute[] = [];

/** Every registered route, from manifests and from runtime registrations. */
export const routes$ = routes.asObservable();

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function compile(route: RegisteredRoute): CompiledRoute {
  const keys: string[] = [];
  let score = 0;
  const segments = normalise(route.path)
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1));
        score += 1;
        return '([^/]+)';
      }
      score += 2;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return { route, keys, score, pattern: new RegExp(`^/${segments.join('/')}$`) };
}

/** Registers one route of a module; a route of the same name is replaced. */
export function registerRoute(route: RegisteredRoute): void {
  const next = routes.value.filter((r) => r.name !== route.name).concat(route);
  compiled = next.map(compile).sort((a, b) => b.score - a.score);
  routes.next(next);
  updateCurrentRoute();
}

/** Adds menu items (a later item of the same name replaces the earlier one). */
export function registerMenuItems(items: MenuItemDefinition[]): void {
  const names = new Set(items.map((i) => i.name));
  menuItems.next(menuItems.value.filter((i) => !names.has(i.name)).concat(items));
}

/** Registers a module's manifest: its routes, its menu items and its translations. */
export function registerManifest(manifest: ModuleManifest): void {
  if (manifest.translations) addTranslations(manifest.translations);
  for (const route of manifest.routes) registerRoute({ ...route, module: manifest.name });
  registerMenuItems(manifest.menu);
}

/** The route that serves a path, with its parameters, or null (not found). */
export function matchRoute(
  pathname: string,
): { route: RegisteredRoute; params: Record<string, string> } | null {
  const path = normalise(pathname);
  for (const candidate of compiled) {
    const match = candidate.pattern.exec(path);
    if (match) {
      const params: Record<string, string> = {};
      candidate.keys.forEach((key, i) => (params[key] = decodeURIComponent(match[i + 1])));
      return { route: candidate.route, params };
    }
  }
  return null;
}

function flatten(items: MenuItemDefinition[], group?: string): MenuItemDefinition[] {
  return items.flatMap((item) => {
    const { children, ...own } = item;
    const self = group && !own.group ? { ...own, group } : own;
    return [self, ...flatten(children ?? [], item.name)];
  });
}

function buildMenu(definitions: MenuItemDefinition[]): MenuItem[] {
  const flat = flatten(definitions);
  const byName = new Map<string, MenuItem & { group?: string }>();
  for (const { children: _children, ...item } of flat) {
    byName.set(item.name, { ...item, position: item.position ?? 0, children: [] });
  }
  const top: MenuItem[] = [];
  for (const item of byName.values()) {
    const parent = item.group ? byName.get(item.group) : undefined;
    const { group: _group, ...clean } = item;
    if (parent) parent.children.push(clean);
    else top.push(clean);
  }
  const sort = (list: MenuItem[]): MenuItem[] => {
    list.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
    list.forEach((i) => sort(i.children));
    return list;
  };
  return sort(top);
}

/** The whole menu tree, sorted by position, not yet filtered by permission. */
export const menu$ = menuItems.pipe(map(buildMenu));

/** The items a user may see: those without an acl, or whose permission the user holds. */
export function visibleMenu(menu: MenuItem[], can: (permission: string) => boolean): MenuItem[] {
  return menu
    .filter((item) => !item.acl || can(item.acl))
    .map((item) => ({ ...item, children: visibleMenu(item.children, can) }));
}

/** What the guard does with a route for a session: allow it, or send to /login or /unauthorized. */
export function accessDecision(
  route: RegisteredRoute | null,
  session: Pick<SessionState, 'isLoggedIn' | 'permissions'>,
): 'allow' | 'login' | 'unauthorized' {
  if (!route || route.access === 'public') return 'allow';
  if (!session.isLoggedIn) return 'login';
  if (route.permission && !session.permissions.includes(route.permission)) return 'unauthorized';
  return 'allow';
}

/** Resolves a location against the registry. */
export function resolveCurrentRoute(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): CurrentRoute {
  const match = matchRoute(location.pathname);
  return {
    pathname: location.pathname,
    fullPath: location.pathname + location.search + location.hash,
    route: match?.route ?? null,
    params: match?.params ?? {},
  };
}

const current = new BehaviorSubject<CurrentRoute>(resolveCurrentRoute(window.location));

function updateCurrentRoute(): void {
  current.next(resolveCurrentRoute(window.location));
}

/** The route the browser is on now; emits on every change of full path or of the registry. */
export const currentRoute$ = current.pipe(
  distinctUntilChanged((a, b) => a.fullPath === b.fullPath && a.route === b.route),
);

for (const type of ['popstate', 'single-spa:before-routing-event', 'single-spa:routing-event']) {
  window.addEventListener(type, updateCurrentRoute);
}

/** Goes to a path inside Kontor without reloading the page. */
export function navigate(path: string): void {
  navigateToUrl(path);
}

let markReady: () => void = () => undefined;

/** Resolves once root-config has registered the modules it knows at boot. */
export const registration = {
  ready: new Promise<void>((resolve) => (markReady = resolve)),
  markReady: () => markReady(),
};
