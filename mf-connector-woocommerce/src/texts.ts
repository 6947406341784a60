// The WooCommerce connector's texts (namespace `woocommerce`), German first; its title is in
// the manifest (shown before the bundle loads, e.g. when it failed to).
export const woocommerceTexts = {
  de: {
    woocommerce: {
      title: 'WooCommerce',
      fields: {
        shopUrl: 'Shop-URL',
        shopUrlHint: 'Die Adresse der WordPress-Seite, ohne /wp-json',
        consumerKey: 'Consumer Key (ck_…)',
        consumerSecret: 'Consumer Secret (cs_…)',
        webhookSecret: 'Webhook-Geheimnis',
        trackingMode: 'Sendungsnummer an die Bestellung',
        trackingProvider: 'Versanddienstleister',
        trackingProviderHint: 'Wie ihn die Erweiterung „Shipment Tracking“ nennt, z. B. DHL',
      },
      trackingModes: {
        'shipment-tracking': 'über die Erweiterung „Shipment Tracking“',
        note: 'als Bestellnotiz',
      },
      setup: {
        intro:
          'Kontor spricht mit der REST-API von WooCommerce (v3) über einen API-Schlüssel mit eigenen Rechten.',
        restApi:
          'In WordPress WooCommerce › Einstellungen › Erweitert › REST-API öffnen und „Schlüssel hinzufügen“ wählen.',
        create:
          'Als Beschreibung „Kontor“ eintragen, einen Benutzer mit der Rolle Shop-Manager wählen und die Berechtigung „Lesen/Schreiben“ setzen.',
        keys: 'Consumer Key und Consumer Secret kopieren: WooCommerce zeigt sie nur dieses eine Mal.',
        connection:
          'Hier eine Verbindung erstellen, Shop-URL und beide Schlüssel eintragen und „Verbindung testen“.',
        webhooks:
          'Webhooks (optional): unter WooCommerce › Einstellungen › Erweitert › Webhooks je einen für „Bestellung erstellt“ und „Bestellung aktualisiert“ anlegen, als Zustellungs-URL die Webhook-Adresse der Verbindung und als Geheimnis das Webhook-Geheimnis.',
        tracking:
          'Sendungsnummern: Mit der Erweiterung „Shipment Tracking“ erscheinen sie in der Versandbestätigung; ohne sie schreibt Kontor eine Bestellnotiz.',
      },
    },
  },
  en: {
    woocommerce: {
      title: 'WooCommerce',
      fields: {
        shopUrl: 'Shop URL',
        shopUrlHint: 'The WordPress site’s address, without /wp-json',
        consumerKey: 'Consumer key (ck_…)',
        consumerSecret: 'Consumer secret (cs_…)',
        webhookSecret: 'Webhook secret',
        trackingMode: 'Tracking number to the order',
        trackingProvider: 'Carrier',
        trackingProviderHint: 'As the Shipment Tracking extension names it, e.g. DHL',
      },
      trackingModes: {
        'shipment-tracking': 'through the Shipment Tracking extension',
        note: 'as an order note',
      },
      setup: {
        intro:
          'Kontor talks to WooCommerce’s REST API (v3) through an API key with rights of its own.',
        restApi:
          'In WordPress, open WooCommerce › Settings › Advanced › REST API and choose “Add key”.',
        create:
          'Describe it as “Kontor”, choose a user with the Shop manager role and set the permissions to “Read/Write”.',
        keys: 'Copy the consumer key and the consumer secret: WooCommerce shows them only this once.',
        connection:
          'Create a connection here, enter the shop URL and both keys, and “Test connection”.',
        webhooks:
          'Webhooks (optional): under WooCommerce › Settings › Advanced › Webhooks add one for “Order created” and one for “Order updated”, with the connection’s webhook address as the delivery URL and the webhook secret as the secret.',
        tracking:
          'Tracking numbers: with the Shipment Tracking extension they appear in the shipping confirmation; without it Kontor writes an order note.',
      },
    },
  },
};
