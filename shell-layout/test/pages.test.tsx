import { changeLanguage, registerRoute } from '@kontor/shared-session';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openShell, server } from './support/shell-test-kit';

const content = () => document.getElementById('kontor-content') as HTMLElement;

describe('login page', () => {
  it('says "Dies ist ein Pflichtfeld" under empty email and password and sends nothing', async () => {
    await openShell('/login');
    await userEvent.click(within(content()).getByRole('button', { name: 'Anmelden' }));
    expect(screen.getAllByText('Dies ist ein Pflichtfeld')).toHaveLength(2);
    expect(server.calls.filter((c) => c.url === '/login')).toHaveLength(0);
  });

  it('says "That is a mandatory field" in English', async () => {
    await openShell('/login');
    await act(() => changeLanguage('en'));
    await userEvent.type(screen.getByLabelText('Email'), 'packer@kontor.test');
    await userEvent.click(within(content()).getByRole('button', { name: 'Login' }));
    expect(screen.getAllByText('That is a mandatory field')).toHaveLength(1);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('logs in and lands on /dashboard with "Login erfolgreich!"', async () => {
    await openShell('/login');
    server.on((call) => {
      if (call.url !== '/login') return undefined;
      server.user = { id: 2, name: 'Packer', email: 'packer@kontor.test', notifications: [] };
      server.permissions = ['order:view', 'order:create'];
      return { status: 204 };
    });
    await userEvent.type(screen.getByLabelText('E-Mail'), 'packer@kontor.test');
    await userEvent.type(screen.getByLabelText('Passwort'), 'packer');
    await userEvent.click(screen.getByLabelText('Angemeldet bleiben'));
    await userEvent.click(within(content()).getByRole('button', { name: 'Anmelden' }));
    expect(server.calls).toContainEqual({
      method: 'POST',
      url: '/login',
      body: { email: 'packer@kontor.test', password: 'packer', remember: true },
    });
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Login erfolgreich!')).toBeInTheDocument();
  });

  it('disables the button while the login runs', async () => {
    await openShell('/login');
    let answer: (reply: { status: number }) => void = () => undefined;
    const pending = new Promise<{ status: number }>((resolve) => (answer = resolve));
    const original = globalThis.fetch;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) !== '/login') return original(input, init);
      const reply = await pending;
      return { ok: false, status: reply.status, text: async () => '' } as unknown as Response;
    });
    await userEvent.type(screen.getByLabelText('E-Mail'), 'packer@kontor.test');
    await userEvent.type(screen.getByLabelText('Passwort'), 'wrong');
    const submit = within(content()).getByRole('button', { name: /Anmelden/ });
    await userEvent.click(submit);
    expect(submit).toBeDisabled();
    await act(async () => answer({ status: 401 }));
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('stays on the page with what was typed after a failed login, and shows the field errors', async () => {
    await openShell('/login');
    server.on((call) =>
      call.url === '/login'
        ? {
            status: 422,
            body: { message: 'invalid', errors: { email: ['Diese Zugangsdaten sind unbekannt.'] } },
          }
        : undefined,
    );
    await userEvent.type(screen.getByLabelText('E-Mail'), 'nobody@kontor.test');
    await userEvent.type(screen.getByLabelText('Passwort'), 'secret');
    await userEvent.click(within(content()).getByRole('button', { name: 'Anmelden' }));
    expect(
      await screen.findByText('Login nicht erfolgreich! Zugangsdaten nicht gefunden.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Diese Zugangsdaten sind unbekannt.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByLabelText('E-Mail')).toHaveValue('nobody@kontor.test');
    expect(screen.getByLabelText('Passwort')).toHaveValue('secret');
  });
});

describe('home, unauthorized and not-found pages', () => {
  it('welcomes a visitor with a login button', async () => {
    await openShell('/');
    expect(
      within(content()).getByRole('heading', { name: 'Willkommen bei Kontor' }),
    ).toBeInTheDocument();
    await userEvent.click(within(content()).getByRole('link', { name: 'Anmelden' }));
    expect(window.location.pathname).toBe('/login');
  });

  it('greets a logged-in user with the way to the dashboard', async () => {
    await openShell('/', 'packer');
    expect(within(content()).getByText('Hallo Packer')).toBeInTheDocument();
    expect(within(content()).getByRole('link', { name: 'Zum Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('tells a user without the permission so, with a way home', async () => {
    await openShell('/unauthorized', 'packer');
    expect(
      within(content()).getByText('Für diese Seite fehlt Ihnen die Berechtigung.'),
    ).toBeInTheDocument();
    expect(within(content()).getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('shows not-found with the path for a path no module claims, until a module registers it', async () => {
    await openShell('/lagerhalle/7', 'admin');
    expect(
      within(content()).getByRole('heading', { name: 'Seite nicht gefunden' }),
    ).toBeInTheDocument();
    expect(within(content()).getByText('/lagerhalle/7')).toBeInTheDocument();
    act(() =>
      registerRoute({
        name: 'test.hall',
        path: '/lagerhalle/:id',
        access: 'login',
        module: '@kontor/test',
      }),
    );
    expect(within(content()).queryByRole('heading', { name: 'Seite nicht gefunden' })).toBeNull();
  });

  it('renders nothing of the shell on a route of another module', async () => {
    await openShell('/dashboard', 'admin');
    expect(within(content()).queryByRole('heading')).toBeNull();
  });
});

describe('account page', () => {
  it('saves name and email with PUT /user, toasts and reloads the user', async () => {
    await openShell('/account/edit', 'packer');
    server.on((call) =>
      call.method === 'PUT' && call.url === '/user' ? { status: 204 } : undefined,
    );
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Packer');
    await userEvent.clear(name);
    await userEvent.type(name, 'Paula Packer');
    server.user = { ...server.user!, name: 'Paula Packer' };
    const before = server.calls.filter((c) => c.url === '/user' && c.method === 'GET').length;
    await userEvent.click(within(content()).getByRole('button', { name: 'Speichern' }));
    expect(server.calls).toContainEqual({
      method: 'PUT',
      url: '/user',
      body: { name: 'Paula Packer', email: 'packer@kontor.test' },
    });
    expect(await screen.findByText('Konto erfolgreich gespeichert')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls.filter((c) => c.url === '/user' && c.method === 'GET').length).toBe(
        before + 1,
      ),
    );
    expect(
      await within(document.getElementById('kontor-topbar')!).findByText('Paula Packer'),
    ).toBeInTheDocument();
  });

  it('changes the password only with the current one and a matching confirmation', async () => {
    await openShell('/account/edit', 'packer');
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neu-und-lang');
    await userEvent.type(screen.getByLabelText('Neues Passwort bestätigen'), 'anders');
    await userEvent.click(within(content()).getByRole('button', { name: 'Speichern' }));
    expect(screen.getByText('Dies ist ein Pflichtfeld')).toBeInTheDocument();
    expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows the field errors of a 422 next to their fields', async () => {
    await openShell('/account/edit', 'packer');
    server.on((call) =>
      call.method === 'PUT'
        ? { status: 422, body: { errors: { email: ['Diese E-Mail ist schon vergeben.'] } } }
        : undefined,
    );
    await userEvent.click(within(content()).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Diese E-Mail ist schon vergeben.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true');
  });
});
