import { AnchorButton, Button, Callout, H3, HTMLTable, Intent } from '@blueprintjs/core';
import {
  ExportInvoicesDocument,
  InvoiceExportClientNameDocument,
  InvoiceExportClientsDocument,
  InvoiceExportPreviewDocument,
  type InvoiceExportPreviewQuery,
} from '../graphql/generated';
import {
  can,
  format,
  FormActions,
  FormSection,
  graphqlProblem,
  JobProgress,
  KontorForm,
  Page,
  problemText,
  TableScroll,
  RecordPicker,
  ruleMessage,
  rules,
  showToast,
  DateField,
  useApolloClient,
  useKontorForm,
  useMutation,
  useQuery,
  useSearchParams,
  useTranslation,
  type ModulePages,
  type PageProps,
} from '../shared-session';
import './invoice-export.css';

// /export/invoice (issue 15): a client and a period of shipping dates → the totals per VAT
// rate and per department (the server's sums), the CSV of the shipped positions and the PDF
// summary; more than 5,000 positions run as a background job whose file is downloaded here
// (`?job=<id>`, where the job's notification links to). The choice lives in the URL.

type Preview = InvoiceExportPreviewQuery['invoiceExportPreview'];

interface Values {
  clientId: string;
  from: string;
  to: string;
}

const lang = () => format.language;

/** An amount in euros in the user's language (`1.234,50 €` / `€1,234.50`). */
const money = (value: number) => format.money(value);

/** A day YYYY-MM-DD as the user reads it. */
const day = (text: string) => format.date(text);

/** The previous calendar month in the installation's time zone: what is invoiced usually. */
function lastMonth(): { from: string; to: string } {
  const [year, month] = format.dayOf().split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The query string of the downloads. */
const downloadQuery = (preview: Values) =>
  new URLSearchParams({ ...preview, lang: lang() }).toString();

function Sums({
  caption,
  rows,
}: {
  caption: string;
  rows: { key: string; cells: (string | number)[]; total?: boolean }[];
}) {
  const { t } = useTranslation('orders');
  // The row's label and its gross sum are what a user came for (first and large as cards).
  const titles = [
    caption,
    t('invoiceExport.positions'),
    t('invoiceExport.net'),
    t('invoiceExport.vat'),
    t('invoiceExport.gross'),
  ];
  const isKey = (i: number) => i === 0 || i === titles.length - 1;
  return (
    <TableScroll label={caption}>
      <HTMLTable compact striped className="kontor-invoice-table" aria-label={caption}>
        <thead>
          <tr>
            {titles.map((title, i) => (
              <th
                key={i}
                scope="col"
                className={i === 0 ? undefined : 'kontor-number'}
                data-key-column={isKey(i) ? true : undefined}
              >
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.total ? 'kontor-invoice-total' : undefined}>
              {row.cells.map((cell, i) => (
                <td
                  key={i}
                  className={i === 0 ? 'kontor-invoice-label' : 'kontor-number'}
                  data-label={titles[i]}
                  data-key-column={isKey(i) ? true : undefined}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/** The totals of the chosen client and period, and the downloads. */
function PreviewPanel({ choice, startJob }: { choice: Values; startJob: () => void }) {
  const { t } = useTranslation('orders');
  const query = useQuery(InvoiceExportPreviewDocument, { variables: choice });
  const preview: Preview | undefined = query.data?.invoiceExportPreview;
  if (query.error)
    return (
      <Callout intent={Intent.DANGER} role="alert">
        {t('invoiceExport.failed')} {problemText(graphqlProblem(query.error))}
      </Callout>
    );
  if (!preview) return null;
  const sums = (s: { positions: number; net: number; vat: number; gross: number }) => [
    format.number(s.positions),
    money(s.net),
    money(s.vat),
    money(s.gross),
  ];
  return (
    <section className="kontor-invoice-preview" aria-live="polite">
      <p className="kontor-invoice-summary">
        {t('invoiceExport.summary', {
          orders: preview.orders,
          positions: preview.positions,
          client: preview.client.name,
          from: day(preview.from),
          to: day(preview.to),
        })}
      </p>
      {preview.positions === 0 ? (
        <Callout intent={Intent.PRIMARY}>{t('invoiceExport.nothing')}</Callout>
      ) : (
        <>
          <H3>{t('invoiceExport.byRate')}</H3>
          <Sums
            caption={t('invoiceExport.rate')}
            rows={[
              ...preview.rates.map((rate) => ({
                key: String(rate.vatRate),
                cells: [`${format.number(rate.vatRate)} %`, ...sums(rate)],
              })),
              { key: 'total', cells: [t('invoiceExport.total'), ...sums(preview)], total: true },
            ]}
          />
          <H3>{t('invoiceExport.byDepartment')}</H3>
          <Sums
            caption={`${t('invoiceExport.customerNumber')} – ${t('invoiceExport.department')}`}
            rows={preview.departments.map((department) => ({
              key: `${department.customerNumber}/${department.name}`,
              cells: [
                department.customerNumber
                  ? `${department.customerNumber}${department.name ? ` – ${department.name}` : ''}`
                  : t('invoiceExport.noDepartment'),
                ...sums(department),
              ],
            }))}
          />
          <div className="kontor-invoice-actions">
            {preview.asJob ? (
              <>
                <Callout intent={Intent.WARNING}>{t('invoiceExport.large')}</Callout>
                <Button intent={Intent.PRIMARY} icon="export" onClick={startJob}>
                  {t('invoiceExport.startJob')}
                </Button>
              </>
            ) : (
              <AnchorButton
                intent={Intent.PRIMARY}
                icon="download"
                href={`/export/invoices.csv?${downloadQuery(choice)}`}
                download
              >
                {t('invoiceExport.csv')}
              </AnchorButton>
            )}
            <AnchorButton
              icon="document"
              href={`/spa/invoices/summary.pdf?${downloadQuery(choice)}`}
              target="_blank"
              rel="noopener"
            >
              {t('invoiceExport.pdf')}
            </AnchorButton>
          </div>
        </>
      )}
    </section>
  );
}

/** A running or finished export job, and its file when it is done. */
function ExportJob({ jobId, again }: { jobId: string; again: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <div className="kontor-invoice-job">
      <JobProgress jobId={jobId}>
        {(job) =>
          job.state === 'COMPLETED' ? (
            <AnchorButton
              intent={Intent.PRIMARY}
              icon="download"
              href={`/export/invoices/jobs/${encodeURIComponent(jobId)}.csv`}
              download
            >
              {t('invoiceExport.download')}
            </AnchorButton>
          ) : null
        }
      </JobProgress>
      <Button icon="undo" onClick={again}>
        {t('invoiceExport.another')}
      </Button>
    </div>
  );
}

/** The client and period form; `chosen` is what the URL holds (its client's name known). */
function ChoiceForm({
  chosen,
  clientName,
  choose,
}: {
  chosen: Values | null;
  clientName: string | null;
  choose: (values: Values) => void;
}) {
  const { t } = useTranslation(['orders', 'ui']);
  const client = useApolloClient();
  const form = useKontorForm<Values>({
    initial: chosen ?? { clientId: '', ...lastMonth() },
    rules: { clientId: rules.choice(), from: rules.day(), to: rules.day() },
    check: (values): Record<string, string> =>
      values.from && values.to && values.to < values.from
        ? { to: ruleMessage('text', undefined, t('orders:invoiceExport.toBeforeFrom')) }
        : {},
    failureToast: false,
    save: async (values) => {
      // Asked here so the server's field errors land on the fields; the panel reads the cache.
      await client.query({
        query: InvoiceExportPreviewDocument,
        variables: values,
        fetchPolicy: 'network-only',
      });
      choose(values);
    },
  });
  return (
    <KontorForm form={form}>
      <FormSection title={t('orders:invoiceExport.choice')}>
        <RecordPicker
          name="clientId"
          label={t('orders:invoiceExport.client')}
          query={InvoiceExportClientsDocument}
          initial={chosen && clientName ? { id: chosen.clientId, name: clientName } : null}
          required
          wide
        />
        <DateField name="from" label={t('orders:invoiceExport.from')} required />
        <DateField name="to" label={t('orders:invoiceExport.to')} required />
      </FormSection>
      <FormActions submitText={t('orders:invoiceExport.show')} />
    </KontorForm>
  );
}

/** /export/invoice (invoice:export on the server; the menu item needs administrate). */
function InvoiceExport({ route }: PageProps) {
  const { t } = useTranslation(['orders', 'ui']);
  const [params, setParams] = useSearchParams();
  const [exportInvoices] = useMutation(ExportInvoicesDocument);
  const chosen: Values | null =
    params.get('clientId') && params.get('from') && params.get('to')
      ? { clientId: params.get('clientId')!, from: params.get('from')!, to: params.get('to')! }
      : null;
  const name = useQuery(InvoiceExportClientNameDocument, {
    variables: { id: chosen?.clientId ?? '' },
    skip: !chosen,
  });
  const jobId = params.get('job');
  const startJob = async () => {
    if (!chosen) return;
    try {
      const answer = await exportInvoices({ variables: { ...chosen, lang: lang() } });
      const id = answer.data?.exportInvoices.id;
      if (id) setParams({ ...chosen, job: id });
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };
  // The form waits for the chosen client's name (a reload of a chosen period).
  const formReady = !chosen || !name.loading;

  return (
    <Page title={t(route.pageTitle!)}>
      <div className="kontor-invoice-export">
        <p className="kontor-invoice-intro bp6-text-muted">{t('orders:invoiceExport.intro')}</p>
        {!can('invoice:export') ? (
          <Callout intent={Intent.WARNING} role="alert">
            {t('orders:invoiceExport.noPermission')}
          </Callout>
        ) : jobId ? (
          <ExportJob
            key={jobId}
            jobId={jobId}
            again={() => setParams(chosen ? { ...chosen } : {})}
          />
        ) : (
          <>
            {formReady ? (
              <ChoiceForm
                chosen={chosen}
                clientName={name.data?.client?.name ?? null}
                choose={(values) => setParams({ ...values })}
              />
            ) : null}
            {chosen ? (
              <PreviewPanel key={JSON.stringify(chosen)} choice={chosen} startJob={startJob} />
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}

/** The invoice export's page. */
export const invoiceExportPages: ModulePages = {
  'orders.invoiceExport': InvoiceExport,
};
