import { isPermission, type Permission } from '@kontor/contracts';
import type { FastifyRequest } from 'fastify';
import {
  getNamedType,
  isObjectType,
  Kind,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { permissionsOfRequest } from '../auth/guards';
import { addChannelRule } from '../realtime/channels';
import { broadcast } from '../realtime/publish';
import type { Db } from '../db';
import type { GraphqlContext } from './context';

// Realtime record changes (issue 10): after a GraphQL mutation has answered (its transaction
// committed), every user who may view the record's type hears `RecordChanged` with
// `{typename, id, change}` on the channel `private-records.<entity>` — the entity of the
// type's view permission (`Client` → client:view → `private-records.client`; `Shipper` and
// `ShippingMethod` share `private-records.shipping`). No field values are sent: the front end
// evicts the record and its lists and refetches what it may see. Generic: the record type is
// the mutation's return type (for a `Deleted` answer the type named after `delete`, e.g.
// deleteClient → Client), its view permission the `@allow` of the Query field returning it
// (`client(id): Client @allow(permission: "client:view")`). A type without one is not published.

/** The event name (Laravel's broadcastAs; Echo listens for `.RecordChanged`). */
export const RECORD_CHANGED_EVENT = 'RecordChanged';

/** What a mutation did to its record. */
export type Change = 'created' | 'updated' | 'deleted';

/** The payload of RecordChanged. */
export interface RecordChange {
  typename: string;
  id: string;
  change: Change;
}

const ownChannels = new Map<string, string>();

/**
 * Publishes, after commit, RecordChanged of records a write changed besides the mutation's
 * own answer (the orders a picklist reserved for, the orders an import or a shop sync made,
 * the ledger rows a booking wrote) to the users who may view `typename`.
 */
export function publishRecords(
  db: Db,
  typename: string,
  viewPermission: Permission,
  ids: readonly (number | string)[],
  change: Change,
): void {
  const channels = [recordChannel(viewPermission)];
  for (const id of ids) {
    const data: RecordChange = { typename, id: String(id), change };
    broadcast(db, { channels, event: RECORD_CHANGED_EVENT, data });
  }
}

/**
 * Declares that an area publishes the changes of `typename` on channels of its own (jobs:
 * `JobChanged` on `private-jobs`, `JobProgress` to the starter), so mutations returning it
 * need no RecordChanged. Called at module load by the area.
 */
export function publishedOnOwnChannels(typename: string, how: string): void {
  ownChannels.set(typename, how);
}

/** How a type's changes are published when its area does it itself, or undefined. */
export function ownChannelsOf(typename: string): string | undefined {
  return ownChannels.get(typename);
}

/** The record channel of an entity's view permission (`client:view` → `private-records.client`). */
export function recordChannel(viewPermission: Permission): string {
  return `private-records.${viewPermission.slice(0, viewPermission.indexOf(':'))}`;
}

/**
 * Who may join `private-records.<entity>`: a user holding `<entity>:view` (from the catalogue);
 * every other name is refused.
 */
addChannelRule({
  pattern: /^private-records\.([a-z][a-z_]*)$/,
  authorize: async (_user, match, request?: FastifyRequest) => {
    const permission = `${match[1]}:view`;
    if (!request || !isPermission(permission)) return false;
    return (await permissionsOfRequest(request)).has(permission);
  },
});

/** Type name → its view permission: the `@allow(permission: "…:view")` of a Query field returning it. */
export function viewPermissions(schema: GraphQLSchema): Map<string, Permission> {
  const views = new Map<string, Permission>();
  const query = schema.getQueryType();
  for (const field of Object.values(query?.getFields() ?? {})) {
    const allow = field.astNode?.directives?.find((d) => d.name.value === 'allow');
    const value = allow?.arguments?.find((a) => a.name.value === 'permission')?.value;
    const permission = value?.kind === Kind.STRING ? value.value : '';
    if (!permission.endsWith(':view') || !isPermission(permission)) continue;
    const type = getNamedType(field.type);
    if (isObjectType(type) && type.getFields().id && !views.has(type.name)) {
      views.set(type.name, permission);
    }
  }
  return views;
}

/** What a mutation field publishes: the record type and the change, or null (nothing). */
export function recordOfMutation(
  schema: GraphQLSchema,
  fieldName: string,
  views: Map<string, Permission>,
): { typename: string; change: Change; permission: Permission } | null {
  const field = schema.getMutationType()?.getFields()[fieldName];
  if (!field) return null;
  const returned = getNamedType(field.type).name;
  const deleted = returned === 'Deleted';
  const typename = deleted ? /^delete([A-Z]\w*)$/.exec(fieldName)?.[1] : returned;
  const permission = typename ? views.get(typename) : undefined;
  if (!typename || !permission) return null;
  const change: Change = deleted
    ? 'deleted'
    : fieldName.startsWith('create')
      ? 'created'
      : 'updated';
  return { typename, change, permission };
}

/**
 * Wraps every Mutation field whose answer is a record of a viewable type: once the resolver
 * has answered (its transaction committed), RecordChanged is broadcast on the type's record
 * channel. A failing mutation publishes nothing. Called once, at onReady, after guardRootFields.
 */
export function publishRecordChanges(schema: GraphQLSchema): void {
  const mutation = schema.getMutationType();
  if (!mutation) return;
  const views = viewPermissions(schema);
  for (const field of Object.values(mutation.getFields())) {
    const record = recordOfMutation(schema, field.name, views);
    const resolve = field.resolve as GraphQLFieldResolver<unknown, GraphqlContext> | undefined;
    if (!record || !resolve || (resolve as { publishing?: boolean }).publishing) continue;
    const channel = recordChannel(record.permission);
    const publishing: GraphQLFieldResolver<unknown, GraphqlContext> = async (
      source,
      args,
      context,
      info,
    ) => {
      const answer = (await resolve(source, args, context, info)) as { id?: unknown } | null;
      if (answer?.id != null) {
        const data: RecordChange = {
          typename: record.typename,
          id: String(answer.id),
          change: record.change,
        };
        broadcast(context.db, { channels: [channel], event: RECORD_CHANGED_EVENT, data });
      }
      return answer;
    };
    field.resolve = Object.assign(publishing, { publishing: true });
  }
}
