// The Shopware connector module as root-config loads it at boot: its registration (`ready`)
// gives the shop connections a connector named like the server's (shopware6) with its route,
// its menu item and its settings form; its setup help says where the keys come from.
import { changeLanguage, i18n, matchRoute, type PageProps } from '@kontor/shared-session';
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { currentShopConnectors } from '../../mf-shop-connectors/src/connectors/connectors';
import { ready } from '../src/kontor-connector-shopware';

const shopware = () => currentShopConnectors().find((c) => c.name === 'shopware6');

beforeAll(() => ready);
afterEach(() => act(() => changeLanguage('de')));

test('registers the connector shopware6 at /administration/shops/shopware, guarded by shop:view', () => {
  expect(shopware()).toMatchObject({
    name: 'shopware6',
    path: 'shopware',
    pathTo: '/administration/shops/shopware',
    routeName: 'shops.shopware6',
    title: 'shopware:title',
    settings: { completeOrder: false },
  });
  expect(shopware()?.settingsForm).toBeInstanceOf(Function);
  expect(matchRoute('/administration/shops/shopware')?.route).toMatchObject({
    name: 'shops.shopware6',
    permission: 'shop:view',
    module: '@kontor/shop-connectors',
  });
});

test('names its fields as Shopware does, in German and English', async () => {
  expect(i18n.t('shopware:fields.clientId')).toBe('Zugangsschlüssel-ID');
  expect(i18n.t('shopware:fields.clientSecret')).toBe('Geheimer Zugangsschlüssel');
  await act(() => changeLanguage('en'));
  expect(i18n.t('shopware:fields.clientId')).toBe('Access key ID');
  expect(i18n.t('shopware:fields.clientSecret')).toBe('Secret access key');
});

test('its setup help says where in the Shopware administration the keys come from', async () => {
  const Setup = shopware()!.component as ComponentType<PageProps>;
  const route = matchRoute('/administration/shops/shopware')!.route;
  const { unmount } = render(<Setup route={route} params={{}} />);
  expect(screen.getByText(/Einstellungen › System › Integrationen/)).toBeVisible();
  unmount();
  await act(() => changeLanguage('en'));
  render(<Setup route={route} params={{}} />);
  expect(screen.getByText(/Settings › System › Integrations/)).toBeVisible();
});
