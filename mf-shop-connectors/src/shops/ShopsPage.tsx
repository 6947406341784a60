import { Icon, type IconName } from '@blueprintjs/core';
import { shopConnectors$, currentShopConnectors } from '../connectors/connectors';
import {
  EmptyState,
  Link,
  Page,
  useObservable,
  useTranslation,
  type PageProps,
} from '../shared-session';

/** Shop-Verbindungen: the shop connectors this installation has loaded, each a link to its screen. */
export function ShopsPage({ route }: PageProps) {
  const { t } = useTranslation('shops');
  const connectors = useObservable(shopConnectors$, currentShopConnectors());
  return (
    <Page title={t(route.pageTitle ?? 'shops:list.title')}>
      {connectors.length === 0 ? (
        <EmptyState description={t('list.description')} />
      ) : (
        <ul className="kontor-shop-connectors">
          {connectors.map((connector) => (
            <li key={connector.name}>
              <Link to={connector.pathTo}>
                <Icon icon={(connector.menu?.icon ?? 'shop') as IconName} /> {t(connector.title)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
