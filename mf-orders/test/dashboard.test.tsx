import {
  addTranslations,
  changeLanguage,
  moduleTexts,
  matchRoute,
  registerManifest,
  type ModuleManifest,
} from '@kontor/shared-session';
import { act, render, screen } from '@testing-library/react';
import { DashboardPage } from '../src/dashboard/DashboardPage';
import { dashboardTexts } from '../src/dashboard/texts';
import manifest from '../src/manifest.json';

// The dashboard is everyone's landing page; its figures are for holders of order:view (they
// are read from the server: server/test/dashboard.test.ts, e2e/dashboard.spec.ts). Here: a
// user without that permission sees the page and a greeting, no figure and no request.

registerManifest(manifest as ModuleManifest);
addTranslations(moduleTexts('orders', manifest.translations, dashboardTexts));
const route = matchRoute('/dashboard')!.route;

describe('the dashboard without order:view', () => {
  afterEach(() => act(() => changeLanguage('de')));

  test('greets in German and shows no figure', () => {
    render(<DashboardPage route={route} params={{}} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Übersicht');
    expect(screen.getByText(/Die Kennzahlen der Bestellungen sehen Benutzer/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Bestellungen gesamt' })).toBeNull();
  });

  test('speaks English when the user switches to English', async () => {
    await act(() => changeLanguage('en'));
    render(<DashboardPage route={route} params={{}} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Dashboard');
    expect(
      screen.getByText(/The order figures are shown to users allowed to view orders/),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Total orders' })).toBeNull();
  });
});
