/** A client's address fields, in the order of the client form and of the list's CSV export. */
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
