import {
  addTranslations,
  changeLanguage,
  moduleTexts,
  matchRoute,
  registerManifest,
  type ModuleManifest,
} from '@kontor/shared-session';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DashboardPage } from '../src/dashboard/DashboardPage';
import { cardsPerRow, FigureGroup, FLOOR_FIGURES, ORDER_FIGURES } from '../src/dashboard/figures';
import { dashboardTexts } from '../src/dashboard/texts';
import type { DashboardQuery } from '../src/graphql/generated';
import manifest from '../src/manifest.json';

// The dashboard is everyone's landing page; each figure is for those who may see its list
// (read from the server: server/test/dashboard.test.ts, e2e/dashboard.spec.ts). Here: a user
// who may see none sees the page and a greeting, no figure and no request; each figure links
// to its list with the filter set, the figures the server withheld are left out; the cards of
// a group fill their rows evenly at every width.

registerManifest(manifest as ModuleManifest);
addTranslations(moduleTexts('orders', manifest.translations, dashboardTexts));
const route = matchRoute('/dashboard')!.route;

describe('the dashboard without order:view', () => {
  afterEach(() => act(() => changeLanguage('de')));

  test('greets in German and shows no figure', () => {
    render(<DashboardPage route={route} params={{}} />);
    expect(screen.getByRole('heading', { name: 'Übersicht' })).toBeTruthy();
    expect(screen.getByText(/Die Kennzahlen sehen Benutzer mit dem Recht/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Bestellungen gesamt' })).toBeNull();
  });

  test('speaks English when the user switches to English', async () => {
    await act(() => changeLanguage('en'));
    render(<DashboardPage route={route} params={{}} />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText(/The figures are shown to users allowed to view orders/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Total orders' })).toBeNull();
  });
});

const FIGURES: DashboardQuery['dashboard'] = {
  today: '2026-11-28',
  totalOrders: 1234,
  pending: 3,
  processing: 2,
  complete: 1229,
  ordersToday: 4,
  shipmentsToday: 5,
  days: [],
  fulfillmentErrors: 6,
  onHold: 7,
  picklistsOpen: 8,
  picklistsInProgress: 9,
  avisDueToday: 10,
  stocktakingsRunning: 11,
};

/** The href of the link in a figure's card, or null when it has none. */
const linkOf = (label: string) =>
  within(screen.getByRole('group', { name: label }))
    .queryByRole('link')
    ?.getAttribute('href') ?? null;

describe('the figures', () => {
  test('each figure links to its list with the filter that shows the rows it counts', () => {
    render(
      <MemoryRouter>
        <FigureGroup title="Zu erledigen" figures={FIGURES} links={FLOOR_FIGURES} number={String} />
        <FigureGroup title="Bestellungen" figures={FIGURES} links={ORDER_FIGURES} number={String} />
      </MemoryRouter>,
    );
    expect({
      errors: linkOf('Fulfillment-Fehler'),
      held: linkOf('Angehalten'),
      open: linkOf('Picklisten offen'),
      picking: linkOf('Picklisten in Arbeit'),
      avis: linkOf('Avis heute fällig'),
      stocktakings: linkOf('Laufende Inventuren'),
      total: linkOf('Bestellungen gesamt'),
      pending: linkOf('Offen'),
      processing: linkOf('In Bearbeitung'),
      complete: linkOf('Abgeschlossen'),
      today: linkOf('Bestellungen heute'),
      shipments: linkOf('Sendungen heute'),
    }).toEqual({
      errors: '/order/error',
      held: '/orders?status=ON_HOLD',
      open: '/picklist?status=OPEN',
      picking: '/picklist?status=IN_PROGRESS',
      avis: '/administration/avis?due=TODAY',
      stocktakings: '/stocktaking?phase=RUNNING',
      total: '/orders',
      pending: '/orders?status=PENDING',
      processing: '/orders?status=PROCESSING',
      complete: '/orders?status=COMPLETE',
      today: '/orders?from=2026-11-28&to=2026-11-28',
      // Shipments have no list of their own.
      shipments: null,
    });
    expect(
      within(screen.getByRole('group', { name: 'Laufende Inventuren' })).getByText('11'),
    ).toBeTruthy();
  });

  test('a figure the server withheld (null: the viewer may not see its list) has no card', () => {
    render(
      <MemoryRouter>
        <FigureGroup
          title="Zu erledigen"
          figures={{ ...FIGURES, picklistsOpen: null, picklistsInProgress: null }}
          links={FLOOR_FIGURES}
          number={String}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('group')).toHaveLength(4);
    expect(screen.queryByRole('group', { name: 'Picklisten offen' })).toBeNull();
  });

  test('the cards of a group fill their rows evenly: no row of one under a full one', () => {
    // Six cards at the content widths of docs/product.md §1's screens (1440, 820, 390 px).
    expect([1150, 780, 358].map((width) => cardsPerRow(6, width))).toEqual([6, 3, 2]);
    // Fewer cards (the figures a viewer may see) spread over the rows they take.
    expect(cardsPerRow(5, 780)).toBe(3);
    expect(cardsPerRow(4, 1150)).toBe(4);
    expect(cardsPerRow(2, 358)).toBe(2);
    expect(cardsPerRow(1, 1150)).toBe(1);
    for (let count = 1; count <= 12; count += 1)
      for (let width = 200; width <= 2000; width += 37) {
        const perRow = cardsPerRow(count, width);
        const rows = Math.ceil(count / perRow);
        // The last row holds at least all but one of a full row's cards (evenly spread).
        expect([count, width, count - (rows - 1) * perRow >= perRow - (rows - 1)]).toEqual([
          count,
          width,
          true,
        ]);
      }
  });
});
