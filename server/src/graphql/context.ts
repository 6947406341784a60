import type { FastifyRequest } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { currentUser, permissionsOfRequest } from '../auth/guards';
import type { Db } from '../db';
import { unauthorized } from '../http/errors';
import type { User } from '../users/users';
import { createLoaders, type Loaders } from './loaders';

/** What every resolver gets: the database, the request's session and the per-request loaders. */
export interface GraphqlContext extends MercuriusContext {
  db: Db;
  request: FastifyRequest;
  loaders: Loaders;
}

/** Builds the context of one GraphQL request (the loaders batch within it only). */
export function buildContext(
  request: FastifyRequest,
): Omit<GraphqlContext, keyof MercuriusContext> {
  return { db: request.server.db, request, loaders: createLoaders(request.server.db) };
}

/**
 * The acting user, after checking that they hold `permission`: UNAUTHENTICATED when
 * logged out, FORBIDDEN without it. Every resolver calls this first.
 */
export async function allow(context: GraphqlContext, permission: string): Promise<User> {
  const held = await permissionsOfRequest(context.request);
  if (!held.has(permission)) throw unauthorized();
  return currentUser(context.request);
}

/** The permissions of the acting user (after allow). */
export async function heldPermissions(context: GraphqlContext): Promise<Set<string>> {
  return permissionsOfRequest(context.request);
}
