import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cspDirectives, cspHeader, enforcesCsp } from '../http/security-headers';
import { negotiateEncoding, resolveInside, StaticFileCache, type StaticFile } from './files';

/** Paths that belong to the API: never answered with the SPA's index.html. */
const API_PATH = /^\/(spa|sanctum|graphql|broadcasting|app|api)(\/|$)|^\/user$/;
/** A content hash in a file name (`react.3f2a9c1b0d4e.js`) or a hash directory under /libs/. */
const HASHED_NAME = /\.[0-9a-f]{8,}\./;
const HASHED_DIR = /^\/libs\/(.+\/)?[0-9a-f]{8,}\//;
/** Files that must always be revalidated: they name the hashed files. */
const NO_CACHE_FILES = new Set(['/index.html', '/importmap.json', '/modules.json']);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NOT_BUILT = 'Front end not built: run npm run build';

/** A script element: its attributes and its inline text. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Script types a browser runs (any other type, such as an import map in JSON, is data). */
const RUNNABLE_TYPE = /^(text\/javascript|application\/javascript|module)$/i;

/**
 * The CSP hashes ('sha256-…') of the inline scripts a browser runs in a page, so the
 * policy allows exactly those (index.html starts SystemJS with one) and no others.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1];
    if (type && !RUNNABLE_TYPE.test(type)) continue;
    // The browser hashes the text as parsed: its line breaks normalized to \n.
    const parsed = text.replace(/\r\n?/g, '\n');
    hashes.push(`sha256-${createHash('sha256').update(parsed, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** Whether a path names an API call rather than a page or a file. */
export function isApiPath(urlPath: string): boolean {
  return API_PATH.test(urlPath);
}

/** The Cache-Control header for a file of the front end, by its URL path. */
export function cacheControlFor(urlPath: string): string {
  if (NO_CACHE_FILES.has(urlPath)) return REVALIDATE;
  if (HASHED_NAME.test(path.posix.basename(urlPath)) || HASHED_DIR.test(urlPath)) return IMMUTABLE;
  return REVALIDATE;
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a file with its validators, caching policy and the best encoding the client takes. */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  urlPath: string,
  contentSecurityPolicy?: string,
) {
  const encoding = file.compressible
    ? negotiateEncoding(request.headers['accept-encoding'])
    : 'identity';
  const etag = encoding === 'identity' ? file.etag : `${file.etag.slice(0, -1)}-${encoding}"`;
  reply.header('cache-control', cacheControlFor(urlPath)).header('etag', etag);
  if (file.compressible) reply.header('vary', 'Accept-Encoding');
  if (file.contentType.startsWith('text/html')) {
    reply.header('x-frame-options', 'DENY').header('referrer-policy', 'same-origin');
    if (contentSecurityPolicy) reply.header('content-security-policy', contentSecurityPolicy);
  }
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const body = await file.body(encoding);
  reply.header('content-type', file.contentType);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.code(200).send(body);
}

/** The URL path of a request, decoded; undefined when the encoding is malformed. */
function decodedPath(request: FastifyRequest): string | undefined {
  const raw = request.url.split('?')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Serves the built front end from DIST_DIR: its files (immutable when content-hashed,
 * revalidated otherwise; ETag/304; brotli or gzip) and index.html for every page route.
 * Unknown API paths and non-GET requests get a JSON 404. In production the page carries
 * the CSP with its inline scripts' hashes, and source maps are not served.
 */
async function staticPlugin(app: FastifyInstance): Promise<void> {
  const root = path.resolve(app.config.distDir);
  const cache = new StaticFileCache();
  const noSession = { config: { session: false } };
  const production = app.config.nodeEnv === 'production';
  /** The inline script hashes of the current index.html, by its ETag. */
  let pageHashes: { etag: string; hashes: string[] } | undefined;

  /** The page's CSP in production: the app's policy plus the hashes of the page's inline scripts. */
  async function pagePolicy(file: StaticFile): Promise<string | undefined> {
    if (!enforcesCsp(app.config)) return undefined;
    if (pageHashes?.etag !== file.etag) {
      const html = (await file.body('identity')).toString('utf8');
      pageHashes = { etag: file.etag, hashes: inlineScriptHashes(html) };
    }
    return cspHeader(cspDirectives(app.config, pageHashes.hashes));
  }

  async function serveIndex(request: FastifyRequest, reply: FastifyReply) {
    const file = await cache.load(path.join(root, 'index.html'));
    if (!file) {
      return reply
        .code(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-frame-options', 'DENY')
        .header('referrer-policy', 'same-origin')
        .send(NOT_BUILT);
    }
    return sendFile(request, reply, file, '/index.html', await pagePolicy(file));
  }

  /** Serves the file at a decoded URL path, or returns false when there is none. */
  async function serveFile(
    request: FastifyRequest,
    reply: FastifyReply,
    urlPath: string,
  ): Promise<boolean> {
    if (urlPath === '/index.html') return false;
    // Source maps carry the front end's sources: built, but not public in production.
    if (production && urlPath.toLowerCase().endsWith('.map')) return false;
    const absolute = await resolveInside(root, urlPath);
    const file = absolute && (await cache.load(absolute));
    if (!file) return false;
    await sendFile(request, reply, file, urlPath);
    return true;
  }

  const assetHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = decodedPath(request);
    if (urlPath && (await serveFile(request, reply, urlPath))) return reply;
    return reply.code(404).send({ message: 'Not Found.' });
  };
  // /importmap.json and /modules.json are the live registry's (server/src/deploy).
  for (const url of ['/kontor.css', '/libs/*', '/modules/*']) {
    app.get(url, noSession, assetHandler);
  }
  app.get('/', noSession, serveIndex);

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = decodedPath(request);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && urlPath !== undefined && !isApiPath(urlPath)) {
      if (await serveFile(request, reply, urlPath)) return reply;
      if (acceptsHtml(request)) return serveIndex(request, reply);
    }
    return reply.code(404).send({ message: 'Not Found.' });
  });
}

export default fp(staticPlugin, { name: 'kontor-static', dependencies: ['kontor-http'] });
