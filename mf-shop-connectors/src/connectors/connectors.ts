import type { ParcelConfig } from 'single-spa';
import { BehaviorSubject } from 'rxjs';
import type { ComponentType } from 'react';
import type { PageProps } from '../shared-session';

/** A single-spa parcel config object (not a loading function: it could not be told from a component). */
export type ShopConnectorParcel = Exclude<ParcelConfig<PageProps>, () => unknown>;

/**
 * The fields the connection form hands a connector's settings form, bound to the form's
 * values: the connector only places and labels them. Names are the server's setting and
 * secret names (`ShopConnectorInfo.settingNames`/`secretNames`).
 */
export interface ConnectorFields {
  /** The shop's address (the connection's `baseUrl`). */
  ShopUrl: ComponentType<{ label: string; placeholder?: string; hint?: string }>;
  /** A text setting. */
  Setting: ComponentType<{
    name: string;
    label: string;
    hint?: string;
    placeholder?: string;
  }>;
  /** A setting of a few choices. */
  SettingChoice: ComponentType<{
    name: string;
    label: string;
    options: { value: string; label: string }[];
  }>;
  /** A yes/no setting (stored as `true`/`false`); its default in `ShopConnector.settings` is a boolean. */
  SettingFlag: ComponentType<{ name: string; label: string }>;
  /**
   * A credential: write-only, never prefilled; when the connection has it stored, empty
   * keeps it ('gespeichert — leer lassen, um ihn zu behalten').
   */
  Secret: ComponentType<{ name: string; label: string; required?: boolean }>;
}

/** What a connector's settings form gets: the fields, and the connection being edited. */
export interface ConnectorSettingsProps {
  fields: ConnectorFields;
  /** The connection being edited; undefined while a new one is created. */
  connection?: { id: string; secretsSet: string[] };
}

/** A shop connector as a connector module registers it (docs/product.md §3 "Shop connector"). */
export interface ShopConnector {
  /** Unique name, the server's connector name (`ShopConnectorInfo.name`); its route is `shops.{name}`. */
  name: string;
  /** Its screen's path below /administration/shops: one segment, e.g. `shopware`. */
  path: string;
  /**
   * What its screen shows above its connections (the setup help): a React component, or a
   * single-spa parcel config.
   */
  component: ComponentType<PageProps> | ShopConnectorParcel;
  /**
   * The connector's fields of the connection form (URL, credentials, settings). A React
   * component rendered inside the form (a parcel would be a React root of its own, outside
   * the form's state); it gets the fields bound to the form.
   */
  settingsForm?: ComponentType<ConnectorSettingsProps>;
  /** A new connection's settings; a boolean default makes that setting a yes/no one. */
  settings?: Record<string, string | boolean>;
  /** Its item under Shop-Verbindungen; `title` (an i18n key or a plain label) defaults to `name`. */
  menu?: { title?: string; icon?: string; position?: number; acl?: string };
}

/**
 * What `System.import('@kontor/shop-connectors')` answers a connector module (its type only:
 * a connector module imports no other module at run time).
 */
export interface ShopConnectorsModule {
  registerShopConnector(connector: ShopConnector): void;
}

/** A registered connector: where it lives and under which route name. */
export interface RegisteredShopConnector extends ShopConnector {
  routeName: string;
  pathTo: string;
  title: string;
}

const connectors = new BehaviorSubject<RegisteredShopConnector[]>([]);

/** The connectors registered so far, in order of registration. */
export const shopConnectors$ = connectors.asObservable();

/** The connectors registered right now. */
export function currentShopConnectors(): RegisteredShopConnector[] {
  return connectors.value;
}

/** Keeps a connector; one of the same name is replaced. */
export function keepShopConnector(connector: RegisteredShopConnector): void {
  connectors.next(connectors.value.filter((c) => c.name !== connector.name).concat(connector));
}

/**
 * The import-map names of connector modules start with this: a boot module of that name that
 * failed to load is shown on the shops page as a connector that could not be loaded.
 */
export const CONNECTOR_MODULE_PREFIX = '@kontor/connector-';
