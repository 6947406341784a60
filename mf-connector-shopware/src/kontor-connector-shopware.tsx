// Entry of @kontor/connector-shopware, loaded at boot for holders of shop:view (its manifest's
// loadAtBoot): registers the Shopware 6 connector with the shop connections. It asks SystemJS
// for @kontor/shop-connectors (a module never imports another) and exports that registration
// as `ready`, which root-config's boot loading waits for (a System.register bundle cannot
// make SystemJS wait for a top-level await): a failure shows on the shops page.
import type { ShopConnectorsModule } from '../../mf-shop-connectors/src/connectors/connectors';
import { shopwareConnector } from './connector';
import { addTranslations, loadShared } from './shared-session';
import { shopwareTexts } from './texts';

addTranslations(shopwareTexts);

export const ready = loadShared<ShopConnectorsModule>('@kontor/shop-connectors').then((shops) =>
  shops.registerShopConnector(shopwareConnector),
);
