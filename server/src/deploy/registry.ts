import type { ModuleManifest, ModuleRegistryEntry } from '@kontor/contracts';
import { queryOne, type Db } from '../db';
import { HttpError, validationFailed } from '../http/errors';

// The live import map and module registry, kept in the database so every server node
// serves the same one. A release changes one row of live_modules inside a transaction
// that holds that row's lock; every release is kept in module_releases for rollback.

/** What a release sets live. */
export interface ReleaseInput {
  module: string;
  version: string;
  url: string;
  integrity: string;
  manifest: ModuleManifest | null;
  action: 'build' | 'deploy' | 'rollback';
  actor: string;
}

/** One release of one import-map entry, as kept in the history. */
export interface Release extends ReleaseInput {
  id: number;
  replacedId: number | null;
  createdAt: string;
}

/** The import map SystemJS reads: names to URLs, and each URL's integrity hash. */
export interface ImportMap {
  imports: Record<string, string>;
  integrity: Record<string, string>;
}

interface ReleaseRow {
  id: string;
  module: string;
  version: string;
  url: string;
  integrity: string;
  manifest: ModuleManifest | null;
  action: Release['action'];
  replaced_id: string | null;
  actor: string;
  created_at: Date | string;
}

const RELEASE_COLUMNS =
  'r.id, r.module, r.version, r.url, r.integrity, r.manifest, r.action, r.replaced_id, r.actor, r.created_at';

function toRelease(row: ReleaseRow): Release {
  return {
    id: Number(row.id),
    module: row.module,
    version: row.version,
    url: row.url,
    integrity: row.integrity,
    manifest: row.manifest,
    action: row.action,
    replacedId: row.replaced_id === null ? null : Number(row.replaced_id),
    actor: row.actor,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * Every live release, in the order the modules were first registered. A module an operator
 * took out again (the rollback of its first release: a release without a URL) is none.
 */
export async function liveReleases(db: Db): Promise<Release[]> {
  const rows = await db.query<ReleaseRow>(
    `SELECT ${RELEASE_COLUMNS} FROM live_modules l JOIN module_releases r ON r.id = l.release_id
      WHERE r.url <> '' ORDER BY l.position`,
  );
  return rows.map(toRelease);
}

/** The import map of the live releases. */
export async function liveImportMap(db: Db): Promise<ImportMap> {
  const map: ImportMap = { imports: {}, integrity: {} };
  const releases = (await liveReleases(db)).sort((a, b) => a.module.localeCompare(b.module));
  for (const release of releases) {
    map.imports[release.module] = release.url;
    map.integrity[release.url] = release.integrity;
  }
  return map;
}

/** The module registry (`/modules.json`): every live module that has a manifest. */
export async function liveRegistry(db: Db): Promise<ModuleRegistryEntry[]> {
  return (await liveReleases(db)).flatMap((release) =>
    release.manifest ? [{ name: release.module, manifest: release.manifest }] : [],
  );
}

/** The releases of one module (or of all), newest first. */
export async function releaseHistory(db: Db, module?: string, limit = 200): Promise<Release[]> {
  const rows = await db.query<ReleaseRow>(
    `SELECT ${RELEASE_COLUMNS} FROM module_releases r
     WHERE $1::text IS NULL OR r.module = $1 ORDER BY r.id DESC LIMIT $2`,
    [module ?? null, limit],
  );
  return rows.map(toRelease);
}

/** The live release of a module, locking its row until the transaction ends. */
async function lockLive(tx: Db, module: string): Promise<Release | undefined> {
  // The advisory lock also covers a module that has no row yet (two first deploys).
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`kontor-module:${module}`]);
  const row = await queryOne<ReleaseRow>(
    tx,
    `SELECT ${RELEASE_COLUMNS} FROM live_modules l JOIN module_releases r ON r.id = l.release_id
     WHERE l.module = $1 FOR UPDATE OF l`,
    [module],
  );
  return row && toRelease(row);
}

/** Records a release and makes it the live one; tx must hold the module's row lock. */
async function makeLive(tx: Db, input: ReleaseInput, replacedId: number | null): Promise<Release> {
  const row = await queryOne<ReleaseRow>(
    tx,
    `INSERT INTO module_releases AS r (module, version, url, integrity, manifest, action, replaced_id, actor)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING ${RELEASE_COLUMNS}`,
    [
      input.module,
      input.version,
      input.url,
      input.integrity,
      input.manifest === null ? null : JSON.stringify(input.manifest),
      input.action,
      replacedId,
      input.actor,
    ],
  );
  const release = toRelease(row!);
  // A new module's row may be inserted by a concurrent deploy first: then this one waits
  // for that transaction and updates the row it made.
  await tx.query(
    `INSERT INTO live_modules (module, release_id) VALUES ($1, $2)
     ON CONFLICT (module) DO UPDATE SET release_id = EXCLUDED.release_id, updated_at = now()`,
    [input.module, release.id],
  );
  return release;
}

/** Checks what a release needs from the rest of the live map: its imports exist, its routes are its own. */
async function checkAgainstLive(
  tx: Db,
  input: ReleaseInput,
  dependencies: string[],
): Promise<void> {
  const others = (await liveReleases(tx)).filter((r) => r.module !== input.module);
  const names = new Set([...others.map((r) => r.module), input.module]);
  const missing = dependencies.filter((name) => !names.has(name));
  const errors: Record<string, string[]> = {};
  if (missing.length > 0) {
    errors.bundle = [
      `The bundle imports ${missing.join(', ')}, which the import map does not have.`,
    ];
  }
  for (const route of input.manifest?.routes ?? []) {
    const owner = others.find((r) => r.manifest?.routes.some((o) => o.path === route.path));
    if (owner) {
      (errors['manifest.routes'] ??= []).push(
        `The path ${route.path} is already a route of ${owner.module}.`,
      );
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * Deploys a checked release: in one transaction, locks the module's row, checks the
 * release against the rest of the live map and makes it live, recording what it replaced.
 */
export async function deployRelease(
  db: Db,
  input: ReleaseInput,
  dependencies: string[] = [],
): Promise<Release> {
  return db.transaction(async (tx) => {
    const live = await lockLive(tx, input.module);
    if (live?.manifest && !input.manifest) {
      throw validationFailed({
        manifest: [`${input.module} has a manifest; the new version must ship one too.`],
      });
    }
    await checkAgainstLive(tx, input, dependencies);
    return makeLive(tx, input, live?.id ?? null);
  });
}

/**
 * Rolls a module back to the release that was live before the current one; a second
 * rollback goes one further back.
 */
export async function rollbackModule(db: Db, module: string, actor: string): Promise<Release> {
  return db.transaction(async (tx) => {
    const live = await lockLive(tx, module);
    if (!live) throw new HttpError(404, `${module} is not in the import map.`);
    const previous =
      live.replacedId === null
        ? undefined
        : await queryOne<ReleaseRow>(
            tx,
            `SELECT ${RELEASE_COLUMNS} FROM module_releases r WHERE r.id = $1`,
            [live.replacedId],
          );
    const [first] = previous
      ? []
      : await tx.query<{ action: string }>(
          'SELECT action FROM module_releases WHERE module = $1 ORDER BY id LIMIT 1',
          [module],
        );
    if (!previous && live.url !== '' && first?.action === 'deploy' && live.manifest) {
      // A module an operator added (a shop connector): rolling back its first release takes it
      // out of the map again. The release without a URL keeps it out across restarts (the
      // build registers no module over an operator's rollback) until it is deployed again.
      return makeLive(
        tx,
        { module, version: '', url: '', integrity: '', manifest: null, action: 'rollback', actor },
        null,
      );
    }
    if (!previous) {
      throw validationFailed({ module: [`${module} has no earlier release to roll back to.`] });
    }
    const target = toRelease(previous);
    const release = await makeLive(tx, { ...target, action: 'rollback', actor }, target.replacedId);
    return release;
  });
}

/** Registers a release from the build unless an operator's deploy or rollback is live. */
export async function registerBuiltRelease(
  db: Db,
  input: Omit<ReleaseInput, 'action' | 'actor'>,
): Promise<'registered' | 'unchanged' | 'kept-deployed'> {
  return db.transaction(async (tx) => {
    const live = await lockLive(tx, input.module);
    if (live && live.url === input.url && live.integrity === input.integrity) return 'unchanged';
    if (live && live.action !== 'build') return 'kept-deployed';
    await makeLive(tx, { ...input, action: 'build', actor: 'build' }, live?.id ?? null);
    return 'registered';
  });
}
