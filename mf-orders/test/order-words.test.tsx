import { addTranslations, changeLanguage, moduleTexts } from '@kontor/shared-session';
import { act, render, screen, within } from '@testing-library/react';
import type { OrderFieldsFragment } from '../src/graphql/generated';
import manifest from '../src/manifest.json';
import { History } from '../src/orders/history';
import { problemsText } from '../src/orders/problems';
import { ordersTexts } from '../src/orders/texts';

// An order's fulfillment problems and history in the reader's language (issue 31): the server
// stores them as catalogue messages; an order stored before shows its stored English text.

addTranslations(moduleTexts('orders', manifest.translations, ordersTexts));
afterEach(() => act(() => changeLanguage('de')));

const stock = {
  key: 'fulfillment.stock',
  params: JSON.stringify({ sku: 'MV-50002', needed: 1200, available: 9 }),
  text: 'Not enough stock of MV-50002: 1,200 needed, 9 available.',
};
const method = {
  key: 'fulfillment.shippingMethod',
  params: null,
  text: 'The order has no shipping method.',
};

test('fulfillment problems worded in German and English; an old order keeps its text', async () => {
  const order = { fulfillmentError: 'English.', fulfillmentProblems: [stock, method] };
  expect(problemsText(order)).toBe(
    'Nicht genug Bestand von MV-50002: 1.200 benötigt, 9 verfügbar. Die Bestellung hat keine Versandart.',
  );
  await act(() => changeLanguage('en'));
  expect(problemsText(order)).toBe(
    'Not enough stock of MV-50002: 1,200 needed, 9 available. The order has no shipping method.',
  );
  expect(problemsText({ fulfillmentError: 'Stored before.', fulfillmentProblems: null })).toBe(
    'Stored before.',
  );
  expect(problemsText({ fulfillmentError: null, fulfillmentProblems: null })).toBe('');
});

const event = (
  kind: string,
  messages: { key: string; params: string | null; text: string }[],
  detail: string | null = null,
) => ({
  id: kind,
  at: '2026-11-28T05:40:00Z',
  userName: 'Admin',
  actingUserName: null,
  kind,
  fromStatus: null,
  toStatus: null,
  detail,
  messages,
});

test('every history entry in German: the shipment event and its detail, a fulfillment error', () => {
  const order = {
    history: [
      event('fulfillment_error', [stock]),
      event('shipment', [
        {
          key: 'history.order.shipped',
          params: JSON.stringify({ count: 2, quantity: 5 }),
          text: '2 packages, 5 units',
        },
      ]),
      event('updated', [], JSON.stringify({ changed: ['items'] })),
    ],
  } as unknown as OrderFieldsFragment;
  render(<History order={order} />);
  const rows = within(screen.getByRole('table', { name: 'Verlauf' })).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Fulfillment-Fehler');
  expect(rows[1]).toHaveTextContent(
    'Nicht genug Bestand von MV-50002: 1.200 benötigt, 9 verfügbar.',
  );
  expect(rows[2]).toHaveTextContent('Versendet');
  expect(rows[2]).toHaveTextContent('2 Pakete, 5 Stück');
  expect(rows[3]).toHaveTextContent('Bearbeitet');
  expect(rows[3]).toHaveTextContent('Positionen');
  expect(rows[2]).not.toHaveTextContent(/shipment|packages/);
});
