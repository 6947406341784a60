import type {
  ConnectorSettingsProps,
  ShopConnector,
} from '../../mf-shop-connectors/src/connectors/connectors';
import { useTranslation } from './shared-session';

/**
 * WooCommerce's fields of the connection form: the shop's address, the REST API's consumer
 * key and secret, the webhook secret, and how a shipment's tracking reaches the order.
 */
function WooCommerceSettings({ fields }: ConnectorSettingsProps) {
  const { t } = useTranslation('woocommerce');
  const { ShopUrl, Secret, Setting, SettingChoice } = fields;
  return (
    <>
      <ShopUrl
        label={t('woocommerce:fields.shopUrl')}
        placeholder="https://shop.example.de"
        hint={t('woocommerce:fields.shopUrlHint')}
      />
      <Secret name="consumerKey" label={t('woocommerce:fields.consumerKey')} required />
      <Secret name="consumerSecret" label={t('woocommerce:fields.consumerSecret')} required />
      <Secret name="webhookSecret" label={t('woocommerce:fields.webhookSecret')} />
      <SettingChoice
        name="trackingMode"
        label={t('woocommerce:fields.trackingMode')}
        options={[
          { value: 'shipment-tracking', label: t('woocommerce:trackingModes.shipment-tracking') },
          { value: 'note', label: t('woocommerce:trackingModes.note') },
        ]}
      />
      <Setting
        name="trackingProvider"
        label={t('woocommerce:fields.trackingProvider')}
        placeholder="DHL"
        hint={t('woocommerce:fields.trackingProviderHint')}
      />
    </>
  );
}

/** Where in WooCommerce the REST API keys come from. */
function WooCommerceSetup() {
  const { t } = useTranslation('woocommerce');
  return (
    <div className="kontor-connector-setup">
      <p>{t('woocommerce:setup.intro')}</p>
      <ol>
        <li>{t('woocommerce:setup.restApi')}</li>
        <li>{t('woocommerce:setup.create')}</li>
        <li>{t('woocommerce:setup.keys')}</li>
        <li>{t('woocommerce:setup.connection')}</li>
      </ol>
      <p>{t('woocommerce:setup.webhooks')}</p>
      <p>{t('woocommerce:setup.tracking')}</p>
    </div>
  );
}

/** The WooCommerce connector: `woocommerce` is the server's connector of the same name. */
export const woocommerceConnector: ShopConnector = {
  name: 'woocommerce',
  path: 'woocommerce',
  component: WooCommerceSetup,
  settingsForm: WooCommerceSettings,
  settings: { trackingMode: 'shipment-tracking', trackingProvider: '' },
  menu: { title: 'woocommerce:title', icon: 'shopping-cart' },
};
