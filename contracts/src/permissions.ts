/**
 * The permission catalogue: every permission Kontor knows. The migrations seed exactly
 * these into `permissions` (a test compares), GraphQL fields declare theirs with
 * `@allow(permission: "…")`, manifests name them in a route's `permission` and a menu
 * item's `acl`, and the front end's `can()` takes them — a name not in this list fails a
 * test or the type check. Adding one: add it here and in a migration (`INSERT INTO
 * permissions`), in the same change.
 */
export const PERMISSIONS = [
  'administrate',
  'user:view',
  'user:create',
  'user:update',
  'user:delete',
  'user:impersonate',
  'role:view',
  'role:create',
  'role:update',
  'role:delete',
  'client:view',
  'client:create',
  'client:update',
  'client:delete',
  'department:view',
  'department:create',
  'department:update',
  'department:delete',
  'product:view',
  'product:create',
  'product:update',
  'product:delete',
  'product:import',
  'order:view',
  'order:create',
  'order:import',
  'order:update',
  'order:cancel',
  'warehouse:view',
  'warehouse:create',
  'warehouse:update',
  'warehouse:delete',
  'stock:view',
  'stock:book',
  'stock:correct',
  'supplier:view',
  'supplier:create',
  'supplier:update',
  'supplier:delete',
  'avis:view',
  'avis:create',
  'avis:update',
  'avis:delete',
  'avis:book',
  'avis:import',
  'stocktaking:view',
  'stocktaking:create',
  'stocktaking:update',
  'stocktaking:count',
  'stocktaking:book',
  'stocktaking:delete',
  'shipping:view',
  'shipping:create',
  'shipping:update',
  'shipping:delete',
  'picklist:view',
  'picklist:create',
  'picklist:pick',
  'shipment:create',
  'invoice:export',
  'shop:view',
  'shop:create',
  'shop:update',
  'shop:delete',
  'shop:sync',
] as const;

/** A permission of the catalogue, e.g. `client:view`. */
export type Permission = (typeof PERMISSIONS)[number];

const KNOWN: ReadonlySet<string> = new Set(PERMISSIONS);

/** Whether `name` is a permission of the catalogue. */
export const isPermission = (name: string): name is Permission => KNOWN.has(name);

/**
 * The entities with the four record permissions (`client` for client:view, client:create,
 * client:update and client:delete): what the list toolkit takes to check all four.
 */
export type CrudEntity = {
  [P in Permission]: P extends `${infer Entity}:delete` ? Entity : never;
}[Permission];
