import { HTMLSelect } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { FormField } from './forms';
import { useTranslation } from '@kontor/shared-session';

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
 * A country picker bound to an ISO 3166-1 alpha-2 code of the form (`DE`), showing the
 * countries' names in German or English, sorted by name.
 */
export function CountryField({
  name,
  label,
  required,
  wide,
}: {
  name: string;
  label: string;
  required?: boolean;
  wide?: boolean;
}) {
  const countries = useCountries();
  const { field, fieldState } = useController({ name });
  const value = String(field.value ?? '');
  // Until the names arrive the chosen code stands for itself, so the value never jumps.
  const known = countries ?? (value ? [[value, value]] : []);
  return (
    <FormField name={name} label={label} required={required} wide={wide}>
      <HTMLSelect
        id={`field-${name}`}
        ref={field.ref}
        name={name}
        value={value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        options={[
          { value: '', label: '—' },
          ...known.map(([code, country]) => ({ value: code, label: country })),
        ]}
        aria-invalid={fieldState.error ? true : undefined}
        fill
      />
    </FormField>
  );
}
