import { Button, Callout, H3, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import {
  RetryShopDeadLetterDocument,
  RetryShopPushesDocument,
  ShopConnectionHealthDocument,
  type ShopConnectionHealthQuery,
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
  TableScroll,
  useMutation,
  useQuery,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { ConnectionActions, ConnectionTestResult, useConnectionTest } from './actions';
import { count, dateTime, lag, Since, StatusTag } from './format';
import { useConnectorLabels } from './list';
import { editPath, LIST_PATH } from './paths';

type Connection = NonNullable<ShopConnectionHealthQuery['shopConnection']>;

/** How often an open connection page asks again: a sync runs on the server meanwhile. */
const HEALTH_POLL_MS = 15_000;

/** A figure of the health panel: its label above, its value below. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="kontor-shop-figure" role="group" aria-label={label}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A titled table section; 'Keine Einträge' when it has no rows. */
function TableSection({
  title,
  empty,
  headers,
  actions,
  children,
}: {
  title: string;
  empty: boolean;
  headers: string[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <section className="kontor-shop-health-section">
      <header className="kontor-shop-health-header">
        <H3>{title}</H3>
        {actions}
      </header>
      {empty ? (
        <p className="bp6-text-muted">{t('common:empty')}</p>
      ) : (
        <TableScroll label={title}>
          <HTMLTable compact striped aria-label={title}>
            <thead>
              <tr>
                {headers.map((header) => (
                  <th key={header}>{header}</th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </HTMLTable>
        </TableScroll>
      )}
    </section>
  );
}

/** Orders of the shop that could not be taken, with the reason and 'Erneut versuchen'. */
function DeadLetters({ connection }: { connection: Connection }) {
  const { t } = useTranslation('shops');
  const [retry] = useMutation(RetryShopDeadLetterDocument);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, number: string) => {
    setBusy(id);
    try {
      await retry({ variables: { id } });
      showToast(t('shops:toasts.deadLetterRetried', { number }), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    } finally {
      setBusy(null);
    }
  };
  const mayRetry = can('shop:sync');
  return (
    <TableSection
      title={t('shops:health.deadLetters')}
      empty={connection.deadLetters.length === 0}
      headers={[
        t('shops:fields.externalNumber'),
        t('shops:fields.reason'),
        t('shops:fields.attempts'),
        t('shops:fields.lastAt'),
        ...(mayRetry ? [t('shops:fields.actions')] : []),
      ]}
    >
      {connection.deadLetters.map((letter) => (
        <tr key={letter.id}>
          <td>{letter.externalNumber || letter.externalId}</td>
          <td className="kontor-shop-reason">{letter.reason}</td>
          <td>{count(letter.attempts)}</td>
          <td>{dateTime(letter.lastAt)}</td>
          {mayRetry ? (
            <td>
              <Button
                size="small"
                icon="repeat"
                text={t('shops:actions.retry')}
                aria-label={`${t('shops:actions.retry')}: ${letter.externalNumber || letter.externalId}`}
                loading={busy === letter.id}
                onClick={() => void run(String(letter.id), letter.externalNumber)}
              />
            </td>
          ) : null}
        </tr>
      ))}
    </TableSection>
  );
}

/** The push-backs (tracking and shipped state); failed ones are sent again on request. */
function Pushes({ connection }: { connection: Connection }) {
  const { t } = useTranslation('shops');
  const [retry, { loading }] = useMutation(RetryShopPushesDocument);
  const failed = connection.pushes.some((push) => push.lastError && !push.doneAt);
  const run = async () => {
    try {
      await retry({ variables: { id: String(connection.id) } });
      showToast(t('shops:toasts.pushesRetried'), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };
  return (
    <TableSection
      title={t('shops:health.pushes')}
      empty={connection.pushes.length === 0}
      headers={[
        t('shops:fields.order'),
        t('shops:fields.state'),
        t('shops:fields.attempts'),
        t('shops:fields.createdAt'),
        t('shops:fields.doneAt'),
        t('shops:fields.lastError'),
      ]}
      actions={
        failed && can('shop:sync') ? (
          <Button
            icon="repeat"
            text={t('shops:actions.retryPushes')}
            loading={loading}
            onClick={() => void run()}
          />
        ) : null
      }
    >
      {connection.pushes.map((push) => (
        <tr key={push.id}>
          <td>
            <Link to={`/order/${push.orderId}/edit`}>{push.orderNumber}</Link>
          </td>
          <td>
            <Tag
              minimal
              intent={push.doneAt ? Intent.SUCCESS : push.lastError ? Intent.DANGER : Intent.NONE}
            >
              {t(`shops:pushStates.${push.state}`, { defaultValue: push.state })}
            </Tag>
          </td>
          <td>{count(push.attempts)}</td>
          <td>{dateTime(push.createdAt)}</td>
          <td>{push.doneAt ? dateTime(push.doneAt) : '—'}</td>
          <td className="kontor-shop-reason">{push.lastError ?? ''}</td>
        </tr>
      ))}
    </TableSection>
  );
}

/** Orders whose change in the shop Kontor could not apply (picked or packed already). */
function Conflicts({ connection }: { connection: Connection }) {
  const { t } = useTranslation('shops');
  return (
    <TableSection
      title={t('shops:health.conflicts')}
      empty={connection.conflicts.length === 0}
      headers={[t('shops:fields.order'), t('shops:fields.conflict'), t('shops:fields.at')]}
    >
      {connection.conflicts.map((conflict) => (
        <tr key={`${conflict.orderId}-${conflict.at}`}>
          <td>
            <Link to={`/order/${conflict.orderId}/edit`}>{conflict.orderNumber}</Link>
          </td>
          <td className="kontor-shop-reason">{conflict.conflict}</td>
          <td>{dateTime(conflict.at)}</td>
        </tr>
      ))}
    </TableSection>
  );
}

/** The latest requests to the shop: time, method, path, status, duration. */
function Requests({ connection }: { connection: Connection }) {
  const { t } = useTranslation('shops');
  return (
    <TableSection
      title={t('shops:health.requests')}
      empty={connection.requests.length === 0}
      headers={[
        t('shops:fields.at'),
        t('shops:fields.method'),
        t('shops:fields.path'),
        t('shops:fields.httpStatus'),
        t('shops:fields.duration'),
      ]}
    >
      {connection.requests.map((request, i) => (
        <tr key={`${request.at}-${i}`}>
          <td>{dateTime(request.at, true)}</td>
          <td>{request.method}</td>
          <td className="kontor-shop-path">{request.path}</td>
          <td>
            <Tag
              minimal
              intent={
                request.status >= 200 && request.status < 400 ? Intent.SUCCESS : Intent.DANGER
              }
              title={request.error ?? undefined}
            >
              {request.status === 0 ? t('shops:health.noAnswer') : request.status}
            </Tag>
            {request.error ? <span className="kontor-shop-reason"> {request.error}</span> : null}
          </td>
          <td className="kontor-number">
            {t('shops:health.milliseconds', { count: request.durationMs })}
          </td>
        </tr>
      ))}
    </TableSection>
  );
}

/** The connection's page: status and figures, the actions, and what went wrong, newest first. */
function ConnectionScreen({ connection }: { connection: Connection }) {
  const { t } = useTranslation('shops');
  const label = useConnectorLabels();
  const test = useConnectionTest();
  const [tested, setTested] = useState<Awaited<ReturnType<typeof test.run>> | null>(null);
  const runTest = async () => {
    setTested(null);
    // The stored connection as it is: the server takes its stored secrets.
    setTested(
      await test.run(String(connection.id), {
        name: connection.name,
        connector: connection.connector,
        clientId: String(connection.client.id),
        departmentId: connection.department ? String(connection.department.id) : null,
        baseUrl: connection.baseUrl,
        settings: connection.settings.map(({ key, value }) => ({ key, value })),
        importStates: connection.importStates,
        webhooksEnabled: connection.webhooksEnabled,
      }),
    );
  };
  return (
    <Page
      title={connection.name}
      actions={
        <>
          <ConnectionActions connection={connection} />
          {can('shop:sync') ? (
            <Button
              icon="exchange"
              variant="outlined"
              text={t('shops:actions.test')}
              loading={test.loading}
              onClick={() => void runTest()}
            />
          ) : null}
          {can('shop:update') ? (
            <Button
              icon="edit"
              intent={Intent.PRIMARY}
              text={t('shops:actions.edit')}
              onClick={() => navigate(editPath(connection.id))}
            />
          ) : null}
        </>
      }
    >
      <p className="kontor-shop-subtitle">
        <Link to={LIST_PATH}>{t('shops:list.title')}</Link> · {label(connection.connector)} ·{' '}
        {connection.client.name}
        {connection.department ? ` (${connection.department.name})` : ''} ·{' '}
        <a href={connection.baseUrl} target="_blank" rel="noreferrer">
          {connection.baseUrl}
        </a>
      </p>
      <ConnectionTestResult result={tested} />
      <dl className="kontor-shop-figures">
        <Figure label={t('shops:fields.status')}>
          <StatusTag status={connection.status} />
        </Figure>
        <Figure label={t('shops:fields.lastSuccessAt')}>
          <Since at={connection.lastSuccessAt} />
        </Figure>
        <Figure label={t('shops:fields.lag')}>{lag(connection.lagSeconds)}</Figure>
        <Figure label={t('shops:fields.ordersToday')}>{count(connection.ordersToday)}</Figure>
        <Figure label={t('shops:fields.openErrors')}>{count(connection.openErrors)}</Figure>
        <Figure label={t('shops:fields.lastSyncAt')}>
          <Since at={connection.lastSyncAt} />
        </Figure>
      </dl>
      {connection.lastError ? (
        <Callout intent={Intent.DANGER} icon="error" title={t('shops:fields.lastError')}>
          {connection.lastError}
        </Callout>
      ) : null}
      <DeadLetters connection={connection} />
      <Pushes connection={connection} />
      <Conflicts connection={connection} />
      <Requests connection={connection} />
    </Page>
  );
}

/** /administration/shops/connections/:id: the connection of the route, its spinner, or 'not found'. */
export function ConnectionPage({ route, params }: PageProps) {
  const { t } = useTranslation('shops');
  const loaded = queryState(
    useQuery(ShopConnectionHealthDocument, {
      variables: { id: params.id ?? '' },
      pollInterval: HEALTH_POLL_MS,
    }),
  );
  return (
    <RecordPage
      title={t(route.pageTitle ?? '')}
      query={loaded}
      pick={(data) => data.shopConnection}
    >
      {(connection) => <ConnectionScreen connection={connection} />}
    </RecordPage>
  );
}
