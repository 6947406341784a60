// Entry of @kontor/connector-woocommerce, loaded at boot for holders of shop:view (its
// manifest's loadAtBoot): registers the WooCommerce connector with the shop connections. It
// asks SystemJS for @kontor/shop-connectors (a module never imports another) and exports that
// registration as `ready`, which root-config's boot loading waits for: a failure shows on the
// shops page.
import type { ShopConnectorsModule } from '../../mf-shop-connectors/src/connectors/connectors';
import { woocommerceConnector } from './connector';
import { addTranslations, loadShared } from './shared-session';
import { woocommerceTexts } from './texts';

addTranslations(woocommerceTexts);

export const ready = loadShared<ShopConnectorsModule>('@kontor/shop-connectors').then((shops) =>
  shops.registerShopConnector(woocommerceConnector),
);
