import type { OrderFieldsFragment, OrderProductSearchQuery } from '../graphql/generated';
import {
  addressRules,
  addressValues,
  ruleMessage,
  rules,
  type AddressField,
} from '../shared-session';
import { dayAgo, formatPrice, parsePrice } from './format';

// The order form's values without React: what the form holds, its rules and cross-field
// checks, the values of an order and the OrderInput of the values (form.tsx shows them).

export type Order = OrderFieldsFragment;
export type Product = OrderProductSearchQuery['products']['items'][number];

/** A position as the form holds it: the product (its sku and name shown), texts as typed. */
export interface ItemValues {
  productId: string;
  sku: string;
  name: string;
  quantity: string;
  itemPrice: string;
  /** Already shipped (an existing position); shown, never sent. */
  shipped: number;
}

/** The form's values: the OrderInput's fields, the billing address only when it differs. */
export interface OrderValues {
  clientId: string;
  shop: string;
  number: string;
  orderDate: string;
  shippingMethodId: string;
  departmentId: string;
  shippingAddress: Record<AddressField, string>;
  billingSame: boolean;
  billingAddress: Record<AddressField, string>;
  items: ItemValues[];
}

/**
 * The browser's rules (the server's decide). The billing address and items are checked in
 * `check`. The shipping method is a required choice on the form when the user can see the
 * methods (docs/domain.md "Outbound": an order without one cannot be fulfilled); the server
 * takes an order without one (a shop's or an import's) and names it as the fulfillment error.
 */
export function orderRules(methodRequired: boolean) {
  return {
    clientId: rules.choice(),
    shop: rules.optionalText(100),
    number: rules.optionalText(100),
    orderDate: rules.day(),
    shippingMethodId: methodRequired ? rules.choice() : rules.optionalText(20),
    departmentId: rules.optionalText(20),
    shippingAddress: addressRules(),
    billingSame: rules.flag(),
  };
}

/** The required parts of an address (addressRules' required fields). */
const REQUIRED_ADDRESS: AddressField[] = [
  'street',
  'houseNumber',
  'postcode',
  'city',
  'countryCode',
];

/** Checks across fields: a differing billing address is complete, every item has a quantity and a price. */
export function checkOrder(values: OrderValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.billingSame)
    for (const field of REQUIRED_ADDRESS)
      if (!values.billingAddress[field]?.trim())
        errors[`billingAddress.${field}`] = ruleMessage('required');
  if (values.items.length === 0) errors.items = ruleMessage('orders:order.rules.items');
  values.items.forEach((item, i) => {
    if (!/^\s*[1-9]\d*\s*$/.test(item.quantity))
      errors[`items.${i}.quantity`] = ruleMessage('orders:order.rules.quantity');
    if (item.itemPrice.trim() && parsePrice(item.itemPrice) === null)
      errors[`items.${i}.itemPrice`] = ruleMessage('orders:order.rules.price');
  });
  return errors;
}

export function initialValues(order: Order | undefined): OrderValues {
  const same = !order || order.billingSameAsShipping;
  return {
    clientId: order ? String(order.client.id) : '',
    shop: order?.shop ?? '',
    number: order?.number ?? '',
    orderDate: order?.orderDate.slice(0, 10) ?? dayAgo(0),
    shippingMethodId: order?.shippingMethod ? String(order.shippingMethod.id) : '',
    departmentId: order?.department ? String(order.department.id) : '',
    shippingAddress: addressValues(order?.shippingAddress),
    billingSame: same,
    billingAddress: addressValues(same ? undefined : order?.billingAddress),
    items:
      order?.items.map((item) => ({
        productId: item.product ? String(item.product.id) : '',
        sku: item.sku,
        name: item.name,
        quantity: String(item.orderedQuantity),
        itemPrice: formatPrice(item.itemPrice),
        shipped: item.shippedQuantity,
      })) ?? [],
  };
}

/** The form's values as OrderInput. */
export function inputOf(values: OrderValues, order: Order | undefined) {
  return {
    clientId: values.clientId,
    shop: values.shop.trim() || null,
    number: values.number.trim() || null,
    orderDate: values.orderDate,
    shippingMethodId: values.shippingMethodId || null,
    departmentId: values.departmentId || null,
    shippingAddress: values.shippingAddress,
    billingAddress: values.billingSame ? null : values.billingAddress,
    items: values.items.map((item) => ({
      productId: item.productId,
      quantity: Number(item.quantity.trim()),
      itemPrice: parsePrice(item.itemPrice),
    })),
    // The form does not edit attributes (they come from the shop or the import): kept as they are.
    attributes: order?.attributes.map(({ key, value }) => ({ key, value })) ?? [],
  };
}
