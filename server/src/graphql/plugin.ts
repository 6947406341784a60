import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GraphQLError } from 'graphql';
import mercurius from 'mercurius';
import { HttpError } from '../http/errors';
import { guardRootFields } from './access';
import { buildContext } from './context';
import { toGraphqlError } from './errors';
import { publishRecordChanges } from './record-changes';
import { costErrors, isJsonText, MAX_TOKENS, validationRules, withoutSuggestions } from './limits';

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

/** The path of GraphQL; every spelling that routes to it (`/%67raphql`, `/GraphQL/`) counts. */
function isGraphqlPath(url: string): boolean {
  let path = url.split('?')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // not decodable: compared as it is
  }
  return path.replace(/\/+$/, '').toLowerCase() === '/graphql';
}

/** A document refused before graphql validates it: answered 400 like graphql's own refusals. */
function refusal(errors: GraphQLError[]): Error {
  return Object.assign(new Error('GraphQL validation error'), { errors, statusCode: 400 });
}

/**
 * GraphQL at POST /graphql (Mercurius): every field declares its permission on the schema
 * (`@allow`, checked before its resolver, graphql/access.ts); POST goes
 * through the session's CSRF check like every unsafe REST call. Every other method (GET, and
 * the HEAD Fastify adds for it) is refused with 405 before anything is parsed, so no
 * operation runs without the anti-forgery header. A document's cost is checked right after
 * parsing, before graphql's validation and execution, in time linear in its size.
 */
async function graphqlPlugin(app: FastifyInstance): Promise<void> {
  const production = app.config.nodeEnv === 'production';
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' && isGraphqlPath(request.url)) {
      reply.header('allow', 'POST');
      throw new HttpError(405, 'GraphQL accepts POST only.');
    }
  });
  await app.register(mercurius, {
    // The areas' resolvers come from their plugins (app.graphql.defineResolvers), registered
    // after this one in app.ts.
    schema: schemaSource(),
    context: (request) => buildContext(request),
    path: '/graphql',
    graphiql: false,
    jit: 1,
    // The parser stops at MAX_TOKENS: what is checked later is bounded in size.
    graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
    validationRules: validationRules(production),
    allowBatchedQueries: false,
    errorFormatter: (execution, context) => {
      let statusCode = 200;
      const shown = (json: ReturnType<GraphQLError['toJSON']>) =>
        production ? { ...json, message: withoutSuggestions(json.message) } : json;
      const errors = (execution.errors ?? []).flatMap((error) => {
        const original = error.originalError as
          (Error & { errors?: GraphQLError[]; statusCode?: number }) | undefined;
        // A document that does not parse or validate (depth, complexity, introspection):
        // 400 with graphql's own messages.
        if (Array.isArray(original?.errors)) {
          statusCode = 400;
          return original.errors.map((inner) => {
            const message = (inner as Error).message;
            const plain = inner instanceof GraphQLError ? inner : new GraphQLError(message);
            return shown(toGraphqlError(plain).error.toJSON());
          });
        }
        // Refused before execution (CSRF 419, GET 405): keep the HTTP status, as REST does.
        if (!error.path && original instanceof HttpError) statusCode = original.statusCode;
        const { error: formatted, internal } = toGraphqlError(error);
        if (internal) context.app.log.error({ err: original ?? error }, error.message);
        return [shown(formatted.toJSON())];
      });
      // Errors of single fields are part of an answer (200, as graphql-over-http says).
      return { statusCode, response: { data: execution.data ?? null, errors } };
    },
  });

  // When every area has defined its resolvers: each Query/Mutation field runs the check its
  // @allow/@loggedIn directive declares; a field without one stops the start.
  // Then every record-returning mutation publishes RecordChanged after it answered (record-changes.ts).
  app.addHook('onReady', async () => {
    guardRootFields(app.graphql.schema);
    publishRecordChanges(app.graphql.schema);
  });

  // Before parsing: a JSON text would be taken as a ready AST, past the parser's token limit.
  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (isJsonText(source)) {
      throw refusal([new GraphQLError('The query must be a GraphQL document, not JSON.')]);
    }
  });
  // After parsing, before graphql's own validation: refuse what costs too much.
  app.graphql.addHook('preValidation', async (schema, document) => {
    const errors = costErrors(schema, document);
    if (errors.length > 0) throw refusal(errors);
  });
}

// Not encapsulated: the method guard must see every route, the static fallback's and 404s too.
export default fp(graphqlPlugin, { name: 'kontor-graphql', dependencies: ['kontor-auth'] });
