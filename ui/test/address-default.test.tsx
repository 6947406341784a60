import { screen, waitFor } from '@testing-library/react';
import { DEFAULT_COUNTRY } from '@kontor/contracts';
import { initI18n, loadPageRuntime } from '@kontor/shared-session';
import {
  AddressFields,
  addressRules,
  addressValues,
  KontorForm,
  useKontorForm,
  type AddressPart,
} from '../src';
import { render } from './support/toolkit-kit';

// One country default (docs/domain.md "Addresses"): a new address starts with DEFAULT_COUNTRY
// in every form that has one — a client's and a supplier's (every part), a warehouse's (no
// contact part), an order's shipping and billing address — and the picker shows Deutschland.

beforeAll(async () => {
  await initI18n();
  await loadPageRuntime();
});

function AddressForm({ parts }: { parts?: readonly AddressPart[] }) {
  const form = useKontorForm({
    initial: { address: addressValues(undefined, parts) },
    rules: { address: addressRules(parts) },
    save: async () => undefined,
  });
  return (
    <KontorForm form={form}>
      <AddressFields name="address" parts={parts} />
    </KontorForm>
  );
}

test.each([
  ['a client, a supplier, an order', undefined],
  ['a warehouse', ['address', 'reach'] as const],
])('a new address of %s starts with Deutschland', async (_, parts) => {
  expect(DEFAULT_COUNTRY).toBe('DE');
  expect(addressValues(undefined, parts).countryCode).toBe(DEFAULT_COUNTRY);
  // A stored address keeps its own country.
  expect(addressValues({ countryCode: 'AT' }, parts).countryCode).toBe('AT');
  render(<AddressForm parts={parts} />);
  const select = (await screen.findByRole('combobox', { name: /^Land/ })) as HTMLSelectElement;
  expect(select).toHaveValue(DEFAULT_COUNTRY);
  await waitFor(() => expect(select.selectedOptions[0]).toHaveTextContent('Deutschland'));
});
