import { addTranslations, changeLanguage, moduleTexts } from '@kontor/shared-session';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { OrderFieldsFragment } from '../src/graphql/generated';
import { OrderDetails, OrderTotals } from '../src/orders/details';
import { ordersTexts } from '../src/orders/texts';
import manifest from '../src/manifest.json';

// The order's numbers and money through Kontor's one formatter (docs/design.md "Words,
// numbers and dates"): a package's weight `3,8` in German (not `3.8`), a quantity `1.200`,
// and money in the UI's language — `€20.16` in English, not the German `20,16 €`.

addTranslations(moduleTexts('orders', manifest.translations, ordersTexts));
afterEach(() => act(() => changeLanguage('de')));

const order = {
  id: '1',
  number: 'K-2026-000001',
  subtotal: 1685,
  vat: 20.16,
  total: 1705.16,
  attributes: [],
  history: [],
  packages: [
    {
      id: '9',
      shippedAt: '2026-11-28T05:40:00Z',
      trackingNumber: 'T-1',
      weightKg: 3.8,
      items: [{ quantity: 1200, item: { id: '3', sku: 'MV-50002' } }],
    },
  ],
} as unknown as OrderFieldsFragment;

const packages = () => screen.getByRole('table', { name: /Pakete|Packages/ });

test('German: a package’s weight with a decimal comma, quantities grouped, the time in Berlin', () => {
  render(
    <MemoryRouter>
      <OrderDetails order={order} full={false} />
    </MemoryRouter>,
  );
  const row = within(packages()).getAllByRole('row')[1]!;
  expect(row).toHaveTextContent('3,8');
  expect(row).not.toHaveTextContent('3.8');
  expect(row).toHaveTextContent('1.200 × MV-50002');
  expect(row).toHaveTextContent('28.11.2026, 06:40');
});

test('English: money in the English form, the weight with a decimal point', async () => {
  await act(() => changeLanguage('en'));
  render(
    <MemoryRouter>
      <OrderTotals order={order} />
      <OrderDetails order={order} full={false} />
    </MemoryRouter>,
  );
  const totals = screen.getByLabelText('Totals');
  expect(totals).toHaveTextContent('€1,685.00');
  expect(totals).toHaveTextContent('€20.16');
  expect(totals).not.toHaveTextContent('20,16');
  expect(within(packages()).getAllByRole('row')[1]).toHaveTextContent('3.8');
  expect(within(packages()).getAllByRole('row')[1]).toHaveTextContent('28/11/2026, 06:40');
});
