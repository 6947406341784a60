import { msg } from '@kontor/contracts';
import { timeZone } from '../domain/time-zone';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IResolvers } from 'mercurius';
import { z } from 'zod';
import { setSessionCookies } from '../auth/cookies';
import { currentUser, permissionsOfRequest, requirePermission, requireUser } from '../auth/guards';
import { sessionLifetime } from '../auth/plugin';
import { deleteOtherSessions } from '../auth/sessions';
import type { Db } from '../db';
import { httpRefusal, notFound, parseInput, unauthorized, validationFailed } from '../http/errors';
import { field } from '../domain/validation';
import { unreadNotifications } from '../notifications/notifications';
import { IMPERSONATE_PERMISSION, impersonateUser, leaveImpersonation } from './impersonation';
import { userResolvers } from './resolvers';
import { findUserById, type User } from '../auth/accounts';
import { updateAccount } from './users';
import { exportRoutes } from '../lists/routes';
import { userList } from './list';

const MIN_PASSWORD_LENGTH = 8;
/** Ids are PostgreSQL integers; a larger number names no user. */
const MAX_ID = 2_147_483_647;
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const accountBody = z
  .object({
    name: field.requiredString('name'),
    email: field.email(),
    current_password: z.preprocess(blankToUndefined, field.password('current password').optional()),
    password: z.preprocess(
      blankToUndefined,
      field
        .password()
        .min(
          MIN_PASSWORD_LENGTH,
          `The password field must be at least ${MIN_PASSWORD_LENGTH} characters.`,
        )
        .optional(),
    ),
    password_confirmation: z.preprocess(blankToUndefined, z.string().optional()),
  })
  .superRefine((body, ctx) => {
    if (body.password === undefined) return;
    if (body.current_password === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['current_password'],
        message: 'The current password field is required.',
      });
    }
    if (body.password_confirmation !== body.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'The password field confirmation does not match.',
      });
    }
  });

/** The body of GET /user. */
async function userResource(db: Db, user: User, impersonatorId: number | null) {
  const impersonator = impersonatorId == null ? null : await findUserById(db, impersonatorId);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    notifications: await unreadNotifications(db, user.id),
    impersonator: impersonator ? { id: impersonator.id, name: impersonator.name } : null,
    // The installation's time zone, in which the pages show every time.
    time_zone: timeZone(),
  };
}

function origin(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * The users area: the user administration's GraphQL, the current user (GET/PUT /user), their
 * permissions and login-as.
 */
export default async function usersPlugin(app: FastifyInstance): Promise<void> {
  const lifetime = sessionLifetime(app);
  // Mercurius types resolvers loosely; ours are typed by the generated Resolvers.
  app.graphql.defineResolvers(userResolvers as IResolvers);
  exportRoutes(app, userList);

  app.get('/user', { preHandler: requireUser }, async (request) =>
    userResource(app.db, currentUser(request), request.session!.impersonatorId),
  );

  app.put('/user', { preHandler: requireUser }, async (request) => {
    const body = parseInput(accountBody, request.body);
    const user = currentUser(request);
    const result = await app.db.transaction((tx) =>
      updateAccount(tx, user.id, {
        name: body.name,
        email: body.email,
        currentPassword: body.current_password,
        newPassword: body.password,
      }),
    );
    if (!result.ok) throw validationFailed(result.errors);
    // A new password ends the user's other sessions (a thief's cookie stops working).
    if (result.passwordChanged) await deleteOtherSessions(app.db, user.id, request.session!.id);
    return userResource(app.db, result.user, request.session!.impersonatorId);
  });

  app.get('/spa/me/permissions', { preHandler: requireUser }, async (request) => {
    const names = [...(await permissionsOfRequest(request))].sort();
    return names.map((name) => ({ name }));
  });

  app.post('/spa/users/login/as/leave', { preHandler: requireUser }, async (request, reply) => {
    const result = await leaveImpersonation(app.db, request.session!, origin(request), lifetime);
    if (result.status === 'not-impersonating')
      throw httpRefusal(409, msg('users.notImpersonating'));
    setSessionCookies(reply, app.config, result.issued);
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>(
    '/spa/users/login/as/:id',
    { preHandler: requirePermission(IMPERSONATE_PERMISSION) },
    async (request, reply) => {
      const targetId = Number(request.params.id);
      if (!/^[1-9]\d{0,9}$/.test(request.params.id) || targetId > MAX_ID)
        throw notFound(msg('notFound.user'));
      const result = await impersonateUser(
        app.db,
        {
          session: request.session!,
          actorId: currentUser(request).id,
          targetId,
          origin: origin(request),
        },
        lifetime,
      );
      switch (result.status) {
        case 'not-found':
          throw notFound(msg('notFound.user'));
        case 'forbidden':
          throw result.reason === 'self'
            ? unauthorized(msg('users.impersonateSelf'))
            : unauthorized();
        case 'ok':
          setSessionCookies(reply, app.config, result.issued);
          return reply.code(204).send();
      }
    },
  );
}
