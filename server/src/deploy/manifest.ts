import {
  PERMISSIONS,
  type BootLoading,
  type MenuItemDefinition,
  type ModuleManifest,
  type RouteDefinition,
} from '@kontor/contracts';
import { z } from 'zod';
import type { FieldErrors } from '../http/errors';

// The one validator of a module's manifest (the shapes of @kontor/contracts, which the
// front end relies on; a route's permission and a menu item's acl from its catalogue). A deploy with a manifest that fails it changes nothing.

const MODULE_NAME = /^@kontor\/[a-z0-9-]{1,100}$/;

const text = (what: string) =>
  z
    .string({ error: `${what} must be a text.` })
    .trim()
    .min(1, `${what} must not be empty.`);

/** A permission of the catalogue: an unknown name would hide a route or an item from everyone. */
const permission = (what: string) =>
  z.enum(PERMISSIONS, { error: `${what} must be a permission of the catalogue.` });

const route = z.object({
  name: text('The route name'),
  path: text('The route path').regex(
    /^\/[^\s?#]*$/,
    'A route path starts with / and has no spaces.',
  ),
  access: z.enum(['public', 'login'], { error: 'access must be "public" or "login".' }),
  permission: permission('permission').optional(),
  pageTitle: text('pageTitle').optional(),
  layout: z
    .enum(['default', 'empty'], { error: 'layout must be "default" or "empty".' })
    .optional(),
}) satisfies z.ZodType<RouteDefinition>;

const menuItem: z.ZodType<MenuItemDefinition> = z.lazy(() =>
  z.object({
    name: text('The menu item name'),
    title: text('The menu item title'),
    pathTo: text('pathTo').optional(),
    href: text('href').optional(),
    position: z.number({ error: 'position must be a number.' }).finite().optional(),
    icon: text('icon').optional(),
    acl: permission('acl').optional(),
    group: text('group').optional(),
    disabled: z.boolean().optional(),
    dividerBefore: z.boolean().optional(),
    dividerAfter: z.boolean().optional(),
    children: z.array(menuItem).optional(),
  }),
);

/** A module loaded at boot (a shop connector): for everyone, or for holders of `permission`. */
const bootLoading = z.strictObject(
  { permission: permission('loadAtBoot.permission').optional() },
  { error: 'loadAtBoot must be an object with an optional permission.' },
) satisfies z.ZodType<BootLoading>;

const manifestSchema = z.object({
  name: text('name'),
  namespace: text('namespace'),
  routes: z.array(route, { error: 'routes must be a list.' }),
  menu: z.array(menuItem, { error: 'menu must be a list.' }),
  translations: z
    .record(z.string(), z.record(z.string(), z.record(z.string(), z.unknown())))
    .optional(),
  loadAtBoot: bootLoading.optional(),
}) satisfies z.ZodType<ModuleManifest>;

/** The outcome of checking a manifest: the manifest, or field errors under `manifest.*`. */
export type ManifestCheck =
  { ok: true; manifest: ModuleManifest } | { ok: false; errors: FieldErrors };

/** Checks that a manifest's JSON text is well formed and belongs to the module `name`. */
export function checkManifest(json: string, name: string): ManifestCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    // Not the parser's message: it quotes the text, which may be anything the URL served.
    return { ok: false, errors: { manifest: ['The manifest is not valid JSON.'] } };
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = ['manifest', ...issue.path.map(String)].join('.');
      (errors[field] ??= []).push(issue.message);
    }
    return { ok: false, errors };
  }
  const manifest = result.data;
  const errors: FieldErrors = {};
  if (manifest.name !== name) {
    // Its name is repeated only when it is a module name, not any text the URL served.
    const named = MODULE_NAME.test(manifest.name)
      ? JSON.stringify(manifest.name)
      : 'another module';
    errors['manifest.name'] = [`The manifest names ${named}, but the deploy is for ${name}.`];
  }
  const seen = new Set<string>();
  for (const { name: routeName } of manifest.routes) {
    if (seen.has(routeName)) {
      (errors['manifest.routes'] ??= []).push(`The route name ${routeName} is declared twice.`);
    }
    seen.add(routeName);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, manifest };
}
