import { isPermission, type Permission } from '@kontor/contracts';
import {
  isObjectType,
  Kind,
  type ConstDirectiveNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { permissionsOfRequest, requireUser } from '../auth/guards';
import { unauthorized } from '../http/errors';
import type { GraphqlContext } from './context';

// Who may run a GraphQL operation is declared on the schema, next to the field:
//   clients(...): ClientPage! @allow(permission: "client:view")
//   me: User! @loggedIn
// Every Query and Mutation field declares exactly one of the two; the check runs before the
// field's resolver (UNAUTHENTICATED logged out, FORBIDDEN without the permission). A field
// without a declaration, with an unknown permission or without a resolver stops the server
// from starting (and fails server/test/permission-catalogue.test.ts).

/** The SDL of the directives (part of graphql/schema.graphql). */
export const ACCESS_DIRECTIVES = ['allow', 'loggedIn'] as const;

/** What a root field needs: a login holding a permission, or a login only. */
export type FieldAccess = { permission: Permission } | { loggedIn: true };

/** The operation types whose fields declare their access. */
const ROOT_TYPES = ['Query', 'Mutation', 'Subscription'] as const;

/** The access a field's directives declare, or a problem in words. */
function accessOf(directives: readonly ConstDirectiveNode[] = []): FieldAccess | string {
  const declared = directives.filter((d) =>
    (ACCESS_DIRECTIVES as readonly string[]).includes(d.name.value),
  );
  if (declared.length === 0) return 'declares no @allow(permission: …) or @loggedIn';
  if (declared.length > 1) return 'declares more than one of @allow and @loggedIn';
  const [directive] = declared as [ConstDirectiveNode];
  if (directive.name.value === 'loggedIn') return { loggedIn: true };
  const argument = directive.arguments?.find((a) => a.name.value === 'permission')?.value;
  const name = argument?.kind === Kind.STRING ? argument.value : '';
  if (!isPermission(name)) return `names "${name}", which is not in the permission catalogue`;
  return { permission: name };
}

/**
 * The declared access of every Query/Mutation/Subscription field (`Query.clients` → …) and
 * the problems: fields without a declaration, with an unknown permission, or (with
 * `needResolvers`) without a resolver.
 */
export function fieldAccess(
  schema: GraphQLSchema,
  needResolvers = false,
): { access: Map<string, FieldAccess>; problems: string[] } {
  const access = new Map<string, FieldAccess>();
  const problems: string[] = [];
  for (const typeName of ROOT_TYPES) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const name = `${typeName}.${field.name}`;
      const declared = accessOf(field.astNode?.directives);
      if (typeof declared === 'string') problems.push(`${name} ${declared}`);
      else access.set(name, declared);
      if (needResolvers && !field.resolve) problems.push(`${name} has no resolver`);
    }
  }
  return { access, problems };
}

/** Runs the check a field declares; throws UNAUTHENTICATED or FORBIDDEN. */
export async function checkAccess(context: GraphqlContext, access: FieldAccess): Promise<void> {
  if ('loggedIn' in access) return requireUser(context.request);
  const held = await permissionsOfRequest(context.request);
  if (!held.has(access.permission)) throw unauthorized();
}

/**
 * Wraps the resolver of every root field with the check its directive declares. Called
 * once, when every area has defined its resolvers (onReady); throws when a field declares
 * nothing, names a permission the catalogue lacks, or has no resolver.
 */
export function guardRootFields(schema: GraphQLSchema): void {
  const { access, problems } = fieldAccess(schema, true);
  if (problems.length > 0) {
    throw new Error(`GraphQL access declarations are incomplete:\n- ${problems.join('\n- ')}`);
  }
  for (const typeName of ROOT_TYPES) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const declared = access.get(`${typeName}.${field.name}`)!;
      const resolve = field.resolve as GraphQLFieldResolver<unknown, GraphqlContext>;
      if ((resolve as { guarded?: boolean }).guarded) continue;
      const guarded: GraphQLFieldResolver<unknown, GraphqlContext> = async (
        source,
        args,
        context,
        info,
      ) => {
        await checkAccess(context, declared);
        return resolve(source, args, context, info);
      };
      field.resolve = Object.assign(guarded, { guarded: true });
    }
  }
}
