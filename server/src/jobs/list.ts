import type { JobState } from '../graphql/generated';
import type { ListDefinition } from '../lists/list';
import { jobKinds } from './kinds';
import { QUEUE_SCHEMA } from './queue';

/**
 * A job's rows: Kontor's `jobs` row with its queue row (pg-boss keeps ended jobs in
 * `job` for 12 hours, then in `archive`). A job whose queue row is gone (deleted after 7 days)
 * is not shown.
 */
export const JOB_FROM = `jobs j
  LEFT JOIN users u ON u.id = j.created_by
  JOIN LATERAL (
    SELECT b.state::text AS state, b.retry_count, b.retry_limit, b.started_on, b.completed_on, b.output
      FROM ${QUEUE_SCHEMA}.job b WHERE b.name = j.kind AND b.id = j.id
    UNION ALL
    SELECT a.state::text, a.retry_count, a.retry_limit, a.started_on, a.completed_on, a.output
      FROM ${QUEUE_SCHEMA}.archive a WHERE a.name = j.kind AND a.id = j.id
    LIMIT 1
  ) q ON true`;

/** The columns of a JobRow. */
export const JOB_COLUMNS = `j.id, j.kind, j.summary, j.summaries, j.title, j.progress, j.created_at AS "createdAt",
  j.created_by AS "createdById", u.name AS "createdByName", q.state,
  q.retry_count AS "retryCount", q.retry_limit AS "retryLimit", q.started_on AS "startedOn",
  q.completed_on AS "completedOn", q.output`;

/** The filter codes of the API's states (the list's filters take numbers). */
export const JOB_STATE_CODES: Record<JobState, number> = {
  WAITING: 1,
  RUNNING: 2,
  COMPLETED: 3,
  FAILED: 4,
  CANCELLED: 5,
};

const STATE_CODE = `CASE q.state WHEN 'created' THEN 1 WHEN 'retry' THEN 1 WHEN 'active' THEN 2
  WHEN 'completed' THEN 3 WHEN 'failed' THEN 4 WHEN 'cancelled' THEN 5 END`;

/**
 * The job list, newest first (`-j.seq` ascending); filters by state and kind take the codes
 * of JOB_STATE_CODES and the 1-based position of a kind among the defined kinds.
 */
export function jobList(): ListDefinition<'NEWEST', 'state' | 'kind'> {
  const kinds = [...jobKinds().keys()].map((name) => `'${name}'`).join(', ');
  return {
    select: JOB_COLUMNS,
    from: JOB_FROM,
    searchColumns: ['j.kind', 'j.summary'],
    sortColumns: { NEWEST: '(-j.seq)' },
    idColumn: 'j.seq',
    filters: {
      state: { names: 'job state', where: (p) => `${STATE_CODE} = ${p}::int` },
      // Kind names are checked by defineJobKind (letters, digits, . _ -): safe in SQL text.
      kind: { names: 'job kind', where: (p) => `j.kind = (ARRAY[${kinds}]::text[])[${p}::int]` },
    },
  };
}
