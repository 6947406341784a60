// The Shopware connector's texts (namespace `shopware`), German first; its title is in the
// manifest (shown before the bundle loads, e.g. when it failed to).
export const shopwareTexts = {
  de: {
    shopware: {
      title: 'Shopware 6',
      fields: {
        shopUrl: 'Shop-URL',
        shopUrlHint: 'Die Adresse des Shops, ohne /admin oder /api',
        clientId: 'Zugangsschlüssel-ID',
        clientSecret: 'Geheimer Zugangsschlüssel',
        webhookSecret: 'Webhook-Geheimnis (App-Secret)',
        completeOrder: 'Bestellung nach dem Versand auch abschließen',
      },
      setup: {
        intro:
          'Kontor spricht mit der Admin-API von Shopware 6 über eine Integration mit eigenen Zugangsschlüsseln.',
        integrations:
          'In der Shopware-Administration Einstellungen › System › Integrationen öffnen und „Integration hinzufügen“ wählen.',
        create:
          'Als Namen „Kontor“ eintragen und eine Rolle wählen, die Bestellungen lesen und schreiben darf (oder „Administrator“).',
        keys: 'Zugangsschlüssel-ID und Geheimer Zugangsschlüssel kopieren: Shopware zeigt den geheimen Schlüssel nur dieses eine Mal.',
        connection:
          'Hier eine Verbindung erstellen, Shop-URL und beide Schlüssel eintragen und „Verbindung testen“.',
        webhooks:
          'Webhooks sendet Shopware über eine App; ihr App-Secret ist das Webhook-Geheimnis. Ohne Webhooks fragt Kontor den Shop regelmäßig ab.',
      },
    },
  },
  en: {
    shopware: {
      title: 'Shopware 6',
      fields: {
        shopUrl: 'Shop URL',
        shopUrlHint: 'The shop’s address, without /admin or /api',
        clientId: 'Access key ID',
        clientSecret: 'Secret access key',
        webhookSecret: 'Webhook secret (app secret)',
        completeOrder: 'Also complete the order once shipped',
      },
      setup: {
        intro:
          'Kontor talks to Shopware 6’s Admin API through an integration with access keys of its own.',
        integrations:
          'In the Shopware administration, open Settings › System › Integrations and choose “Add integration”.',
        create:
          'Name it “Kontor” and choose a role that may read and write orders (or “Administrator”).',
        keys: 'Copy the access key ID and the secret access key: Shopware shows the secret only this once.',
        connection:
          'Create a connection here, enter the shop URL and both keys, and “Test connection”.',
        webhooks:
          'Shopware sends webhooks through an app; its app secret is the webhook secret. Without webhooks Kontor asks the shop regularly.',
      },
    },
  },
};
