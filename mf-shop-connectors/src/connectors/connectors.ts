import type { ParcelConfig } from 'single-spa';
import { BehaviorSubject } from 'rxjs';
import type { ComponentType } from 'react';
import type { PageProps } from '../shared-session';

/** A single-spa parcel config object (not a loading function: it could not be told from a component). */
export type ShopConnectorParcel = Exclude<ParcelConfig<PageProps>, () => unknown>;

/** A shop connector as a connector module registers it (SPEC.md §3 "Shop connector"). */
export interface ShopConnector {
  /** Unique name; its route is `shops.{name}`. */
  name: string;
  /** Its screen's path below /administration/shops, e.g. `shopware`. */
  path: string;
  /** What the screen renders: a React component, or a single-spa parcel config. */
  component: ComponentType<PageProps> | ShopConnectorParcel;
  /** Its item under Shop-Verbindungen; `title` (an i18n key or a plain label) defaults to `name`. */
  menu?: { title?: string; icon?: string; position?: number; acl?: string };
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
