const formatters = new Map<string, Intl.NumberFormat>();

/** Formats money the German way (`1.234,50 €`); EUR unless another currency is named. */
export function formatCurrency(value: number, currency = 'EUR'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('de-DE', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(value);
}
