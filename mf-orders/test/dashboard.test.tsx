import {
  changeLanguage,
  matchRoute,
  registerManifest,
  type ModuleManifest,
} from '@kontor/shared-session';
import { act, render, screen, within } from '@testing-library/react';
import { DashboardPage } from '../src/dashboard/DashboardPage';
import manifest from '../src/manifest.json';

registerManifest(manifest as ModuleManifest);
const route = matchRoute('/dashboard')!.route;

const GERMAN_LABELS = [
  'Bestellungen gesamt',
  'Offen',
  'In Bearbeitung',
  'Abgeschlossen',
  'Bestellungen heute',
  'Anzahl Bestellungen',
  'Sendungen heute',
];

describe('the dashboard', () => {
  afterEach(() => act(() => changeLanguage('de')));

  test('shows every figure of the specification, each 0 until orders are counted', () => {
    render(<DashboardPage route={route} params={{}} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Übersicht');
    for (const label of GERMAN_LABELS) {
      expect(within(screen.getByRole('group', { name: label })).getByText('0')).toBeTruthy();
    }
    expect(screen.getAllByRole('group')).toHaveLength(GERMAN_LABELS.length);
  });

  test('speaks English when the user switches to English', async () => {
    await act(() => changeLanguage('en'));
    render(<DashboardPage route={route} params={{}} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Dashboard');
    expect(
      within(screen.getByRole('group', { name: 'Shipments today' })).getByText('0'),
    ).toBeTruthy();
  });
});
