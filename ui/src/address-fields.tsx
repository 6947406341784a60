import { DEFAULT_COUNTRY } from '@kontor/contracts';
import { useTranslation } from '@kontor/shared-session';
import { CountryField } from './country-field';
import { FormSection, TextField } from './forms';
import { rules } from './rules';

// A postal address (docs/product.md §3 Address) in every form that has one: clients, warehouses,
// suppliers, an order's shipping and billing address. The server checks it with
// `addressInput` (server/src/clients); its names here are the GraphQL AddressInput's.

/** An address's fields, in the order of the form and of the lists' CSV exports. */
export const ADDRESS_FIELDS = [
  'company',
  'prefix',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'street',
  'houseNumber',
  'postcode',
  'city',
  'countryCode',
  'state',
  'email',
  'phone',
  'additionalLines',
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The parts of an address form, each a section: who, where, how to reach. */
export type AddressPart = 'contact' | 'address' | 'reach';

const PARTS: Record<AddressPart, readonly AddressField[]> = {
  contact: ['company', 'prefix', 'suffix', 'firstName', 'middleName', 'lastName'],
  address: ['street', 'houseNumber', 'postcode', 'city', 'countryCode', 'state', 'additionalLines'],
  reach: ['email', 'phone'],
};

const ALL_PARTS: readonly AddressPart[] = ['contact', 'address', 'reach'];

/**
 * The fields of one part. Without the contact part (a warehouse's address has no person), the
 * company is the first line of the address part.
 */
function partFields(part: AddressPart, parts: readonly AddressPart[]): readonly AddressField[] {
  return part === 'address' && !parts.includes('contact')
    ? ['company', ...PARTS.address]
    : PARTS[part];
}

/** The address fields of some parts (all three when none are named), in form order. */
export function addressFieldsOf(parts: readonly AddressPart[] = ALL_PARTS) {
  return ADDRESS_FIELDS.filter((field) =>
    parts.some((part) => partFields(part, parts).includes(field)),
  );
}

const RULES = {
  company: rules.optionalText(),
  prefix: rules.optionalText(50),
  firstName: rules.optionalText(100),
  middleName: rules.optionalText(100),
  lastName: rules.optionalText(100),
  suffix: rules.optionalText(50),
  street: rules.text(),
  houseNumber: rules.text(20),
  postcode: rules.text(10),
  city: rules.text(100),
  countryCode: rules.text(2),
  state: rules.optionalText(100),
  email: rules.optionalText(),
  phone: rules.optionalText(50),
  additionalLines: rules.optionalText(500),
} satisfies Record<AddressField, unknown>;

/**
 * The browser's rules of an address (`address: addressRules()`): required and lengths as the
 * server's; formats (a postcode per country, an e-mail) stay the server's.
 */
export function addressRules(parts?: readonly AddressPart[]) {
  return rules.group(
    Object.fromEntries(addressFieldsOf(parts).map((field) => [field, RULES[field]])),
  );
}

/** A form's initial address values: the record's, or empty with DEFAULT_COUNTRY as the country. */
export function addressValues(
  address?: Partial<Record<AddressField, string>> | null,
  parts?: readonly AddressPart[],
): Record<AddressField, string> {
  const values = {} as Record<AddressField, string>;
  for (const field of addressFieldsOf(parts))
    values[field] = address?.[field] ?? (field === 'countryCode' ? DEFAULT_COUNTRY : '');
  return values;
}

const AUTOCOMPLETE: Partial<Record<AddressField, string>> = {
  company: 'organization',
  prefix: 'honorific-prefix',
  firstName: 'given-name',
  middleName: 'additional-name',
  lastName: 'family-name',
  suffix: 'honorific-suffix',
  postcode: 'postal-code',
  city: 'address-level2',
  state: 'address-level1',
  email: 'email',
  phone: 'tel',
};

const WIDE: ReadonlySet<AddressField> = new Set(['company', 'additionalLines']);

/**
 * The sections of an address form for the field group `name` (the server names its fields
 * `address.city`, as the form does). `titles` replaces a section's title (an order's
 * "Lieferadresse"); `autoCompleteSection` keeps a browser's autofill of two addresses apart.
 */
export function AddressFields({
  name = 'address',
  parts = ALL_PARTS,
  titles = {},
  autoCompleteSection,
}: {
  name?: string;
  parts?: readonly AddressPart[];
  titles?: Partial<Record<AddressPart, string>>;
  autoCompleteSection?: string;
}) {
  const { t } = useTranslation('ui');
  const complete = (field: AddressField) => {
    const hint = AUTOCOMPLETE[field];
    return hint && autoCompleteSection ? `section-${autoCompleteSection} ${hint}` : hint;
  };
  return (
    <>
      {parts.map((part) => (
        <FormSection key={part} title={titles[part] ?? t(`ui:address.sections.${part}`)}>
          {partFields(part, parts).map((field) =>
            field === 'countryCode' ? (
              <CountryField
                key={field}
                name={`${name}.countryCode`}
                label={t('ui:address.fields.countryCode')}
              />
            ) : (
              <TextField
                key={field}
                name={`${name}.${field}`}
                label={t(`ui:address.fields.${field}`)}
                type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                autoComplete={complete(field)}
                wide={WIDE.has(field)}
              />
            ),
          )}
        </FormSection>
      ))}
    </>
  );
}
