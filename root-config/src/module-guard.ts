// Resilience of a module's lifecycles (issue 5): a bundle that fails to load, a lifecycle
// that throws and one that hangs past its time all end in an error panel in that module's
// content area, with a retry, while the menu, the top bar and every other module go on.
//
// Why not single-spa's own broken state: single-spa marks such an application
// SKIP_BECAUSE_BROKEN for the rest of the page's life (no retry is possible), so each
// module's lifecycles are wrapped here and always settle within LIFECYCLE_MAX_MS.
// single-spa's own limits (with dieOnTimeout) stay as a backstop above these.
import {
  setBootstrapMaxTime,
  setMountMaxTime,
  setUnloadMaxTime,
  setUnmountMaxTime,
  type AppProps,
  type LifeCycles,
} from 'single-spa';
// The panel's texts are shared-session's `runtime` namespace (a page showing a failed boot
// module uses them too).
import { i18n } from '@kontor/shared-session';

/** How long a module may take to load its bundle, to bootstrap, to mount and to unmount. */
export const LIFECYCLE_MAX_MS = { load: 15_000, bootstrap: 5_000, mount: 5_000, unmount: 3_000 };
/** single-spa's limits for the wrappers themselves: they settle well within these. */
const BACKSTOP_MS = 30_000;

/** Sets single-spa's lifecycle timeouts (dieOnTimeout) as the backstop of the guarded lifecycles. */
export function setLifecycleBackstops(): void {
  setBootstrapMaxTime(BACKSTOP_MS, true, 10_000);
  setMountMaxTime(BACKSTOP_MS, true, 10_000);
  setUnmountMaxTime(BACKSTOP_MS, true, 10_000);
  setUnloadMaxTime(BACKSTOP_MS, true, 10_000);
}

class LifecycleTimeout extends Error {}

/** Resolves with the promise, or rejects when it has not settled after `ms`. */
function within<T>(promise: Promise<T>, ms: number, lifecycle: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new LifecycleTimeout(i18n.t('runtime:timedOut', { lifecycle, seconds: ms / 1000 }))),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Loads a module's bundle within LIFECYCLE_MAX_MS.load; a load that fails or hangs is
 * forgotten (`forget`), so the next try fetches the bundle again.
 */
export async function loadWithin<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  try {
    return await within(load(), LIFECYCLE_MAX_MS.load, 'load');
  } catch (error) {
    forget();
    throw error;
  }
}

/** Runs a lifecycle (a function or a list of them, as single-spa allows) in order. */
async function runLifecycle(fn: LifeCycles['mount'], props: AppProps) {
  for (const step of Array.isArray(fn) ? fn : [fn]) await step(props);
}

/** The panel's element id for a module. */
export function errorPanelId(name: string): string {
  return `kontor-module-error:${name}`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * Shows the error panel of a module in the content area: a Blueprint danger callout
 * (plain markup, so it shows even when React itself failed to load) with a retry button.
 */
export function showErrorPanel(name: string, error: unknown, retry: () => void): void {
  removeErrorPanel(name);
  const panel = document.createElement('div');
  panel.id = errorPanelId(name);
  panel.className = 'bp6-callout bp6-intent-danger bp6-callout-icon kontor-module-error';
  panel.setAttribute('role', 'alert');
  const detail = error instanceof Error ? error.message : String(error);
  panel.innerHTML =
    `<h5 class="bp6-heading">${escapeHtml(i18n.t('runtime:moduleFailed'))}</h5>` +
    `<p>${escapeHtml(i18n.t('runtime:moduleFailedHint'))}</p>` +
    `<p class="bp6-text-muted bp6-text-small">${escapeHtml(name)}: ${escapeHtml(detail)}</p>` +
    `<button type="button" class="bp6-button bp6-intent-primary">` +
    `<span class="bp6-button-text">${escapeHtml(i18n.t('runtime:retry'))}</span></button>`;
  panel.querySelector('button')!.addEventListener('click', retry);
  (document.getElementById('kontor-content') ?? document.body).appendChild(panel);
}

/** Removes a module's error panel, if one shows. */
export function removeErrorPanel(name: string): void {
  document.getElementById(errorPanelId(name))?.remove();
}

/**
 * Wraps a module's lifecycles: loading happens at the first mount; load, bootstrap and
 * mount each have a time limit; any failure shows the module's error panel (single-spa
 * sees a module that mounted), and its retry loads the bundle again when loading failed,
 * then bootstraps and mounts again.
 */
export function guardedLifecycles(
  name: string,
  load: () => Promise<LifeCycles>,
  forget: () => void,
): LifeCycles {
  let real: LifeCycles | null = null;
  let bootstrapped = false;
  let mounted = false;
  let active = false;

  async function attempt(props: AppProps): Promise<void> {
    try {
      if (!real) real = await loadWithin(load, forget);
      if (!bootstrapped) {
        await within(runLifecycle(real.bootstrap, props), LIFECYCLE_MAX_MS.bootstrap, 'bootstrap');
        bootstrapped = true;
      }
      await within(runLifecycle(real.mount, props), LIFECYCLE_MAX_MS.mount, 'mount');
      mounted = true;
    } catch (error) {
      console.error(`Module ${name} failed:`, error); // a failed load was forgotten: retried from the network
      if (active) showErrorPanel(name, error, () => void retry(props));
    }
  }

  async function retry(props: AppProps): Promise<void> {
    removeErrorPanel(name);
    await attempt(props);
  }

  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      active = true;
      await attempt(props);
    },
    unmount: async (props) => {
      active = false;
      removeErrorPanel(name);
      if (!mounted || !real) return;
      mounted = false;
      try {
        await within(runLifecycle(real.unmount, props), LIFECYCLE_MAX_MS.unmount, 'unmount');
      } catch (error) {
        console.error(`Module ${name} did not unmount cleanly:`, error);
      }
    },
  };
}
