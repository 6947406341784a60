// The ISO 3166-1 country list with German and English names: a lazy chunk of this bundle
// (only a form with a country field loads it), with just the two locales Kontor speaks.
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(de);
countries.registerLocale(en);

/** Every country as [alpha-2 code, name] in `language` (German unless English), sorted by name. */
export function countryNames(language: string): [string, string][] {
  const lang = language === 'en' ? 'en' : 'de';
  return Object.entries(countries.getNames(lang, { select: 'official' })).sort(([, a], [, b]) =>
    a.localeCompare(b, lang),
  );
}
