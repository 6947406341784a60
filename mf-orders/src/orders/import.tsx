import {
  Button,
  Callout,
  HTMLSelect,
  HTMLTable,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useState } from 'react';
import {
  ImportOrdersDocument,
  OrderClientChoicesDocument,
  OrderImportPreviewDocument,
  OrderImportReportDocument,
  type ImportMode,
  type OrderImportPreviewQuery,
  type OrderImportReportQuery,
} from '../graphql/generated';
import {
  errorText,
  FormActions,
  graphqlProblem,
  i18n,
  JobProgress,
  KontorForm,
  Link,
  Page,
  RecordPicker,
  ruleMessage,
  rules,
  UploadField,
  useKontorForm,
  useMutation,
  useQuery,
  useSearchParams,
  useTranslation,
  type ModulePages,
  type PageProps,
  type Upload,
} from '../shared-session';
import './import.css';

// Orders from a CSV or XLSX file (issue 14), one row per position: upload → the preview of the
// first rows with the mapping of each column (guessed by the server from the headers,
// changeable) → client and mode → start; the page then shows the job's progress, live, and its
// report (`?job=<id>`, where the job's notification links to). Shaped like the product import
// of mf-warehouse.

type Preview = OrderImportPreviewQuery['orderImportPreview'];
type Result = NonNullable<NonNullable<OrderImportReportQuery['job']>['result']>;
type Rejected = Result['rejected'][number];

const LIST = '/orders';

/** A rejected row's reason in the user's language (the server's English where no text has it). */
function reasonText(rejected: Rejected): string {
  const params = Object.fromEntries(
    Object.entries(rejected.params ?? {}).filter(
      ([key, value]) => key !== '__typename' && value != null,
    ),
  );
  // The import's own rules are whole keys (orders:orderImport.unknownSku), the form's ui's.
  const rule = rejected.rule.includes(':')
    ? rejected.rule
    : i18n.exists(`ui:rules.${rejected.rule}`)
      ? rejected.rule
      : 'text';
  if (rule === 'text' || (rule === 'max' && params.max === undefined)) return rejected.reason;
  return errorText(ruleMessage(rule, params, rejected.reason)) ?? rejected.reason;
}

/** The report of an ended import: counts, the rejected rows, the CSV download. */
function ImportReport({ jobId, mode }: { jobId: string; mode?: string }) {
  const { t, i18n: language } = useTranslation(['orders', 'ui']);
  const { data } = useQuery(OrderImportReportDocument, {
    variables: { id: jobId },
    fetchPolicy: 'network-only',
  });
  const result = data?.job?.result;
  if (!result) return null;
  const shown = result.rejected.length;
  const title =
    result.rejectedTotal > shown
      ? t('orders:orderImport.rejectedFirst', { shown, total: result.rejectedTotal })
      : t('orders:orderImport.rejected');
  const nothing = mode === 'ALL_OR_NOTHING' && result.rejectedTotal > 0;
  const lang = language.language === 'en' ? 'en' : 'de';
  return (
    <section className="kontor-import-report" aria-label={t('orders:orderImport.report')}>
      <Callout
        intent={result.rejectedTotal > 0 ? Intent.WARNING : Intent.SUCCESS}
        icon={result.rejectedTotal > 0 ? 'warning-sign' : 'tick-circle'}
        title={t('orders:orderImport.summary', {
          created: result.created,
          unchanged: result.unchanged ?? 0,
          rejected: result.rejectedTotal,
        })}
      >
        {nothing ? t('orders:orderImport.nothingWritten') : null}
      </Callout>
      {shown > 0 ? (
        <>
          <h3 className="bp6-heading kontor-import-rejected-title">{title}</h3>
          <div className="kontor-table-scroll" tabIndex={0} role="region" aria-label={title}>
            <HTMLTable striped compact aria-label={t('orders:orderImport.rejected')}>
              <thead>
                <tr>
                  <th>{t('orders:orderImport.row')}</th>
                  <th>{t('orders:orderImport.column')}</th>
                  <th>{t('orders:orderImport.value')}</th>
                  <th>{t('orders:orderImport.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rejected.map((rejected) => (
                  <tr key={`${rejected.row}:${rejected.field}`}>
                    <td className="kontor-import-row">{rejected.row}</td>
                    <td>{rejected.column || rejected.field}</td>
                    <td>{rejected.value}</td>
                    <td>{reasonText(rejected)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          <a
            className="bp6-button bp6-outlined kontor-import-download"
            href={`/spa/jobs/${encodeURIComponent(jobId)}/report.csv?lang=${lang}`}
            download
          >
            {t('orders:orderImport.download')}
          </a>
        </>
      ) : null}
    </section>
  );
}

/** One import's progress, then its report. */
function ImportJob({ jobId, mode, again }: { jobId: string; mode?: string; again: () => void }) {
  const { t } = useTranslation(['orders', 'ui']);
  const [ended, setEnded] = useState<string | null>(null);
  return (
    <div className="kontor-import kontor-order-import">
      <JobProgress jobId={jobId} onFinished={(job) => setEnded(`${job.state}:${job.finishedAt}`)} />
      {ended ? <ImportReport key={ended} jobId={jobId} mode={mode} /> : null}
      <div className="kontor-import-actions">
        <Link className="bp6-button bp6-outlined" to={LIST}>
          {t('orders:orderImport.toList')}
        </Link>
        {ended ? (
          <Button icon="import" text={t('orders:orderImport.another')} onClick={again} />
        ) : null}
      </div>
    </div>
  );
}

/** The preview of the file: its first rows, a select per column with the field it fills. */
function MappingTable({
  preview,
  mapping,
  onChange,
}: {
  preview: Preview;
  mapping: (string | null)[];
  onChange: (index: number, field: string | null) => void;
}) {
  const { t, i18n: language } = useTranslation(['orders', 'ui']);
  const label = (field: Preview['fields'][number]) =>
    `${language.language === 'en' ? field.en : field.de}${field.required ? ` (${t('orders:orderImport.required')})` : ''}`;
  return (
    <section className="kontor-import-preview" aria-label={t('orders:orderImport.preview')}>
      <h3 className="bp6-heading kontor-import-rejected-title">
        {t('orders:orderImport.preview')}
      </h3>
      <p>{t('orders:orderImport.previewHint', { count: preview.rows.length })}</p>
      <div className="kontor-table-scroll" tabIndex={0} role="region" aria-label={preview.fileName}>
        <HTMLTable compact striped aria-label={t('orders:orderImport.preview')}>
          <thead>
            <tr>
              {preview.columns.map((column) => (
                <th key={column.index} scope="col">
                  <div className="kontor-import-header">{column.header}</div>
                  <HTMLSelect
                    aria-label={t('orders:orderImport.mappingFor', { header: column.header })}
                    value={mapping[column.index] ?? ''}
                    onChange={(event) => onChange(column.index, event.target.value || null)}
                    options={[
                      { value: '', label: t('orders:orderImport.skip') },
                      ...preview.fields.map((field) => ({ value: field.key, label: label(field) })),
                    ]}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
}

/** The start: the file, its preview and mapping, the client and the mode. */
function ImportStart({ started }: { started: (jobId: string, mode: ImportMode) => void }) {
  const { t } = useTranslation(['orders', 'ui']);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [mode, setMode] = useState<ImportMode>('ALL_OR_NOTHING');
  const previewQuery = useQuery(OrderImportPreviewDocument, {
    variables: { uploadId: upload?.id ?? '' },
    skip: !upload,
    fetchPolicy: 'network-only',
  });
  const preview = upload ? previewQuery.data?.orderImportPreview : undefined;
  // The guessed mapping, taken once per upload (then the user's).
  const [mappedFor, setMappedFor] = useState<string | null>(null);
  if (preview && mappedFor !== preview.uploadId) {
    setMappedFor(preview.uploadId);
    setMapping(preview.columns.map((column) => column.field ?? null));
  }
  const [start] = useMutation(ImportOrdersDocument);
  // A refused mapping or upload is no field of the form: said above its buttons.
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useKontorForm<{ clientId: string }>({
    initial: { clientId: '' },
    rules: { clientId: rules.choice() },
    save: async ({ clientId }) => {
      if (!upload) return;
      setRefusal(null);
      let result;
      try {
        result = await start({
          variables: {
            uploadId: upload.id,
            clientId,
            mode,
            mapping: mapping.map((field, column) => ({ column, field })),
          },
        });
      } catch (error) {
        const problem = graphqlProblem(error);
        // The mapping's problems are on `mapping` or on one entry (`mapping.3.field`).
        const mappingKey = Object.keys(problem.fieldRules).find((key) => key.startsWith('mapping'));
        const broken =
          (mappingKey && problem.fieldRules[mappingKey]?.[0]) || problem.fieldRules.uploadId?.[0];
        if (broken)
          setRefusal(errorText(ruleMessage(broken.rule, broken.params, broken.message)) ?? null);
        throw error;
      }
      const job = result.data?.importOrders;
      if (job) started(String(job.id), mode);
    },
  });
  return (
    <div className="kontor-import kontor-order-import">
      <Callout icon="info-sign" className="kontor-import-help">
        <p>{t('orders:orderImport.help')}</p>
      </Callout>
      <UploadField label={t('orders:orderImport.file')} onUploaded={setUpload} />
      {upload && previewQuery.loading ? <p>{t('orders:orderImport.loadingPreview')}</p> : null}
      {upload && previewQuery.error ? (
        <Callout intent={Intent.DANGER} role="alert">
          {previewQuery.error.message}
        </Callout>
      ) : null}
      {preview ? (
        <>
          <MappingTable
            preview={preview}
            mapping={mapping}
            onChange={(index, field) =>
              setMapping((current) => current.map((value, i) => (i === index ? field : value)))
            }
          />
          <KontorForm form={form}>
            <RecordPicker
              name="clientId"
              label={t('orders:orderImport.client')}
              query={OrderClientChoicesDocument}
              required
            />
            <RadioGroup
              label={t('orders:orderImport.mode')}
              selectedValue={mode}
              onChange={(event) => setMode(event.currentTarget.value as ImportMode)}
            >
              <Radio value="ALL_OR_NOTHING" label={t('orders:orderImport.modes.ALL_OR_NOTHING')} />
              <Radio value="GOOD_ROWS" label={t('orders:orderImport.modes.GOOD_ROWS')} />
            </RadioGroup>
            {refusal ? (
              <Callout intent={Intent.DANGER} role="alert">
                {refusal}
              </Callout>
            ) : null}
            <FormActions submitText={t('orders:orderImport.start')} />
          </KontorForm>
        </>
      ) : null}
    </div>
  );
}

/** /import/order (order:import). */
function OrderImport({ route }: PageProps) {
  const { t } = useTranslation(['orders', 'ui']);
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  return (
    <Page title={t(route.pageTitle!)}>
      {jobId ? (
        <ImportJob
          key={jobId}
          jobId={jobId}
          mode={params.get('mode') ?? undefined}
          again={() => setParams({})}
        />
      ) : (
        <ImportStart started={(id, mode) => setParams({ job: id, mode })} />
      )}
    </Page>
  );
}

/** The order import's page. */
export const orderImportPages: ModulePages = {
  'orders.import': OrderImport,
};
