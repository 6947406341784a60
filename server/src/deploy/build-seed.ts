import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ModuleRegistryEntry } from '@kontor/contracts';
import type { Db } from '../db';
import { integrityOf } from './bundle';
import { registerBuiltRelease, type ImportMap } from './registry';

/** What registering the build did, by import-map name. */
export type BuildRegistration = Record<string, 'registered' | 'unchanged' | 'kept-deployed'>;

/** The version in a built URL: the version folder of a module, or the hash in a file name. */
export function versionOfUrl(url: string): string {
  const folder = /^\/modules\/[^/]+\/([^/]+)\//.exec(url)?.[1];
  return folder ?? /\.([0-9a-f]{8,})\.[a-z]+$/.exec(url)?.[1] ?? 'unversioned';
}

/**
 * Registers what `npm run build` wrote (dist/importmap.json and dist/modules.json) in the
 * live registry: a new entry goes live; a built entry is replaced by a newer build; an
 * entry an operator deployed or rolled back stays as it is (`npm run deploy` takes the
 * build's version then). Without a build nothing happens.
 */
export async function registerBuild(db: Db, distDir: string): Promise<BuildRegistration> {
  let map: Partial<ImportMap>;
  let registry: ModuleRegistryEntry[] = [];
  try {
    map = JSON.parse(await fs.readFile(path.join(distDir, 'importmap.json'), 'utf8'));
  } catch {
    return {};
  }
  try {
    registry = JSON.parse(await fs.readFile(path.join(distDir, 'modules.json'), 'utf8'));
  } catch {
    // No registry: the entries are registered without manifests.
  }
  const result: BuildRegistration = {};
  const imports = map.imports ?? {};
  // Modules first, in the build's order: modules.json keeps it (menu and route order).
  const names = [
    ...registry.map((entry) => entry.name).filter((name) => name in imports),
    ...Object.keys(imports).filter((name) => !registry.some((entry) => entry.name === name)),
  ];
  for (const module of names) {
    const url = imports[module]!;
    let integrity = map.integrity?.[url];
    if (!integrity) {
      const file = await fs.readFile(path.join(distDir, url)).catch(() => undefined);
      if (!file) continue; // not built: nothing a browser could load
      integrity = integrityOf(file);
    }
    const manifest = registry.find((entry) => entry.name === module)?.manifest ?? null;
    result[module] = await registerBuiltRelease(db, {
      module,
      version: versionOfUrl(url),
      url,
      integrity,
      manifest,
    });
  }
  return result;
}
