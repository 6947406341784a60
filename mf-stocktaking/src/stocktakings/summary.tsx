import {
  AnchorButton,
  Button,
  Callout,
  Checkbox,
  HTMLTable,
  Intent,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useState } from 'react';
import {
  BookStocktakingDocument,
  CompleteStocktakingDocument,
  RecountLinesDocument,
  StocktakingSummaryDocument,
  type StocktakingSummaryQuery,
} from '../graphql/generated';
import {
  can,
  EmptyState,
  format,
  formatCurrency,
  graphqlProblem,
  navigate,
  Page,
  problemText,
  queryState,
  RecordPage,
  TableScroll,
  showToast,
  useApolloClient,
  useConfirm,
  useQuery,
  useTranslation,
  type PageProps,
} from '../shared-session';
import {
  backToList,
  dateTime,
  LineCells,
  Pager,
  Progress,
  quantity,
  scopeText,
  signed,
  StatusTags,
} from './format';

type Line = StocktakingSummaryQuery['stocktakingSummary']['lines']['items'][number];

const PAGE_SIZE = 100;

/** A quantity or '' (not counted); `hidden` words a blind count's withheld expected quantity. */
const shown = (value: number | null, hidden?: string) =>
  value === null ? (hidden ?? '') : quantity(value);

/**
 * What 'Zählung abschließen' asks (an i18n key and its parameters): with places not counted
 * yet it warns with their number first (the server refuses, naming them, until they are
 * counted or confirmed empty).
 */
export function completeQuestion(stocktaking: {
  name: string;
  placesTotal: number;
  placesUncounted: number;
}): [key: string, params: Record<string, string | number>] {
  const open = stocktaking.placesUncounted;
  return open > 0
    ? [
        'stocktaking:questions.completeOpen',
        { open, total: stocktaking.placesTotal, name: stocktaking.name },
      ]
    : ['stocktaking:questions.complete', { name: stocktaking.name }];
}

/**
 * /stocktaking/:id/summary: per line expected, counted, variance and its value, and the
 * totals; variances only; recount chosen lines; complete the counting, then book the
 * variances (after a confirmation); the CSV and the PDF count list. A blind count shows no
 * expected quantities (the server sends none) until it is completed.
 */
export function SummaryPage({ route, params }: PageProps) {
  const { t } = useTranslation(['stocktaking', 'ui', 'common']);
  const id = params.id ?? '';
  const client = useApolloClient();
  const { confirm, dialog: question } = useConfirm();
  const [onlyVariances, setOnlyVariances] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const loaded = queryState(
    useQuery(StocktakingSummaryDocument, {
      variables: { id, onlyVariances, page: { page, pageSize: PAGE_SIZE } },
    }),
  );
  const title = t(route.pageTitle!);

  return (
    <RecordPage
      title={title}
      back={backToList(t)}
      query={loaded}
      pick={(data) => data.stocktakingSummary}
    >
      {(summary) => {
        const { stocktaking, totals } = summary;
        const lines = summary.lines.items;
        const pages = Math.max(1, Math.ceil(summary.lines.total / PAGE_SIZE));
        const hidden = t('stocktaking:hidden');
        const version = { id: String(stocktaking.id), version: stocktaking.version };

        /** Asks, runs the mutation, toasts; false when refused or not confirmed. */
        const act = async (
          text: string,
          label: string,
          run: () => Promise<unknown>,
          done: string,
        ) => {
          if (busy || !(await confirm(text, label))) return false;
          setBusy(true);
          try {
            await run();
            showToast(done, 'success');
            return true;
          } catch (error) {
            showToast(problemText(graphqlProblem(error)), 'danger');
            return false;
          } finally {
            setBusy(false);
          }
        };

        const recount = async () => {
          const lineIds = [...selected];
          const ok = await act(
            t('stocktaking:questions.recount', { count: lineIds.length }),
            t('stocktaking:recount'),
            () =>
              client.mutate({
                mutation: RecountLinesDocument,
                variables: { stocktakingId: String(stocktaking.id), lineIds },
              }),
            t('stocktaking:toasts.recount', { count: lineIds.length }),
          );
          if (ok) setSelected(new Set());
        };
        const complete = () =>
          act(
            t(...completeQuestion(stocktaking)),
            t('stocktaking:complete'),
            () => client.mutate({ mutation: CompleteStocktakingDocument, variables: version }),
            t('stocktaking:toasts.completed'),
          );
        const book = () =>
          act(
            t('stocktaking:questions.book', { name: stocktaking.name }),
            t('stocktaking:book'),
            () => client.mutate({ mutation: BookStocktakingDocument, variables: version }),
            t('stocktaking:toasts.booked'),
          );

        const running = stocktaking.status === 'COUNTING' || stocktaking.status === 'COUNTED';
        const selectable = running && can('stocktaking:count');
        const toggle = (line: Line, on: boolean) => {
          const next = new Set(selected);
          if (on) next.add(String(line.id));
          else next.delete(String(line.id));
          setSelected(next);
        };
        const allOnPage = lines.length > 0 && lines.every((l) => selected.has(String(l.id)));
        const exportName = encodeURIComponent(String(stocktaking.id));
        const label = {
          select: t('stocktaking:selectColumn'),
          place: t('stocktaking:fields.place'),
          sku: t('stocktaking:fields.sku'),
          product: t('stocktaking:fields.product'),
          lot: t('stocktaking:fields.lot'),
          bestBefore: t('stocktaking:fields.bestBefore'),
          expected: t('stocktaking:fields.expected'),
          counted: t('stocktaking:fields.counted'),
          variance: t('stocktaking:fields.variance'),
          varianceValue: t('stocktaking:fields.varianceValue'),
          countedBy: t('stocktaking:fields.countedBy'),
        };

        return (
          <Page
            title={t('stocktaking:titles.summary', {
              number: stocktaking.number,
              name: stocktaking.name,
            })}
            back={backToList(t)}
            actions={
              <>
                {stocktaking.status === 'COUNTING' ? (
                  <Button
                    icon="barcode"
                    text={t('stocktaking:backToCounting')}
                    onClick={() => navigate(`/stocktaking/${stocktaking.id}/edit`)}
                  />
                ) : null}
                <AnchorButton
                  icon="download"
                  text={t('stocktaking:csv')}
                  href={`/export/stocktakings/${exportName}.csv?lang=${format.language}`}
                />
                <AnchorButton
                  icon="document"
                  text={t('stocktaking:pdf')}
                  href={`/spa/stocktakings/${exportName}.pdf?lang=${format.language}`}
                  target="_blank"
                />
              </>
            }
          >
            <div className="kontor-stocktaking-header">
              <StatusTags stocktaking={stocktaking} />
              <span>{scopeText(stocktaking)}</span>
              <Progress stocktaking={stocktaking} />
            </div>
            <div className="kontor-stocktaking-toolbar">
              <Switch
                checked={onlyVariances}
                label={t('stocktaking:onlyVariances')}
                onChange={(event) => {
                  setOnlyVariances(event.currentTarget.checked);
                  setPage(1);
                }}
              />
              {selectable ? (
                <Button
                  icon="refresh"
                  text={t('stocktaking:recount')}
                  disabled={selected.size === 0 || busy}
                  onClick={() => void recount()}
                />
              ) : null}
              {stocktaking.status === 'COUNTING' && can('stocktaking:update') ? (
                <Button
                  icon="tick"
                  intent={Intent.PRIMARY}
                  text={t('stocktaking:complete')}
                  disabled={busy}
                  onClick={() => void complete()}
                />
              ) : null}
              {stocktaking.status === 'COUNTED' && can('stocktaking:book') ? (
                <Button
                  icon="endorsed"
                  intent={Intent.SUCCESS}
                  text={t('stocktaking:book')}
                  disabled={busy}
                  onClick={() => void book()}
                />
              ) : null}
            </div>
            <Callout
              className="kontor-stocktaking-totals"
              intent={totals.variance ? Intent.WARNING : Intent.NONE}
              role="status"
              aria-label={t('stocktaking:total')}
            >
              {t('stocktaking:summaryTotals', {
                expected: shown(totals.expected, hidden),
                counted: quantity(totals.counted),
                variance: totals.variance === null ? hidden : signed(totals.variance),
                value:
                  totals.varianceValue === null ? hidden : formatCurrency(totals.varianceValue),
              })}
            </Callout>
            {loaded.loading && lines.length === 0 ? <Spinner size={30} /> : null}
            {lines.length === 0 && !loaded.loading ? (
              <EmptyState />
            ) : (
              <TableScroll label={title}>
                <HTMLTable
                  compact
                  striped
                  interactive
                  aria-label={title}
                  className="kontor-stocktaking-summary"
                >
                  <thead>
                    <tr>
                      {selectable ? (
                        <th>
                          <Checkbox
                            aria-label={t('stocktaking:selectAll')}
                            checked={allOnPage}
                            onChange={(event) => {
                              const next = new Set(selected);
                              for (const line of lines)
                                if (event.currentTarget.checked) next.add(String(line.id));
                                else next.delete(String(line.id));
                              setSelected(next);
                            }}
                          />
                        </th>
                      ) : null}
                      <th>{label.place}</th>
                      <th data-key-column="">{label.sku}</th>
                      <th>{label.product}</th>
                      <th>{label.lot}</th>
                      <th>{label.bestBefore}</th>
                      <th className="kontor-number" data-key-column="">
                        {label.expected}
                      </th>
                      <th className="kontor-number" data-key-column="">
                        {label.counted}
                      </th>
                      <th className="kontor-number" data-key-column="">
                        {label.variance}
                      </th>
                      <th className="kontor-number">{label.varianceValue}</th>
                      <th>{label.countedBy}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {lines.map((line) => (
                      <tr
                        key={line.id}
                        className={line.variance ? 'kontor-stocktaking-variance' : undefined}
                      >
                        {selectable ? (
                          <td data-label={label.select}>
                            <Checkbox
                              aria-label={t('stocktaking:select', {
                                name: `${line.place.path} ${line.product.sku} ${line.lot}`.trim(),
                              })}
                              checked={selected.has(String(line.id))}
                              onChange={(event) => toggle(line, event.currentTarget.checked)}
                            />
                          </td>
                        ) : null}
                        <td data-label={label.place}>{line.place.path}</td>
                        <LineCells line={line} />
                        <td
                          className="kontor-number"
                          data-label={label.expected}
                          data-key-column=""
                        >
                          {shown(line.expectedQuantity, hidden)}
                        </td>
                        <td className="kontor-number" data-label={label.counted} data-key-column="">
                          {shown(line.countedQuantity)}
                        </td>
                        <td
                          className="kontor-number"
                          data-label={label.variance}
                          data-key-column=""
                        >
                          {line.variance === null ? '' : signed(line.variance)}
                        </td>
                        <td className="kontor-number" data-label={label.varianceValue}>
                          {line.varianceValue === null ? '' : formatCurrency(line.varianceValue)}
                        </td>
                        <td data-label={label.countedBy}>
                          {line.countedByName ?? ''}
                          {line.countedAt ? ` · ${dateTime(line.countedAt)}` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </TableScroll>
            )}
            <Pager page={page} pages={pages} onPage={setPage} />
            {question}
          </Page>
        );
      }}
    </RecordPage>
  );
}
