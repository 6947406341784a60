import { BehaviorSubject } from 'rxjs';

// The modules that load at boot (a manifest's `loadAtBoot`: shop connectors): root-config
// loads them and reports here how each went, so a page can show one that failed (the shops
// page shows a failed connector with the runtime's error panel and its retry).

/** How loading one boot module went so far. */
export interface BootModuleState {
  /** Its import-map name, e.g. `@kontor/connector-shopware`. */
  name: string;
  /** Its i18next namespace (its manifest's translations are there before its bundle). */
  namespace: string;
  status: 'loading' | 'loaded' | 'failed';
  /** Why it failed (the error's message); while a retry loads, why the last try failed. */
  error?: string;
  /** Loads it again (the bundle is fetched anew); resolves when that try has ended. */
  retry: () => Promise<void>;
}

const states = new BehaviorSubject<BootModuleState[]>([]);

/** The boot modules root-config has started to load, in that order, with how each went. */
export const bootModules$ = states.asObservable();

/** The boot modules right now. */
export function currentBootModules(): BootModuleState[] {
  return states.value;
}

/** root-config's report of a boot module's state; replaces the earlier one of that module. */
export function reportBootModule(state: BootModuleState): void {
  const known = states.value.some((s) => s.name === state.name);
  states.next(
    known
      ? states.value.map((s) => (s.name === state.name ? state : s))
      : states.value.concat(state),
  );
}
