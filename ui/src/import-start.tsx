import { Callout, HTMLSelect, HTMLTable, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from '@kontor/shared-session';
import { errorText, FormActions, KontorForm, useKontorForm } from './forms';
import { graphqlProblem } from './graphql';
import { RecordPicker } from './record-picker';
import { refusalText } from './refusal-text';
import { ruleMessage, rules, type FormRules } from './rules';
import { TableScroll } from './table-scroll';
import { UploadField, type Upload } from './upload-field';
import {
  answer,
  type ImportMode,
  type ImportPageProps,
  type ImportPreview,
  type ImportVariables,
  type StartVariables,
} from './import-types';
import './import-page-i18n';

// An import's first half: the upload, its preview with the mapping, the pickers and the mode.

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
      {/* The file's columns are the point (each with its mapping): a table, scrolling sideways. */}
      <TableScroll label={preview.fileName} layout="scroll">
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
      </TableScroll>
    </section>
  );
}

/** The start: the file, its preview and mapping, the pickers and the mode. */
export function ImportStart<Variables extends StartVariables>({
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
          {refusalText(previewQuery.error)}
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
