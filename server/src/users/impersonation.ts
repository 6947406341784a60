import {
  carriedLoginTime,
  regenerateSession,
  type IssuedSession,
  type Session,
  type SessionInput,
  type SessionLifetime,
} from '../auth/sessions';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db';
import { findUserById, permissionsOf } from '../auth/accounts';

/** The permission that allows logging in as another user. */
export const IMPERSONATE_PERMISSION = 'user:impersonate';

/** Who asks to act as whom, from which session. */
export interface ImpersonationRequest {
  session: Session;
  /** The user the session acts as now. */
  actorId: number;
  targetId: number;
  origin: Pick<SessionInput, 'ip' | 'userAgent'>;
}

/** The outcome of a login-as. */
export type ImpersonationResult =
  | { status: 'ok'; issued: IssuedSession }
  | { status: 'forbidden'; reason: 'missing-permission' | 'self' | 'more-privileged' }
  | { status: 'not-found' };

/**
 * Lets the session act as another user: refused without user:impersonate, for yourself
 * (the acting user or the original one who logged in: a chain of logins-as never ends in a
 * session that impersonates itself), and for a target holding a permission the actor lacks.
 * The session is regenerated (remembering the original user and keeping the login time, so
 * its absolute end stays) and the switch is written to the audit log.
 */
export async function impersonateUser(
  db: Db,
  request: ImpersonationRequest,
  lifetime: SessionLifetime,
): Promise<ImpersonationResult> {
  return db.transaction(async (tx) => {
    const actorPermissions = new Set(await permissionsOf(tx, request.actorId));
    if (!actorPermissions.has(IMPERSONATE_PERMISSION))
      return { status: 'forbidden', reason: 'missing-permission' };
    const originalId = request.session.impersonatorId ?? request.actorId;
    if (request.targetId === request.actorId || request.targetId === originalId)
      return { status: 'forbidden', reason: 'self' };
    const target = await findUserById(tx, request.targetId);
    if (!target) return { status: 'not-found' };
    const targetPermissions = await permissionsOf(tx, target.id);
    if (targetPermissions.some((name) => !actorPermissions.has(name))) {
      return { status: 'forbidden', reason: 'more-privileged' };
    }
    const issued = await regenerateSession(
      tx,
      request.session,
      {
        userId: target.id,
        impersonatorId: originalId,
        remember: false,
        loggedInAt: carriedLoginTime(request.session, lifetime),
        ...request.origin,
      },
      lifetime,
    );
    await recordAudit(tx, originalId, 'impersonate', target.id, { actingAs: request.actorId });
    return { status: 'ok', issued };
  });
}

/** The outcome of leaving an impersonation. */
export type LeaveResult = { status: 'ok'; issued: IssuedSession } | { status: 'not-impersonating' };

/** Ends a login-as: the session acts as the original user again (regenerated, audited). */
export async function leaveImpersonation(
  db: Db,
  session: Session,
  origin: Pick<SessionInput, 'ip' | 'userAgent'>,
  lifetime: SessionLifetime,
): Promise<LeaveResult> {
  const impersonatorId = session.impersonatorId;
  if (impersonatorId == null) return { status: 'not-impersonating' };
  return db.transaction(async (tx) => {
    const issued = await regenerateSession(
      tx,
      session,
      { userId: impersonatorId, loggedInAt: carriedLoginTime(session, lifetime), ...origin },
      lifetime,
    );
    await recordAudit(tx, impersonatorId, 'impersonate.leave', session.userId, {});
    return { status: 'ok', issued };
  });
}
