// A shop connection's form values: from the stored connection or the connector's defaults,
// to the mutation's input, and the rules across fields the browser checks before saving.
import type {
  ShopConnectionInput,
  ShopConnectionSetupFragment,
  ShopConnectorsQuery,
} from '../graphql/generated';
import type { RegisteredShopConnector } from '../connectors/connectors';
import { rules, ruleMessage } from '../shared-session';

/** What the server says a connector needs (`shopConnectors`). */
export type ConnectorInfo = ShopConnectorsQuery['shopConnectors'][number];
/** A stored connection as its form reads it. */
export type Connection = ShopConnectionSetupFragment;

interface MappingValues {
  shopKey: string;
  shippingMethodId: string;
}

/** The form's values: the connection, its connector's settings and the secrets typed anew. */
export interface ConnectionValues {
  name: string;
  clientId: string;
  departmentId: string;
  baseUrl: string;
  /** By setting name; a yes/no setting is a boolean here, `true`/`false` on the server. */
  settings: Record<string, string | boolean>;
  /** By secret name; empty keeps a stored one (never prefilled). */
  secrets: Record<string, string>;
  importStates: string[];
  webhooksEnabled: boolean;
  shippingMappings: MappingValues[];
}

/** The browser's rules (the server's decide); settings and secrets are checked in `check`. */
export const CONNECTION_RULES = {
  name: rules.text(100),
  clientId: rules.choice(),
  baseUrl: rules.text(500),
};

/** A connection's values: stored ones when editing, the connector's defaults when new. */
export function initialValues(
  info: ConnectorInfo,
  connector: RegisteredShopConnector | undefined,
  connection?: Connection,
): ConnectionValues {
  const stored = new Map(connection?.settings.map((s) => [s.key, s.value]) ?? []);
  const defaults = connector?.settings ?? {};
  const names = new Set([...info.settingNames, ...Object.keys(defaults), ...stored.keys()]);
  const settings: ConnectionValues['settings'] = {};
  for (const name of names) {
    const fallback = defaults[name];
    const value = stored.get(name);
    settings[name] =
      typeof fallback === 'boolean'
        ? value === undefined
          ? fallback
          : value === 'true'
        : (value ?? fallback ?? '');
  }
  return {
    name: connection?.name ?? '',
    clientId: connection ? String(connection.client.id) : '',
    departmentId: connection?.department ? String(connection.department.id) : '',
    baseUrl: connection?.baseUrl ?? '',
    settings,
    secrets: Object.fromEntries(info.secretNames.map((name) => [name, ''])),
    importStates: connection?.importStates ?? info.defaultImportStates,
    webhooksEnabled: connection?.webhooksEnabled ?? false,
    shippingMappings:
      connection?.shippingMappings.map((m) => ({
        shopKey: m.shopKey,
        shippingMethodId: String(m.shippingMethod.id),
      })) ?? [],
  };
}

/** The mutation's input: secrets only when typed (an empty one keeps the stored one). */
export function inputOf(values: ConnectionValues, connector: string): ShopConnectionInput {
  return {
    name: values.name.trim(),
    connector,
    clientId: values.clientId,
    departmentId: values.departmentId || null,
    baseUrl: values.baseUrl.trim(),
    settings: Object.entries(values.settings).map(([key, value]) => ({
      key,
      value: typeof value === 'boolean' ? String(value) : value.trim(),
    })),
    secrets: Object.entries(values.secrets)
      .filter(([, value]) => value !== '')
      .map(([key, value]) => ({ key, value })),
    importStates: values.importStates,
    webhooksEnabled: values.webhooksEnabled,
    shippingMappings: values.shippingMappings
      .filter((m) => m.shopKey.trim() !== '' || m.shippingMethodId !== '')
      .map((m) => ({ shopKey: m.shopKey.trim(), shippingMethodId: m.shippingMethodId })),
  };
}

/**
 * Rules across fields: some import state, complete mapping rows. Which credentials a connector
 * needs is the server's to say (its field errors show beside the secrets' fields).
 */
export function checkConnection(values: ConnectionValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.importStates.length === 0)
    errors.importStates = ruleMessage('shops:form.importStatesRequired');
  values.shippingMappings.forEach((m, i) => {
    if (m.shopKey.trim() === '' && m.shippingMethodId !== '')
      errors[`shippingMappings.${i}.shopKey`] = ruleMessage('required');
    if (m.shopKey.trim() !== '' && m.shippingMethodId === '')
      errors[`shippingMappings.${i}.shippingMethodId`] = ruleMessage('required');
  });
  return errors;
}
