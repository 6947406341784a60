import { msg, wordMessage, type Message } from '@kontor/contracts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { kysely } from '../db/kysely';
import { conflict, invalidField, InvalidInput, notFound } from '../domain/errors';
import { formatter } from '../domain/time-zone';
import type { JobResult, JobState, QueueStats } from '../graphql/generated';
import { listPage, type Page, type PageArgs } from '../lists/list';
import { notify, userChannel } from '../notifications/notifications';
import { broadcast } from '../realtime/publish';
import type { ExportLanguage as Language } from '../lists/export';
import {
  jobKind,
  jobKinds,
  SUMMARY_LANGUAGES,
  type JobKind,
  type JobProgressReport,
  type JobReport,
  type RejectedRow,
} from './kinds';
import { jobList, JOB_STATE_CODES, JOB_COLUMNS, JOB_FROM } from './list';
import { bossDb, queueOf, QUEUE_SCHEMA } from './queue';

/** A job as the API shows it (the schema's Job). */
export interface JobRecord {
  id: string;
  kind: string;
  state: JobState;
  progress: JobProgressReport | null;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  /** The error as a message (a rejected input's), null for others and jobs from before. */
  errorText: Message | null;
  /** In English (see summaries). */
  summary: string;
  /** The summary in each language of the interface (null for jobs from before they were kept). */
  summaries: Partial<Record<Language, string>> | null;
  /** The title as a message (`job.<kind>`); null for jobs from before (their summaries). */
  title: Message | null;
  result: (Omit<JobResult, '__typename' | 'rejected'> & { rejected: RejectedRow[] }) | null;
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** What pg-boss's complete, fail, cancel, resume and retry answer (its types say void). */
export interface BossCommandResult {
  affected: number;
}

/** The channel /horizon listens on (administrate holders only; see plugin.ts). */
export const JOBS_CHANNEL = 'private-jobs';
/** The event on JOBS_CHANNEL. */
export const JOB_CHANGED_EVENT = 'JobChanged';
/** The event on the starter's private channel. */
export const JOB_PROGRESS_EVENT = 'JobProgress';
/** The notification type of an ended job. */
export const JOB_NOTIFICATION = 'job' as const;

/** The realtime payload of both events. */
export interface JobEvent {
  id: string;
  kind: string;
  state: JobState;
  progress: JobProgressReport | null;
  error: string | null;
  attempts: number;
}

/** pg-boss's state names → the API's. */
const STATES: Record<string, JobState> = {
  created: 'WAITING',
  retry: 'WAITING',
  active: 'RUNNING',
  completed: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
};

/** A row of JOB_COLUMNS. */
export interface JobRow {
  id: string;
  kind: string;
  summary: string;
  summaries: Partial<Record<Language, string>> | null;
  title: Message | null;
  progress: JobProgressReport | null;
  createdAt: Date;
  createdById: number | null;
  createdByName: string | null;
  state: string;
  retryCount: number;
  retryLimit: number;
  startedOn: Date | null;
  completedOn: Date | null;
  output: Record<string, unknown> | null;
}

/** The reason of a failed run as a message (a JobRejected's), or null. */
function errorTextOf(row: Pick<JobRow, 'state' | 'output'>): Message | null {
  if (row.state !== 'failed' && row.state !== 'retry') return null;
  const output = row.output as { text?: Message; value?: { text?: Message } } | null;
  const text = output?.text ?? output?.value?.text;
  return text && typeof text.key === 'string' ? text : null;
}

/** The message of a failed run's output (pg-boss keeps the serialized error). */
function errorOf(row: Pick<JobRow, 'state' | 'output'>): string | null {
  if (row.state !== 'failed' && row.state !== 'retry') return null;
  const output = row.output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = output?.message ?? output?.value?.message;
  return typeof message === 'string' ? message : null;
}

/** The runs started so far: pg-boss counts retries from the second start on. */
function attemptsOf(row: Pick<JobRow, 'retryCount' | 'startedOn'>): number {
  return row.startedOn ? Number(row.retryCount) + 1 : 0;
}

function reportOf(row: JobRow): (JobReport & { rejectedRows: number }) | null {
  if (row.state !== 'completed' || !row.output) return null;
  const report = row.output as Partial<JobReport>;
  if (!Array.isArray(report.rejected)) return null;
  const rejectedTotal = Number(report.rejectedTotal ?? report.rejected.length);
  return {
    rows: report.rows === undefined ? undefined : Number(report.rows),
    created: Number(report.created ?? 0),
    updated: Number(report.updated ?? 0),
    // Rows and problems apart (an import's report); reports from before counted problems only.
    rejectedRows: Number(report.rejectedRows ?? rejectedTotal),
    rejectedTotal,
    rejected: report.rejected,
    // An avis import also counts the delivery notes it found imported before (JobResult.unchanged).
    ...('unchanged' in report ? { unchanged: Number(report.unchanged) } : {}),
  };
}

const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);

export function toJob(row: JobRow): JobRecord {
  const state = STATES[row.state] ?? 'WAITING';
  return {
    id: row.id,
    kind: row.kind,
    state,
    progress: row.progress
      ? {
          done: row.progress.done,
          total: row.progress.total ?? null,
          phase: row.progress.phase ?? null,
          message: row.progress.message ?? null,
        }
      : null,
    attempts: attemptsOf(row),
    maxAttempts: Number(row.retryLimit) + 1,
    error: errorOf(row),
    errorText: errorTextOf(row),
    summary: row.summary,
    summaries: row.summaries,
    title: row.title ?? null,
    result: reportOf(row),
    createdBy:
      row.createdById != null ? { id: row.createdById, name: row.createdByName ?? '' } : null,
    createdAt: iso(row.createdAt)!,
    startedAt: iso(row.startedOn),
    finishedAt:
      STATES[row.state] === 'WAITING' || state === 'RUNNING' ? null : iso(row.completedOn),
  };
}

/** One job, or undefined. */
export async function findJob(db: Db, id: string): Promise<JobRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM ${JOB_FROM} WHERE j.id = $1`, [
    id,
  ]);
  return row && toJob(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks for a job: the acting user and whether they hold administrate. */
export interface Viewer {
  userId: number;
  administrate: boolean;
}

/** A job the viewer may see (they started it, or hold administrate); NOT_FOUND otherwise. */
export async function visibleJob(db: Db, id: string, viewer: Viewer): Promise<JobRecord> {
  const job = await findJob(db, id);
  if (!job || (!viewer.administrate && job.createdBy?.id !== viewer.userId))
    throw notFound(msg('notFound.job'));
  return job;
}

/** The filters of the job list. */
export interface JobFilterValues {
  state?: JobState | null;
  kind?: string | null;
}

/** One page of jobs, newest first. */
export async function listJobs(
  db: Db,
  args: PageArgs | null | undefined,
  filter: JobFilterValues | null | undefined,
): Promise<Page<JobRecord>> {
  let kind: number | undefined;
  let unknownKind: InvalidInput | undefined;
  if (filter?.kind) {
    const names = [...jobKinds().keys()];
    const index = names.indexOf(filter.kind);
    if (index < 0)
      unknownKind = invalidField(
        'filter.kind',
        'in',
        `There is no job kind ${filter.kind.slice(0, 100)}.`,
      );
    else kind = index + 1;
  }
  const state = filter?.state ? JOB_STATE_CODES[filter.state] : undefined;
  let page: Page<JobRow>;
  try {
    page = await listPage<JobRow, 'NEWEST', 'state' | 'kind'>(db, jobList(), args, 'NEWEST', {
      state,
      kind,
    });
  } catch (error) {
    // Every bad argument at once: the page's and the kind's.
    if (unknownKind && error instanceof InvalidInput)
      throw new InvalidInput({ ...error.problems, ...unknownKind.problems });
    throw error;
  }
  if (unknownKind) throw unknownKind;
  return { ...page, items: page.items.map(toJob) };
}

/** The counts of every kind and the jobs that ended in each of the last 60 minutes. */
export async function queueStats(db: Db): Promise<QueueStats[]> {
  const names = [...jobKinds().keys()].sort();
  const counts = await db.query<{ name: string; state: string; count: number }>(
    `SELECT name, state::text AS state, count(*)::int AS count FROM (
       SELECT name, state FROM ${QUEUE_SCHEMA}.job WHERE name = any($1)
       UNION ALL
       SELECT name, state FROM ${QUEUE_SCHEMA}.archive WHERE name = any($1)
     ) q GROUP BY name, state`,
    [names],
  );
  const minutes = await db.query<{ name: string; ago: number; count: number }>(
    `SELECT name, floor(extract(epoch FROM now() - completed_on) / 60)::int AS ago, count(*)::int AS count
       FROM ${QUEUE_SCHEMA}.job
      WHERE name = any($1) AND state IN ('completed', 'failed', 'cancelled')
        AND completed_on > now() - interval '60 minutes'
      GROUP BY 1, 2`,
    [names],
  );
  return names.map((name) => {
    const of = (...states: string[]) =>
      counts
        .filter((row) => row.name === name && states.includes(row.state))
        .reduce((sum, row) => sum + Number(row.count), 0);
    const perMinute = Array.from({ length: 60 }, () => 0);
    for (const row of minutes) {
      if (row.name !== name || row.ago < 0 || row.ago > 59) continue;
      perMinute[59 - row.ago]! += Number(row.count);
    }
    return {
      kind: name,
      waiting: of('created', 'retry'),
      running: of('active'),
      completed: of('completed'),
      failed: of('failed'),
      cancelled: of('cancelled'),
      perMinute,
    };
  });
}

/** The realtime payload of a job. */
export function jobEvent(job: JobRecord): JobEvent {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    progress: job.progress ?? null,
    error: job.error ?? null,
    attempts: job.attempts,
  };
}

/**
 * Sends a job's event after `db`'s transaction commits: JobProgress to its starter,
 * JobChanged to /horizon.
 */
export function publishJob(db: Db, event: JobEvent, starterId: number | null | undefined): void {
  if (starterId != null)
    broadcast(db, { channels: [userChannel(starterId)], event: JOB_PROGRESS_EVENT, data: event });
  broadcast(db, { channels: [JOBS_CHANNEL], event: JOB_CHANGED_EVENT, data: event });
}

/** Reads a job (in `db`, a transaction) and publishes its event once that commits. */
export async function publishJobState(db: Db, id: string): Promise<JobRecord | undefined> {
  const job = await findJob(db, id);
  if (job) publishJob(db, jobEvent(job), job.createdBy?.id);
  return job;
}

/** Who starts a job. */
export interface EnqueueOptions {
  /** The starting user (gets its progress and the notification), null for the system. */
  userId: number | null;
}

/**
 * Enqueues a job of `kind` in `db`'s transaction (or its own): it runs only if that commits.
 * The payload is parsed with the kind's rules (field errors name `payload.<field>`).
 */
export async function enqueue<Payload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Payload,
  options: EnqueueOptions,
): Promise<JobRecord> {
  const queue = queueOf(db);
  if (jobKind(kind.name) !== kind) throw new Error(`job kind ${kind.name} is not defined`);
  const parsed = kind.payload.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(`payload.${issue?.path.join('.') ?? ''}`, 'payload', issue?.message ?? '');
  }
  const id = randomUUID();
  // The title as a message (worded by the reader); summary and summaries its words (searched).
  const title = kind.title?.(parsed.data) ?? null;
  const summaryOf = (language: Language) =>
    (title
      ? wordMessage(title, formatter(language))
      : (kind.summary?.(parsed.data, language) ?? kind.name)
    ).slice(0, 500);
  return db.transaction(async (tx) => {
    await kysely(tx)
      .insertInto('jobs')
      .values({
        id,
        kind: kind.name,
        created_by: options.userId,
        summary: summaryOf('en'),
        summaries: JSON.stringify(
          Object.fromEntries(SUMMARY_LANGUAGES.map((language) => [language, summaryOf(language)])),
        ),
        title: title ? JSON.stringify(title) : null,
      })
      .execute();
    const sent = await queue.boss.send(
      kind.name,
      { payload: parsed.data, userId: options.userId },
      { id, db: bossDb(tx) },
    );
    if (sent !== id) throw new Error(`job kind ${kind.name} has no queue (define it before start)`);
    tx.afterCommit(() => queue.wake());
    const job = (await publishJobState(tx, id))!;
    return job;
  });
}

/** A job's summary in `language`: its title worded, else as kept (English when not kept in it). */
export function summaryIn(
  job: Pick<JobRecord, 'summary' | 'summaries' | 'title'>,
  language: Language,
): string {
  if (job.title) return wordMessage(job.title, formatter(language));
  return job.summaries?.[language] ?? job.summary;
}

/** What a completed job did, as a message (null: it reported nothing). */
export function jobOutcome(job: Pick<JobRecord, 'kind' | 'result'>): Message | null {
  if (!job.result) return null;
  const r = job.result;
  const report: JobReport = {
    created: r.created,
    updated: r.updated,
    rejectedRows: r.rejectedRows,
    rejectedTotal: r.rejectedTotal,
    rejected: [],
  };
  const kind = jobKind(job.kind);
  return kind?.outcome
    ? kind.outcome(report)
    : msg('job.outcome.import', {
        created: report.created,
        updated: report.updated ?? 0,
        rejected: report.rejectedRows ?? report.rejectedTotal,
      });
}

/** The states a job ends in (each has its notification text `notification.job.<state>`). */
export const JOB_END_STATES = ['COMPLETED', 'CANCELLED', 'FAILED'] as const;

/** What the end notification of a job with a title says (null: a job from before titles). */
export function jobEndText(job: JobRecord): Message | null {
  if (!job.title) return null;
  const title = { term: job.title.key, ...(job.title.params ? { params: job.title.params } : {}) };
  if (job.state === 'COMPLETED') {
    const outcome = jobOutcome(job);
    return outcome
      ? msg('notification.job.COMPLETED', {
          title,
          outcome: { term: outcome.key, ...(outcome.params ? { params: outcome.params } : {}) },
        })
      : msg('notification.job.done', { title });
  }
  if (job.state === 'CANCELLED') return msg('notification.job.CANCELLED', { title });
  const error = job.errorText
    ? { term: job.errorText.key, ...(job.errorText.params ? { params: job.errorText.params } : {}) }
    : (job.error ?? '—');
  return msg('notification.job.FAILED', { title, error });
}

/** The words of a job's end, per language (the shell shows the reader's). */
const END_TEXTS: Record<Language, Record<'done' | 'cancelled' | 'failed', string>> = {
  de: { done: 'fertig', cancelled: 'abgebrochen', failed: 'fehlgeschlagen' },
  en: { done: 'done', cancelled: 'cancelled', failed: 'failed' },
};

/** A report's counts, per language. */
const COUNTS_TEXT: Record<
  Language,
  (created: number, updated: number, rejected: number) => string
> = {
  de: (c, u, r) => `${c} angelegt, ${u} aktualisiert, ${r} abgelehnt`,
  en: (c, u, r) => `${c} created, ${u} updated, ${r} rejected`,
};

/** What a notification says about an ended job, in `language`. */
function endMessage(job: JobRecord, language: Language): string {
  const summary = summaryIn(job, language);
  const words = END_TEXTS[language];
  if (job.state === 'COMPLETED') {
    const r = job.result;
    return r
      ? `${summary}: ${words.done} (${COUNTS_TEXT[language](r.created, r.updated, r.rejectedRows)}).`
      : `${summary}: ${words.done}.`;
  }
  if (job.state === 'CANCELLED') return `${summary}: ${words.cancelled}.`;
  return `${summary}: ${words.failed}${job.error ? ` (${job.error})` : ''}.`;
}

/** Tells the starter (in `db`'s transaction) that their job ended, with a link to its result. */
export async function notifyEnded(db: Db, job: JobRecord): Promise<void> {
  if (!job.createdBy) return;
  const kind = jobKind(job.kind);
  const text = jobEndText(job);
  const words = (language: Language) =>
    text ? wordMessage(text, formatter(language)) : endMessage(job, language);
  await notify(
    db,
    Number(job.createdBy.id),
    text ?? endMessage(job, 'en'),
    {
      // The text (a message) is worded by the shell; these words are for shells from before.
      messages: Object.fromEntries(
        SUMMARY_LANGUAGES.map((language) => [language, words(language)]),
      ),
      jobId: job.id,
      kind: job.kind,
      state: job.state,
      link: kind?.link?.(job.id) ?? `/horizon/jobs/${job.id}`,
    },
    { type: JOB_NOTIFICATION },
  );
}

/**
 * Cancels a waiting or running job (a running one stops at its next progress point);
 * CONFLICT when it has ended. The starter is notified.
 */
export async function cancelJob(db: Db, id: string, viewer: Viewer): Promise<JobRecord> {
  const queue = queueOf(db);
  const job = await db.transaction(async (tx) => {
    const current = await visibleJob(tx, id, viewer);
    const { affected } = (await queue.boss.cancel(current.kind, id, {
      db: bossDb(tx),
    })) as unknown as BossCommandResult;
    if (!affected) throw conflict(msg('jobs.ended'), 'in-use');
    const cancelled = (await publishJobState(tx, id))!;
    await notifyEnded(tx, cancelled);
    return cancelled;
  });
  queue.cancelLocal(id);
  return job;
}

/** Runs a failed or cancelled job again; CONFLICT when it is waiting, running or completed. */
export async function retryJob(db: Db, id: string, viewer: Viewer): Promise<JobRecord> {
  const queue = queueOf(db);
  return db.transaction(async (tx) => {
    const current = await visibleJob(tx, id, viewer);
    const target = bossDb(tx);
    const { affected } = (
      current.state === 'FAILED'
        ? await queue.boss.retry(current.kind, id, { db: target })
        : current.state === 'CANCELLED'
          ? await queue.boss.resume(current.kind, id, { db: target })
          : { affected: 0 }
    ) as BossCommandResult;
    if (!affected) throw conflict(msg('jobs.notRetryable'), 'in-use');
    await kysely(tx).updateTable('jobs').set({ progress: null }).where('id', '=', id).execute();
    tx.afterCommit(() => queue.wake());
    return (await publishJobState(tx, id))!;
  });
}
