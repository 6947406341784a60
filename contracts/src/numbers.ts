// How a number typed or read from a file is understood, the same on the server and in every
// form: German (`1.234,50`, `12,5`) or plain (`1234.50`), spaces ignored.

/**
 * The number a text means: a decimal comma with optional dots between thousands (German), or
 * a decimal point without grouping. null for an empty text, undefined when it is no number.
 * `1.500` is one and a half (a point without a comma is a decimal point); `1.500,0` and
 * `1.500.000` are German groups.
 */
export function parseDecimal(value: string): number | null | undefined {
  const text = value.trim().replace(/\s/g, '');
  if (text === '') return null;
  if (
    /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/.test(text) &&
    (text.includes(',') || /\.\d{3}\./.test(text))
  )
    return Number(text.replace(/\./g, '').replace(',', '.'));
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return undefined;
}
