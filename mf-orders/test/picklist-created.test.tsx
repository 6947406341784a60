import { addTranslations, moduleTexts } from '@kontor/shared-session';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PicklistCreated, type Created } from '../src/picklists/created';
import { ordersTexts } from '../src/orders/texts';
import { picklistsTexts } from '../src/picklists/texts';
import manifest from '../src/manifest.json';

// What 'Picklist erstellen' answers (issue 31): an order left out is named with why — its
// fulfillment problem (a fresh Kontor's order without a shipping method), its status — and
// links to the order, where it is fixed; no longer only "keine passende Bestellung".

addTranslations(moduleTexts('orders', manifest.translations, ordersTexts, picklistsTexts));

const order = (
  id: string,
  number: string,
  status = 'PENDING',
  fulfillmentError: string | null = null,
) => ({
  id,
  number,
  status,
  fulfillmentError,
});

const answer = (fields: Partial<Created>) =>
  ({ picklist: null, errors: [], skipped: [], skippedTotal: 0, ...fields }) as unknown as Created;

const show = (created: Created) =>
  render(
    <MemoryRouter>
      <PicklistCreated created={created} onClose={() => {}} />
    </MemoryRouter>,
  );

test('no picklist: each order left out named with its fulfillment problem and a link to it', () => {
  show(
    answer({
      skipped: [
        { rule: 'FULFILLMENT', order: order('7', 'K-2026-000007', 'PENDING', 'Keine Versandart.') },
        { rule: 'STATUS', order: order('8', 'K-2026-000008', 'ON_HOLD') },
      ] as Created['skipped'],
      skippedTotal: 3,
    }),
  );
  expect(screen.getByRole('status')).toHaveTextContent(
    'Keine Picklist erstellt: keine passende Bestellung ließ sich reservieren. Die Gründe stehen darunter.',
  );
  const left = within(screen.getByRole('region', { name: 'Nicht aufgenommen' }));
  const items = left.getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('K-2026-000007: Fulfillment-Problem – Keine Versandart.');
  expect(left.getByRole('link', { name: 'K-2026-000007' })).toHaveAttribute(
    'href',
    '/order/7/edit',
  );
  expect(items[1]).toHaveTextContent('K-2026-000008: ist „Angehalten“; nur offene Bestellungen');
  expect(left.getByRole('link', { name: 'K-2026-000008' })).toHaveAttribute(
    'href',
    '/order/8/edit',
  );
  expect(items[2]).toHaveTextContent('und 1 weitere');
  expect(screen.getByRole('link', { name: 'Zu den Fulfillment-Fehlern' })).toHaveAttribute(
    'href',
    '/order/error',
  );
});

test('nothing pending matches: said as such', () => {
  show(answer({}));
  expect(screen.getByRole('status')).toHaveTextContent(
    'Keine Picklist erstellt: keine offene Bestellung passt zur Auswahl.',
  );
  expect(screen.queryByRole('region', { name: 'Nicht aufgenommen' })).toBeNull();
});
