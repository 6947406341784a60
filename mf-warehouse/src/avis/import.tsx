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
  AvisImportClientChoicesDocument,
  AvisImportPreviewDocument,
  AvisImportReportDocument,
  AvisImportSupplierChoicesDocument,
  AvisImportWarehouseChoicesDocument,
  ImportAvisDocument,
  type AvisImportPreviewQuery,
  type AvisImportReportQuery,
  type ImportMode,
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

// A supplier's avis file (issue 13), shaped like the product import: upload → the preview of
// the first rows with the mapping of each column (guessed by the server from the headers,
// changeable) → supplier, client, warehouse and mode → start; the page then shows the job's
// progress, live, and its report (`?job=<id>`, where the job's notification links to). One
// avis per delivery note; a note the supplier already has an avis for counts as unchanged.

type Preview = AvisImportPreviewQuery['avisImportPreview'];
type Result = NonNullable<NonNullable<AvisImportReportQuery['job']>['result']>;
type Rejected = Result['rejected'][number];

const LIST = '/administration/avis';

/** A rejected row's reason in the user's language (the server's English where no text has it). */
function reasonText(rejected: Rejected): string {
  const params = Object.fromEntries(
    Object.entries(rejected.params ?? {}).filter(
      ([key, value]) => key !== '__typename' && value != null,
    ),
  );
  const known = rejected.rule.includes(':')
    ? i18n.exists(rejected.rule)
    : i18n.exists(`ui:rules.${rejected.rule}`);
  if (!known || (rejected.rule === 'max' && params.max === undefined)) return rejected.reason;
  return errorText(ruleMessage(rejected.rule, params, rejected.reason)) ?? rejected.reason;
}

/** A field's name in the user's language: the avis form's label (sku → SKU). */
function fieldLabel(field: string): string {
  const key = `warehouse:avis.fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : field;
}

/** The report of an ended import: counts, the rejected rows, the CSV download. */
function ImportReport({ jobId, mode }: { jobId: string; mode?: string }) {
  const { t, i18n: language } = useTranslation(['warehouse', 'ui']);
  const { data } = useQuery(AvisImportReportDocument, {
    variables: { id: jobId },
    fetchPolicy: 'network-only',
  });
  const result = data?.job?.result;
  if (!result) return null;
  const shown = result.rejected.length;
  const title =
    result.rejectedTotal > shown
      ? t('warehouse:avisImport.rejectedFirst', { shown, total: result.rejectedTotal })
      : t('warehouse:avisImport.rejected');
  const nothing = mode === 'ALL_OR_NOTHING' && result.rejectedTotal > 0;
  const unchanged = result.unchanged ?? 0;
  const lang = language.language === 'en' ? 'en' : 'de';
  return (
    <section className="kontor-import-report" aria-label={t('warehouse:avisImport.report')}>
      <Callout
        intent={result.rejectedTotal > 0 ? Intent.WARNING : Intent.SUCCESS}
        icon={result.rejectedTotal > 0 ? 'warning-sign' : 'tick-circle'}
        title={t('warehouse:avisImport.summary', {
          created: result.created,
          unchanged,
          rejected: result.rejectedTotal,
        })}
      >
        {nothing ? <p>{t('warehouse:avisImport.nothingWritten')}</p> : null}
        {unchanged > 0 ? <p>{t('warehouse:avisImport.unchangedHint')}</p> : null}
      </Callout>
      {shown > 0 ? (
        <>
          <h3 className="bp6-heading kontor-import-rejected-title">{title}</h3>
          <div className="kontor-table-scroll" tabIndex={0} role="region" aria-label={title}>
            <HTMLTable striped compact aria-label={t('warehouse:avisImport.rejected')}>
              <thead>
                <tr>
                  <th>{t('warehouse:avisImport.row')}</th>
                  <th>{t('warehouse:avisImport.column')}</th>
                  <th>{t('warehouse:avisImport.value')}</th>
                  <th>{t('warehouse:avisImport.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rejected.map((rejected) => (
                  <tr key={`${rejected.row}:${rejected.field}`}>
                    <td className="kontor-import-row">{rejected.row}</td>
                    <td>{rejected.column || fieldLabel(rejected.field)}</td>
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
            {t('warehouse:avisImport.download')}
          </a>
        </>
      ) : null}
    </section>
  );
}

/** One import's progress, then its report. */
function ImportJob({ jobId, mode, again }: { jobId: string; mode?: string; again: () => void }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [ended, setEnded] = useState<string | null>(null);
  return (
    <div className="kontor-import kontor-avis-import">
      <JobProgress jobId={jobId} onFinished={(job) => setEnded(`${job.state}:${job.finishedAt}`)} />
      {ended ? <ImportReport key={ended} jobId={jobId} mode={mode} /> : null}
      <div className="kontor-import-actions">
        <Link className="bp6-button bp6-outlined" to={LIST}>
          {t('warehouse:avisImport.toList')}
        </Link>
        {ended ? (
          <Button icon="import" text={t('warehouse:avisImport.another')} onClick={again} />
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
  const { t, i18n: language } = useTranslation(['warehouse', 'ui']);
  const label = (field: Preview['fields'][number]) =>
    `${language.language === 'en' ? field.en : field.de}${field.required ? ` (${t('warehouse:avisImport.required')})` : ''}`;
  return (
    <section className="kontor-import-preview" aria-label={t('warehouse:avisImport.preview')}>
      <h3 className="bp6-heading kontor-import-rejected-title">
        {t('warehouse:avisImport.preview')}
      </h3>
      <p>{t('warehouse:avisImport.previewHint', { count: preview.rows.length })}</p>
      <div className="kontor-table-scroll" tabIndex={0} role="region" aria-label={preview.fileName}>
        <HTMLTable compact striped aria-label={t('warehouse:avisImport.preview')}>
          <thead>
            <tr>
              {preview.columns.map((column) => (
                <th key={column.index} scope="col">
                  <div className="kontor-import-header">{column.header}</div>
                  <HTMLSelect
                    aria-label={t('warehouse:avisImport.mappingFor', { header: column.header })}
                    value={mapping[column.index] ?? ''}
                    onChange={(event) => onChange(column.index, event.target.value || null)}
                    options={[
                      { value: '', label: t('warehouse:avisImport.skip') },
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

type StartValues = { supplierId: string; clientId: string; warehouseId: string };

/** The start: the file, its preview and mapping, supplier, client, warehouse and the mode. */
function ImportStart({ started }: { started: (jobId: string, mode: ImportMode) => void }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [mode, setMode] = useState<ImportMode>('ALL_OR_NOTHING');
  const previewQuery = useQuery(AvisImportPreviewDocument, {
    variables: { uploadId: upload?.id ?? '' },
    skip: !upload,
    fetchPolicy: 'network-only',
  });
  const preview = upload ? previewQuery.data?.avisImportPreview : undefined;
  // The guessed mapping, taken once per upload (then the user's).
  const [mappedFor, setMappedFor] = useState<string | null>(null);
  if (preview && mappedFor !== preview.uploadId) {
    setMappedFor(preview.uploadId);
    setMapping(preview.columns.map((column) => column.field ?? null));
  }
  const [start] = useMutation(ImportAvisDocument);
  // A refused mapping or upload is no field of the form: said above its buttons.
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useKontorForm<StartValues>({
    initial: { supplierId: '', clientId: '', warehouseId: '' },
    rules: { supplierId: rules.choice(), clientId: rules.choice(), warehouseId: rules.choice() },
    save: async ({ supplierId, clientId, warehouseId }) => {
      if (!upload) return;
      setRefusal(null);
      let result;
      try {
        result = await start({
          variables: {
            uploadId: upload.id,
            supplierId,
            clientId,
            warehouseId,
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
      const job = result.data?.importAvis;
      if (job) started(String(job.id), mode);
    },
  });
  return (
    <div className="kontor-import kontor-avis-import">
      <Callout icon="info-sign" className="kontor-import-help">
        <p>{t('warehouse:avisImport.help')}</p>
      </Callout>
      <UploadField label={t('warehouse:avisImport.file')} onUploaded={setUpload} />
      {upload && previewQuery.loading ? <p>{t('warehouse:avisImport.loadingPreview')}</p> : null}
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
              name="supplierId"
              label={t('warehouse:avisImport.supplier')}
              query={AvisImportSupplierChoicesDocument}
              required
            />
            <RecordPicker
              name="clientId"
              label={t('warehouse:avisImport.client')}
              query={AvisImportClientChoicesDocument}
              required
            />
            <RecordPicker
              name="warehouseId"
              label={t('warehouse:avisImport.warehouse')}
              query={AvisImportWarehouseChoicesDocument}
              required
            />
            <RadioGroup
              label={t('warehouse:avisImport.mode')}
              selectedValue={mode}
              onChange={(event) => setMode(event.currentTarget.value as ImportMode)}
            >
              <Radio
                value="ALL_OR_NOTHING"
                label={t('warehouse:avisImport.modes.ALL_OR_NOTHING')}
              />
              <Radio value="GOOD_ROWS" label={t('warehouse:avisImport.modes.GOOD_ROWS')} />
            </RadioGroup>
            {refusal ? (
              <Callout intent={Intent.DANGER} role="alert">
                {refusal}
              </Callout>
            ) : null}
            <FormActions submitText={t('warehouse:avisImport.start')} />
          </KontorForm>
        </>
      ) : null}
    </div>
  );
}

/** /import/avis (avis:import). */
function AvisImport({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
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

/** The avis import's page. */
export const avisImportPages: ModulePages = {
  'warehouse.avis.import': AvisImport,
};
