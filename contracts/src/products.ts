// What a product is allowed to be, known to the server (which decides) and the product form
// (which refuses at once in the user's language): the ADR lists, the ADR 1.1.3.6 points and the
// check digits of GTINs and CAS numbers (docs/domain.md "Things and places", docs/product.md §3).

/** The ADR classes and divisions (ADR 2.2): a hazmat class or subsidiary risk is one of them. */
export const ADR_CLASSES = [
  '1.1',
  '1.2',
  '1.3',
  '1.4',
  '1.5',
  '1.6',
  '2.1',
  '2.2',
  '2.3',
  '3',
  '4.1',
  '4.2',
  '4.3',
  '5.1',
  '5.2',
  '6.1',
  '6.2',
  '7',
  '8',
  '9',
] as const;

/** The packing groups (ADR 2.1.1.3). */
export const PACKING_GROUPS = ['I', 'II', 'III'] as const;

/** The tunnel restriction codes (ADR 1.9.5.2.2); '-' is "no restriction" (ADR's "(-)"). */
export const TUNNEL_CODES = ['B', 'B/D', 'B/E', 'C', 'C/D', 'C/E', 'D', 'D/E', 'E', '-'] as const;

/** The VAT rates a product may have (docs/domain.md "VAT"). */
export const VAT_RATES = [0, 7, 19] as const;

/** A product's VAT rate when none is given (the standard rate). */
export const DEFAULT_VAT_RATE = 19;

/**
 * The gross price of a net price at a VAT rate, both in cents: net plus VAT, rounded half-up to
 * the cent (docs/domain.md "VAT"). The server fills a product's empty gross price with it.
 */
export function grossFromNet(netCents: number, vatRate: number): number {
  return Math.floor((netCents * (100 + vatRate) + 50) / 100);
}

/** The net price of a gross price at a VAT rate, both in cents: rounded half-up to the cent. */
export function netFromGross(grossCents: number, vatRate: number): number {
  const divisor = 100 + vatRate;
  return Math.floor((grossCents * 200 + divisor) / (2 * divisor));
}

/**
 * A product's prices in cents from what was given (null: left empty): the empty one computed
 * from the other and the VAT rate; both empty are 0.
 */
export function productPrices(
  netCents: number | null,
  grossCents: number | null,
  vatRate: number,
): { priceNetCents: number; priceGrossCents: number } {
  if (netCents !== null && grossCents !== null)
    return { priceNetCents: netCents, priceGrossCents: grossCents };
  if (netCents !== null)
    return { priceNetCents: netCents, priceGrossCents: grossFromNet(netCents, vatRate) };
  if (grossCents !== null)
    return { priceNetCents: netFromGross(grossCents, vatRate), priceGrossCents: grossCents };
  return { priceNetCents: 0, priceGrossCents: 0 };
}

/**
 * ADR 1.1.3.6: the points per unit of each transport category, by category (0 → 0: category 0
 * has no exemption at all; 1 → 50; 2 → 3; 3 → 1; 4 → 0: unlimited). The form offers them to fill
 * a hazmat's `factor`.
 */
export const TRANSPORT_CATEGORY_FACTORS = [0, 50, 3, 1, 0] as const;

/** ADR 1.1.3.6.3: a transport unit carrying more than this many points needs full ADR. */
export const ADR_POINTS_LIMIT = 1000;

/**
 * The ADR 1.1.3.6 points of `quantity` units with `factor` points per unit, to the hundredth
 * (factors have two decimals: no binary rounding noise such as 0.1 × 3 = 0.30000000000000004).
 */
export function adrPoints(factor: number, quantity: number): number {
  return Math.round(Math.round(factor * 100) * quantity) / 100;
}

/** True when `digits` (a GTIN-8/12/13/14) ends in its correct check digit (GS1 modulo 10). */
export function gtinCheckDigitValid(digits: string): boolean {
  let sum = 0;
  // From the right, without the check digit: weights 3, 1, 3, 1 …
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight)
    sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** True when a CAS registry number (`7732-18-5`) has its correct check digit. */
export function casCheckDigitValid(cas: string): boolean {
  const digits = cas.replace(/-/g, '');
  const body = digits.slice(0, -1);
  let sum = 0;
  // The digits before the check digit, from the right, weighted 1, 2, 3 …
  for (let i = body.length - 1, weight = 1; i >= 0; i--, weight++) sum += Number(body[i]) * weight;
  return sum % 10 === Number(digits.at(-1));
}
