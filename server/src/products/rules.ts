import countries from 'i18n-iso-countries';
import {
  parseDecimal,
  ADR_CLASSES,
  casCheckDigitValid,
  gtinCheckDigitValid,
  DEFAULT_VAT_RATE,
  PACKING_GROUPS,
  productPrices,
  TUNNEL_CODES,
  VAT_RATES,
} from '@kontor/contracts';
import { z } from 'zod';
import { field } from '../domain/validation';

// The rules of a product and its hazardous-goods data (docs/domain.md "Things and places",
// docs/product.md §3). The product form (GraphQL) and the product import (each file row) validate with
// exactly these: every message is English and names its field, every custom issue carries
// `params.rule` for the screens' translated texts. Parse with `parse` from domain/validation.

// The ADR lists, ADR points and check digits are shared with the product form.
export {
  ADR_CLASSES,
  ADR_POINTS_LIMIT,
  adrPoints,
  casCheckDigitValid,
  gtinCheckDigitValid,
  PACKING_GROUPS,
  TRANSPORT_CATEGORY_FACTORS,
  TUNNEL_CODES,
  VAT_RATES,
} from '@kontor/contracts';

/** Accepts a value of a form (number) or of a file (text, `1.234,50` or `1234.50`); '' and null are null. */
function numberOrNull(name: string) {
  const invalid = `The ${name} field must be a number.`;
  return z
    .union([z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'number') {
        if (Number.isFinite(value)) return value;
        ctx.addIssue({ code: 'custom', message: invalid, params: { rule: 'numeric' } });
        return z.NEVER;
      }
      const number = parseDecimal(value);
      if (number === undefined) {
        ctx.addIssue({ code: 'custom', message: invalid, params: { rule: 'numeric' } });
        return z.NEVER;
      }
      return number;
    });
}

/** True when `value` has at most `decimals` decimal places. */
export const hasDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

interface DecimalRule {
  /** The largest value (the column's precision). */
  max: number;
  /** The most decimal places the column keeps. */
  decimals: number;
}

/** An optional decimal ≥ 0 with at most `decimals` places; null when not given. */
function optionalDecimal(name: string, { max, decimals }: DecimalRule) {
  return numberOrNull(name).superRefine((value, ctx) => {
    if (value === null) return;
    if (value < 0)
      ctx.addIssue({
        code: 'custom',
        message: `The ${name} field must be at least 0.`,
        params: { rule: 'minValue', min: 0 },
      });
    else if (value > max)
      ctx.addIssue({
        code: 'custom',
        message: `The ${name} field must not be greater than ${max}.`,
        params: { rule: 'maxValue', max },
      });
    else if (!hasDecimals(value, decimals))
      ctx.addIssue({
        code: 'custom',
        message: `The ${name} field must not have more than ${decimals} decimal places.`,
        params: { rule: 'decimals', decimals },
      });
  });
}

/** A decimal ≥ 0 with at most `decimals` places; 0 when not given. */
const decimalOrZero = (name: string, rule: DecimalRule) =>
  optionalDecimal(name, rule).transform((value) => value ?? 0);

/** An amount of EUR (≥ 0, at most 2 decimals) as whole cents; null when not given. */
const euroCents = (name: string) =>
  optionalDecimal(name, { max: 99_999_999.99, decimals: 2 }).transform((euro) =>
    euro === null ? null : Math.round(euro * 100),
  );

/** A flag of a form (boolean) or a file (`1`/`0`, `true`/`false`, `yes`/`no`, `ja`/`nein`, `x`, ''). */
function flag(name: string) {
  const invalid = `The ${name} field must be true or false.`;
  return z
    .union([z.boolean(), z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return false;
      if (typeof value === 'boolean') return value;
      const result = flagFromText(String(value));
      if (result !== undefined) return result;
      ctx.addIssue({ code: 'custom', message: invalid, params: { rule: 'boolean' } });
      return z.NEVER;
    });
}

/** The flag a text means (flag's reading of a file's cell); undefined when it is none. */
export function flagFromText(value: string): boolean | undefined {
  const text = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'ja', 'y', 'j', 'x', 'on', 'wahr'].includes(text)) return true;
  if (['', '0', 'false', 'no', 'nein', 'n', 'off', 'falsch'].includes(text)) return false;
  return undefined;
}

/**
 * An optional text that must be '' or one of `choices` (compared ignoring case and spaces,
 * after `alias` maps other spellings, e.g. `(-)` → `-`).
 */
function choice<const T extends readonly string[]>(
  name: string,
  choices: T,
  { required = false, alias = {} as Record<string, T[number]> } = {},
) {
  const list = choices.join(', ');
  return field.optionalString(name, 20).transform((value, ctx): T[number] | '' => {
    const normal = value.toUpperCase().replace(/\s/g, '');
    if (normal === '') {
      if (required)
        ctx.addIssue({
          code: 'custom',
          message: `The ${name} field is required.`,
          params: { rule: 'required' },
        });
      return '';
    }
    const found = alias[normal] ?? choices.find((c) => c.toUpperCase() === normal);
    if (found !== undefined) return found;
    ctx.addIssue({
      code: 'custom',
      message: `The ${name} field must be one of ${list}.`,
      params: { rule: 'in', values: list },
    });
    return z.NEVER;
  });
}

/** A text matching `format` ('' allowed), normalised by `normal` first. */
function formatted(
  name: string,
  max: number,
  normal: (value: string) => string,
  check: (value: string) => { rule: string; message: string } | undefined,
) {
  return field
    .optionalString(name, max)
    .transform(normal)
    .superRefine((value, ctx) => {
      if (value === '') return;
      const problem = check(value);
      if (problem)
        ctx.addIssue({ code: 'custom', message: problem.message, params: { rule: problem.rule } });
    });
}

/** The rules of a product's hazardous-goods data (ADR). */
export const hazmatInput = z.object({
  /** The UN number: 4 digits (`UN1203` is taken as 1203). */
  unNumber: field
    .requiredString('UN number', 10)
    .transform((value) => value.replace(/^UN\s*/i, ''))
    .refine((value) => /^\d{4}$/.test(value), {
      message: 'The UN number field must be 4 digits.',
      params: { rule: 'unNumber' },
    }),
  casNumber: formatted(
    'CAS number',
    12,
    (value) => value.replace(/\s/g, ''),
    (value) =>
      !/^\d{2,7}-\d{2}-\d$/.test(value)
        ? {
            rule: 'cas',
            message:
              'The CAS number field must be written like 7732-18-5 (2–7 digits, 2 digits, 1 check digit).',
          }
        : !casCheckDigitValid(value)
          ? { rule: 'casCheckDigit', message: 'The CAS number field has a wrong check digit.' }
          : undefined,
  ),
  shippingName: field.optionalString('shipping name', 255),
  description: field.optionalString('description', 1000),
  hazmatClass: choice('hazmat class', ADR_CLASSES, { required: true }),
  riskClass: choice('risk class', ADR_CLASSES),
  packingGroup: choice('packing group', PACKING_GROUPS),
  /** The hazard identification number (Kemler code): 2 or 3 digits, optionally after X (e.g. 33, X423). */
  hazardIdNumber: formatted(
    'hazard id number',
    4,
    (value) => value.toUpperCase().replace(/\s/g, ''),
    (value) =>
      /^X?[2-9]\d{1,2}$/.test(value)
        ? undefined
        : {
            rule: 'hazardIdNumber',
            message:
              'The hazard id number field must be 2 or 3 digits, optionally after X (e.g. 33, X423).',
          },
  ),
  classificationCode: field.optionalString('classification code', 20),
  packingIdCode: field.optionalString('packing id code', 20),
  tunnelRestrictionCode: choice('tunnel restriction code', TUNNEL_CODES, { alias: { '(-)': '-' } }),
  netWeightKg: optionalDecimal('net weight', { max: 9_999_999.999, decimals: 3 }),
  grossWeightKg: optionalDecimal('gross weight', { max: 9_999_999.999, decimals: 3 }),
  /** ADR 1.1.3.6 points per unit (see TRANSPORT_CATEGORY_FACTORS). */
  factor: decimalOrZero('factor', { max: 9999.99, decimals: 2 }),
  additional: field.optionalString('additional', 1000),
});

/** A product's hazmat data as the form or a file row sends it. */
export type HazmatInput = z.input<typeof hazmatInput>;
/** A product's hazmat data after validation. */
export type ValidHazmat = z.output<typeof hazmatInput>;

/** The rules of a product's data (its client is chosen apart: the form's clientId, the import's client). */
export const productInput = z
  .object({
    /** The stock keeping unit: unique per client, ignoring case. */
    sku: field.requiredString('sku', 64),
    altSku: field.optionalString('alt sku', 64),
    /** A GTIN-8, -12, -13 or -14 with its check digit, or '' for none. */
    ean: formatted(
      'EAN',
      14,
      (value) => value.replace(/\s/g, ''),
      (value) =>
        !/^(\d{8}|\d{12,14})$/.test(value)
          ? { rule: 'gtin', message: 'The EAN field must be a GTIN of 8, 12, 13 or 14 digits.' }
          : !gtinCheckDigitValid(value)
            ? { rule: 'gtinCheckDigit', message: 'The EAN field has a wrong check digit.' }
            : undefined,
    ),
    name: field.requiredString('name', 255),
    url: formatted(
      'url',
      2048,
      (value) => value,
      (value) => {
        let url: URL | undefined;
        try {
          url = new URL(value);
        } catch {
          url = undefined;
        }
        return url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname
          ? undefined
          : {
              rule: 'url',
              message: 'The url field must be a web address starting with http:// or https://.',
            };
      },
    ),
    weightKg: optionalDecimal('weight', { max: 9_999_999.999, decimals: 3 }),
    widthCm: optionalDecimal('width', { max: 9_999_999.9, decimals: 1 }),
    heightCm: optionalDecimal('height', { max: 9_999_999.9, decimals: 1 }),
    lengthCm: optionalDecimal('length', { max: 9_999_999.9, decimals: 1 }),
    /** ISO 3166-1 alpha-2 (a real, assigned code), or '' when unknown. */
    countryOfManufacture: formatted(
      'country of manufacture',
      2,
      (value) => value.toUpperCase(),
      (value) =>
        countries.isValid(value) && /^[A-Z]{2}$/.test(value)
          ? undefined
          : {
              rule: 'country',
              message:
                'The country of manufacture field must be an ISO 3166-1 country code such as DE.',
            },
    ),
    /** EUR, at most two decimals (stored as cents); an empty one is computed from the other. */
    priceNet: euroCents('net price'),
    priceGross: euroCents('gross price'),
    vatRate: numberOrNull('VAT rate').transform((value, ctx) => {
      if (value === null) return DEFAULT_VAT_RATE;
      const rate = VAT_RATES.find((r) => r === value);
      if (rate !== undefined) return rate;
      ctx.addIssue({
        code: 'custom',
        message: 'The VAT rate field must be one of 0, 7, 19.',
        params: { rule: 'in', values: '0, 7, 19' },
      });
      return z.NEVER;
    }),
    lotTracked: flag('lot tracked'),
    bestBefore: flag('best before'),
    /** The hazmat data, or null/absent for a product without hazardous goods. */
    hazmat: hazmatInput.nullish().transform((value) => value ?? null),
  })
  // A price left empty is computed from the other and the VAT rate (docs/domain.md "VAT").
  .transform(({ priceNet, priceGross, ...product }) => ({
    ...product,
    ...productPrices(priceNet, priceGross, product.vatRate),
  }));

/** A product as the form or a file row sends it. */
export type ProductInput = z.input<typeof productInput>;
/** A product's data after validation: prices in cents, '' for absent texts, null for absent numbers. */
export type ValidProduct = z.output<typeof productInput>;
