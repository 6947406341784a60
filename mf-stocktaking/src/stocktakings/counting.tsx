import { Button, Callout, Intent } from '@blueprintjs/core';
import {
  StartStocktakingDocument,
  StocktakingDocument,
  type StocktakingFieldsFragment,
} from '../graphql/generated';
import {
  can,
  graphqlProblem,
  Link,
  navigate,
  Page,
  problemText,
  queryState,
  RecordPage,
  showToast,
  useApolloClient,
  useConfirm,
  useQuery,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { Counter } from './counter';
import { backToList, Progress, scopeText, StatusTags } from './format';
import { PlaceList } from './place-list';

// /stocktaking/:id/edit, the counting page: the stocktaking's header, the counting screen
// while it runs (counter.tsx, made for a hand scanner: place → product → quantity, Enter
// after each), and its places in walking order. Other counters' counts arrive by
// RecordChanged and show in the place's lines and the place list.

/**
 * /stocktaking/:id/edit: the header (number, status, scope, progress), the scanner form while
 * the stocktaking runs, and its places. A draft can be started here; a counted one links to
 * its summary.
 */
export function CountingPage({ route, params }: PageProps) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const id = params.id ?? '';
  const result = useQuery(StocktakingDocument, { variables: { id } });
  return (
    <RecordPage
      title={t(route.pageTitle!)}
      back={backToList(t)}
      query={queryState(result)}
      pick={(data) => data.stocktaking}
    >
      {(stocktaking) => (
        <CountingView
          stocktaking={stocktaking}
          refresh={() => void result.refetch().catch(() => undefined)}
        />
      )}
    </RecordPage>
  );
}

/** The counting page of a loaded stocktaking. */
function CountingView({
  stocktaking,
  refresh,
}: {
  stocktaking: StocktakingFieldsFragment;
  refresh: () => void;
}) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const counting = stocktaking.status === 'COUNTING' && can('stocktaking:count');
  // Named by its record; counted only while it runs, otherwise it is read here.
  const named = { number: stocktaking.number, name: stocktaking.name };
  const title = counting
    ? t('stocktaking:titles.counting', named)
    : t('stocktaking:titles.record', named);
  const client = useApolloClient();
  const { confirm, dialog: question } = useConfirm();

  const start = async () => {
    const label = t('stocktaking:start');
    if (!(await confirm(t('stocktaking:questions.start', { name: stocktaking.name }), label)))
      return;
    try {
      await client.mutate({
        mutation: StartStocktakingDocument,
        variables: { id: String(stocktaking.id), version: stocktaking.version },
      });
      showToast(t('stocktaking:toasts.started'), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };

  return (
    <Page
      title={title}
      back={backToList(t)}
      actions={
        stocktaking.status !== 'DRAFT' ? (
          <Button
            icon="th-list"
            text={t('stocktaking:summaryAction')}
            onClick={() => navigate(`/stocktaking/${stocktaking.id}/summary`)}
          />
        ) : null
      }
    >
      <div className="kontor-stocktaking-header">
        <StatusTags stocktaking={stocktaking} />
        <span>{scopeText(stocktaking)}</span>
        {stocktaking.status !== 'DRAFT' ? <Progress stocktaking={stocktaking} /> : null}
      </div>
      {stocktaking.status === 'DRAFT' ? (
        <Callout intent={Intent.PRIMARY} icon="info-sign">
          <p>{t('stocktaking:counting.startFirst')}</p>
          {can('stocktaking:update') ? (
            <Button
              intent={Intent.PRIMARY}
              icon="play"
              text={t('stocktaking:start')}
              onClick={() => void start()}
            />
          ) : null}
        </Callout>
      ) : counting ? (
        <Counter stocktaking={stocktaking} />
      ) : (
        <Callout intent={Intent.NONE} icon="info-sign">
          {t('stocktaking:counting.notCounting', {
            status: t(`stocktaking:status.${stocktaking.status}`),
          })}{' '}
          <Link to={`/stocktaking/${stocktaking.id}/summary`}>
            {t('stocktaking:summaryAction')}
          </Link>
        </Callout>
      )}
      {stocktaking.status !== 'DRAFT' ? (
        <PlaceList stocktakingId={String(stocktaking.id)} onChange={refresh} />
      ) : null}
      {question}
    </Page>
  );
}
