// Libraries the first paint does not need (Apollo, graphql, laravel-echo, pusher-js) are
// import-map entries loaded on first use, never bundled into a module.

interface SystemLoader {
  import(name: string): Promise<unknown>;
}

/** Loads a shared library by its import-map name (System.import in the browser). */
export async function loadShared<T>(name: string): Promise<T> {
  const system = (globalThis as { System?: SystemLoader }).System;
  if (system) return (await system.import(name)) as T;
  // Outside SystemJS (jest) the package resolves from node_modules.
  return (await import(/* webpackIgnore: true */ name)) as T;
}
