import { Button, Callout, Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { ShopConnectionHealthDocument, type ShopConnectionHealthQuery } from '../graphql/generated';
import {
  can,
  navigate,
  Page,
  queryState,
  RecordPage,
  useQuery,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { ConnectionActions, ConnectionTestResult, useConnectionTest } from './actions';
import { count, lag, Since, StatusTag } from './format';
import { Conflicts, DeadLetters, Pushes, Requests } from './health-tables';
import { useConnectorLabels } from './list';
import { editPath, LIST_PATH } from './paths';

type Connection = NonNullable<ShopConnectionHealthQuery['shopConnection']>;

/** How often an open connection page asks again: a sync runs on the server meanwhile. */
const HEALTH_POLL_MS = 15_000;

/** A figure of the health panel: its label above, its value below; a group named by the label. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="kontor-shop-figure" role="group" aria-label={label}>
      <div className="kontor-shop-figure-label">{label}</div>
      <div className="kontor-shop-figure-value">{children}</div>
    </div>
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
      title={t('shops:titles.connection', { name: connection.name })}
      back={{ to: LIST_PATH, label: t('shops:back.list') }}
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
        {label(connection.connector)} · {connection.client.name}
        {connection.department ? ` (${connection.department.name})` : ''} ·{' '}
        <a href={connection.baseUrl} target="_blank" rel="noreferrer">
          {connection.baseUrl}
        </a>
      </p>
      <ConnectionTestResult result={tested} />
      <div className="kontor-shop-figures">
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
      </div>
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
      back={{ to: LIST_PATH, label: t('shops:back.list') }}
      query={loaded}
      pick={(data) => data.shopConnection}
    >
      {(connection) => <ConnectionScreen connection={connection} />}
    </RecordPage>
  );
}
