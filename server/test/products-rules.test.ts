import { InvalidInput } from '../src/domain/errors';
import { parse } from '../src/domain/validation';
import {
  adrPoints,
  casCheckDigitValid,
  gtinCheckDigitValid,
  hazmatInput,
  productInput,
} from '../src/products/rules';

/** The field problems `parse` reports for this input (empty when it is valid). */
function problemsOf(schema: typeof productInput | typeof hazmatInput, input: unknown) {
  try {
    parse(schema, input);
    return {};
  } catch (error) {
    if (error instanceof InvalidInput) return error.problems;
    throw error;
  }
}

const hazmat = { unNumber: '1203', hazmatClass: '3' };

describe('product rules (server/src/products/rules.ts)', () => {
  it('accepts a full product and stores prices as cents, decimals from forms and files', () => {
    const valid = parse(productInput, {
      sku: ' A-1 ',
      name: 'Benzin',
      ean: '4006381333931',
      url: 'https://example.com/p',
      weightKg: '1.234,5',
      widthCm: 10.5,
      countryOfManufacture: 'de',
      priceNet: '1.234,50',
      priceGross: 12.3,
      vatRate: '7',
      lotTracked: 'ja',
      bestBefore: true,
      hazmat: {
        ...hazmat,
        unNumber: 'UN 1203',
        casNumber: '7732-18-5',
        tunnelRestrictionCode: '(-)',
        factor: '3',
      },
    });
    expect(valid).toMatchObject({
      sku: 'A-1',
      altSku: '',
      ean: '4006381333931',
      weightKg: 1234.5,
      widthCm: 10.5,
      heightCm: null,
      countryOfManufacture: 'DE',
      priceNetCents: 123450,
      priceGrossCents: 1230,
      vatRate: 7,
      lotTracked: true,
      bestBefore: true,
      hazmat: {
        unNumber: '1203',
        casNumber: '7732-18-5',
        hazmatClass: '3',
        riskClass: '',
        tunnelRestrictionCode: '-',
        factor: 3,
      },
    });
    expect(parse(productInput, { sku: 'x', name: 'y' })).toMatchObject({
      hazmat: null,
      vatRate: 19,
      priceNetCents: 0,
      lotTracked: false,
    });
  });

  it('names each bad field with its rule', () => {
    const problems = problemsOf(productInput, {
      sku: 'x'.repeat(65),
      name: '',
      ean: '4006381333932',
      url: 'ftp://example.com',
      weightKg: -1,
      widthCm: 1.25,
      countryOfManufacture: 'XX',
      priceNet: 1.001,
      priceGross: 'abc',
      vatRate: 16,
      lotTracked: 'maybe',
    });
    const rules = Object.fromEntries(
      Object.entries(problems).map(([key, list]) => [key, list[0]!.rule]),
    );
    expect(rules).toEqual({
      sku: 'max',
      name: 'required',
      ean: 'gtinCheckDigit',
      url: 'url',
      weightKg: 'minValue',
      widthCm: 'decimals',
      countryOfManufacture: 'country',
      priceNet: 'decimals',
      priceGross: 'numeric',
      vatRate: 'in',
      lotTracked: 'boolean',
    });
    expect(problems.ean![0]!.message).toBe('The EAN field has a wrong check digit.');
    expect(problemsOf(productInput, { sku: 'a', name: 'b', ean: '12345' }).ean![0]!.rule).toBe(
      'gtin',
    );
  });

  it('checks GTIN-8/12/13/14 and CAS check digits', () => {
    expect(
      ['96385074', '036000291452', '4006381333931', '10012345678902'].map(gtinCheckDigitValid),
    ).toEqual([true, true, true, true]);
    expect(
      ['96385075', '036000291453', '4006381333932', '10012345678903'].map(gtinCheckDigitValid),
    ).toEqual([false, false, false, false]);
    expect(['7732-18-5', '64-17-5', '7440-44-0', '50-00-0'].map(casCheckDigitValid)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['7732-18-4', '64-17-6'].map(casCheckDigitValid)).toEqual([false, false]);
  });

  it('validates every hazmat field', () => {
    const problems = problemsOf(hazmatInput, {
      unNumber: '123',
      casNumber: '7732-18-4',
      hazmatClass: '10',
      riskClass: '2.4',
      packingGroup: 'IV',
      hazardIdNumber: '1',
      tunnelRestrictionCode: 'A',
      netWeightKg: -2,
      factor: 1.234,
    });
    const rules = Object.fromEntries(Object.entries(problems).map(([k, l]) => [k, l[0]!.rule]));
    expect(rules).toEqual({
      unNumber: 'unNumber',
      casNumber: 'casCheckDigit',
      hazmatClass: 'in',
      riskClass: 'in',
      packingGroup: 'in',
      hazardIdNumber: 'hazardIdNumber',
      tunnelRestrictionCode: 'in',
      netWeightKg: 'minValue',
      factor: 'decimals',
    });
    expect(problemsOf(hazmatInput, {}).unNumber![0]!.rule).toBe('required');
    expect(problemsOf(hazmatInput, { unNumber: '1203' }).hazmatClass![0]!.message).toBe(
      'The hazmat class field is required.',
    );
    expect(problemsOf(hazmatInput, { ...hazmat, casNumber: '77321-85' }).casNumber![0]!.rule).toBe(
      'cas',
    );
    expect(
      parse(hazmatInput, {
        ...hazmat,
        packingGroup: 'ii',
        tunnelRestrictionCode: 'd/e',
        hazardIdNumber: 'x423',
      }),
    ).toMatchObject({ packingGroup: 'II', tunnelRestrictionCode: 'D/E', hazardIdNumber: 'X423' });
  });

  it('computes ADR points as factor × quantity without rounding noise', () => {
    expect(adrPoints(3, 100)).toBe(300);
    expect(adrPoints(0.1, 3)).toBe(0.3);
    expect(adrPoints(50, 21)).toBe(1050);
    expect(adrPoints(0, 1000)).toBe(0);
  });
});
