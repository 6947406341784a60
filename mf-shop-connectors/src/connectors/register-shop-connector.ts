import { pages } from '../pages';
import { registerMenuItems, registerRoute } from '../shared-session';
import { connectorPage } from './ConnectorPage';
import { currentShopConnectors, keepShopConnector, type ShopConnector } from './connectors';

const MODULE = '@kontor/shop-connectors';
const SHOPS_PATH = '/administration/shops';
/** The menu item (Shop-Verbindungen, under Verwaltung) connectors become children of. */
const SHOPS_MENU_ITEM = 'shops';

/**
 * Registers a shop connector at runtime: route `shops.{name}` at
 * `/administration/shops/{path}` (login only, rendered by this module), a child of the
 * Shop-Verbindungen menu item, and its screen. Registering a name again replaces it.
 *
 * A connector module never imports this module; it asks SystemJS for it by its import-map
 * name, which loads the bundle once and returns its exports:
 *
 *   const { registerShopConnector } = await System.import('@kontor/shop-connectors');
 *   registerShopConnector({ name: 'shopware', path: 'shopware', component: ShopwareParcel,
 *     menu: { title: 'shopware:menu.title', icon: 'shop' } });
 */
export function registerShopConnector(connector: ShopConnector): void {
  const name = connector.name.trim();
  const path = connector.path.replace(/^\/+|\/+$/g, '');
  if (!/^[\w-]+$/.test(name)) {
    throw new Error(`A shop connector's name is letters, digits, - or _: '${connector.name}'`);
  }
  if (!path || path.split('/').some((segment) => !segment || segment.startsWith(':'))) {
    throw new Error(
      `Shop connector '${name}' needs a fixed path below ${SHOPS_PATH}: '${connector.path}'`,
    );
  }
  const routeName = `shops.${name}`;
  const isConnector = currentShopConnectors().some((c) => c.routeName === routeName);
  if (routeName in pages && !isConnector) {
    throw new Error(`Shop connector '${name}' would replace the route ${routeName}`);
  }
  const pathTo = `${SHOPS_PATH}/${path}`;
  const title = connector.menu?.title ?? name;
  const registered = { ...connector, name, path, routeName, pathTo, title };

  // The page first: the route's registration re-resolves the current path, which renders it.
  pages[routeName] = connectorPage(registered);
  keepShopConnector(registered);
  registerRoute({
    name: routeName,
    path: pathTo,
    access: 'login',
    pageTitle: title,
    module: MODULE,
  });
  registerMenuItems([
    {
      name: routeName,
      title,
      pathTo,
      group: SHOPS_MENU_ITEM,
      icon: connector.menu?.icon ?? 'shop',
      position: connector.menu?.position,
      acl: connector.menu?.acl,
    },
  ]);
}
