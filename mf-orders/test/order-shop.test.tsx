import { addTranslations, moduleTexts } from '@kontor/shared-session';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { OrderFieldsFragment } from '../src/graphql/generated';
import { OrderHeader } from '../src/orders/details';
import { ordersTexts } from '../src/orders/texts';
import manifest from '../src/manifest.json';

// An order imported from a shop (issue 29): its page names the shop connection it came from,
// and a change the shop made after it was picked shows as a warning above everything.

addTranslations(moduleTexts('orders', manifest.translations, ordersTexts));

const order = (fields: Partial<OrderFieldsFragment>) =>
  ({
    id: '7',
    number: 'SW-10042',
    shop: 'Gartenwelt Shopware',
    status: 'PROCESSING',
    orderDate: '2026-03-02',
    client: { id: '1', name: 'Gartenwelt GmbH' },
    shippingMethod: null,
    department: null,
    fulfillmentError: null,
    fulfillmentErrorAt: null,
    shopConflict: null,
    shopConnection: null,
    ...fields,
  }) as unknown as OrderFieldsFragment;

const header = (fields: Partial<OrderFieldsFragment>) =>
  render(
    <MemoryRouter>
      <OrderHeader order={order(fields)} />
    </MemoryRouter>,
  );

test("an order from a shop connection shows the connection's name as its shop", () => {
  header({ shopConnection: { id: '3', name: 'Gartenwelt (Shopware 6)' } as never });
  expect(screen.getByText(/^Shop:/)).toHaveTextContent('Shop: Gartenwelt (Shopware 6)');
});

test('an order without a connection shows the shop its form or file named', () => {
  header({});
  expect(screen.getByText(/^Shop:/)).toHaveTextContent('Shop: Gartenwelt Shopware');
});

test('a change in the shop that could not be applied shows as a warning with the reason', () => {
  header({ shopConflict: 'Lieferadresse geändert, die Bestellung ist bereits gepickt.' });
  const warning = screen.getByText('Änderung im Shop nicht übernommen').closest('.bp6-callout');
  expect(warning).toHaveClass('bp6-intent-warning');
  expect(warning).toHaveTextContent('Lieferadresse geändert, die Bestellung ist bereits gepickt.');
});

test('an order without a conflict shows no warning', () => {
  header({});
  expect(screen.queryByText('Änderung im Shop nicht übernommen')).toBeNull();
});
