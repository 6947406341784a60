import type { Permission } from '@kontor/contracts';
import type { FastifyRequest } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { currentUser, permissionsOfRequest } from '../auth/guards';
import type { Db } from '../db';
import { unauthorized } from '../http/errors';
import type { User } from '../users/users';

/**
 * What every resolver gets: the database and the request's session. An area's DataLoaders
 * hang off the context object (`requestLoaders` in graphql/loaders.ts), created on first use.
 */
export interface GraphqlContext extends MercuriusContext {
  db: Db;
  request: FastifyRequest;
}

/** Builds the context of one GraphQL request. */
export function buildContext(
  request: FastifyRequest,
): Omit<GraphqlContext, keyof MercuriusContext> {
  return { db: request.server.db, request };
}

/**
 * The acting user. The field's `@allow`/`@loggedIn` directive has already checked the login
 * and the permission before the resolver runs (graphql/access.ts).
 */
export function actingUser(context: GraphqlContext): User {
  return currentUser(context.request);
}

/**
 * The acting user, after checking that they hold `permission`: UNAUTHENTICATED when
 * logged out, FORBIDDEN without it. For a rule beyond the field's directive (a resolver
 * that needs a second permission for part of its work); the field's own permission is
 * declared on the schema.
 */
export async function allow(context: GraphqlContext, permission: Permission): Promise<User> {
  const held = await permissionsOfRequest(context.request);
  if (!held.has(permission)) throw unauthorized();
  return currentUser(context.request);
}

/** The permissions of the acting user. */
export async function heldPermissions(context: GraphqlContext): Promise<Set<string>> {
  return permissionsOfRequest(context.request);
}
