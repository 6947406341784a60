import {
  addErrorHandler,
  navigateToUrl,
  registerApplication,
  start,
  triggerAppChange,
  type LifeCycles,
} from 'single-spa';
import { combineLatest, debounceTime, merge, skip } from 'rxjs';
import {
  currentRoute$,
  i18n,
  initSession,
  language$,
  registerManifest,
  registration,
  routes$,
  session$,
  type ModuleRegistryEntry,
} from '@kontor/shared-session';
import { loadModulesAtBoot } from './boot-modules';
import { guardRedirect, isModuleActive } from './guard';
import { guardedLifecycles, setLifecycleBackstops } from './module-guard';
import { hideOverlay, showPageOverlay, showRouteOverlay } from './overlay';
import { documentTitle } from './title';

/** docs/product.md §9: the guard waits about 350 ms for module registration, then goes on. */
export const MODULE_REGISTRATION_WAIT_MS = 350;

/** The module that draws the frame; it is always active. */
export const SHELL_MODULE = '@kontor/shell-layout';

declare const System: {
  import(name: string): Promise<LifeCycles>;
  resolve(name: string): string;
  delete(url: string): boolean;
};

/** Drops a module's bundle from SystemJS's registry: the next import fetches it again. */
function forgetModule(name: string): void {
  try {
    System.delete(System.resolve(name));
  } catch {
    // never registered: nothing to forget
  }
}

/** A module's lifecycles, guarded: a failure shows its error panel instead of breaking the page. */
function loadModule(name: string): Promise<LifeCycles> {
  return Promise.resolve(
    guardedLifecycles(
      name,
      () => System.import(name),
      () => forgetModule(name),
    ),
  );
}

/**
 * The import-map-overrides panel: in production only with localStorage `devtools` (the
 * element in index.html); when the server runs in development, always. index.html loads
 * import-map-overrides only where an override or the panel may be (issue 30): in development
 * without either, it is loaded here, for the panel (an override made there applies on reload).
 */
function showDevtoolsInDevelopment(response: Response): void {
  if (response.headers.get('x-kontor-devtools') !== '1') return;
  if (localStorage.getItem('devtools') !== null) return; // index.html's panel shows already
  const panel = document.createElement('import-map-overrides-full');
  panel.setAttribute('trigger-position', 'bottom-left'); // the toasts show bottom-right
  document.body.appendChild(panel);
  if ('importMapOverrides' in window) return;
  const loader = document.getElementById('kontor-import-map-overrides');
  if (!loader?.dataset.url) return;
  const script = document.createElement('script');
  script.src = loader.dataset.url;
  if (loader.dataset.integrity) script.integrity = loader.dataset.integrity;
  document.head.appendChild(script);
}

interface RoutingEventDetail {
  newUrl: string;
  cancelNavigation?: () => void;
}

async function loadRegistry(): Promise<ModuleRegistryEntry[]> {
  const response = await fetch('/modules.json', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Module registry answered ${response.status}`);
  showDevtoolsInDevelopment(response);
  return response.json();
}

/** Registers every module from its manifest; bundles load only when a route needs them. */
export function registerModules(entries: ModuleRegistryEntry[]): void {
  for (const { name, manifest } of entries) {
    registerManifest(manifest);
    if (name === SHELL_MODULE) continue;
    registerApplication({
      name,
      app: () => loadModule(name),
      activeWhen: (location) => isModuleActive(name, location),
    });
  }
}

/** Sends the browser where the guard says, unless it may stay. */
function enforceGuard(): void {
  const redirect = guardRedirect(window.location.pathname);
  if (redirect) navigateToUrl(redirect);
}

/** Boots Kontor: registry and session in parallel, then the guard, then single-spa. */
export async function boot(): Promise<void> {
  showPageOverlay(i18n.t('common:loadingPage'));
  addErrorHandler((error) => console.error(`Module ${error.appOrParcelName} failed:`, error));
  setLifecycleBackstops();

  registerApplication({
    name: SHELL_MODULE,
    app: () => loadModule(SHELL_MODULE),
    activeWhen: () => true,
  });
  const registry = loadRegistry()
    .then((entries) => {
      registerModules(entries);
      return entries;
    })
    .catch((error: unknown) => {
      console.error('Kontor could not load its module registry:', error);
      return [];
    })
    .finally(() => registration.markReady());
  const registrationWait = new Promise<void>((resolve) =>
    setTimeout(resolve, MODULE_REGISTRATION_WAIT_MS),
  );
  const sessionReady = initSession();
  await Promise.all([sessionReady, Promise.race([registry, registrationWait])]);

  window.addEventListener('single-spa:before-routing-event', (event) => {
    const { newUrl, cancelNavigation } = (event as CustomEvent<RoutingEventDetail>).detail;
    const redirect = guardRedirect(new URL(newUrl).pathname);
    if (redirect && cancelNavigation) {
      cancelNavigation();
      setTimeout(() => navigateToUrl(redirect));
      return;
    }
    showRouteOverlay();
  });
  window.addEventListener('single-spa:routing-event', () => hideOverlay());

  // A route registered later (or a session that changed) may claim or forbid the current path.
  merge(routes$.pipe(skip(1)), session$.pipe(skip(1)))
    .pipe(debounceTime(0))
    .subscribe(() => {
      enforceGuard();
      triggerAppChange();
    });
  combineLatest([currentRoute$, language$]).subscribe(([current]) => {
    document.title = documentTitle(current, (key) => i18n.t(key));
  });

  const initialRedirect = guardRedirect(window.location.pathname);
  if (initialRedirect) window.history.replaceState(null, '', initialRedirect);
  start({ urlRerouteOnly: true });

  // Modules that load at boot (shop connectors), once the registry and the session are there;
  // again at a login that allows them. Nothing waits for them.
  void Promise.all([registry, sessionReady]).then(([entries]) =>
    loadModulesAtBoot(entries, session$, (name) => System.import(name), forgetModule),
  );
}
