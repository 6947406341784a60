import { changeLanguage, connection$, setSocketId } from '@kontor/shared-session';
import { filter, firstValueFrom } from 'rxjs';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hoverText, openShell, server } from './support/shell-test-kit';

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
    await openShell('/', 'packer', { notifications: ['Avis 17 gebucht', 'Import fertig'] });
    const bell = screen.getByRole('button', { name: '2 neue Benachrichtigungen' });
    expect(bell).toHaveTextContent('2');
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('button', { name: '2 new notifications' })).toBeInTheDocument();
  });

  it('lists notifications read and unread, and marks one read with its button', async () => {
    await openShell('/', 'packer', {
      notifications: ['Inventur abgeschlossen', 'Avis 17 gebucht'],
    });
    await userEvent.click(screen.getByRole('button', { name: '2 neue Benachrichtigungen' }));
    const list = await screen.findByRole('list', { name: 'Benachrichtigungen' });
    const [newest, older] = within(list).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Avis 17 gebucht');
    expect(older).toHaveTextContent('Inventur abgeschlossen');

    await userEvent.click(within(older).getByRole('button', { name: 'Als gelesen markieren' }));
    expect(server().calls).toContainEqual(
      expect.stringMatching(/^PATCH \/spa\/notifications\/[0-9a-f-]{36}\/read$/),
    );
    expect(
      await screen.findByRole('button', { name: '1 neue Benachrichtigungen' }),
    ).toBeInTheDocument();
    const [unread, read] = within(list).getAllByRole('listitem');
    expect(unread).toHaveClass('kontor-notification--unread');
    expect(unread.querySelector('[data-icon="envelope"]')).not.toBeNull();
    expect(read).toHaveClass('kontor-notification--read');
    expect(read.querySelector('[data-icon="envelope-open"]')).not.toBeNull();
    expect(within(read).queryByRole('button')).toBeNull();
  });

  it('marks every notification read with "Alle als gelesen markieren", on the server too', async () => {
    await openShell('/', 'packer', { notifications: ['Avis 17 gebucht', 'Import fertig'] });
    await userEvent.click(screen.getByRole('button', { name: '2 neue Benachrichtigungen' }));
    const list = await screen.findByRole('list', { name: 'Benachrichtigungen' });
    await userEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    expect(
      await screen.findByRole('button', { name: 'Keine neue Benachrichtigungen' }),
    ).toBeInTheDocument();
    for (const item of within(list).getAllByRole('listitem')) {
      expect(item).toHaveClass('kontor-notification--read');
    }
    expect(screen.queryByRole('button', { name: 'Alle als gelesen markieren' })).toBeNull();
    const user = await (await fetch('/user', { headers: { Accept: 'application/json' } })).json();
    expect(user.notifications).toEqual([]);
  });

  it('labels the button "Mark all as read" in English', async () => {
    await openShell('/', 'packer', { notifications: ['Import finished'] });
    await act(() => changeLanguage('en'));
    await userEvent.click(screen.getByRole('button', { name: '1 new notifications' }));
    expect(await screen.findByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
  });

  it('shows a logged-out visitor neither the connection indicator nor the bell', async () => {
    await openShell('/');
    expect(within(topBar()).queryByRole('img', { name: /notification-server/ })).toBeNull();
    expect(within(topBar()).queryByRole('button', { name: /Benachrichtigung/ })).toBeNull();
  });

  it('shows the notification-server connection red when lost and green when connected', async () => {
    await openShell('/', 'packer');
    // The page's own Echo connection starts after login; jsdom cannot reach the server's
    // socket at the page's host, so it stays "connecting". Once it has said so, nothing
    // changes the state behind the test's back (e2e covers the real connection).
    await firstValueFrom(connection$.pipe(filter((state) => state === 'connecting')));
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
    await openShell('/', 'admin', { actingAs: 'packer' });
    expect(within(topBar()).getByText('Handelt als Packer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Zurück zu Admin' }));
    expect(server().calls).toContain('POST /spa/users/login/as/leave');
    await waitFor(() => expect(within(topBar()).queryByText('Handelt als Packer')).toBeNull());
    expect(within(topBar()).getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });
});
