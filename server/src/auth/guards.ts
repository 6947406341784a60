import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { unauthenticated, unauthorized } from '../http/errors';
import { findUserById, permissionsOf } from './accounts';
import type { Session } from './sessions';
import type { User } from './accounts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session of the request's cookie, or null (set by the auth plugin). */
    session: Session | null;
    /** The user the session acts as; set by requireUser. */
    user: User | null;
    /** The acting user's permissions, loaded once per request by requirePermission. */
    permissionNames: Set<string> | null;
  }
}

/** preHandler: the request must come from a logged-in user (else 401); sets request.user. */
export async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  const userId = request.session?.userId;
  if (userId == null) throw unauthenticated();
  if (request.user?.id === userId) return;
  const user = await findUserById(request.server.db, userId);
  if (!user) throw unauthenticated();
  request.user = user;
}

/** The acting user's permission names (after requireUser), loaded once per request. */
export async function permissionsOfRequest(request: FastifyRequest): Promise<Set<string>> {
  await requireUser(request);
  request.permissionNames ??= new Set(await permissionsOf(request.server.db, request.user!.id));
  return request.permissionNames;
}

/** preHandler factory: the user must hold `permission` (401 when logged out, 403 without it). */
export function requirePermission(permission: string): preHandlerAsyncHookHandler {
  return async function checkPermission(request) {
    const held = await permissionsOfRequest(request);
    if (!held.has(permission)) throw unauthorized();
  };
}

/** The logged-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}
