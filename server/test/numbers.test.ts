import { parseDecimal } from '@kontor/contracts';

// One reading of a typed or imported number for the server, the forms and the imports
// (contracts/src/numbers.ts): German and plain, never a thousands point taken for a decimal.

test.each([
  ['12,5', 12.5],
  ['1.234,50', 1234.5],
  ['1.234.567', 1234567],
  ['1234.50', 1234.5],
  ['1.5', 1.5],
  [' 3 ', 3],
  ['-2,25', -2.25],
  ['1 234,5', 1234.5],
])('"%s" is %d', (text, expected) => {
  expect(parseDecimal(text)).toBe(expected);
});

test.each(['1,2,3', '1.23,4', 'zwölf', '1e3', '12,', ',5'])('"%s" is no number', (text) => {
  expect(parseDecimal(text)).toBeUndefined();
});

test('an empty text is no value, not zero', () => {
  expect(parseDecimal('')).toBeNull();
  expect(parseDecimal('   ')).toBeNull();
});
