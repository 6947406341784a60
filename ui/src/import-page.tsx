import { useSearchParams } from 'react-router-dom';
import { Page } from '@kontor/shared-session';
import { ImportJob } from './import-report';
import { ImportStart } from './import-start';
import type { ImportPageProps, StartVariables } from './import-types';
import './import-page-i18n';
import './import-page.css';

// The page of a file import (products, avis, orders): upload → the preview of the first rows
// with the mapping of each column (guessed by the server from the headers, changeable) → the
// records the import goes to (client, supplier …) and the mode → start; then the job's
// progress, live, and its report (`?job=<id>&mode=…`, where the job's notification links to).
// A page declares only its GraphQL documents, its pickers and its own texts.
// The start is import-start.tsx, the job and its report import-report.tsx.

export { importReasonText, importSummary } from './import-report';
export type {
  ImportMode,
  ImportPageProps,
  ImportPicker,
  ImportPreview,
  ImportRejected,
  ImportResult,
  ImportVariables,
} from './import-types';

/**
 * A file import's page: the start (upload, preview and mapping, pickers, mode) or, with
 * `?job=<id>` in the URL, that job's progress and report. Renders inside a module's Router.
 */
export function ImportPage<Variables extends StartVariables>(page: ImportPageProps<Variables>) {
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  return (
    <Page title={page.title}>
      {jobId ? (
        <ImportJob
          key={jobId}
          page={page}
          jobId={jobId}
          mode={params.get('mode') ?? undefined}
          again={() => setParams({})}
        />
      ) : (
        <ImportStart page={page} started={(id, mode) => setParams({ job: id, mode })} />
      )}
    </Page>
  );
}
