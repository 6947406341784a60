import manifest from './manifest.json';
import { pages } from './pages';
import { defineModule } from './shared-session';

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/shop-connectors',
  pages,
  translations: manifest.translations,
});

// Connector modules reach this through System.import('@kontor/shop-connectors').
export { registerShopConnector } from './connectors/register-shop-connector';
