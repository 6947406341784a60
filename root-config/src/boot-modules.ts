// Modules that load at boot (a manifest's `loadAtBoot`, issue 29): a shop connector has no
// route of its own to be loaded by, yet its registration must run for everyone who may see
// it. Each is loaded once per page, for a logged-in user holding its permission, through the
// same bounded loading as every module (module-guard.ts): a bundle that fails or hangs is
// reported to shared-session's `bootModules$` with a retry, and nothing else waits for it.
import type { Observable, Subscription } from 'rxjs';
import {
  reportBootModule,
  type ModuleRegistryEntry,
  type SessionState,
} from '@kontor/shared-session';
import { loadWithin } from './module-guard';

/**
 * What a module loaded at boot may export: `ready`, the promise of its registration (a
 * System.register bundle cannot make SystemJS wait for a top-level await), so a registration
 * that fails counts as a failed load.
 */
interface BootModuleExports {
  ready?: PromiseLike<unknown>;
}

/** Whether a session loads a boot module: logged in, and holding its permission if it names one. */
export function mayLoadAtBoot(entry: ModuleRegistryEntry, session: SessionState): boolean {
  const loading = entry.manifest.loadAtBoot;
  if (!loading || !session.loaded || !session.isLoggedIn) return false;
  return !loading.permission || session.permissions.includes(loading.permission);
}

/**
 * Loads every module of `entries` whose manifest has `loadAtBoot` as soon as the session
 * may (at once when it already may, else at the login or change of user that allows it).
 * `load` imports a bundle (System.import), `forget` drops a failed one so a retry fetches it
 * anew. Returns the subscription to the session (a test ends it).
 */
export function loadModulesAtBoot(
  entries: ModuleRegistryEntry[],
  session$: Observable<SessionState>,
  load: (name: string) => Promise<unknown>,
  forget: (name: string) => void,
): Subscription {
  const status = new Map<string, 'loading' | 'loaded' | 'failed'>();
  // The last failure's reason: a retry's `loading` keeps it, so its panel stays meanwhile.
  const lastError = new Map<string, string>();
  const bootEntries = entries.filter((entry) => entry.manifest.loadAtBoot);

  async function attempt(entry: ModuleRegistryEntry): Promise<void> {
    const { name, manifest } = entry;
    const state = status.get(name);
    if (state === 'loading' || state === 'loaded') return;
    const report = (next: 'loading' | 'loaded' | 'failed', error?: string) => {
      status.set(name, next);
      if (error === undefined) lastError.delete(name);
      else lastError.set(name, error);
      reportBootModule({
        name,
        namespace: manifest.namespace,
        status: next,
        error,
        retry: () => attempt(entry),
      });
    };
    report('loading', lastError.get(name));
    try {
      await loadWithin(
        async () => {
          const exports = (await load(name)) as BootModuleExports | undefined;
          await exports?.ready;
        },
        () => forget(name),
      );
      report('loaded');
    } catch (error) {
      console.error(`Module ${name} (loaded at boot) failed:`, error);
      report('failed', error instanceof Error ? error.message : String(error));
    }
  }

  return session$.subscribe((session) => {
    for (const entry of bootEntries) {
      if (status.get(entry.name) !== 'loaded' && mayLoadAtBoot(entry, session)) {
        void attempt(entry);
      }
    }
  });
}
