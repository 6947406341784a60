import { Button, Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { i18n, Link, useTranslation, word } from '@kontor/shared-session';
import { errorText } from './forms';
import { JobProgress } from './job-progress';
import { messageOf } from './message';
import { ruleMessage } from './rules';
import { TableScroll } from './table-scroll';
import type { ImportPageProps, ImportRejected, ImportResult, StartVariables } from './import-types';
import './import-page-i18n';

// An import's second half (`?job=<id>`): the job's progress, live, then its report.

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
  // The module's own text of the rule first; else the server's message (the rule's text named by
  // the file's column) in the reader's language; else the toolkit's text of the rule.
  const own = key !== undefined && !key.startsWith('ui:rules.');
  if (!own && rejected.text && rejected.text.key !== 'stored')
    return word(messageOf(rejected.text));
  if (!key || (rejected.rule === 'max' && params.max === undefined)) return rejected.reason;
  const rule = key.startsWith('ui:rules.') ? rejected.rule : key;
  return errorText(ruleMessage(rule, params, rejected.reason)) ?? rejected.reason;
}

/**
 * The counts of an import's summary text (every import's, one place): `rows` the file's data
 * rows and `errors` the problems, worded with their count (`300 Zeilen`, `4 Fehler`), beside
 * `rejected` — rows, each once — and the records created, updated, unchanged.
 */
export function importSummary(
  result: Omit<ImportResult, 'rejected'>,
): Record<string, string | number> {
  const created = result.created;
  const updated = result.updated ?? 0;
  const unchanged = result.unchanged ?? 0;
  const rejected = result.rejectedRows ?? result.rejectedTotal;
  // A report from before rows were counted: its rows as far as it tells.
  const rows = result.rows ?? created + updated + unchanged + rejected;
  return {
    rows: i18n.t('ui:import.rows', { count: rows }),
    created,
    updated,
    unchanged,
    rejected,
    errors: i18n.t('ui:import.problems', { count: result.rejectedTotal }),
  };
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
  // The SKU column when the rows name products (products, avis lines, order items).
  const skus = result.rejected.some((rejected) => rejected.sku);
  const unchangedHint = `${page.texts}.unchangedHint`;
  const lang = language.language === 'en' ? 'en' : 'de';
  return (
    <section className="kontor-import-report" aria-label={t('ui:import.report')}>
      <Callout
        intent={result.rejectedTotal > 0 ? Intent.WARNING : Intent.SUCCESS}
        icon={result.rejectedTotal > 0 ? 'warning-sign' : 'tick-circle'}
        title={t(`${page.texts}.summary`, importSummary(result))}
      >
        {nothing ? <p>{t('ui:import.nothingWritten')}</p> : null}
        {unchanged > 0 && i18n.exists(unchangedHint) ? <p>{t(unchangedHint)}</p> : null}
      </Callout>
      {shown > 0 ? (
        <>
          <h3 className="bp6-heading kontor-import-title">{title}</h3>
          <TableScroll label={title}>
            <HTMLTable striped compact aria-label={t('ui:import.rejected')}>
              <thead>
                <tr>
                  <th data-key-column>{t('ui:import.row')}</th>
                  {skus ? <th data-key-column>{t('ui:import.sku')}</th> : null}
                  <th>{t('ui:import.column')}</th>
                  <th>{t('ui:import.value')}</th>
                  <th data-key-column>{t('ui:import.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rejected.map((rejected) => (
                  <tr key={`${rejected.row}:${rejected.field}`}>
                    <td
                      className="kontor-import-row"
                      data-label={t('ui:import.row')}
                      data-key-column
                    >
                      {rejected.row}
                    </td>
                    {skus ? (
                      <td data-label={t('ui:import.sku')} data-key-column>
                        {rejected.sku}
                      </td>
                    ) : null}
                    <td data-label={t('ui:import.column')}>
                      {rejected.column || (page.fieldLabel ?? String)(rejected.field)}
                    </td>
                    <td data-label={t('ui:import.value')}>{rejected.value}</td>
                    <td data-label={t('ui:import.reason')} data-key-column>
                      {importReasonText(rejected, page.ownRules)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
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
export function ImportJob<Variables extends StartVariables>({
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
