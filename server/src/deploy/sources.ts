import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ModuleManifest } from '../../../shared-session/src/types';
import { validationFailed, type FieldErrors } from '../http/errors';
import { checkBundle, integrityOf } from './bundle';
import { checkManifest } from './manifest';
import type { ReleaseInput } from './registry';

// Where a deploy's files come from: a version folder of the build in DIST_DIR
// (dist/modules/<dir>/<version>/, described by its build.json), or any http(s) URL
// (a CDN, another build server) with the manifest beside the bundle.

/** What `npm run build` writes into each version folder beside the bundle. */
export interface BuildInfo {
  name: string;
  version: string;
  /** File name of the entry bundle in the folder. */
  entry: string;
}

/** A deploy request after parsing: the module and where its new version is. */
export interface DeploySource {
  module: string;
  version?: string;
  url?: string;
  /** URL of the manifest; default: manifest.json beside the bundle. */
  manifestUrl?: string;
}

/** A checked release, ready for deployRelease. */
export interface CheckedRelease {
  release: Omit<ReleaseInput, 'action' | 'actor'>;
  dependencies: string[];
}

const MAX_BYTES = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

/** Reads a file, or undefined when it is not there. */
async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(file);
  } catch {
    return undefined;
  }
}

/** Fetches a URL; undefined for 404, an error message for any other failure. */
async function download(url: string): Promise<Buffer | undefined | { problem: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (response.status === 404) return undefined;
    if (!response.ok) return { problem: `${url} answered ${response.status}.` };
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_BYTES) return { problem: `${url} is larger than ${MAX_BYTES} bytes.` };
    return body;
  } catch (error) {
    return { problem: `${url} could not be fetched: ${(error as Error).message}` };
  }
}

/** Finds a version folder of the build: dist/modules/<dir>/<version>/build.json. */
async function findBuiltVersion(
  distDir: string,
  module: string,
  version: string,
): Promise<{ dir: string; info: BuildInfo } | { errors: FieldErrors }> {
  if (!/^[0-9a-zA-Z._-]+$/.test(version) || version.startsWith('.')) {
    return {
      errors: { version: ['A version is the name of a folder of the build, e.g. 3f2a9c1b0d4e.'] },
    };
  }
  const modulesDir = path.join(distDir, 'modules');
  const dirs = await fs.readdir(modulesDir).catch(() => [] as string[]);
  let otherModule: string | undefined;
  for (const dir of dirs) {
    const text = await readIfExists(path.join(modulesDir, dir, version, 'build.json'));
    if (!text) continue;
    const info = JSON.parse(text.toString('utf8')) as BuildInfo;
    if (info.name === module) return { dir: `modules/${dir}/${version}`, info };
    otherModule = info.name;
  }
  const message = otherModule
    ? `Version ${version} is a build of ${otherModule}, not of ${module}.`
    : `The build has no version ${version} of ${module} (see npm run modules).`;
  return { errors: { version: [message] } };
}

/** Checks the bundle and manifest texts and computes the integrity hash. */
function checkFiles(
  module: string,
  version: string,
  url: string,
  bundle: Buffer,
  manifestText: string | undefined,
): CheckedRelease {
  const errors: FieldErrors = {};
  const bundleCheck = checkBundle(bundle.toString('utf8'));
  if (!bundleCheck.ok) errors.bundle = bundleCheck.problems;
  let manifest: ModuleManifest | null = null;
  if (manifestText !== undefined) {
    const manifestCheck = checkManifest(manifestText, module);
    if (manifestCheck.ok) manifest = manifestCheck.manifest;
    else Object.assign(errors, manifestCheck.errors);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return {
    release: { module, version, url, integrity: integrityOf(bundle), manifest },
    dependencies: bundleCheck.dependencies,
  };
}

/**
 * Loads and checks a deploy's bundle and manifest (from the build or a URL): they exist,
 * parse, the bundle is a System.register module and the manifest is well formed and names
 * the module. Throws a 422 that says why otherwise.
 */
export async function checkDeploySource(
  distDir: string,
  source: DeploySource,
): Promise<CheckedRelease> {
  const { module } = source;
  if (source.version !== undefined) {
    const found = await findBuiltVersion(distDir, module, source.version);
    if ('errors' in found) throw validationFailed(found.errors);
    const folder = path.join(distDir, found.dir);
    const bundle = await readIfExists(path.join(folder, found.info.entry));
    if (!bundle) {
      throw validationFailed({ bundle: [`${found.dir}/${found.info.entry} does not exist.`] });
    }
    const manifest = await readIfExists(path.join(folder, 'manifest.json'));
    return checkFiles(
      module,
      source.version,
      `/${found.dir}/${found.info.entry}`,
      bundle,
      manifest?.toString('utf8'),
    );
  }

  const url = source.url!;
  const bundle = await download(url);
  if (bundle === undefined) throw validationFailed({ url: [`${url} does not exist (404).`] });
  if (!Buffer.isBuffer(bundle)) throw validationFailed({ url: [bundle.problem] });
  const manifestUrl = source.manifestUrl ?? new URL('manifest.json', url).toString();
  const manifest = await download(manifestUrl);
  if (manifest !== undefined && !Buffer.isBuffer(manifest)) {
    throw validationFailed({ manifest: [manifest.problem] });
  }
  if (manifest === undefined && source.manifestUrl) {
    throw validationFailed({ manifest: [`${manifestUrl} does not exist (404).`] });
  }
  // A URL's file name may not change with its content: the version is the content's hash.
  const version = createHash('sha256').update(bundle).digest('hex').slice(0, 12);
  return checkFiles(module, version, url, bundle, manifest?.toString('utf8'));
}
