import type { ComponentType } from 'react';
import { mountRootParcel } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { Page, useTranslation, type PageProps } from '../shared-session';
import type { ShopConnector, ShopConnectorParcel } from './connectors';

function isParcel(component: ShopConnector['component']): component is ShopConnectorParcel {
  return typeof component === 'object' && component !== null && 'mount' in component;
}

/** The page of one connector's route: the shared page frame around the connector's screen. */
export function connectorPage(
  connector: ShopConnector & { title: string },
): ComponentType<PageProps> {
  const { component } = connector;
  function ShopConnectorPage(props: PageProps) {
    const { t } = useTranslation('shops');
    if (isParcel(component)) {
      return (
        <Page title={t(connector.title)}>
          <Parcel config={component} mountParcel={mountRootParcel} {...props} />
        </Page>
      );
    }
    const Screen = component;
    return (
      <Page title={t(connector.title)}>
        <Screen {...props} />
      </Page>
    );
  }
  ShopConnectorPage.displayName = `ShopConnectorPage(${connector.name})`;
  return ShopConnectorPage;
}
