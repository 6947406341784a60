import { H3 } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { mountRootParcel } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { ConnectionsList } from '../connections/list';
import { useTranslation, type PageProps } from '../shared-session';
import type { ShopConnector, ShopConnectorParcel } from './connectors';

function isParcel(component: ShopConnector['component']): component is ShopConnectorParcel {
  return typeof component === 'object' && component !== null && 'mount' in component;
}

/**
 * The page of one connector's route: its connections (the shops page's list, only this
 * connector's), then the connector's own screen (its setup help) below.
 */
export function connectorPage(
  connector: ShopConnector & { title: string },
): ComponentType<PageProps> {
  const { component } = connector;
  function ShopConnectorPage(props: PageProps) {
    const { t } = useTranslation('shops');
    const Screen = isParcel(component) ? null : component;
    return (
      <>
        <ConnectionsList title={t(connector.title)} connector={connector.name} />
        <section className="kontor-shop-connector-help" aria-labelledby="kontor-shop-help-title">
          <H3 id="kontor-shop-help-title">{t('shops:connectors.setup')}</H3>
          {Screen ? (
            <Screen {...props} />
          ) : (
            <Parcel
              config={component as ShopConnectorParcel}
              mountParcel={mountRootParcel}
              {...props}
            />
          )}
        </section>
      </>
    );
  }
  ShopConnectorPage.displayName = `ShopConnectorPage(${connector.name})`;
  return ShopConnectorPage;
}
