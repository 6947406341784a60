import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { ModuleManifest } from '@kontor/contracts';
import type { Config } from '../config';
import { validationFailed, type FieldErrors } from '../http/errors';
import { checkBundle, integrityOf } from './bundle';
import { checkManifest } from './manifest';
import type { ReleaseInput } from './registry';

// Where a deploy's files come from: a version folder of the build in DIST_DIR
// (dist/modules/<dir>/<version>/, described by its build.json), or an http(s) URL on one
// of the origins the operator allows (DEPLOY_ORIGINS: a CDN, another build server) with
// the manifest beside the bundle. The server fetches such a URL itself, so it fetches
// nothing else: no other origin (its own loopback endpoints, the private network), no
// redirect, no more than MAX_DEPLOY_BYTES, and its errors never repeat what it read.

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

/** Largest bundle or manifest a deploy fetches; a longer answer is cut off unread. */
export const MAX_DEPLOY_BYTES = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

/** Reads a file, or undefined when it is not there. */
async function readIfExists(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(file);
  } catch {
    return undefined;
  }
}

/** Why a fetched file is refused; says nothing of the answer's content. */
type Problem = { problem: string };

/** Reads a response body, aborting as soon as it grows past `maxBytes`. */
async function readLimited(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Buffer | 'too-large'> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, length);
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
}

/**
 * Fetches a URL of an allowed origin: the file, undefined for 404, or why not. Redirects
 * are refused (not followed), the body is read only up to `maxBytes`.
 */
async function download(
  url: string,
  maxBytes = MAX_DEPLOY_BYTES,
): Promise<Buffer | undefined | Problem> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, FETCH_TIMEOUT_MS);
  try {
    const response = await fetch(url, { redirect: 'manual', signal: controller.signal });
    if (response.status === 404) return undefined;
    if (response.status >= 300 && response.status < 400) {
      return {
        problem: `${url} answered with a redirect (${response.status}); redirects are not followed.`,
      };
    }
    if (!response.ok) return { problem: `${url} answered ${response.status}.` };
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) return { problem: `${url} is larger than ${maxBytes} bytes.` };
    if (!response.body) return Buffer.alloc(0);
    const body = await readLimited(response.body, maxBytes);
    if (body === 'too-large') return { problem: `${url} is larger than ${maxBytes} bytes.` };
    return body;
  } catch {
    // The cause (refused, reset, DNS) stays out of the answer: it describes the target.
    return {
      problem: timedOut
        ? `${url} did not answer within ${FETCH_TIMEOUT_MS / 1000} seconds.`
        : `${url} could not be fetched.`,
    };
  } finally {
    clearTimeout(timer);
    // Frees the connection of an answer that was not read to its end.
    controller.abort();
  }
}

/** Why the server may not fetch this URL, or undefined when its origin is allowed. */
function refusedOrigin(url: string, origins: readonly string[]): string | undefined {
  const parsed = new URL(url);
  if (parsed.username || parsed.password) {
    return 'The URL must not contain a user name or password (it is published in the import map).';
  }
  if (origins.length === 0) {
    return 'Deploys by URL are off: set DEPLOY_ORIGINS to the origins the server may fetch modules from, or deploy a version of the build.';
  }
  if (!origins.includes(parsed.origin)) {
    return `${parsed.origin} is not an origin deploys may fetch from (DEPLOY_ORIGINS: ${origins.join(', ')}).`;
  }
  return undefined;
}

/** A build.json's content, or undefined when it is not one. */
function parseBuildInfo(text: Buffer): BuildInfo | undefined {
  try {
    const info = JSON.parse(text.toString('utf8')) as Partial<BuildInfo> | null;
    return typeof info?.name === 'string' && typeof info.entry === 'string'
      ? (info as BuildInfo)
      : undefined;
  } catch {
    return undefined;
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
    const info = text && parseBuildInfo(text);
    if (!info) continue;
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
 * Loads and checks a deploy's bundle and manifest (from the build or a URL of an allowed
 * origin): they exist, parse, the bundle is a System.register module and the manifest is
 * well formed and names the module. Throws a 422 that says why otherwise.
 */
export async function checkDeploySource(
  config: Pick<Config, 'distDir' | 'deployOrigins'>,
  source: DeploySource,
): Promise<CheckedRelease> {
  const { module } = source;
  const { distDir, deployOrigins } = config;
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
  const manifestUrl = source.manifestUrl ?? new URL('manifest.json', url).toString();
  const refused: FieldErrors = {};
  const urlRefused = refusedOrigin(url, deployOrigins);
  if (urlRefused) refused.url = [urlRefused];
  const manifestRefused = source.manifestUrl && refusedOrigin(manifestUrl, deployOrigins);
  if (manifestRefused) refused.manifestUrl = [manifestRefused];
  if (Object.keys(refused).length > 0) throw validationFailed(refused);

  const bundle = await download(url);
  if (bundle === undefined) throw validationFailed({ url: [`${url} does not exist (404).`] });
  if (!Buffer.isBuffer(bundle)) throw validationFailed({ url: [bundle.problem] });
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
