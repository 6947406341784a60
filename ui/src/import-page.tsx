import {
  Button,
  Callout,
  HTMLSelect,
  HTMLTable,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { i18n, Link, Page, useTranslation } from '@kontor/shared-session';
import { errorText, FormActions, KontorForm, useKontorForm } from './forms';
import { graphqlProblem } from './graphql';
import { JobProgress } from './job-progress';
import { RecordPicker, type PickerQuery } from './record-picker';
import { ruleMessage, rules, type FormRules } from './rules';
import { UploadField, type Upload } from './upload-field';
import './import-page-i18n';
import './import-page.css';

// The page of a file import (products, avis, orders): upload → the preview of the first rows
// with the mapping of each column (guessed by the server from the headers, changeable) → the
// records the import goes to (client, supplier …) and the mode → start; then the job's
// progress, live, and its report (`?job=<id>&mode=…`, where the job's notification links to).
// A page declares only its GraphQL documents, its pickers and its own texts.

/** The preview the server reads from an upload: columns (with the guessed field), first rows. */
export interface ImportPreview {
  uploadId: string;
  fileName: string;
  columns: readonly { index: number; header: string; field: string | null }[];
  rows: readonly (readonly string[])[];
  fields: readonly { key: string; de: string; en: string; required: boolean }[];
}

/** A rejected row of the report: where (row, column or field), what (value) and why (rule). */
export interface ImportRejected {
  row: number;
  field: string;
  column: string | null;
  value: string | null;
  reason: string;
  rule: string;
  params: Record<string, unknown> | null;
}

/** An ended import's result (`updated` or `unchanged` as the import counts them). */
export interface ImportResult {
  created: number;
  updated?: number | null;
  unchanged?: number | null;
  rejectedTotal: number;
  rejected: readonly ImportRejected[];
}

/** What to do with bad rows: write nothing, or write the good rows (or records) only. */
export type ImportMode = 'ALL_OR_NOTHING' | 'GOOD_ROWS';

/** The variables every import mutation takes; the pickers' ids come on top. */
export interface ImportVariables {
  uploadId: string;
  mode: ImportMode;
  mapping: { column: number; field: string | null }[];
}

/** An import mutation's variables as codegen writes them (its mapping type is its own). */
type StartVariables = { uploadId: string; mode: string; mapping: unknown };

/** A record the import goes to, chosen by a search picker (`name` is the mutation's variable). */
export interface ImportPicker<Name extends string = string> {
  name: Name;
  label: string;
  query: PickerQuery;
}

export interface ImportPageProps<Variables extends StartVariables> {
  /** The page's title (its heading). */
  title: string;
  /**
   * The prefix of the page's own texts (`warehouse:productImport`): `help`, `goodRows` (the
   * mode's label), `summary` (with created, updated, unchanged, rejected), `toList`, and
   * `unchangedHint` if the import has one (shown when records were left unchanged).
   */
  texts: string;
  /** Where "to the list" leads. */
  list: string;
  /** The preview of an upload: one field answering an ImportPreview. */
  preview: TypedDocumentNode<Record<string, ImportPreview>, { uploadId: string }>;
  /** The mutation that starts the import: one field answering the job. */
  start: TypedDocumentNode<Record<string, { id: string }>, Variables>;
  /** The ended job's report. */
  report: TypedDocumentNode<{ job: { result: ImportResult | null } | null }, { id: string }>;
  /** The records the import goes to, in the form's order (all required). */
  pickers: ImportPicker<Exclude<keyof Variables, keyof StartVariables> & string>[];
  /** The prefix of the import's own rules' texts (`warehouse:products.rules`), if it has one. */
  ownRules?: string;
  /** A field's name in the user's language (the record form's label); the key itself if none. */
  fieldLabel?: (field: string) => string;
}

/** A rejected row's reason in the user's language (the server's English where no text has it). */
export function importReasonText(rejected: ImportRejected, ownRules?: string): string {
  const params = Object.fromEntries(
    Object.entries(rejected.params ?? {}).filter(
      ([key, value]) => key !== '__typename' && value != null,
    ),
  );
  // The import's own rules are whole keys (orders:orderImport.unknownSku), else the record's
  // rules (ownRules), else the form rules of ui.
  const keys = rejected.rule.includes(':')
    ? [rejected.rule]
    : [ownRules ? `${ownRules}.${rejected.rule}` : '', `ui:rules.${rejected.rule}`];
  const key = keys.find((candidate) => candidate && i18n.exists(candidate));
  if (!key || (rejected.rule === 'max' && params.max === undefined)) return rejected.reason;
  const rule = key.startsWith('ui:rules.') ? rejected.rule : key;
  return errorText(ruleMessage(rule, params, rejected.reason)) ?? rejected.reason;
}

/** The one field a preview or start operation answers (whatever the import calls it). */
function answer<T>(data: Record<string, T>): T | undefined {
  return Object.entries(data).find(([key]) => key !== '__typename')?.[1];
}

/** The report of an ended import: counts, the rejected rows, the CSV download. */
function ImportReport<Variables extends StartVariables>({
  page,
  jobId,
  mode,
}: {
  page: ImportPageProps<Variables>;
  jobId: string;
  mode?: string;
}) {
  const { t, i18n: language } = useTranslation('ui');
  const { data } = useQuery(page.report, { variables: { id: jobId }, fetchPolicy: 'network-only' });
  const result = data?.job?.result;
  if (!result) return null;
  const shown = result.rejected.length;
  const title =
    result.rejectedTotal > shown
      ? t('ui:import.rejectedFirst', { shown, total: result.rejectedTotal })
      : t('ui:import.rejected');
  const nothing = mode === 'ALL_OR_NOTHING' && result.rejectedTotal > 0;
  const unchanged = result.unchanged ?? 0;
  const unchangedHint = `${page.texts}.unchangedHint`;
  const lang = language.language === 'en' ? 'en' : 'de';
  return (
    <section className="kontor-import-report" aria-label={t('ui:import.report')}>
      <Callout
        intent={result.rejectedTotal > 0 ? Intent.WARNING : Intent.SUCCESS}
        icon={result.rejectedTotal > 0 ? 'warning-sign' : 'tick-circle'}
        title={t(`${page.texts}.summary`, {
          created: result.created,
          updated: result.updated ?? 0,
          unchanged,
          rejected: result.rejectedTotal,
        })}
      >
        {nothing ? <p>{t('ui:import.nothingWritten')}</p> : null}
        {unchanged > 0 && i18n.exists(unchangedHint) ? <p>{t(unchangedHint)}</p> : null}
      </Callout>
      {shown > 0 ? (
        <>
          <h3 className="bp6-heading kontor-import-title">{title}</h3>
          <div className="kontor-table-scroll" tabIndex={0} role="region" aria-label={title}>
            <HTMLTable striped compact aria-label={t('ui:import.rejected')}>
              <thead>
                <tr>
                  <th>{t('ui:import.row')}</th>
                  <th>{t('ui:import.column')}</th>
                  <th>{t('ui:import.value')}</th>
                  <th>{t('ui:import.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rejected.map((rejected) => (
                  <tr key={`${rejected.row}:${rejected.field}`}>
                    <td className="kontor-import-row">{rejected.row}</td>
                    <td>{rejected.column || (page.fieldLabel ?? String)(rejected.field)}</td>
                    <td>{rejected.value}</td>
                    <td>{importReasonText(rejected, page.ownRules)}</td>
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
            {t('ui:import.download')}
          </a>
        </>
      ) : null}
    </section>
  );
}

/** One import's progress, then its report. */
function ImportJob<Variables extends StartVariables>({
  page,
  jobId,
  mode,
  again,
}: {
  page: ImportPageProps<Variables>;
  jobId: string;
  mode?: string;
  again: () => void;
}) {
  const { t } = useTranslation('ui');
  const [ended, setEnded] = useState<string | null>(null);
  return (
    <div className="kontor-import kontor-import-page">
      <JobProgress jobId={jobId} onFinished={(job) => setEnded(`${job.state}:${job.finishedAt}`)} />
      {ended ? <ImportReport key={ended} page={page} jobId={jobId} mode={mode} /> : null}
      <div className="kontor-import-actions">
        <Link className="bp6-button bp6-outlined" to={page.list}>
          {t(`${page.texts}.toList`)}
        </Link>
        {ended ? <Button icon="import" text={t('ui:import.another')} onClick={again} /> : null}
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
  preview: ImportPreview;
  mapping: (string | null)[];
  onChange: (index: number, field: string | null) => void;
}) {
  const { t, i18n: language } = useTranslation('ui');
  const label = (field: ImportPreview['fields'][number]) =>
    `${language.language === 'en' ? field.en : field.de}${field.required ? ` (${t('ui:import.required')})` : ''}`;
  return (
    <section className="kontor-import-preview" aria-label={t('ui:import.preview')}>
      <h3 className="bp6-heading kontor-import-title">{t('ui:import.preview')}</h3>
      <p>{t('ui:import.previewHint', { count: preview.rows.length })}</p>
      <div className="kontor-table-scroll" tabIndex={0} role="region" aria-label={preview.fileName}>
        <HTMLTable compact striped aria-label={t('ui:import.preview')}>
          <thead>
            <tr>
              {preview.columns.map((column) => (
                <th key={column.index} scope="col">
                  <div className="kontor-import-header">{column.header}</div>
                  <HTMLSelect
                    aria-label={t('ui:import.mappingFor', { header: column.header })}
                    value={mapping[column.index] ?? ''}
                    onChange={(event) => onChange(column.index, event.target.value || null)}
                    options={[
                      { value: '', label: t('ui:import.skip') },
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

/** The start: the file, its preview and mapping, the pickers and the mode. */
function ImportStart<Variables extends StartVariables>({
  page,
  started,
}: {
  page: ImportPageProps<Variables>;
  started: (jobId: string, mode: ImportMode) => void;
}) {
  const { t } = useTranslation('ui');
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [mode, setMode] = useState<ImportMode>('ALL_OR_NOTHING');
  const previewQuery = useQuery(page.preview, {
    variables: { uploadId: upload?.id ?? '' },
    skip: !upload,
    fetchPolicy: 'network-only',
  });
  const preview = upload && previewQuery.data ? answer(previewQuery.data) : undefined;
  // The guessed mapping, taken once per upload (then the user's).
  const [mappedFor, setMappedFor] = useState<string | null>(null);
  if (preview && mappedFor !== preview.uploadId) {
    setMappedFor(preview.uploadId);
    setMapping(preview.columns.map((column) => column.field ?? null));
  }
  const [start] = useMutation(page.start);
  // A refused mapping or upload is no field of the form: said above its buttons.
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useKontorForm<Record<string, string>>({
    initial: Object.fromEntries(page.pickers.map((picker) => [picker.name, ''])),
    rules: Object.fromEntries(
      page.pickers.map((picker) => [picker.name, rules.choice()]),
    ) as FormRules,
    save: async (values) => {
      if (!upload) return;
      setRefusal(null);
      const variables: ImportVariables = {
        uploadId: upload.id,
        mode,
        mapping: mapping.map((field, column) => ({ column, field })),
      };
      let result;
      try {
        result = await start({ variables: { ...values, ...variables } as unknown as Variables });
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
      const job = result.data ? answer(result.data) : undefined;
      if (job) started(String(job.id), mode);
    },
  });
  return (
    <div className="kontor-import kontor-import-page">
      <Callout icon="info-sign" className="kontor-import-help">
        <p>{t(`${page.texts}.help`)}</p>
      </Callout>
      <UploadField label={t('ui:import.file')} onUploaded={setUpload} />
      {upload && previewQuery.loading ? <p>{t('ui:import.loadingPreview')}</p> : null}
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
            {page.pickers.map((picker) => (
              <RecordPicker
                key={picker.name}
                name={picker.name}
                label={picker.label}
                query={picker.query}
                required
              />
            ))}
            <RadioGroup
              label={t('ui:import.mode')}
              selectedValue={mode}
              onChange={(event) => setMode(event.currentTarget.value as ImportMode)}
            >
              <Radio value="ALL_OR_NOTHING" label={t('ui:import.allOrNothing')} />
              <Radio value="GOOD_ROWS" label={t(`${page.texts}.goodRows`)} />
            </RadioGroup>
            {refusal ? (
              <Callout intent={Intent.DANGER} role="alert">
                {refusal}
              </Callout>
            ) : null}
            <FormActions submitText={t('ui:import.start')} />
          </KontorForm>
        </>
      ) : null}
    </div>
  );
}

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
