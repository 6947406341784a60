import { Button, Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import {
  ImportClientsDocument,
  ImportReportDocument,
  type ImportResultFieldsFragment,
} from '../graphql/generated';
import './import.css';
import {
  ADDRESS_FIELDS,
  errorText,
  graphqlProblem,
  importSummary,
  JobProgress,
  Link,
  Page,
  problemText,
  ruleMessage,
  showToast,
  TableScroll,
  UploadField,
  useMutation,
  useQuery,
  useSearchParams,
  useTranslation,
  type PageProps,
  type Upload,
} from '../shared-session';

// Clients from a CSV or XLSX file (issue 11): upload → start the import → its progress, live
// → the report of rejected rows. `?job=<id>` shows that import (the notification links here).

const LIST = '/administration/clients';

/** The columns a file may have (the client list's CSV export headers, so an export re-imports). */
const COLUMNS = ['name', ...ADDRESS_FIELDS] as const;

/** A rejected row's reason in the user's language (the server's English text where no rule has one). */
function reasonText(rejected: {
  reason: string;
  rule: string;
  params?: { max?: number | null; min?: number | null; row?: number | null } | null;
}): string {
  const params = Object.fromEntries(
    Object.entries(rejected.params ?? {}).filter(
      ([key, value]) => key !== '__typename' && value != null,
    ),
  );
  return errorText(ruleMessage(rejected.rule, params, rejected.reason)) ?? rejected.reason;
}

/** An import's report (the job's result): how many created and updated, and the rejected rows. */
export type ImportResultValues = ImportResultFieldsFragment;

/** The report of an ended import: created, updated, and the rejected rows with their reasons. */
export function ImportResult({ result }: { result: ImportResultValues }) {
  const { t } = useTranslation(['admin', 'ui']);
  const shown = result.rejected.length;
  const fieldName = (field: string) =>
    (COLUMNS as readonly string[]).includes(field) ? t(`admin:fields.${field}`) : field;
  const title =
    result.rejectedTotal > shown
      ? t('admin:import.rejectedFirst', { shown, total: result.rejectedTotal })
      : t('admin:import.rejected');
  return (
    <section className="kontor-import-report" aria-label={t('admin:import.report')}>
      <Callout
        intent={result.rejectedTotal > 0 ? Intent.WARNING : Intent.SUCCESS}
        icon={result.rejectedTotal > 0 ? 'warning-sign' : 'tick-circle'}
        title={t('admin:import.summary', importSummary(result))}
      />
      {shown > 0 ? (
        <>
          <h3 className="bp6-heading kontor-import-rejected-title">{title}</h3>
          <TableScroll label={title}>
            <HTMLTable striped compact aria-label={t('admin:import.rejected')}>
              <thead>
                <tr>
                  <th data-key-column="">{t('admin:import.row')}</th>
                  <th>{t('admin:import.field')}</th>
                  <th data-key-column="">{t('admin:import.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rejected.map((rejected) => (
                  <tr key={`${rejected.row}:${rejected.field}`}>
                    <td
                      className="kontor-import-row"
                      data-label={t('admin:import.row')}
                      data-key-column=""
                    >
                      {rejected.row}
                    </td>
                    <td data-label={t('admin:import.field')}>{fieldName(rejected.field)}</td>
                    <td data-label={t('admin:import.reason')} data-key-column="">
                      {reasonText(rejected)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        </>
      ) : null}
    </section>
  );
}

/** The report of this page's job, asked for once it has ended. */
function ImportReport({ jobId }: { jobId: string }) {
  const { data } = useQuery(ImportReportDocument, {
    variables: { id: jobId },
    fetchPolicy: 'network-only',
  });
  const result = data?.job?.result;
  return result ? <ImportResult result={result} /> : null;
}

/** One import's progress, then its report once it has ended. */
function ImportJob({ jobId, again }: { jobId: string; again: () => void }) {
  const { t } = useTranslation(['admin', 'ui']);
  // The report loads when the job has ended (also when it had ended before the page opened).
  const [ended, setEnded] = useState<string | null>(null);
  return (
    <div className="kontor-import">
      <JobProgress jobId={jobId} onFinished={(job) => setEnded(`${job.state}:${job.finishedAt}`)} />
      {ended ? <ImportReport key={ended} jobId={jobId} /> : null}
      <div className="kontor-import-actions">
        <Link className="bp6-button bp6-outlined" to={LIST}>
          {t('admin:import.backToList')}
        </Link>
        {ended ? <Button icon="import" text={t('admin:import.another')} onClick={again} /> : null}
      </div>
    </div>
  );
}

/** Choose the file, then start: the page switches to the job (`?job=<id>`). */
function ImportStart({ started }: { started: (jobId: string) => void }) {
  const { t } = useTranslation(['admin', 'ui']);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [start, { loading }] = useMutation(ImportClientsDocument);
  const begin = async () => {
    if (!upload) return;
    try {
      const result = await start({ variables: { uploadId: upload.id } });
      const job = result.data?.importClients;
      if (job) started(String(job.id));
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };
  return (
    <div className="kontor-import">
      <Callout icon="info-sign" className="kontor-import-help">
        <p>{t('admin:import.help')}</p>
        <p className="kontor-import-columns">
          {COLUMNS.map((column) => t(`admin:fields.${column}`)).join(', ')}
        </p>
      </Callout>
      <UploadField label={t('admin:import.file')} onUploaded={setUpload} />
      <div className="kontor-import-actions">
        <Button
          icon="play"
          intent={Intent.PRIMARY}
          text={t('admin:import.start')}
          disabled={!upload}
          loading={loading}
          onClick={() => void begin()}
        />
        <Link className="bp6-button bp6-outlined" to={LIST}>
          {t('ui:cancel')}
        </Link>
      </div>
    </div>
  );
}

/** /administration/clients/import (client:create). */
export function ClientImport({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  return (
    <Page title={t(route.pageTitle!)} back={{ to: LIST, label: t('admin:back.clients') }}>
      {jobId ? (
        <ImportJob key={jobId} jobId={jobId} again={() => setParams({})} />
      ) : (
        <ImportStart started={(id) => setParams({ job: id })} />
      )}
    </Page>
  );
}
