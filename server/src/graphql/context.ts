import type { Permission } from '@kontor/contracts';
import type { FastifyRequest } from 'fastify';
import type { MercuriusContext } from 'mercurius';
import { currentUser, permissionsOfRequest } from '../auth/guards';
import type { Db } from '../db';
import { unauthorized } from '../http/errors';
import type { User } from '../auth/accounts';
import type { Actor } from '../stock/stock';

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
 * Who does a write, as the history and the stock ledger record it: the user, and under
 * "login as" the administrator acting (docs/domain.md "Who did it").
 */
export function actorOf(context: GraphqlContext): Actor {
  const user = actingUser(context);
  return { userId: user.id, actingUserId: context.request.session?.impersonatorId ?? user.id };
}

/**
 * A record a resolver loaded that must exist (a foreign key guarantees it): its absence is a
 * fault of Kontor's, never of the input, so it is an internal error naming what was missing.
 */
export function present<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
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
