import { pages } from '../pages';
import { registerMenuItems, registerRoute } from '../shared-session';
import { connectorPage } from './ConnectorPage';
import { currentShopConnectors, keepShopConnector, type ShopConnector } from './connectors';

const MODULE = '@kontor/shop-connectors';
const SHOPS_PATH = '/administration/shops';
/** The menu item (Shop-Verbindungen, under Verwaltung) connectors become children of. */
const SHOPS_MENU_ITEM = 'shops';
/**
 * Once the shops item has children (the connectors) it opens them instead of linking: its own
 * page becomes its first child, as the orders group's overview is.
 */
const OVERVIEW_ITEM = {
  name: 'shops.connections',
  title: 'shops:menu.connections',
  pathTo: SHOPS_PATH,
  group: SHOPS_MENU_ITEM,
  icon: 'th-list',
  position: 0,
  acl: 'shop:view',
};
/** Where connectors go among the children, after the overview (by name when equal). */
const CONNECTOR_POSITION = 10;
/** The first segment of the module's own pages below SHOPS_PATH (`connections/:id` …). */
const RESERVED_PATHS = new Set(['connections']);
/** A connector's screen is for those who may see the shop connections. */
const SHOP_VIEW = 'shop:view';

/**
 * Registers a shop connector at runtime: route `shops.{name}` at
 * `/administration/shops/{path}` (guarded by shop:view, rendered by this module), a child of
 * the Shop-Verbindungen menu item, its screen, and its settings form for the connection form.
 * Registering a name again replaces it.
 *
 * A connector module never imports this module; it asks SystemJS for it by its import-map
 * name, which loads the bundle once and returns its exports (mf-connector-shopware):
 *
 *   const { registerShopConnector } = await System.import('@kontor/shop-connectors');
 *   registerShopConnector({ name: 'shopware6', path: 'shopware', component: ShopwareHelp,
 *     settingsForm: ShopwareSettings, menu: { title: 'shopware:menu.title', icon: 'shop' } });
 */
export function registerShopConnector(connector: ShopConnector): void {
  const name = connector.name.trim();
  const path = connector.path.replace(/^\/+|\/+$/g, '');
  if (!/^[\w-]+$/.test(name)) {
    throw new Error(`A shop connector's name is letters, digits, - or _: '${connector.name}'`);
  }
  if (!/^[\w-]+$/.test(path)) {
    throw new Error(
      `Shop connector '${name}' needs a fixed path of one segment below ${SHOPS_PATH}: '${connector.path}'`,
    );
  }
  if (RESERVED_PATHS.has(path)) {
    throw new Error(`Shop connector '${name}' would take the path ${SHOPS_PATH}/${path}`);
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
    permission: SHOP_VIEW,
    pageTitle: title,
    module: MODULE,
  });
  registerMenuItems([
    OVERVIEW_ITEM,
    {
      name: routeName,
      title,
      pathTo,
      group: SHOPS_MENU_ITEM,
      icon: connector.menu?.icon ?? 'shop',
      position: connector.menu?.position ?? CONNECTOR_POSITION,
      acl: connector.menu?.acl ?? SHOP_VIEW,
    },
  ]);
}
