import { format, ruleMessage, rules, z } from '../shared-session';
import { casCheckDigitValid, gtinCheckDigitValid, parseDecimal } from '@kontor/contracts';

// The product form's rules in the browser: the server's (server/src/products/rules.ts) as far
// as a form can check them, so a bad EAN or CAS number is refused at once in the user's
// language. The server checks everything again and decides.

/** A number for the form's text field, in the page's language (12,5 in German); '' for null. */
export function formatDecimal(value: number | null | undefined, decimals?: number): string {
  if (value === null || value === undefined) return '';
  // Without grouping, with the language's decimal mark (the formatter's CSV number).
  return format.csvNumber(
    decimals === undefined ? Math.round(value * 1000) / 1000 : value,
    decimals,
  );
}

const packed = (rule: string, params?: Record<string, unknown>) =>
  ruleMessage(`warehouse:products.rules.${rule}`, params);

const hasDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** An optional decimal ≥ 0 with at most `decimals` places, typed as text. */
export const decimal = (decimals: number) =>
  z.string().check(
    z.refine((text) => parseDecimal(text) !== undefined, { error: packed('number') }),
    z.refine((text) => (parseDecimal(text) ?? 0) >= 0, { error: packed('minZero') }),
    z.refine((text) => hasDecimals(parseDecimal(text) ?? 0, decimals), {
      error: packed('decimals', { decimals }),
    }),
  );

/** An optional text that must match a format (checked in steps: the first broken one shows). */
const formatted = (limit: number, ...steps: [(text: string) => boolean, string][]) =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(limit, { error: ruleMessage('max', { max: limit }) }),
      ...steps.map(([ok, rule], index) =>
        z.refine<string>(
          (text) =>
            text === '' || steps.slice(0, index).some(([before]) => !before(text)) || ok(text),
          { error: packed(rule) },
        ),
      ),
    );

/** The form's rules, by the names of ProductInput. */
export const PRODUCT_RULES = {
  clientId: rules.choice(),
  sku: rules.text(64),
  altSku: rules.optionalText(64),
  ean: formatted(
    14,
    [(text) => /^(\d{8}|\d{12,14})$/.test(text.replace(/\s/g, '')), 'gtin'],
    [(text) => gtinCheckDigitValid(text.replace(/\s/g, '')), 'gtinCheckDigit'],
  ),
  name: rules.text(),
  url: formatted(2048, [(text) => /^https?:\/\/[^\s/]+/i.test(text), 'url']),
  weightKg: decimal(3),
  widthCm: decimal(1),
  heightCm: decimal(1),
  lengthCm: decimal(1),
  countryOfManufacture: rules.optionalText(2),
  priceNet: decimal(2),
  priceGross: decimal(2),
  vatRate: rules.choice(),
  lotTracked: rules.flag(),
  bestBefore: rules.flag(),
  hasHazmat: rules.flag(),
  hazmat: rules.group({
    unNumber: formatted(10, [(text) => /^(UN\s*)?\d{4}$/i.test(text), 'unNumber']),
    casNumber: formatted(
      12,
      [(text) => /^\d{2,7}-\d{2}-\d$/.test(text), 'cas'],
      [casCheckDigitValid, 'casCheckDigit'],
    ),
    shippingName: rules.optionalText(),
    description: rules.optionalText(1000),
    hazmatClass: rules.optionalText(20),
    riskClass: rules.optionalText(20),
    packingGroup: rules.optionalText(20),
    hazardIdNumber: formatted(4, [(text) => /^X?[2-9]\d{1,2}$/i.test(text), 'hazardIdNumber']),
    classificationCode: rules.optionalText(20),
    packingIdCode: rules.optionalText(20),
    tunnelRestrictionCode: rules.optionalText(20),
    netWeightKg: decimal(3),
    grossWeightKg: decimal(3),
    factor: decimal(2),
    additional: rules.optionalText(1000),
  }),
};
