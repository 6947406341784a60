// The jest checks every domain module's manifest must pass, against docs/product.md §2 as
// build/spec-routes.ts writes it down. A module's test is one call: describeManifest(manifest).
import type { MenuItemDefinition, ModuleManifest, RouteDefinition } from '@kontor/shared-session';
import {
  menuGroupPosition,
  specRoutesOf,
  TOP_MENU_POSITIONS,
  type SpecModule,
} from './spec-routes';

/** A manifest as a JSON import types it: string literals widen to string. */
export type ManifestJson = Omit<ModuleManifest, 'routes'> & {
  routes: (Omit<RouteDefinition, 'access' | 'layout'> & { access: string; layout?: string })[];
};

/** Every menu item of a manifest with the group it lands in (declared or by nesting). */
function flattenMenu(items: MenuItemDefinition[], group?: string): MenuItemDefinition[] {
  return items.flatMap((item) => [
    { ...item, group: item.group ?? group },
    ...flattenMenu(item.children ?? [], item.name),
  ]);
}

function translation(manifest: ManifestJson, language: string, key: string): unknown {
  const [namespace, path] = key.includes(':') ? key.split(':') : [manifest.namespace, key];
  let value: unknown = manifest.translations?.[language]?.[namespace];
  for (const part of path.split('.')) {
    value =
      value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value;
}

/** Declares the tests that hold a module's manifest to docs/product.md §2. */
export function describeManifest(manifest: ManifestJson): void {
  const spec = specRoutesOf(manifest.name as SpecModule);
  const menu = flattenMenu(manifest.menu);

  describe(`the manifest of ${manifest.name}`, () => {
    test('declares exactly the routes docs/product.md and docs/design.md give the module', () => {
      const declared = manifest.routes.map((r) => r.path).sort();
      expect(declared).toEqual(spec.map((r) => r.path).sort());
    });

    test("needs a login for every route, and guards it with the permission of docs/product.md's table", () => {
      const declared = manifest.routes.map(({ path, access, permission }) => ({
        path,
        access,
        permission,
      }));
      const expected = spec.map(({ path, access, permission }) => ({ path, access, permission }));
      const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
      expect(declared.sort(byPath)).toEqual(expected.sort(byPath));
    });

    test("names each route once, inside the module's namespace", () => {
      const names = manifest.routes.map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name.startsWith(`${manifest.namespace}.`)).toBe(true);
    });

    test('has a German and an English text for every page title and menu item', () => {
      const keys = [
        ...manifest.routes.map((r) => r.pageTitle ?? `(no pageTitle on ${r.name})`),
        ...menu.map((item) => item.title),
      ];
      for (const language of ['de', 'en']) {
        const missing = keys.filter(
          (key) => typeof translation(manifest, language, key) !== 'string',
        );
        expect({ language, missing }).toEqual({ language, missing: [] });
      }
    });

    test('puts its menu items in the positions of the side navigation menu of docs/product.md §2', () => {
      for (const item of menu) {
        const expected = item.group
          ? menuGroupPosition(item.group, item.pathTo ?? '')
          : TOP_MENU_POSITIONS[item.name];
        expect({ item: item.name, position: item.position }).toEqual({
          item: item.name,
          position: expected,
        });
      }
    });

    test('links each menu item to a route of the module, and hides it from users the route would refuse', () => {
      for (const item of menu) {
        const route = manifest.routes.find((r) => r.path === item.pathTo);
        expect({ item: item.name, route: route?.name ?? null }).toEqual({
          item: item.name,
          route: expect.any(String),
        });
        if (route?.permission)
          expect({ item: item.name, acl: item.acl }).toEqual({
            item: item.name,
            acl: route.permission,
          });
      }
    });
  });
}
