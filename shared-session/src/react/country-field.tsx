import { HTMLSelect } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { FormField, type FormState } from './forms';
import { useTranslation } from './hooks';

type CountryList = (language: string) => [string, string][];

let loading: Promise<CountryList> | null = null;

/** The country list's chunk, loaded once on first use. */
function loadCountryNames(): Promise<CountryList> {
  loading ??= import(/* webpackChunkName: "countries" */ './country-names').then(
    (module) => module.countryNames,
  );
  return loading;
}

/** Every country as [code, name] in the page's language; null until the list has loaded. */
export function useCountries(): [string, string][] | null {
  const { i18n } = useTranslation();
  const [list, setList] = useState<CountryList | null>(null);
  useEffect(() => {
    let live = true;
    void loadCountryNames().then((names) => live && setList(() => names));
    return () => {
      live = false;
    };
  }, []);
  return list ? list(i18n.language) : null;
}

/**
 * A country picker bound to an ISO 3166-1 alpha-2 code of a form (`DE`), showing the
 * countries' names in German or English, sorted by name.
 */
export function CountryField<Values extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  wide,
}: {
  form: FormState<Values>;
  name: keyof Values & string;
  label: string;
  required?: boolean;
  wide?: boolean;
}) {
  const countries = useCountries();
  const value = String(form.values[name] ?? '');
  // Until the names arrive the chosen code stands for itself, so the value never jumps.
  const known = countries ?? (value ? [[value, value]] : []);
  const error = form.errorOf(name);
  return (
    <FormField form={form} name={name} label={label} required={required} wide={wide}>
      <HTMLSelect
        id={`field-${name}`}
        name={name}
        value={value}
        onChange={(event) => form.set(name, event.target.value as Values[typeof name])}
        options={[
          { value: '', label: '—' },
          ...known.map(([code, country]) => ({ value: code, label: country })),
        ]}
        aria-invalid={error ? true : undefined}
        fill
      />
    </FormField>
  );
}
