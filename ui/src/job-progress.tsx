import { Alert, Button, Callout, Intent, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { parse } from 'graphql';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  i18n,
  listenPrivate,
  showToast,
  useSession,
  useTranslation,
  word,
} from '@kontor/shared-session';
import { graphqlProblem } from './graphql';
import { messageOf } from './message';
import { problemText } from './server-problem';
import './job-progress-i18n';
import './job-progress.css';

// A background job as the screens show it: its state, a progress bar with phase, message and
// done/total, its error when it failed, and a cancel button while it is open. The first state
// comes from the `job(id)` query; after that the job's own events move it live (`JobProgress`
// on the starter's private channel, `JobChanged` on `private-jobs` for the monitoring page).

/** A job's states (the server's JobState). */
export type JobState = 'WAITING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';

/** How far a job is: done of total (total unknown while the handler counts), phase, message. */
export interface JobProgressValue {
  done: number;
  total: number | null;
  phase: string | null;
  message: string | null;
}

/** What the realtime events of a job carry (the server's JobEvent). */
export interface JobEvent {
  id: string;
  kind: string;
  state: JobState;
  progress: JobProgressValue | null;
  error: string | null;
  attempts: number;
}

/** The job as the progress component reads it. */
export interface JobView extends JobEvent {
  maxAttempts: number;
  summary: string;
  finishedAt: string | null;
  /** The error as a message (a rejected input's), worded in the reader's language. */
  errorText?: { key: string; params?: string | null; text: string } | null;
}

/** Which events move the job: its starter's channel, or the monitoring channel (administrate). */
export type JobChannel = 'own' | 'all';

const FINISHED: readonly JobState[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

/** Whether a job has ended (completed, failed or cancelled). */
export const jobFinished = (state: JobState) => FINISHED.includes(state);

const JOB_FIELDS = `
  id kind state attempts maxAttempts error summary finishedAt
  errorText { key params text }
  progress { done total phase message }
`;

/** The job the component shows. */
export const JobDocument = parse(`
  query ToolkitJob($id: ID!) { job(id: $id) { ${JOB_FIELDS} } }
`) as TypedDocumentNode<{ job: JobView | null }, { id: string }>;

const CancelJobDocument = parse(`
  mutation ToolkitCancelJob($id: ID!) { cancelJob(id: $id) { ${JOB_FIELDS} } }
`) as TypedDocumentNode<{ cancelJob: JobView }, { id: string }>;

/** The fields a job event changes, written into the cached job. */
const JobEventFragment = parse(`
  fragment ToolkitJobEvent on Job { id kind state attempts error progress { done total phase message } }
`) as TypedDocumentNode<JobEvent & { __typename: 'Job' }>;

const JobIdFragment = parse(`fragment ToolkitJobId on Job { id }`) as TypedDocumentNode<{
  id: string;
}>;

/** The Echo event names (leading dot: no namespace prefix). */
const EVENTS: Record<JobChannel, string> = { own: '.JobProgress', all: '.JobChanged' };

/**
 * Calls `onEvent` for every job event on the channel while the component is mounted, after
 * writing the event into the Apollo cache (every view of that job moves with it). `own`: the
 * jobs the user started (their private channel); `all`: every job (`private-jobs`, only for
 * administrate holders — the server refuses the others).
 */
export function useJobEvents(channel: JobChannel, onEvent?: (event: JobEvent) => void): void {
  const client = useApolloClient();
  const { user } = useSession();
  const latest = useRef(onEvent);
  latest.current = onEvent;
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return undefined;
    const name = channel === 'all' ? 'jobs' : `App.Models.User.${userId}`;
    return listenPrivate(name, EVENTS[channel], (data) => {
      const event = data as JobEvent;
      const id = client.cache.identify({ __typename: 'Job', id: event.id });
      // Only a job some view holds is updated in place; the others load when shown.
      if (id && client.cache.readFragment({ id, fragment: JobIdFragment })) {
        client.cache.writeFragment({
          id,
          fragment: JobEventFragment,
          data: {
            __typename: 'Job',
            id: event.id,
            kind: event.kind,
            state: event.state,
            attempts: event.attempts,
            error: event.error ?? null,
            progress: event.progress
              ? {
                  done: event.progress.done,
                  total: event.progress.total ?? null,
                  phase: event.progress.phase ?? null,
                  message: event.progress.message ?? null,
                }
              : null,
          },
        });
      }
      latest.current?.(event);
    });
  }, [channel, userId, client]);
}

const STATE_INTENT: Record<JobState, Intent> = {
  WAITING: Intent.NONE,
  RUNNING: Intent.PRIMARY,
  COMPLETED: Intent.SUCCESS,
  FAILED: Intent.DANGER,
  CANCELLED: Intent.WARNING,
};

/** A job's state as a tag ('Läuft', 'Fehlgeschlagen' …). */
export function JobStateTag({ state }: { state: JobState }) {
  useTranslation('ui');
  return (
    <Tag intent={STATE_INTENT[state]} minimal={state === 'WAITING'} round>
      {i18n.t(`ui:job.states.${state}`)}
    </Tag>
  );
}

/** The share of a job done (0…1), or undefined while the total is unknown. */
function share(job: JobView): number | undefined {
  if (job.state === 'COMPLETED') return 1;
  const progress = job.progress;
  if (!progress?.total) return job.state === 'WAITING' ? 0 : undefined;
  return progress.done / progress.total;
}

/**
 * A job's progress, live: the state, phase and message, 'done von total', the bar, the error
 * of a failed job and (while open, unless `cancellable` is false) 'Abbrechen'. `onFinished`
 * runs once when the job has ended (also when it had ended before the page opened), with the
 * job as the server has it then (a page asks for the kind's report then). `children` shows under the bar.
 */
export function JobProgress({
  jobId,
  channel = 'own',
  cancellable = true,
  onFinished,
  children,
}: {
  jobId: string;
  channel?: JobChannel;
  cancellable?: boolean;
  onFinished?: (job: JobView) => void;
  children?: (job: JobView) => ReactNode;
}) {
  useTranslation('ui');
  const query = useQuery(JobDocument, { variables: { id: jobId } });
  const job = query.data?.job ?? null;
  const open = job !== null && !jobFinished(job.state);
  const { refetch } = query;
  useJobEvents(channel, (event) => {
    // The end brings what no event carries (result, finishedAt): ask once more.
    if (event.id === String(jobId) && jobFinished(event.state)) void refetch().catch(() => {});
  });
  // A missed event (the page connected after the job moved) costs at most a few seconds.
  useEffect(() => {
    if (!open) return undefined;
    const timer = setInterval(() => void refetch().catch(() => {}), 10_000);
    return () => clearInterval(timer);
  }, [open, refetch]);

  const finished = useRef<string | null>(null);
  const latestFinished = useRef(onFinished);
  latestFinished.current = onFinished;
  useEffect(() => {
    if (!job || !jobFinished(job.state)) return;
    // Once per job and end (a finishedAt from the refetch, or the event's state before it).
    const key = `${job.id}:${job.state}:${job.finishedAt ?? ''}`;
    if (finished.current === key) return;
    finished.current = key;
    latestFinished.current?.(job);
  }, [job]);

  const [cancel, { loading: cancelling }] = useMutation(CancelJobDocument);
  const [asking, setAsking] = useState(false);
  const confirmCancel = async () => {
    setAsking(false);
    try {
      await cancel({ variables: { id: String(jobId) } });
      showToast(i18n.t('ui:job.cancelled'), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };

  if (!job) {
    if (query.loading) return <Spinner size={24} aria-label={i18n.t('ui:loading')} />;
    const problem = query.error ? graphqlProblem(query.error) : null;
    return (
      <Callout intent={Intent.WARNING} icon="search" role="alert">
        {problem && problem.code !== 'NOT_FOUND' ? problemText(problem) : i18n.t('ui:job.notFound')}
      </Callout>
    );
  }

  const progress = job.progress;
  const value = share(job);
  // The handler names its step (`importing`); known steps read in the page's language.
  const phase =
    open && progress?.phase
      ? i18n.t(`ui:job.phases.${progress.phase}`, { defaultValue: progress.phase })
      : null;
  const state = i18n.t(`ui:job.states.${job.state}`);
  const count =
    progress && progress.total !== null
      ? i18n.t('ui:job.count', { done: progress.done, total: progress.total })
      : progress && progress.done > 0
        ? i18n.t('ui:job.countOpen', { done: progress.done })
        : null;
  const described = [state, phase, progress?.message, count].filter(Boolean).join(' · ');
  return (
    <div className="kontor-job-progress" aria-busy={open}>
      <div className="kontor-job-progress-head">
        <JobStateTag state={job.state} />
        {phase ? <span className="kontor-job-phase">{phase}</span> : null}
        {progress?.message ? (
          <span className="kontor-job-message bp6-text-muted">{progress.message}</span>
        ) : null}
        {count ? <span className="kontor-job-count">{count}</span> : null}
      </div>
      <div className="kontor-job-progress-bar">
        <ProgressBar
          aria-label={i18n.t('ui:job.label')}
          aria-valuetext={described}
          value={value}
          intent={STATE_INTENT[job.state]}
          animate={open}
          stripes={open}
        />
        {cancellable && open ? (
          <Button
            icon="stop"
            variant="outlined"
            intent={Intent.DANGER}
            text={i18n.t('ui:job.cancel')}
            loading={cancelling}
            onClick={() => setAsking(true)}
          />
        ) : null}
      </div>
      {job.state === 'FAILED' && job.error ? (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {i18n.t('ui:job.error', {
            error: job.errorText ? word(messageOf(job.errorText)) : job.error,
          })}
        </Callout>
      ) : null}
      {children?.(job)}
      <Alert
        isOpen={asking}
        intent={Intent.DANGER}
        icon="stop"
        confirmButtonText={i18n.t('ui:job.cancel')}
        cancelButtonText={i18n.t('ui:back')}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setAsking(false)}
        canEscapeKeyCancel
      >
        <p>{i18n.t('ui:job.cancelQuestion')}</p>
      </Alert>
    </div>
  );
}
