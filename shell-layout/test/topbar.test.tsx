import { changeLanguage, setSocketId } from '@kontor/shared-session';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hoverText, notification, openShell, server } from './support/shell-test-kit';

const topBar = () => document.getElementById('kontor-topbar') as HTMLElement;

describe('top bar', () => {
  afterEach(() => act(() => setSocketId(null)));

  it('shows the product name Kontor', async () => {
    await openShell('/');
    expect(within(topBar()).getByText('Kontor')).toBeInTheDocument();
  });

  it('says "Keine neue Benachrichtigungen" on the bell when nothing is unread', async () => {
    await openShell('/', 'admin');
    const bell = screen.getByRole('button', { name: 'Keine neue Benachrichtigungen' });
    expect(await hoverText(bell)).toBe('Keine neue Benachrichtigungen');
  });

  it('counts the unread notifications on the bell, in German and in English', async () => {
    await openShell('/', 'packer', {
      user: {
        notifications: [
          notification('a', 'Avis 17 gebucht'),
          notification('b', 'Import fertig'),
          notification('c', 'Alt', true),
        ],
      },
    });
    const bell = screen.getByRole('button', { name: '2 neue Benachrichtigungen' });
    expect(bell).toHaveTextContent('2');
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('button', { name: '2 new notifications' })).toBeInTheDocument();
  });

  it('lists notifications read and unread, and marks one read with its button', async () => {
    await openShell('/', 'packer', {
      user: {
        notifications: [
          notification('a', 'Avis 17 gebucht'),
          notification('c', 'Inventur abgeschlossen', true),
        ],
      },
    });
    await userEvent.click(screen.getByRole('button', { name: '1 neue Benachrichtigungen' }));
    const list = await screen.findByRole('list', { name: 'Benachrichtigungen' });
    const [unread, read] = within(list).getAllByRole('listitem');
    expect(unread).toHaveClass('kontor-notification--unread');
    expect(unread).toHaveTextContent('Avis 17 gebucht');
    expect(unread.querySelector('[data-icon="envelope"]')).not.toBeNull();
    expect(read).toHaveClass('kontor-notification--read');
    expect(read.querySelector('[data-icon="envelope-open"]')).not.toBeNull();
    expect(within(read).queryByRole('button')).toBeNull();

    await userEvent.click(within(unread).getByRole('button', { name: 'Als gelesen markieren' }));
    expect(server.calls).toContainEqual({
      method: 'PATCH',
      url: '/spa/notifications/a/read',
      body: undefined,
    });
    expect(
      await screen.findByRole('button', { name: 'Keine neue Benachrichtigungen' }),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveClass('kontor-notification--read');
  });

  it('shows the notification-server connection red when lost and green when connected', async () => {
    await openShell('/', 'admin');
    const lost = screen.getByRole('img', { name: 'Lost connection to notification-server' });
    expect(lost.querySelector('.bp6-icon')).toHaveClass('bp6-intent-danger');
    act(() => setSocketId('123.456'));
    const connected = screen.getByRole('img', { name: 'Connected to notification-server' });
    expect(connected.querySelector('.bp6-icon')).toHaveClass('bp6-intent-success');
    expect(await hoverText(connected)).toBe('Connected to notification-server');
  });

  it('switches every label to English with the language selector and back to German', async () => {
    await openShell('/', 'admin');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'en');
    expect(screen.getByRole('menuitem', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('locale')).toBe('en');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    expect(screen.getByRole('menuitem', { name: 'Verwaltung' })).toBeInTheDocument();
  });

  it('stores dark mode under "dark" and sets bp6-dark on the body', async () => {
    await openShell('/');
    expect(document.body).not.toHaveClass('bp6-dark');
    await userEvent.click(screen.getByRole('button', { name: 'Dunkelmodus einschalten' }));
    expect(document.body).toHaveClass('bp6-dark');
    expect(localStorage.getItem('dark')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Dunkelmodus ausschalten' }));
    expect(document.body).not.toHaveClass('bp6-dark');
    expect(localStorage.getItem('dark')).toBe('false');
  });

  it('restores dark mode stored before the page loaded', async () => {
    await openShell('/', null, { storedDark: 'true' });
    expect(document.body).toHaveClass('bp6-dark');
    expect(screen.getByRole('button', { name: 'Dunkelmodus ausschalten' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('links the logged-in username to /account/edit with the hover text for the account', async () => {
    await openShell('/', 'packer');
    const account = within(topBar()).getByRole('link', { name: 'Packer' });
    expect(account).toHaveAttribute('href', '/account/edit');
    expect(await hoverText(account)).toBe('Konto ansehen und bearbeiten');
    await userEvent.click(account);
    expect(window.location.pathname).toBe('/account/edit');
  });

  it('offers a logged-out visitor a login button going to /login', async () => {
    await openShell('/');
    await userEvent.click(within(topBar()).getByRole('button', { name: 'Anmelden' }));
    expect(window.location.pathname).toBe('/login');
  });

  it('shows who an administrator is acting as, and takes them back', async () => {
    await openShell('/', 'packer', { user: { impersonator: { id: 1, name: 'Admin' } } });
    expect(within(topBar()).getByText('Handelt als Packer')).toBeInTheDocument();
    server.on((call) => (call.url === '/spa/users/login/as/leave' ? { status: 204 } : undefined));
    await userEvent.click(screen.getByRole('button', { name: 'Zurück zu Admin' }));
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toContain(
      'POST /spa/users/login/as/leave',
    );
  });
});
