import { connectionTexts } from './connections/texts';
import manifest from './manifest.json';
import { pages } from './pages';
import { defineModule, moduleTexts } from './shared-session';

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/shop-connectors',
  pages,
  translations: moduleTexts('shops', manifest.translations, connectionTexts),
});

// Connector modules reach this through System.import('@kontor/shop-connectors').
export { registerShopConnector } from './connectors/register-shop-connector';
