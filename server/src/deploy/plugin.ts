import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { recordAudit } from '../audit/audit';
import { readCookie, SESSION_COOKIE } from '../auth/cookies';
import { permissionsOfRequest } from '../auth/guards';
import { xsrfHeader } from '../auth/plugin';
import { findSession, safeEqual } from '../auth/sessions';
import { csrfMismatch, HttpError, parseInput, unauthenticated, unauthorized } from '../http/errors';
import { registerBuild } from './build-seed';
import {
  deployRelease,
  liveImportMap,
  liveRegistry,
  liveReleases,
  releaseHistory,
  rollbackModule,
} from './registry';
import { checkDeploySource } from './sources';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who deploys: `deploy-token` or `user:<id> <name>` (set by the deploy guard). */
    deployer: { actor: string; userId: number | null } | null;
  }
}

const moduleName = z
  .string({ error: 'The module field is required.' })
  .trim()
  .regex(/^@kontor\/[a-z0-9-]+$/, 'The module must be a Kontor module name like @kontor/admin.');

const deployBody = z
  .object({
    module: moduleName,
    version: z.string().trim().min(1).max(100).optional(),
    url: z.url({ protocol: /^https?$/, error: 'The url must be an http(s) URL.' }).optional(),
    manifestUrl: z
      .url({ protocol: /^https?$/, error: 'The manifestUrl must be an http(s) URL.' })
      .optional(),
  })
  .refine((body) => (body.version === undefined) !== (body.url === undefined), {
    message: 'Give either a version of the build or a url.',
    path: ['version'],
  });

const rollbackBody = z.object({ module: moduleName });
const historyQuery = z.object({ module: moduleName.optional() });

/**
 * preHandler of the deploy API: a deploy token (`Authorization: Bearer …`), or the
 * session of a user holding `administrate` (with the anti-forgery token on writes).
 */
async function requireDeployer(request: FastifyRequest): Promise<void> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
    const expected = request.server.config.deployToken;
    if (!token || !expected || !safeEqual(token, expected)) {
      throw new HttpError(401, 'The deploy token is not valid.');
    }
    request.deployer = { actor: 'deploy-token', userId: null };
    return;
  }
  // These routes skip the auth plugin's session hook (a token caller has no session).
  const cookie = readCookie(request, SESSION_COOKIE);
  request.session = cookie ? await findSession(request.server.db, cookie) : null;
  if (!request.session?.userId) throw unauthenticated();
  if (request.method !== 'GET') {
    // The auth plugin's reader: a malformed header is a mismatch (419), never a 500.
    const sent = xsrfHeader(request);
    if (!sent || !safeEqual(sent, request.session.csrfToken)) {
      throw csrfMismatch();
    }
  }
  if (!(await permissionsOfRequest(request)).has('administrate')) throw unauthorized();
  const user = request.user!;
  request.deployer = { actor: `user:${user.id} ${user.name}`, userId: user.id };
}

/** Sends JSON that must always be revalidated, with an ETag of its content. */
function sendRevalidated(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', 'no-cache').header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
}

/**
 * The module registry and deployer: serves the live /importmap.json and /modules.json
 * from the database, registers the build on start, and offers the deploy API
 * (`/spa/deploy…`) to `npm run deploy`, `npm run rollback` and `npm run modules`.
 */
async function deployPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('deployer', null);
  const registered = await registerBuild(app.db, app.config.distDir);
  const kept = Object.entries(registered).filter(([, outcome]) => outcome === 'kept-deployed');
  for (const [module] of kept) {
    app.log.info(`${module}: a deployed version stays live; npm run modules shows the build's`);
  }

  const noSession = { config: { session: false } };
  const guarded = { config: { session: false }, preHandler: requireDeployer };

  app.get('/importmap.json', noSession, async (request, reply) =>
    sendRevalidated(request, reply, await liveImportMap(app.db)),
  );
  app.get('/modules.json', noSession, async (request, reply) => {
    // The import-map-overrides panel is always on in development (root-config reads this).
    if (app.config.nodeEnv === 'development') reply.header('x-kontor-devtools', '1');
    return sendRevalidated(request, reply, await liveRegistry(app.db));
  });

  app.get('/spa/deploy/modules', guarded, async () => ({ data: await liveReleases(app.db) }));
  app.get('/spa/deploy/history', guarded, async (request) => {
    const query = parseInput(historyQuery, request.query);
    return { data: await releaseHistory(app.db, query.module) };
  });

  app.post('/spa/deploy', guarded, async (request) => {
    const input = parseInput(deployBody, request.body);
    const checked = await checkDeploySource(app.config, input);
    const { actor, userId } = request.deployer!;
    const release = await app.db.transaction(async (tx) => {
      const made = await deployRelease(
        tx,
        { ...checked.release, action: 'deploy', actor },
        checked.dependencies,
      );
      await recordAudit(tx, userId, 'module.deploy', null, {
        module: made.module,
        version: made.version,
        url: made.url,
      });
      return made;
    });
    return { data: release };
  });

  app.post('/spa/deploy/rollback', guarded, async (request) => {
    const input = parseInput(rollbackBody, request.body);
    const { actor, userId } = request.deployer!;
    const release = await app.db.transaction(async (tx) => {
      const made = await rollbackModule(tx, input.module, actor);
      await recordAudit(tx, userId, 'module.rollback', null, {
        module: made.module,
        version: made.version,
      });
      return made;
    });
    return { data: release };
  });
}

export default fp(deployPlugin, { name: 'kontor-deploy', dependencies: ['kontor-http'] });
