import { lazy, type ComponentType } from 'react';
import type { ModulePages, PageProps } from './lifecycles';

/**
 * An area's pages loaded with their first route (React.lazy, one file an area): a module keeps
 * its floor screens in its bundle and loads its desk pages on demand, so a handheld scanner
 * does not fetch them (e2e/load-budget.spec.ts). `names` are the pages the area answers; the
 * area is loaded once for all of them.
 */
export function lazyPages(load: () => Promise<ModulePages>, names: readonly string[]): ModulePages {
  let area: Promise<ModulePages> | null = null;
  return Object.fromEntries(
    names.map((name) => [
      name,
      lazy(async () => {
        area ??= load();
        const page = (await area)[name];
        if (!page) throw new Error(`The area loaded has no page ${name}.`);
        return { default: page as ComponentType<PageProps> };
      }),
    ]),
  );
}
