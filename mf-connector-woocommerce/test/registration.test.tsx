// The WooCommerce connector module as root-config loads it at boot: its registration (`ready`)
// gives the shop connections a connector named like the server's (woocommerce) with its route,
// its menu item and its settings form; its setup help says where the keys come from.
import { changeLanguage, i18n, matchRoute, type PageProps } from '@kontor/shared-session';
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { currentShopConnectors } from '../../mf-shop-connectors/src/connectors/connectors';
import { ready } from '../src/kontor-connector-woocommerce';

const woocommerce = () => currentShopConnectors().find((c) => c.name === 'woocommerce');

beforeAll(() => ready);
afterEach(() => act(() => changeLanguage('de')));

test('registers the connector woocommerce at /administration/shops/woocommerce, guarded by shop:view', () => {
  expect(woocommerce()).toMatchObject({
    name: 'woocommerce',
    path: 'woocommerce',
    pathTo: '/administration/shops/woocommerce',
    routeName: 'shops.woocommerce',
    title: 'woocommerce:title',
    settings: { trackingMode: 'shipment-tracking', trackingProvider: '' },
  });
  expect(woocommerce()?.settingsForm).toBeInstanceOf(Function);
  expect(matchRoute('/administration/shops/woocommerce')?.route).toMatchObject({
    name: 'shops.woocommerce',
    permission: 'shop:view',
    module: '@kontor/shop-connectors',
  });
});

test('names its fields as WooCommerce does, in German and English', async () => {
  expect(i18n.t('woocommerce:fields.consumerKey')).toBe('Consumer Key (ck_…)');
  expect(i18n.t('woocommerce:trackingModes.note')).toBe('als Bestellnotiz');
  await act(() => changeLanguage('en'));
  expect(i18n.t('woocommerce:fields.consumerSecret')).toBe('Consumer secret (cs_…)');
  expect(i18n.t('woocommerce:trackingModes.note')).toBe('as an order note');
});

test('its setup help says where in WooCommerce the REST API keys come from', async () => {
  const Setup = woocommerce()!.component as ComponentType<PageProps>;
  const route = matchRoute('/administration/shops/woocommerce')!.route;
  const { unmount } = render(<Setup route={route} params={{}} />);
  expect(screen.getByText(/WooCommerce › Einstellungen › Erweitert › REST-API/)).toBeVisible();
  expect(screen.getByText(/„Lesen\/Schreiben“/)).toBeVisible();
  unmount();
  await act(() => changeLanguage('en'));
  render(<Setup route={route} params={{}} />);
  expect(screen.getByText(/WooCommerce › Settings › Advanced › REST API/)).toBeVisible();
});
