import {
  Button,
  Callout,
  HTMLTable,
  Icon,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { ImportResult } from '../clients/import';
import {
  JobDetailDocument,
  JobsDocument,
  QueuesDocument,
  RetryJobDocument,
  type JobRowFragment,
  type JobState,
  type QueuesQuery,
} from '../graphql/generated';
import {
  DataTable,
  format,
  graphqlProblem,
  JobProgress,
  JobStateTag,
  jobFinished,
  Link,
  messageOf,
  Page,
  problemText,
  showToast,
  TableScroll,
  useApolloClient,
  useJobEvents,
  useMutation,
  useParams,
  useQuery,
  useTranslation,
  word,
  type Column,
  type ModulePages,
  type PageProps,
} from '../shared-session';
import './horizon.css';

// Monitoring (/horizon, administrate): the queues with their counts and the last hour's
// throughput, the jobs filtered by state and kind (in the URL), and one job's details with
// retry and cancel — all moving live with the `JobChanged` events of `private-jobs`.

const HOME = '/horizon';
const STATES: JobState[] = ['WAITING', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED'];
const COUNTS = ['waiting', 'running', 'completed', 'failed', 'cancelled'] as const;

type T = ReturnType<typeof useTranslation>['t'];

/** A job kind for people: 'Mandanten-Import' for clients.import, else the kind itself. */
const kindLabel = (t: T, kind: string) =>
  t(`admin:horizon.kinds.${kind.replace(/\W/g, '_')}`, { defaultValue: kind });

/** A moment for people, in the page's language and the installation's time zone ('23.11.2026, 19:04'). */
function formatTime(iso: string | null): string {
  return iso ? format.dateTime(iso) : '–';
}

/** 'done von total' of a job's progress, or a dash. */
function progressText(t: T, job: JobRowFragment): string {
  const progress = job.progress;
  if (!progress) return '–';
  return progress.total !== null
    ? t('ui:job.count', { done: progress.done, total: progress.total })
    : t('ui:job.countOpen', { done: progress.done });
}

/**
 * Keeps the monitoring data fresh: each `JobChanged` updates the job where it is shown (the
 * toolkit writes it into the cache) and, at most once a second, asks the queues and the job
 * list again (counts, new jobs, jobs that left the filter).
 */
function useLiveJobs(): void {
  const client = useApolloClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useJobEvents('all', () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.refetchQueries({ include: [QueuesDocument, JobsDocument] });
    }, 1000);
  });
}

/** The last hour as 60 small bars (one per minute, oldest left). */
function Throughput({ perMinute }: { perMinute: number[] }) {
  const { t } = useTranslation('admin');
  const total = perMinute.reduce((sum, n) => sum + n, 0);
  const highest = Math.max(1, ...perMinute);
  const text = t('admin:horizon.throughputText', { count: total });
  return (
    <span className="kontor-throughput" title={text}>
      <svg
        role="img"
        aria-label={text}
        viewBox={`0 0 ${perMinute.length * 3} 24`}
        preserveAspectRatio="none"
        className="kontor-throughput-bars"
      >
        {perMinute.map((n, minute) => {
          const height = n === 0 ? 1 : Math.max(3, (n / highest) * 24);
          return (
            <rect
              key={minute}
              x={minute * 3}
              y={24 - height}
              width={2}
              height={height}
              className={n === 0 ? 'kontor-throughput-idle' : undefined}
            />
          );
        })}
      </svg>
      <span className="kontor-throughput-total">{total}</span>
    </span>
  );
}

/** The counts a user comes to the queues for: what waits, what runs, what failed. */
const KEY_COUNTS: ReadonlySet<string> = new Set(['waiting', 'running', 'failed']);

/** The queues: one row per job kind, each count a link to its jobs. */
function Queues({ queues }: { queues: QueuesQuery['queues'] }) {
  const { t } = useTranslation(['admin', 'ui']);
  const title = t('admin:horizon.queues');
  if (queues.length === 0) return <Callout icon="inbox">{t('admin:horizon.noQueues')}</Callout>;
  return (
    <TableScroll label={title}>
      <HTMLTable aria-label={title} className="kontor-queues">
        <thead>
          <tr>
            <th data-key-column="">{t('admin:horizon.kind')}</th>
            {COUNTS.map((count) => (
              <th
                key={count}
                className="kontor-number"
                data-key-column={KEY_COUNTS.has(count) ? '' : undefined}
              >
                {t(`admin:horizon.${count}`)}
              </th>
            ))}
            <th>{t('admin:horizon.throughput')}</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => (
            <tr key={queue.kind}>
              <th scope="row" data-label={t('admin:horizon.kind')} data-key-column="">
                {kindLabel(t, queue.kind)}
              </th>
              {COUNTS.map((count) => (
                <td
                  key={count}
                  className="kontor-number"
                  data-label={t(`admin:horizon.${count}`)}
                  data-key-column={KEY_COUNTS.has(count) ? '' : undefined}
                >
                  <Link
                    to={`${HOME}?kind=${encodeURIComponent(queue.kind)}&state=${count.toUpperCase()}`}
                    aria-label={`${kindLabel(t, queue.kind)}: ${t(`admin:horizon.${count}`)} ${queue[count]}`}
                    className={
                      count === 'failed' && queue.failed > 0 ? 'kontor-count-failed' : undefined
                    }
                  >
                    {queue[count]}
                  </Link>
                </td>
              ))}
              <td data-label={t('admin:horizon.throughput')}>
                <Throughput perMinute={queue.perMinute} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/** A job's summary in the page's language (the server keeps it in German and English). */
function summaryOf(job: Pick<JobRowFragment, 'summary' | 'summaryDe' | 'id'>, language: string) {
  return (language.startsWith('de') ? job.summaryDe : job.summary) || job.id;
}

/** /horizon: the queues, then the jobs. */
function Horizon({ route }: PageProps) {
  const { t, i18n } = useTranslation(['admin', 'ui']);
  useLiveJobs();
  const queues = useQuery(QueuesDocument);
  const kinds = queues.data?.queues.map((queue) => queue.kind) ?? [];
  const columns: Column<JobRowFragment>[] = [
    {
      title: t('admin:horizon.summary'),
      cell: (job) => <Link to={`${HOME}/jobs/${job.id}`}>{summaryOf(job, i18n.language)}</Link>,
      key: true,
    },
    { title: t('admin:horizon.kind'), cell: (job) => kindLabel(t, job.kind) },
    {
      title: t('admin:horizon.state'),
      cell: (job) => <JobStateTag state={job.state} />,
      key: true,
    },
    {
      title: t('admin:horizon.progress'),
      cell: (job) => <span className="kontor-number-cell">{progressText(t, job)}</span>,
      key: true,
    },
    {
      title: t('admin:horizon.attempts'),
      cell: (job) => `${job.attempts} / ${job.maxAttempts}`,
    },
    {
      title: t('admin:horizon.startedBy'),
      cell: (job) => job.createdBy?.name ?? t('admin:horizon.system'),
    },
    { title: t('admin:horizon.created'), cell: (job) => formatTime(job.createdAt) },
  ];
  return (
    <Page title={t(route.pageTitle!)}>
      <section className="kontor-horizon-section" aria-labelledby="kontor-horizon-queues">
        <h3 id="kontor-horizon-queues" className="bp6-heading">
          {t('admin:horizon.queues')}
        </h3>
        {queues.error ? (
          <Callout intent={Intent.DANGER} role="alert">
            {problemText(graphqlProblem(queues.error))}
          </Callout>
        ) : queues.data ? (
          <Queues queues={queues.data.queues} />
        ) : (
          <Spinner size={24} aria-label={t('ui:loading')} />
        )}
      </section>
      <section className="kontor-horizon-section" aria-labelledby="kontor-horizon-jobs">
        <h3 id="kontor-horizon-jobs" className="bp6-heading">
          {t('admin:horizon.jobs')}
        </h3>
        {/* Newest first; the list has no sort of its own (the server's order). */}
        <DataTable
          query={JobsDocument}
          pageOf={(data) => data.jobs}
          columns={columns}
          defaultSort="CREATED"
          label={t('admin:horizon.jobs')}
          filters={[
            {
              name: 'state',
              label: t('admin:horizon.state'),
              choices: STATES.map((state) => ({
                value: state,
                label: t(`ui:job.states.${state}`),
              })),
            },
            {
              name: 'kind',
              label: t('admin:horizon.kind'),
              choices: kinds.map((kind) => ({ value: kind, label: kindLabel(t, kind) })),
            },
          ]}
          actions={(job) => (
            <Link
              className="bp6-button bp6-minimal"
              to={`${HOME}/jobs/${job.id}`}
              aria-label={`${t('admin:horizon.details')}: ${summaryOf(job, i18n.language)}`}
              title={t('admin:horizon.details')}
            >
              <Icon icon="eye-open" />
            </Link>
          )}
        />
      </section>
    </Page>
  );
}

/** /horizon/jobs/:id: what the job is, its progress (cancel), error, attempts and retry. */
function HorizonJob({ route }: PageProps) {
  const { t, i18n } = useTranslation(['admin', 'ui']);
  const { id = '' } = useParams();
  const title = t(route.pageTitle!);
  const detail = useQuery(JobDetailDocument, { variables: { id } });
  const job = detail.data?.job;
  const [retry, { loading: retrying }] = useMutation(RetryJobDocument);
  const back = { to: HOME, label: t('admin:back.horizon') };

  if (!job) {
    return (
      <Page title={title} back={back}>
        {detail.loading ? (
          <Spinner aria-label={t('ui:loading')} />
        ) : detail.error && graphqlProblem(detail.error).code !== 'NOT_FOUND' ? (
          <Callout intent={Intent.DANGER} role="alert">
            {problemText(graphqlProblem(detail.error))}
          </Callout>
        ) : (
          <NonIdealState icon="search" title={t('ui:job.notFound')} />
        )}
      </Page>
    );
  }

  const runAgain = async () => {
    try {
      await retry({ variables: { id } });
      showToast(t('admin:horizon.retried'), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };
  const retryable = job.state === 'FAILED' || job.state === 'CANCELLED';
  const rows: [string, string][] = [
    [t('admin:horizon.kind'), kindLabel(t, job.kind)],
    [t('admin:horizon.summary'), summaryOf(job, i18n.language)],
    // What it did in words (an export's positions, not an import's counts).
    ...(job.outcome
      ? [[t('admin:horizon.outcome'), word(messageOf(job.outcome))] as [string, string]]
      : []),
    [t('admin:horizon.attempts'), `${job.attempts} / ${job.maxAttempts}`],
    [t('admin:horizon.startedBy'), job.createdBy?.name ?? t('admin:horizon.system')],
    [t('admin:horizon.created'), formatTime(job.createdAt)],
    [t('admin:horizon.started'), formatTime(job.startedAt)],
    [t('admin:horizon.finished'), formatTime(job.finishedAt)],
  ];
  return (
    <Page
      // A job is read, not edited: its title names it ('Job Mandanten-Import: kunden.csv').
      title={t('admin:titles.job', { summary: summaryOf(job, i18n.language) })}
      back={back}
      actions={
        retryable ? (
          <Button
            icon="refresh"
            intent={Intent.PRIMARY}
            text={t('admin:horizon.retry')}
            loading={retrying}
            onClick={() => void runAgain()}
          />
        ) : null
      }
    >
      <div className="kontor-horizon-job">
        <section className="kontor-horizon-card" aria-label={t('admin:horizon.details')}>
          <dl className="kontor-horizon-facts">
            {rows.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="kontor-horizon-card" aria-label={t('admin:horizon.progress')}>
          <JobProgress
            jobId={id}
            channel="all"
            // The end brings the report and the times: the details ask again.
            onFinished={() => void detail.refetch().catch(() => {})}
          />
          {job.state !== 'FAILED' && job.error && !jobFinished(job.state) ? (
            // Waiting for its next attempt: the last attempt's error.
            <Callout intent={Intent.WARNING} icon="error">
              {t('ui:job.error', { error: job.error })}
            </Callout>
          ) : null}
        </section>
        {job.result && job.kind.endsWith('.import') ? <ImportResult result={job.result} /> : null}
      </div>
    </Page>
  );
}

/** Monitoring: /horizon and /horizon/jobs/:id. */
export const horizonPages: ModulePages = {
  'admin.horizon': Horizon,
  'admin.horizon.job': HorizonJob,
};
