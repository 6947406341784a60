import type {
  ConnectorSettingsProps,
  ShopConnector,
} from '../../mf-shop-connectors/src/connectors/connectors';
import { useTranslation } from './shared-session';

/**
 * Shopware 6's fields of the connection form: the shop's address, the integration's access
 * key ID and secret access key, the webhook secret, and whether a shipped order is completed.
 */
function ShopwareSettings({ fields }: ConnectorSettingsProps) {
  const { t } = useTranslation('shopware');
  const { ShopUrl, Secret, SettingFlag } = fields;
  return (
    <>
      <ShopUrl
        label={t('shopware:fields.shopUrl')}
        placeholder="https://shop.example.de"
        hint={t('shopware:fields.shopUrlHint')}
      />
      <Secret name="clientId" label={t('shopware:fields.clientId')} required />
      <Secret name="clientSecret" label={t('shopware:fields.clientSecret')} required />
      <Secret name="webhookSecret" label={t('shopware:fields.webhookSecret')} />
      <SettingFlag name="completeOrder" label={t('shopware:fields.completeOrder')} />
    </>
  );
}

/** Where in Shopware's administration the access keys come from. */
function ShopwareSetup() {
  const { t } = useTranslation('shopware');
  return (
    <div className="kontor-connector-setup">
      <p>{t('shopware:setup.intro')}</p>
      <ol>
        <li>{t('shopware:setup.integrations')}</li>
        <li>{t('shopware:setup.create')}</li>
        <li>{t('shopware:setup.keys')}</li>
        <li>{t('shopware:setup.connection')}</li>
      </ol>
      <p>{t('shopware:setup.webhooks')}</p>
    </div>
  );
}

/** The Shopware 6 connector: `shopware6` is the server's connector of the same name. */
export const shopwareConnector: ShopConnector = {
  name: 'shopware6',
  path: 'shopware',
  component: ShopwareSetup,
  settingsForm: ShopwareSettings,
  settings: { completeOrder: false },
  menu: { title: 'shopware:title', icon: 'shop' },
};
