import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GraphQLError } from 'graphql';
import mercurius from 'mercurius';
import { clientResolvers } from '../clients/resolvers';
import { departmentResolvers } from '../departments/resolvers';
import { HttpError } from '../http/errors';
import { roleResolvers } from '../roles/resolvers';
import { shippingResolvers } from '../shipping/resolvers';
import { userResolvers } from '../users/resolvers';
import { buildContext } from './context';
import { toGraphqlError } from './errors';
import type { Resolvers } from './generated';
import { MAX_DEPTH, validationRules } from './limits';

/** The schema text: the base file, then each area's schema.graphql (as build/codegen.mjs reads it). */
export function schemaSource(): string {
  const src = join(__dirname, '..');
  const areas = readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'graphql')
    .map((entry) => join(src, entry.name, 'schema.graphql'))
    .filter((file) => existsSync(file))
    .sort();
  return [join(__dirname, 'schema.graphql'), ...areas]
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/** Merges the areas' resolver maps. */
function mergeResolvers(...maps: Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      merged[type] = { ...merged[type], ...(fields as Record<string, unknown>) };
    }
  }
  return merged as Resolvers;
}

/**
 * GraphQL at POST /graphql (Mercurius): every resolver checks its permission; POST goes
 * through the session's CSRF check like every unsafe REST call. GET /graphql is refused
 * (405), so no query runs without the anti-forgery header.
 */
export default async function graphqlPlugin(app: FastifyInstance): Promise<void> {
  const production = app.config.nodeEnv === 'production';
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.url.split('?')[0] === '/graphql') {
      reply.header('allow', 'POST');
      throw new HttpError(405, 'GraphQL accepts POST only.');
    }
  });
  await app.register(mercurius, {
    schema: schemaSource(),
    // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
    resolvers: mergeResolvers(
      userResolvers,
      roleResolvers,
      clientResolvers,
      departmentResolvers,
      shippingResolvers,
    ) as Parameters<typeof mercurius>[1]['resolvers'],
    context: (request) => buildContext(request),
    path: '/graphql',
    graphiql: false,
    jit: 1,
    queryDepth: MAX_DEPTH,
    validationRules: validationRules(production),
    allowBatchedQueries: false,
    errorFormatter: (execution, context) => {
      let statusCode = 200;
      const errors = (execution.errors ?? []).flatMap((error) => {
        const original = error.originalError as
          (Error & { errors?: GraphQLError[]; statusCode?: number }) | undefined;
        // A document that does not parse or validate (depth, complexity, introspection):
        // 400 with graphql's own messages.
        if (Array.isArray(original?.errors)) {
          statusCode = 400;
          return original.errors.map((inner) =>
            toGraphqlError(
              inner instanceof GraphQLError ? inner : new GraphQLError((inner as Error).message),
            ).error.toJSON(),
          );
        }
        // Refused before execution (CSRF 419, GET 405): keep the HTTP status, as REST does.
        if (!error.path && original instanceof HttpError) statusCode = original.statusCode;
        const { error: formatted, internal } = toGraphqlError(error);
        if (internal) context.app.log.error({ err: original ?? error }, error.message);
        return [formatted.toJSON()];
      });
      // Errors of single fields are part of an answer (200, as graphql-over-http says).
      return { statusCode, response: { data: execution.data ?? null, errors } };
    },
  });
}
