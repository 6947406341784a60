import { actingUser, heldPermissions, type GraphqlContext } from '../graphql/context';
import type { Resolvers } from '../graphql/generated';
import { messageOut } from '../graphql/message';
import { importReason } from './import-reasons';
import {
  cancelJob,
  jobOutcome,
  listJobs,
  queueStats,
  retryJob,
  summaryIn,
  visibleJob,
  type Viewer,
} from './jobs';

/** The acting user and whether they see every job (administrate). */
async function viewerOf(context: GraphqlContext): Promise<Viewer> {
  const user = actingUser(context);
  return { userId: user.id, administrate: (await heldPermissions(context)).has('administrate') };
}

/** Jobs and queues (/horizon: administrate); a job and its cancel also for its starter. */
export const jobResolvers: Resolvers = {
  Query: {
    queues: async (_, __, context) => queueStats(context.db),
    jobs: async (_, args, context) => listJobs(context.db, args.page, args.filter),
    job: async (_, args, context) => visibleJob(context.db, args.id, await viewerOf(context)),
  },
  Job: {
    summary: (job, args) => summaryIn(job, args.lang === 'de' ? 'de' : 'en'),
    title: (job) => (job.title ? messageOut(job.title) : null),
    errorText: (job) => (job.errorText ? messageOut(job.errorText) : null),
    outcome: (job) => {
      const outcome = job.state === 'COMPLETED' ? jobOutcome(job) : null;
      return outcome ? messageOut(outcome) : null;
    },
  },
  JobRejectedRow: {
    text: (row) => messageOut(importReason(row)),
  },
  Mutation: {
    retryJob: async (_, args, context) => retryJob(context.db, args.id, await viewerOf(context)),
    cancelJob: async (_, args, context) => cancelJob(context.db, args.id, await viewerOf(context)),
  },
};
