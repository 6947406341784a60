// Shopware 6 entities as the Admin API writes them (application/json), built with every
// association loaded; the search endpoints prune the associations that were not asked for.
import { createHash } from 'node:crypto';
import { fastId, randomBase64Url } from './common';

/** What `shopware-version` / `sw-version` claim. The state machines are those of 6.7. */
export const SHOPWARE_VERSION = '6.7.1.0';
export const LIVE_VERSION = '0fa91ce3e96a4bc2be4bd9ce752c3425';
export const SYSTEM_LANGUAGE = '2fbb5fe2e29a4d70aa5854ce7ce3e20b';
export const DEFAULT_CURRENCY = 'b7d2554b0ce847cd82f3ac9bd1c0dfca';
/** When the "installation" created its fixed rows (states, methods, countries). */
const INSTALLED_AT = '2025-01-06T09:00:00.000+00:00';
export const FOREIGN_KEYS = { foreignKeys: { apiAlias: 'array_struct' } };
/** `translated` of an entity without translations (shared: never mutated). */
export const NOT_TRANSLATED: never[] = [];

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Any Shopware entity as JSON. */
export interface ShopwareEntity {
  id: string;
  apiAlias: string;
  [key: string]: unknown;
}

export interface ShopwareState extends ShopwareEntity {
  technicalName: string;
  name: string;
  stateMachineId: string;
}

export interface ShopwareAddress extends ShopwareEntity {
  firstName: string;
  lastName: string;
  company: string | null;
  street: string;
  additionalAddressLine1: string | null;
  additionalAddressLine2: string | null;
  zipcode: string;
  city: string;
  phoneNumber: string | null;
  countryId: string;
  country: (ShopwareEntity & { iso: string; name: string }) | null;
}

export interface ShopwareLineItem extends ShopwareEntity {
  type: string;
  label: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  good: boolean;
  payload: Record<string, unknown>;
  referencedId: string | null;
  productId: string | null;
}

export interface ShopwareDelivery extends ShopwareEntity {
  orderId: string;
  trackingCodes: string[];
  stateId: string;
  shippingMethodId: string;
  stateMachineState: ShopwareState | null;
  shippingMethod: (ShopwareEntity & { technicalName: string | null; name: string }) | null;
  shippingOrderAddress: ShopwareAddress | null;
  createdAt: string;
  updatedAt: string | null;
}

export interface ShopwareTransaction extends ShopwareEntity {
  orderId: string;
  stateId: string;
  paymentMethodId: string;
  stateMachineState: ShopwareState | null;
  createdAt: string;
  updatedAt: string | null;
}

export interface ShopwareOrder extends ShopwareEntity {
  orderNumber: string;
  orderDateTime: string;
  amountTotal: number;
  customerComment: string | null;
  createdAt: string;
  updatedAt: string | null;
  stateMachineState: ShopwareState | null;
  orderCustomer: (ShopwareEntity & { email: string; firstName: string; lastName: string }) | null;
  billingAddress: ShopwareAddress | null;
  addresses: ShopwareAddress[] | null;
  lineItems: ShopwareLineItem[] | null;
  deliveries: ShopwareDelivery[] | null;
  transactions: ShopwareTransaction[] | null;
  currency: (ShopwareEntity & { isoCode: string }) | null;
}

export interface ShopwareAddressSeed {
  firstName: string;
  lastName: string;
  company?: string | null;
  street: string;
  additionalAddressLine1?: string | null;
  additionalAddressLine2?: string | null;
  zipcode: string;
  city: string;
  /** Default 'DE'. */
  countryIso?: string;
  phoneNumber?: string | null;
}

export interface ShopwareLineItemSeed {
  /** payload.productNumber (the SKU) for product lines; the referenced id / code for others. */
  sku: string;
  quantity: number;
  label?: string;
  unitPrice?: number;
  /** Default 'product'. */
  type?: 'product' | 'promotion' | 'credit' | 'custom';
  /** Default: true for product and custom lines. */
  good?: boolean;
}

export interface ShopwareShippingMethodSeed {
  /** Default 'standard'. null imitates a shop older than 6.5.7, where the field does not exist yet. */
  technicalName?: string | null;
  /** Default: stable per technical name (or name). */
  id?: string;
  name?: string;
}

export interface ShopwareOrderSeed {
  /** Default: consecutive from 10000. */
  orderNumber?: string;
  /** Default: the shop's now − lateWriteSeconds. */
  createdAt?: Date | string;
  /** Default null: Shopware leaves updatedAt NULL on insert. */
  updatedAt?: Date | string | null;
  /** order.state: open (default), in_progress, completed, cancelled. */
  orderState?: string;
  /** order_transaction.state: paid (default), open, authorized, … */
  paymentState?: string;
  /** order_delivery.state: open (default), shipped, … */
  deliveryState?: string;
  lineItems?: ShopwareLineItemSeed[];
  shippingMethod?: ShopwareShippingMethodSeed;
  shippingAddress?: ShopwareAddressSeed;
  billingAddress?: ShopwareAddressSeed;
  email?: string;
  customerComment?: string | null;
  /** ISO code, default 'EUR'. */
  currency?: string;
  paymentMethod?: { technicalName?: string; name?: string };
  trackingCodes?: string[];
}

export interface ShopwareOrderPatch {
  orderState?: string;
  paymentState?: string;
  deliveryState?: string;
  customerComment?: string | null;
  email?: string;
  shippingAddress?: Partial<ShopwareAddressSeed>;
  billingAddress?: Partial<ShopwareAddressSeed>;
  lineItems?: ShopwareLineItemSeed[];
  shippingMethod?: ShopwareShippingMethodSeed;
  trackingCodes?: string[];
}

// ---------------------------------------------------------------------------------------------

const stableIds = new Map<string, string>();

/** The same id for the same name, across runs (products by SKU, methods, states, countries). */
export function stableId(...parts: string[]): string {
  const key = parts.join('\u0000');
  let id = stableIds.get(key);
  if (id === undefined) {
    id = createHash('md5').update(key).digest('hex');
    if (stableIds.size > 100_000) stableIds.clear();
    stableIds.set(key, id);
  }
  return id;
}

/** Shopware's way of writing a date-time: UTC, milliseconds, "+00:00". */
let lastDateMs = NaN;
let lastDate = '';

export function swDate(ms: number): string {
  if (ms !== lastDateMs) {
    lastDateMs = ms;
    lastDate = new Date(ms).toISOString().replace('Z', '+00:00');
  }
  return lastDate;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

// --- state machines (Shopware 6.7: pay/pay_partially/do_pay renamed paid/paid_partially/process)

export type Machine = 'order.state' | 'order_delivery.state' | 'order_transaction.state';

const STATE_NAMES: Record<Machine, Record<string, string>> = {
  'order.state': {
    open: 'Open',
    in_progress: 'In progress',
    completed: 'Done',
    cancelled: 'Cancelled',
  },
  'order_delivery.state': {
    open: 'Open',
    shipped: 'Shipped',
    shipped_partially: 'Shipped (partially)',
    returned: 'Returned',
    returned_partially: 'Returned (partially)',
    cancelled: 'Cancelled',
  },
  'order_transaction.state': {
    open: 'Open',
    paid: 'Paid',
    paid_partially: 'Paid (partially)',
    refunded: 'Refunded',
    refunded_partially: 'Refunded (partially)',
    cancelled: 'Cancelled',
    reminded: 'Reminded',
    in_progress: 'In Progress',
    failed: 'Failed',
    authorized: 'Authorized',
    chargeback: 'Chargeback',
    unconfirmed: 'Unconfirmed',
  },
};

type T = [action: string, from: string, to: string];

const TRANSITIONS: Record<Machine, T[]> = {
  'order.state': [
    ['process', 'open', 'in_progress'],
    ['cancel', 'open', 'cancelled'],
    ['cancel', 'in_progress', 'cancelled'],
    ['complete', 'in_progress', 'completed'],
    ['reopen', 'cancelled', 'open'],
    ['reopen', 'completed', 'open'],
  ],
  'order_delivery.state': [
    ['ship', 'open', 'shipped'],
    ['ship_partially', 'open', 'shipped_partially'],
    ['cancel', 'open', 'cancelled'],
    ['retour', 'shipped', 'returned'],
    ['retour_partially', 'shipped', 'returned_partially'],
    ['cancel', 'shipped', 'cancelled'],
    ['retour', 'shipped_partially', 'returned'],
    ['retour_partially', 'shipped_partially', 'returned_partially'],
    ['ship', 'shipped_partially', 'shipped'],
    ['cancel', 'shipped_partially', 'cancelled'],
    ['reopen', 'cancelled', 'open'],
    ['reopen', 'shipped', 'open'],
    ['reopen', 'shipped_partially', 'open'],
    ['reopen', 'returned', 'open'],
    ['reopen', 'returned_partially', 'open'],
    ['retour', 'returned_partially', 'returned'],
  ],
  'order_transaction.state': [
    ['paid', 'open', 'paid'],
    ['paid_partially', 'open', 'paid_partially'],
    ['cancel', 'open', 'cancelled'],
    ['remind', 'open', 'reminded'],
    ['process', 'open', 'in_progress'],
    ['fail', 'open', 'failed'],
    ['authorize', 'open', 'authorized'],
    ['process_unconfirmed', 'open', 'unconfirmed'],
    ['paid', 'reminded', 'paid'],
    ['paid_partially', 'reminded', 'paid_partially'],
    ['cancel', 'reminded', 'cancelled'],
    ['reopen', 'reminded', 'open'],
    ['process', 'reminded', 'in_progress'],
    ['authorize', 'reminded', 'authorized'],
    ['process_unconfirmed', 'reminded', 'unconfirmed'],
    ['remind', 'paid_partially', 'reminded'],
    ['paid', 'paid_partially', 'paid'],
    ['refund_partially', 'paid_partially', 'refunded_partially'],
    ['refund', 'paid_partially', 'refunded'],
    ['cancel', 'paid_partially', 'cancelled'],
    ['reopen', 'paid_partially', 'open'],
    ['process', 'paid_partially', 'in_progress'],
    ['chargeback', 'paid_partially', 'chargeback'],
    ['process_unconfirmed', 'paid_partially', 'unconfirmed'],
    ['refund_partially', 'paid', 'refunded_partially'],
    ['refund', 'paid', 'refunded'],
    ['cancel', 'paid', 'cancelled'],
    ['reopen', 'paid', 'open'],
    ['chargeback', 'paid', 'chargeback'],
    ['refund', 'refunded_partially', 'refunded'],
    ['cancel', 'refunded_partially', 'cancelled'],
    ['reopen', 'refunded_partially', 'open'],
    ['reopen', 'cancelled', 'open'],
    ['refund', 'cancelled', 'refunded'],
    ['refund_partially', 'cancelled', 'refunded_partially'],
    ['paid', 'cancelled', 'paid'],
    ['process_unconfirmed', 'cancelled', 'unconfirmed'],
    ['reopen', 'in_progress', 'open'],
    ['fail', 'in_progress', 'failed'],
    ['cancel', 'in_progress', 'cancelled'],
    ['paid', 'in_progress', 'paid'],
    ['paid_partially', 'in_progress', 'paid_partially'],
    ['authorize', 'in_progress', 'authorized'],
    ['reopen', 'failed', 'open'],
    ['process', 'failed', 'in_progress'],
    ['fail', 'failed', 'failed'],
    ['paid', 'failed', 'paid'],
    ['paid_partially', 'failed', 'paid_partially'],
    ['process_unconfirmed', 'failed', 'unconfirmed'],
    ['paid', 'authorized', 'paid'],
    ['paid_partially', 'authorized', 'paid_partially'],
    ['fail', 'authorized', 'failed'],
    ['cancel', 'authorized', 'cancelled'],
    ['paid', 'chargeback', 'paid'],
    ['paid_partially', 'chargeback', 'paid_partially'],
    ['cancel', 'chargeback', 'cancelled'],
    ['paid', 'unconfirmed', 'paid'],
    ['paid_partially', 'unconfirmed', 'paid_partially'],
    ['fail', 'unconfirmed', 'failed'],
    ['cancel', 'unconfirmed', 'cancelled'],
    ['authorize', 'unconfirmed', 'authorized'],
    ['reopen', 'unconfirmed', 'open'],
  ],
};

export const stateMachineId = (machine: Machine): string => stableId('state_machine', machine);
export const stateId = (machine: Machine, technicalName: string): string =>
  stableId('state_machine_state', machine, technicalName);

const stateCache = new Map<string, ShopwareState>();

export function isState(machine: Machine, technicalName: string): boolean {
  return technicalName in STATE_NAMES[machine];
}

/** The state entity (shared, never mutated). */
export function stateEntity(machine: Machine, technicalName: string): ShopwareState {
  const key = machine + '/' + technicalName;
  let s = stateCache.get(key);
  if (!s) {
    const name = STATE_NAMES[machine][technicalName];
    if (name === undefined) {
      throw new TypeError(
        `"${technicalName}" is not a state of ${machine} (${Object.keys(STATE_NAMES[machine]).join(', ')})`,
      );
    }
    const id = stateId(machine, technicalName);
    s = {
      technicalName,
      name,
      stateMachineId: stateMachineId(machine),
      stateMachine: null,
      fromStateMachineTransitions: null,
      toStateMachineTransitions: null,
      translations: null,
      customFields: null,
      translated: { name, customFields: {} },
      createdAt: INSTALLED_AT,
      updatedAt: null,
      extensions: FOREIGN_KEYS,
      _uniqueIdentifier: id,
      id,
      apiAlias: 'state_machine_state',
    };
    stateCache.set(key, s);
  }
  return s;
}

export type TransitionResult =
  { kind: 'to'; to: string } | { kind: 'unnecessary' } | { kind: 'illegal'; possible: string[] };

/** Shopware's StateMachineRegistry: which state `action` leads to from `from`. */
export function transition(machine: Machine, from: string, action: string): TransitionResult {
  const list = TRANSITIONS[machine]
    .slice()
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  for (const [name, f, to] of list) {
    if (name !== action) continue;
    // Already transitioned: answered 200, nothing written.
    if (to === from) return { kind: 'unnecessary' };
    if (f === from) return { kind: 'to', to };
  }
  return { kind: 'illegal', possible: possibleTransitions(machine, from) };
}

export function possibleTransitions(machine: Machine, from: string): string[] {
  return TRANSITIONS[machine]
    .filter(([, f]) => f === from)
    .map(([a]) => a)
    .sort();
}

// --- fixed rows ------------------------------------------------------------------------------

const COUNTRIES: Record<string, [name: string, iso3: string]> = {
  DE: ['Germany', 'DEU'],
  AT: ['Austria', 'AUT'],
  CH: ['Switzerland', 'CHE'],
  NL: ['Netherlands', 'NLD'],
  BE: ['Belgium', 'BEL'],
  FR: ['France', 'FRA'],
  IT: ['Italy', 'ITA'],
  ES: ['Spain', 'ESP'],
  PL: ['Poland', 'POL'],
  DK: ['Denmark', 'DNK'],
  LU: ['Luxembourg', 'LUX'],
  GB: ['United Kingdom', 'GBR'],
  US: ['USA', 'USA'],
};

const countryCache = new Map<string, ShopwareEntity>();

export function countryEntity(iso: string): ShopwareEntity & { iso: string; name: string } {
  const code = iso.toUpperCase();
  let c = countryCache.get(code);
  if (!c) {
    const [name, iso3] = COUNTRIES[code] ?? [code, code];
    const id = stableId('country', code);
    c = {
      name,
      iso: code,
      position: 10,
      active: true,
      shippingAvailable: true,
      iso3,
      displayStateInRegistration: false,
      forceStateInRegistration: false,
      checkVatIdPattern: false,
      vatIdRequired: false,
      vatIdPattern: null,
      customFields: null,
      postalCodeRequired: false,
      checkPostalCodePattern: false,
      checkAdvancedPostalCodePattern: false,
      advancedPostalCodePattern: null,
      defaultPostalCodePattern: null,
      isEu: !['CH', 'GB', 'US'].includes(code),
      states: null,
      translations: null,
      translated: { name, addressFormat: [], customFields: {} },
      createdAt: INSTALLED_AT,
      updatedAt: null,
      extensions: FOREIGN_KEYS,
      _uniqueIdentifier: id,
      id,
      apiAlias: 'country',
    };
    countryCache.set(code, c);
  }
  return c as ShopwareEntity & { iso: string; name: string };
}

const CURRENCIES: Record<string, [symbol: string, name: string]> = {
  EUR: ['€', 'Euro'],
  USD: ['$', 'US-Dollar'],
  GBP: ['£', 'Pound'],
  CHF: ['Fr.', 'Swiss francs'],
  PLN: ['zł', 'Polish Zloty'],
  DKK: ['kr', 'Danish krone'],
};

const currencyCache = new Map<string, ShopwareEntity & { isoCode: string }>();

export function currencyEntity(isoCode: string): ShopwareEntity & { isoCode: string } {
  const code = isoCode.toUpperCase();
  let c = currencyCache.get(code);
  if (!c) {
    const [symbol, name] = CURRENCIES[code] ?? [code, code];
    const id = code === 'EUR' ? DEFAULT_CURRENCY : stableId('currency', code);
    const rounding = {
      decimals: 2,
      interval: 0.01,
      roundForNet: true,
      apiAlias: 'shopware_core_framework_data_abstraction_layer_pricing_cash_rounding_config',
    };
    c = {
      isoCode: code,
      factor: 1,
      symbol,
      shortName: code,
      name,
      position: 1,
      isSystemDefault: code === 'EUR',
      taxFreeFrom: 0,
      itemRounding: rounding,
      totalRounding: rounding,
      customFields: null,
      translated: { shortName: code, name, customFields: {} },
      createdAt: INSTALLED_AT,
      updatedAt: null,
      extensions: FOREIGN_KEYS,
      _uniqueIdentifier: id,
      id,
      apiAlias: 'currency',
    };
    currencyCache.set(code, c);
  }
  return c;
}

const shippingCache = new Map<
  string,
  ShopwareEntity & { technicalName: string | null; name: string }
>();

export function shippingMethodEntity(
  seed: ShopwareShippingMethodSeed = {},
): ShopwareEntity & { technicalName: string | null; name: string } {
  const technicalName = seed.technicalName === undefined ? 'standard' : seed.technicalName;
  const name =
    seed.name ??
    (technicalName === null
      ? 'Standard'
      : technicalName.charAt(0).toUpperCase() + technicalName.slice(1).replace(/[_-]/g, ' '));
  const id = seed.id ?? stableId('shipping_method', technicalName ?? name);
  const key = `${id}/${technicalName}/${name}`;
  let m = shippingCache.get(key);
  if (!m) {
    m = {
      name,
      active: true,
      position: 1,
      customFields: null,
      availabilityRuleId: stableId('rule', 'always valid'),
      mediaId: null,
      deliveryTimeId: stableId('delivery_time', '1-3 days'),
      taxType: 'auto',
      taxId: null,
      description: null,
      trackingUrl: null,
      technicalName,
      deliveryTime: null,
      availabilityRule: null,
      prices: null,
      media: null,
      tags: null,
      tax: null,
      translated: { name, description: null, trackingUrl: null, customFields: {} },
      createdAt: INSTALLED_AT,
      updatedAt: null,
      extensions: FOREIGN_KEYS,
      _uniqueIdentifier: id,
      id,
      apiAlias: 'shipping_method',
    };
    shippingCache.set(key, m);
  }
  return m;
}

const paymentCache = new Map<string, ShopwareEntity>();

export function paymentMethodEntity(
  seed: { technicalName?: string; name?: string } = {},
): ShopwareEntity {
  const technicalName = seed.technicalName ?? 'payment_invoice';
  const name = seed.name ?? (technicalName === 'payment_invoice' ? 'Invoice' : technicalName);
  const key = technicalName + '/' + name;
  let p = paymentCache.get(key);
  if (!p) {
    const id = stableId('payment_method', technicalName);
    p = {
      name,
      distinguishableName: name,
      technicalName,
      description: null,
      position: 1,
      active: true,
      afterOrderEnabled: true,
      customFields: null,
      availabilityRuleId: null,
      mediaId: null,
      handlerIdentifier: 'Shopware\\Core\\Checkout\\Payment\\Cart\\PaymentHandler\\InvoicePayment',
      shortName: technicalName.replace(/^payment_/, ''),
      media: null,
      availabilityRule: null,
      translated: { name, distinguishableName: name, description: null, customFields: {} },
      createdAt: INSTALLED_AT,
      updatedAt: null,
      extensions: FOREIGN_KEYS,
      _uniqueIdentifier: id,
      id,
      apiAlias: 'payment_method',
    };
    paymentCache.set(key, p);
  }
  return p;
}

// --- prices ------------------------------------------------------------------------------------

const TAX_RATE = 19;
const TAX_RULES: Json = [{ taxRate: TAX_RATE, percentage: 100, apiAlias: 'cart_tax_rule' }];
const taxRules = (): Json => TAX_RULES;
const priceCache = new Map<string, Record<string, unknown>>();

/** A CalculatedPrice (shared between equal prices: never mutated, replaced on change). */
export function calculatedPrice(unitPrice: number, quantity: number): Record<string, unknown> {
  const key = `${unitPrice}x${quantity}`;
  let cached = priceCache.get(key);
  if (!cached) {
    cached = buildCalculatedPrice(unitPrice, quantity);
    if (priceCache.size > 10_000) priceCache.clear();
    priceCache.set(key, cached);
  }
  return cached;
}

function buildCalculatedPrice(unitPrice: number, quantity: number): Record<string, unknown> {
  const total = round2(unitPrice * quantity);
  const tax = round2(total - total / (1 + TAX_RATE / 100));
  return {
    unitPrice,
    quantity,
    totalPrice: total,
    calculatedTaxes: [{ tax, taxRate: TAX_RATE, price: total, apiAlias: 'cart_tax_calculated' }],
    taxRules: taxRules(),
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
}

export const SHIPPING_COSTS = 4.9;

// --- builders ----------------------------------------------------------------------------------

export interface BuildContext {
  salesChannelId: string;
  /** ms */
  createdAt: number;
}

export function addressEntity(
  seed: ShopwareAddressSeed,
  orderId: string,
  createdAt: string,
): ShopwareAddress {
  const id = fastId();
  const country = countryEntity(seed.countryIso ?? 'DE');
  const a: ShopwareAddress = {
    id,
    versionId: LIVE_VERSION,
    countryId: country.id,
    countryStateId: null,
    firstName: seed.firstName,
    lastName: seed.lastName,
    street: seed.street,
    zipcode: seed.zipcode,
    city: seed.city,
    company: seed.company ?? null,
    department: null,
    title: null,
    vatId: null,
    phoneNumber: seed.phoneNumber ?? null,
    additionalAddressLine1: seed.additionalAddressLine1 ?? null,
    additionalAddressLine2: seed.additionalAddressLine2 ?? null,
    customFields: null,
    country,
    countryState: null,
    salutation: null,
    createdAt,
    updatedAt: null,
    translated: NOT_TRANSLATED,
    extensions: FOREIGN_KEYS,
    _uniqueIdentifier: id,
    apiAlias: 'order_address',
  };
  return a;
}

const PHYSICAL = ['is-physical'];
const payloads = new Map<string, Record<string, unknown>>();

/** A product line's payload (shared per SKU: never mutated, replaced on change). */
function productPayload(sku: string): Record<string, unknown> {
  let payload = payloads.get(sku);
  if (!payload) {
    payload = {
      isNew: false,
      taxId: stableId('tax', 'standard'),
      tagIds: null,
      options: [],
      features: [],
      createdAt: INSTALLED_AT.replace('T', ' ').slice(0, 23),
      isCloseout: false,
      customFields: [],
      propertyIds: null,
      optionIds: null,
      productNumber: sku,
      manufacturerId: null,
      categoryIds: [],
      parentId: null,
      markAsTopseller: null,
      stock: 100,
      releaseDate: null,
      streamIds: null,
    };
    if (payloads.size > 10_000) payloads.clear();
    payloads.set(sku, payload);
  }
  return payload;
}

const priceDefinitions = new Map<string, Record<string, unknown>>();

function priceDefinition(price: number, quantity: number): Record<string, unknown> {
  const key = `${price}x${quantity}`;
  let def = priceDefinitions.get(key);
  if (!def) {
    def = {
      price,
      taxRules: taxRules(),
      quantity,
      isCalculated: true,
      referencePriceDefinition: null,
      listPrice: null,
      regulationPrice: null,
      type: 'quantity',
      apiAlias: 'cart_price_quantity',
    };
    if (priceDefinitions.size > 10_000) priceDefinitions.clear();
    priceDefinitions.set(key, def);
  }
  return def;
}

export function lineItemEntity(
  seed: ShopwareLineItemSeed,
  orderId: string,
  position: number,
  createdAt: string,
): ShopwareLineItem {
  const id = fastId();
  const type = seed.type ?? 'product';
  const quantity = seed.quantity;
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new TypeError(`line item ${seed.sku}: quantity must be a positive integer`);
  }
  const defaultPrice = type === 'product' || type === 'custom' ? 19.99 : -5;
  const unitPrice = seed.unitPrice ?? defaultPrice;
  const good = seed.good ?? (type === 'product' || type === 'custom');
  const productId = type === 'product' ? stableId('product', seed.sku) : null;
  let payload: Record<string, unknown>;
  let label = seed.label;
  if (type === 'product') {
    label ??= `Product ${seed.sku}`;
    payload = productPayload(seed.sku);
  } else if (type === 'promotion') {
    label ??= `Promotion ${seed.sku}`;
    payload = {
      code: seed.sku,
      value: String(Math.abs(unitPrice)),
      promotionId: stableId('promotion', seed.sku),
      discountId: stableId('promotion_discount', seed.sku),
      discountType: 'absolute',
      discountScope: 'cart',
      groupId: '',
      filter: null,
      exclusions: [],
      preventCombination: false,
      promotionCodeType: 'fixed',
    };
  } else {
    label ??= type === 'credit' ? `Credit ${seed.sku}` : seed.sku;
    payload = {};
  }
  const item: ShopwareLineItem = {
    id,
    versionId: LIVE_VERSION,
    orderId,
    orderVersionId: LIVE_VERSION,
    productId,
    productVersionId: productId ? LIVE_VERSION : null,
    promotionId: type === 'promotion' ? (payload.promotionId as string) : null,
    parentId: null,
    parentVersionId: null,
    coverId: null,
    identifier: type === 'product' ? productId : id,
    referencedId: type === 'product' ? productId : seed.sku,
    quantity,
    label,
    payload,
    good,
    removable: type !== 'promotion',
    stackable: type === 'product',
    position,
    states: good ? PHYSICAL : NOT_TRANSLATED,
    price: calculatedPrice(unitPrice, quantity),
    priceDefinition: priceDefinition(unitPrice, quantity),
    unitPrice,
    totalPrice: round2(unitPrice * quantity),
    description: null,
    type,
    customFields: null,
    cover: null,
    orderDeliveryPositions: null,
    downloads: null,
    parent: null,
    children: null,
    createdAt,
    updatedAt: null,
    translated: NOT_TRANSLATED,
    extensions: FOREIGN_KEYS,
    _uniqueIdentifier: id,
    apiAlias: 'order_line_item',
  };
  return item;
}

export function deliveryPositions(
  deliveryId: string,
  items: ShopwareLineItem[],
  createdAt: string,
): ShopwareEntity[] {
  return items
    .filter((i) => i.good)
    .map((i) => {
      const id = fastId();
      return {
        id,
        versionId: LIVE_VERSION,
        orderDeliveryId: deliveryId,
        orderDeliveryVersionId: LIVE_VERSION,
        orderLineItemId: i.id,
        orderLineItemVersionId: LIVE_VERSION,
        price: i.price,
        unitPrice: i.unitPrice,
        totalPrice: i.totalPrice,
        quantity: i.quantity,
        customFields: null,
        createdAt,
        updatedAt: null,
        translated: NOT_TRANSLATED,
        extensions: FOREIGN_KEYS,
        _uniqueIdentifier: id,
        apiAlias: 'order_delivery_position',
      };
    });
}

export interface Totals {
  positionPrice: number;
  amountTotal: number;
  amountNet: number;
}

export function totals(items: ShopwareLineItem[]): Totals {
  const positionPrice = round2(items.reduce((sum, i) => sum + i.totalPrice, 0));
  const amountTotal = round2(positionPrice + SHIPPING_COSTS);
  return { positionPrice, amountTotal, amountNet: round2(amountTotal / (1 + TAX_RATE / 100)) };
}

export function cartPrice(t: Totals): Record<string, unknown> {
  const tax = round2(t.amountTotal - t.amountNet);
  return {
    netPrice: t.amountNet,
    totalPrice: t.amountTotal,
    calculatedTaxes: [
      { tax, taxRate: TAX_RATE, price: t.amountTotal, apiAlias: 'cart_tax_calculated' },
    ],
    taxRules: taxRules(),
    positionPrice: t.positionPrice,
    rawTotal: t.amountTotal,
    taxStatus: 'gross',
    apiAlias: 'cart_price',
  };
}

export const DEFAULT_ADDRESS: ShopwareAddressSeed = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Heidestraße 17',
  zipcode: '51147',
  city: 'Köln',
  countryIso: 'DE',
};

export function deepLinkCode(): string {
  return randomBase64Url(24);
}

/** The fields an order insert writes (the webhook's updatedFields). */
export const ORDER_INSERT_FIELDS = [
  'id',
  'versionId',
  'orderNumber',
  'billingAddressId',
  'billingAddressVersionId',
  'currencyId',
  'languageId',
  'salesChannelId',
  'orderDateTime',
  'price',
  'shippingCosts',
  'currencyFactor',
  'deepLinkCode',
  'customerComment',
  'stateId',
  'ruleIds',
  'itemRounding',
  'totalRounding',
  'createdById',
  'primaryOrderDeliveryId',
  'primaryOrderDeliveryVersionId',
  'primaryOrderTransactionId',
  'primaryOrderTransactionVersionId',
  'createdAt',
];
