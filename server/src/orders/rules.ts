import { z } from 'zod';
import { addressInput } from '../clients/clients';
import { field } from '../domain/validation';
import { parseDecimal } from '@kontor/contracts';
import { hasDecimals } from '../products/rules';

// The rules of an order as the form (GraphQL) and the order import (each file's rows, grouped
// by order number) send it. Every message is English and names its field (dotted paths:
// `items.0.quantity`, `shippingAddress.postcode`); custom issues carry `params.rule`. What
// needs the database (the client, the products being the client's, the shipping method,
// a free number) is checked by createOrder/updateOrder in orders.ts, as field errors on the
// same paths. Parse with `parse` from domain/validation.

/** The most items an order holds. */
export const MAX_ITEMS = 1000;
/** The most units of one item. */
export const MAX_QUANTITY = 100_000;
/** The highest net unit price, EUR. */
export const MAX_ITEM_PRICE = 1_000_000;
/** The most attributes of an order. */
export const MAX_ATTRIBUTES = 100;

/** A whole number from a form (number) or a file (text). */
function wholeNumber(name: string, min: number, max: number) {
  const invalid = `The ${name} field must be an integer.`;
  return z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${name} field is required.`
          : invalid,
    })
    .transform((value, ctx): number => {
      const number = typeof value === 'number' ? value : parseDecimal(value);
      if (number === null || number === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: number === null ? `The ${name} field is required.` : invalid,
          params: { rule: number === null ? 'required' : 'integer' },
        });
        return z.NEVER;
      }
      if (!Number.isInteger(number)) {
        ctx.addIssue({ code: 'custom', message: invalid, params: { rule: 'integer' } });
        return z.NEVER;
      }
      if (number < min || number > max) {
        ctx.addIssue({
          code: 'custom',
          message: `The ${name} field must be between ${min} and ${max}.`,
          params: { rule: 'between', min, max },
        });
        return z.NEVER;
      }
      return number;
    });
}

/** An optional EUR amount (≥ 0, ≤ MAX_ITEM_PRICE, 2 decimals) as whole cents; null when not given. */
function optionalEuroCents(name: string) {
  const invalid = `The ${name} field must be a number.`;
  return z
    .union([z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined) return null;
      const euro = typeof value === 'number' ? value : parseDecimal(value);
      if (euro === null) return null;
      if (euro === undefined || !Number.isFinite(euro)) {
        ctx.addIssue({ code: 'custom', message: invalid, params: { rule: 'numeric' } });
        return z.NEVER;
      }
      if (euro < 0 || euro > MAX_ITEM_PRICE) {
        ctx.addIssue({
          code: 'custom',
          message: `The ${name} field must be between 0 and ${MAX_ITEM_PRICE}.`,
          params: { rule: 'between', min: 0, max: MAX_ITEM_PRICE },
        });
        return z.NEVER;
      }
      if (!hasDecimals(euro, 2)) {
        ctx.addIssue({
          code: 'custom',
          message: `The ${name} field must not have more than 2 decimal places.`,
          params: { rule: 'decimals', decimals: 2 },
        });
        return z.NEVER;
      }
      return Math.round(euro * 100);
    });
}

/** One position as sent: the product, how many, and optionally the net unit price. */
export const orderItemInput = z.object({
  productId: field.id('product'),
  quantity: wholeNumber('quantity', 1, MAX_QUANTITY),
  /** Cents; null: the product's net price when saved. */
  itemPrice: optionalEuroCents('item price'),
});

export const orderAttributeInput = z.object({
  key: field.requiredString('key', 100),
  value: field.optionalString('value', 1000),
});

/** The rules of an order (OrderInput of the schema; the import builds the same object per order). */
export const orderInput = z.object({
  clientId: field.id('client'),
  /** null for a manual order ('' and absent too). */
  shop: field.optionalString('shop', 100).transform((shop) => (shop === '' ? null : shop)),
  /** null: the server gives K-{year}-{6 digits}. */
  number: field.optionalString('number', 50).transform((number) => (number === '' ? null : number)),
  /** null: today in Europe/Berlin. */
  orderDate: field.optionalDay('order date'),
  shippingMethodId: field
    .id('shipping method')
    .nullish()
    .transform((id) => id ?? null),
  /** null: no department (the invoice export then takes the client's only one, if any). */
  departmentId: field
    .id('department')
    .nullish()
    .transform((id) => id ?? null),
  shippingAddress: addressInput,
  /** null: the same as the shipping address. */
  billingAddress: addressInput.nullish().transform((address) => address ?? null),
  items: z
    .array(orderItemInput, { error: 'The items field is required.' })
    .min(1, 'The order needs at least one item.')
    .max(MAX_ITEMS, `An order holds at most ${MAX_ITEMS} items.`),
  attributes: z
    .array(orderAttributeInput, { error: 'The attributes field must be a list.' })
    .max(MAX_ATTRIBUTES, `An order holds at most ${MAX_ATTRIBUTES} attributes.`)
    // On the list itself: it is checked even when other fields of the order are bad.
    .superRefine((attributes, ctx) => {
      const keys = new Set<string>();
      attributes.forEach((attribute, index) => {
        if (keys.has(attribute.key))
          ctx.addIssue({
            code: 'custom',
            path: [index, 'key'],
            message: `The key ${attribute.key} is given twice.`,
            params: { rule: 'distinct' },
          });
        keys.add(attribute.key);
      });
    })
    .nullish()
    .transform((attributes) => attributes ?? []),
});

/** An order as the form or the import sends it. */
export type OrderInput = z.input<typeof orderInput>;
/** An order after validation: what createOrder and updateOrder take (prices in cents). */
export type ValidOrder = z.output<typeof orderInput>;

/** The line's VAT in cents: net × rate %, rounded half-up to the cent (docs/domain.md "VAT"). */
export function lineVatCents(netCents: number, vatRate: number): number {
  return Math.floor((netCents * vatRate + 50) / 100);
}

/** An order's sums from its lines (cents): subtotal = Σ net, vat = Σ line VAT, total = both. */
export function totals(
  lines: readonly { priceCents: number; quantity: number; vatRate: number }[],
): {
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
} {
  let subtotalCents = 0;
  let vatCents = 0;
  for (const line of lines) {
    const net = line.priceCents * line.quantity;
    subtotalCents += net;
    vatCents += lineVatCents(net, line.vatRate);
  }
  return { subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
}
