import { formatterFor, msg, wordMessage, type Message } from '@kontor/contracts';
import type { z } from 'zod';
import type { Db } from '../db';
import type { ExportLanguage as Language } from '../lists/export';

/** How far a job is: `done` of `total` (null while unknown), a phase name and a message. */
export interface JobProgressReport {
  done: number;
  total?: number | null;
  phase?: string | null;
  message?: string | null;
}

/** A rejected row of an import-like job. */
export interface RejectedRow {
  row: number;
  field: string;
  /** The reason in English (the API's fallback text). */
  reason: string;
  /**
   * The rule broken, named as the screens translate it: a field rule (`required`, `max`, …, as
   * in GraphQL's fieldRules) or a whole translation key (`admin:import.duplicateName`).
   */
  rule: string;
  /** The rule's numbers: `max`/`min` of a length rule, `row` of an earlier row. */
  params?: { max?: number; min?: number; row?: number };
  /** The field's own message, when its rule gave one (else the report words the rule). */
  text?: Message;
}

/** What an import-like job leaves behind (the schema's JobResult); kept as the job's result. */
export interface JobReport {
  /** An import's data rows (the header not counted); absent for jobs that read no file. */
  rows?: number;
  created: number;
  updated: number;
  /** Rows rejected, each once (an import's); absent: rejectedTotal counts rows. */
  rejectedRows?: number;
  /** Problems found in all (a row may have several). */
  rejectedTotal: number;
  /** The first MAX_REJECTED_ROWS rejected rows. */
  rejected: RejectedRow[];
}

/** A report keeps this many rejected rows (rejectedTotal counts all). */
export const MAX_REJECTED_ROWS = 1000;

/** What a handler gets. */
export interface JobContext<Payload> {
  /** The job's id (a UUID). */
  id: string;
  kind: string;
  payload: Payload;
  /** Who started it (null: the system). */
  userId: number | null;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  /** The database (not a transaction: the handler writes in transactions of its own, per batch). */
  db: Db;
  /**
   * Reports progress (stored, and sent live at most ~4 times a second). Throws JobStopped when
   * the job was cancelled (or this node lost it): the handler lets it propagate. Call it
   * between transactions, never inside one (on PGlite that transaction would wait for itself).
   */
  progress(report: JobProgressReport): Promise<void>;
}

/** The languages a job's summary is kept in (the interface's). */
export const SUMMARY_LANGUAGES: readonly Language[] = ['de', 'en'];

/** An import's outcome: its rows created, updated and rejected. */
export const importOutcome = (report: JobReport): Message =>
  msg('job.outcome.import', {
    created: report.created,
    updated: report.updated,
    rejected: report.rejectedRows ?? report.rejectedTotal,
  });

/** A kind of background job: its name, its payload's rules and what it does. */
export interface JobKind<Payload> {
  /** Unique, e.g. `clients.import` (letters, digits, dots, dashes, underscores). */
  name: string;
  /** The payload's rules; enqueue parses the payload with it, and the worker again. */
  payload: z.ZodType<Payload>;
  /**
   * The job's title (`job.<kind>` of the catalogue, e.g. `Rechnungsexport: Muster GmbH,
   * 01.11.2026 – 30.11.2026`): kept with the job (jobs.title), worded in the reader's language
   * on /horizon and in the notification.
   */
  title?(payload: Payload): Message;
  /** A title in words per language, for a kind without `title` (tests' kinds). */
  summary?(payload: Payload, language: Language): string;
  /** What a completed run did (default: an import's created, updated and rejected rows). */
  outcome?(report: JobReport): Message;
  /** Runs in all, the first included (default 3). */
  maxAttempts?: number;
  /** Seconds before the first retry; doubled for each further one (default 10). */
  retryDelaySeconds?: number;
  /** A run taking longer is failed by the queue (default 4 hours; at most 23). */
  timeoutSeconds?: number;
  /** Where the starter sees the job's result (the notification's link). */
  link?(jobId: string): string;
  /**
   * Does the work. Must be idempotent (a run cut short by a crash is run again) and write in
   * transactions per batch, calling `ctx.progress` between them. Its answer is kept as the
   * job's result; throwing fails the run (retried up to maxAttempts).
   */
  handler(ctx: JobContext<Payload>): Promise<JobReport | void>;
}

/** Thrown by ctx.progress when the job must stop: cancelled, or no longer this node's. */
export class JobStopped extends Error {
  constructor(readonly reason: 'cancelled' | 'lost' | 'shutdown') {
    super(
      reason === 'cancelled'
        ? 'The job was cancelled.'
        : reason === 'shutdown'
          ? 'The server stopped while running the job.'
          : 'The job is no longer run by this node.',
    );
    this.name = 'JobStopped';
  }
}

/**
 * Thrown by a handler whose input can never succeed (a file that is gone or cannot be read):
 * the job fails at once with this message, without the attempts left (retrying would only
 * repeat the error). /horizon's retry runs it again, e.g. after the cause is fixed.
 */
export class JobRejected extends Error {
  /** The reason as a catalogue message (`job.error.*`), worded by the reader. */
  readonly text: Message;

  constructor(text: Message) {
    super(wordMessage(text, formatterFor('en')));
    this.name = 'JobRejected';
    this.text = text;
  }
}

const NAME = /^[a-z][a-z0-9_.-]{0,99}$/;
const kinds = new Map<string, JobKind<unknown>>();

/** Declares a job kind (at module load, before the server starts its queue). */
export function defineJobKind<Payload>(kind: JobKind<Payload>): JobKind<Payload> {
  if (!NAME.test(kind.name)) throw new Error(`job kind ${kind.name}: not a valid name`);
  const known = kinds.get(kind.name);
  if (known && known !== kind) throw new Error(`job kind ${kind.name} is defined twice`);
  kinds.set(kind.name, kind as JobKind<unknown>);
  return kind;
}

/** Every defined kind, by name. */
export function jobKinds(): ReadonlyMap<string, JobKind<unknown>> {
  return kinds;
}

/** A kind by name, or undefined. */
export function jobKind(name: string): JobKind<unknown> | undefined {
  return kinds.get(name);
}
