import { registerRoute } from '@kontor/shared-session';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goTo, openShell } from './support/shell-test-kit';

const sideMenu = () => screen.getByRole('menu', { name: 'Hauptnavigation' });

/** The labels of the menu's top level (children of open groups are in their own group list). */
function topLevelLabels(): string[] {
  return within(sideMenu())
    .getAllByRole('menuitem')
    .filter((item) => !item.closest('[role="group"]'))
    .map((item) => item.textContent ?? '');
}

describe('side menu', () => {
  it('shows the administrator every item, ordered by position, then Abmelden', async () => {
    await openShell('/', 'admin');
    expect(topLevelLabels()).toEqual([
      'Home',
      'Inventur',
      'Monitoring',
      'Verwaltung',
      'Import',
      'Export',
      'Produkte',
      'Bestellungen',
      'Abmelden',
    ]);
  });

  it('shows a packer Home and the orders items only', async () => {
    await openShell('/', 'packer');
    expect(topLevelLabels()).toEqual(['Home', 'Bestellungen', 'Abmelden']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Bestellungen' }));
    const orders = screen.getByRole('group', { name: 'Bestellungen' });
    expect(
      within(orders)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Übersicht', 'Sendung erstellen', 'Picklist', 'Fulfillment Error']);
  });

  it('shows a guest Home only', async () => {
    await openShell('/', 'guest');
    expect(topLevelLabels()).toEqual(['Home', 'Abmelden']);
  });

  it('offers a logged-out visitor Home and a login link to /login', async () => {
    await openShell('/');
    expect(topLevelLabels()).toEqual(['Home', 'Anmelden']);
    expect(within(sideMenu()).getByRole('menuitem', { name: 'Anmelden' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('opens Verwaltung by itself on an administration page and highlights the page', async () => {
    await openShell('/administration/users/create', 'admin');
    const administration = screen.getByRole('group', { name: 'Verwaltung' });
    const users = within(administration).getByRole('menuitem', { name: 'Benutzer' });
    expect(users).toHaveClass('bp6-active');
    expect(users).toHaveAttribute('aria-current', 'page');
    // children in their own position order, filtered like the top level
    const labels = within(administration)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(labels.slice(0, 5)).toEqual([
      'Benutzer',
      'Rollen',
      'Mandanten',
      'Abteilungen',
      'Shop-Verbindungen',
    ]);
  });

  it('goes to a page without reloading when an item is clicked', async () => {
    await openShell('/', 'admin');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Inventur' }));
    expect(window.location.pathname).toBe('/stocktaking');
    expect(screen.getByRole('menuitem', { name: 'Inventur' })).toHaveClass('bp6-active');
  });

  it('opens Monitoring (/horizon, a page of mf-admin) inside the page like any module route', async () => {
    await openShell('/', 'admin');
    const item = screen.getByRole('menuitem', { name: 'Monitoring' });
    expect(item).toHaveAttribute('href', '/horizon');
    await userEvent.click(item);
    expect(window.location.pathname).toBe('/horizon');
    expect(screen.getByRole('menuitem', { name: 'Monitoring' })).toHaveClass('bp6-active');
  });

  it('collapses and reopens with the menu button in the top bar', async () => {
    await openShell('/', 'admin');
    const app = document.getElementById('kontor-app');
    const toggle = screen.getByRole('button', { name: 'Menü ein- oder ausblenden' });
    expect(app).not.toHaveClass('kontor-layout--menu-closed');
    await userEvent.click(toggle);
    expect(app).toHaveClass('kontor-layout--menu-closed');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(app).not.toHaveClass('kontor-layout--menu-closed');
  });

  it('below desktop width is a drawer: the menu button opens it; Escape, a click beside it and a choice close it', async () => {
    // A tablet's window (jsdom has no layout: the media queries answer as at 820 px).
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 1100px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      await openShell('/', 'admin');
      const app = document.getElementById('kontor-app');
      const toggle = screen.getByRole('button', { name: 'Menü ein- oder ausblenden' });
      const open = async () => {
        await userEvent.click(toggle);
        expect(app).toHaveClass('kontor-layout--drawer-open');
        expect(toggle).toHaveAttribute('aria-expanded', 'true');
      };
      const expectClosed = () => {
        expect(app).not.toHaveClass('kontor-layout--drawer-open');
        expect(toggle).toHaveAttribute('aria-expanded', 'false');
      };
      // Closed at first, and never the desktop's narrowed column.
      expectClosed();
      expect(app).not.toHaveClass('kontor-layout--menu-closed');

      await open();
      await userEvent.keyboard('{Escape}');
      expectClosed();
      expect(toggle).toHaveFocus();

      await open();
      await userEvent.click(document.querySelector('.kontor-drawer-backdrop')!);
      expectClosed();

      await open();
      await userEvent.click(screen.getByText('Kontor', { selector: '.kontor-product' }));
      expectClosed();

      await open();
      await userEvent.click(screen.getByRole('menuitem', { name: 'Inventur' }));
      expect(window.location.pathname).toBe('/stocktaking');
      expectClosed();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('leaves out menu and top bar on a route asking for the empty layout', async () => {
    registerRoute({
      name: 'test.kiosk',
      path: '/kiosk',
      access: 'public',
      layout: 'empty',
      module: '@kontor/test',
    });
    await openShell('/kiosk', 'admin');
    expect(document.getElementById('kontor-app')).toHaveClass('kontor-layout--empty');
    expect(screen.queryByRole('menu', { name: 'Hauptnavigation' })).toBeNull();
    goTo('/');
    expect(document.getElementById('kontor-app')).not.toHaveClass('kontor-layout--empty');
    expect(sideMenu()).toBeInTheDocument();
  });

  it('logs out from the Abmelden item', async () => {
    await openShell('/dashboard', 'admin');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Abmelden' }));
    expect(await screen.findByRole('menuitem', { name: 'Anmelden' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });
});
