import { Button, Callout, Icon, Intent, Spinner, type IconName } from '@blueprintjs/core';
import { ShopConnectionFormDocument, ShopConnectorsDocument } from '../graphql/generated';
import { currentShopConnectors, shopConnectors$ } from '../connectors/connectors';
import {
  EmptyState,
  Page,
  queryState,
  RecordPage,
  useObservable,
  useQuery,
  useSearchParams,
  useTranslation,
  type ModulePages,
  type PageProps,
} from '../shared-session';
import { ConnectionPage } from './details';
import { ConnectionForm, type ConnectorInfo } from './form';
import { ShopsPage } from './list';
import { connectionPath, LIST_PATH } from './paths';
import './connections.css';

/** The connectors a connection can be made with: registered here and known to the server. */
function useAvailableConnectors() {
  const registered = useObservable(shopConnectors$, currentShopConnectors());
  const answer = queryState(useQuery(ShopConnectorsDocument));
  const infos = answer.data?.shopConnectors ?? [];
  return {
    loading: answer.loading && !answer.data,
    infos,
    registered,
    available: infos.flatMap((info) => {
      const connector = registered.find((c) => c.name === info.name);
      return connector ? [{ info, connector }] : [];
    }),
  };
}

/**
 * /administration/shops/connections/create: first one of the connectors (registered by a
 * connector module, and known to the server), then its form; `?connector=` keeps the choice.
 */
function CreateConnectionPage({ route }: PageProps) {
  const { t } = useTranslation('shops');
  const title = t(route.pageTitle ?? '');
  const [params, setParams] = useSearchParams();
  const { loading, available } = useAvailableConnectors();
  const chosen = available.find(({ info }) => info.name === params.get('connector'));
  const back = { to: LIST_PATH, label: t('shops:back.list') };
  if (chosen) {
    return (
      <ConnectionForm
        key={chosen.info.name}
        title={`${title}: ${chosen.info.label}`}
        back={back}
        info={chosen.info}
        connector={chosen.connector}
      />
    );
  }
  return (
    <Page title={title} back={back}>
      {loading ? (
        <Spinner />
      ) : available.length === 0 ? (
        <EmptyState description={t('shops:connectors.noneToCreate')} />
      ) : (
        <>
          <p>{t('shops:form.chooseConnector')}</p>
          <ul className="kontor-shop-connector-list" aria-label={t('shops:connectors.title')}>
            {available.map(({ info, connector }) => (
              <li key={info.name}>
                <Button
                  className="kontor-shop-connector"
                  variant="outlined"
                  size="large"
                  icon={<Icon icon={(connector.menu?.icon ?? 'shop') as IconName} size={20} />}
                  text={info.label}
                  onClick={() => setParams({ connector: info.name })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}

/** /administration/shops/connections/:id/edit: the stored connection in its connector's form. */
function EditConnectionPage({ route, params }: PageProps) {
  const { t } = useTranslation('shops');
  const title = t(route.pageTitle ?? '');
  const loaded = queryState(
    useQuery(ShopConnectionFormDocument, { variables: { id: params.id ?? '' } }),
  );
  const { loading, infos, registered } = useAvailableConnectors();
  return (
    <RecordPage
      title={title}
      back={{ to: LIST_PATH, label: t('shops:back.list') }}
      query={loaded}
      pick={(data) => data.shopConnection}
    >
      {(connection) => {
        const named = t('shops:titles.edit', { name: connection.name });
        // Back to the connection's page, where the form was opened (and saving leads).
        const back = {
          to: connectionPath(connection.id),
          label: t('shops:back.connection', { name: connection.name }),
        };
        const info: ConnectorInfo | undefined = infos.find((i) => i.name === connection.connector);
        if (!info) {
          return (
            <Page title={named} back={back}>
              {loading ? (
                <Spinner />
              ) : (
                <Callout intent={Intent.WARNING}>
                  {t('shops:form.connectorUnknown', { connector: connection.connector })}
                </Callout>
              )}
            </Page>
          );
        }
        const connector = registered.find((c) => c.name === connection.connector);
        return (
          <ConnectionForm
            // A connector registering meanwhile brings its settings' kinds (yes/no): form anew.
            key={`${connection.id}-${connection.version}-${connector ? 'ready' : 'missing'}`}
            title={named}
            back={back}
            info={info}
            connector={connector}
            connection={connection}
          />
        );
      }}
    </RecordPage>
  );
}

/**
 * The module's pages by route name. registerShopConnector adds one per connector at
 * runtime: defineModule looks a page up when the route is rendered, so it finds them.
 */
export const connectionPages: ModulePages = {
  'shops.list': ShopsPage,
  'shops.connection.create': CreateConnectionPage,
  'shops.connection': ConnectionPage,
  'shops.connection.edit': EditConnectionPage,
};
