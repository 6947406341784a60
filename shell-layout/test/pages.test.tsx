import { changeLanguage, registerRoute } from '@kontor/shared-session';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openShell, server } from './support/shell-test-kit';

const requestsTo = (method: string, path: string) =>
  server().requests.filter((r) => r.method === method && r.path === path);

/** A required field's label: its text and the asterisk the form system adds. */
const requiredLabel = (text: string) => new RegExp(`^${text}\\s*\\*?$`);

const content = () => document.getElementById('kontor-content') as HTMLElement;

describe('login page', () => {
  it('says "Dies ist ein Pflichtfeld" under empty email and password and sends nothing', async () => {
    await openShell('/login');
    await userEvent.click(within(content()).getByRole('button', { name: 'Anmelden' }));
    expect(screen.getAllByText('Dies ist ein Pflichtfeld')).toHaveLength(2);
    expect(requestsTo('POST', '/login')).toHaveLength(0);
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
    await userEvent.type(screen.getByLabelText('E-Mail'), 'packer@kontor.test');
    await userEvent.type(screen.getByLabelText('Passwort'), 'packer');
    await userEvent.click(screen.getByLabelText('Angemeldet bleiben'));
    await userEvent.click(within(content()).getByRole('button', { name: 'Anmelden' }));
    expect(requestsTo('POST', '/login')).toEqual([
      {
        method: 'POST',
        path: '/login',
        body: { email: 'packer@kontor.test', password: 'packer', remember: true },
      },
    ]);
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Login erfolgreich!')).toBeInTheDocument();
    expect(
      await within(document.getElementById('kontor-topbar')!).findByText('Packer'),
    ).toBeInTheDocument();
  });

  it('disables the button while the login runs', async () => {
    await openShell('/login');
    const release = server().hold('POST', '/login');
    await userEvent.type(screen.getByLabelText('E-Mail'), 'packer@kontor.test');
    await userEvent.type(screen.getByLabelText('Passwort'), 'wrong');
    const submit = within(content()).getByRole('button', { name: /Anmelden/ });
    await userEvent.click(submit);
    expect(submit).toBeDisabled();
    release();
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('stays on the page with what was typed after a failed login, and shows the field errors', async () => {
    await openShell('/login');
    await userEvent.type(screen.getByLabelText('E-Mail'), 'nobody@kontor.test');
    await userEvent.type(screen.getByLabelText('Passwort'), 'secret');
    await userEvent.click(within(content()).getByRole('button', { name: 'Anmelden' }));
    expect(
      await screen.findByText('Login nicht erfolgreich! Zugangsdaten nicht gefunden.'),
    ).toBeInTheDocument();
    expect(screen.getByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true');
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

  it("names the page by its one h1, the page's title, in the skeleton's main landmark (issue 31)", async () => {
    await openShell('/');
    const titles = screen.getAllByRole('heading', { level: 1 });
    expect(titles.map((title) => title.textContent)).toEqual(['Willkommen bei Kontor']);
    expect(screen.getByRole('main')).toContainElement(titles[0]!);
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Kontor');
    await act(() => changeLanguage('de'));
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
  // The guest's account: the other tests of this file look at the packer.
  it('saves name and email with PUT /user, toasts and reloads the user', async () => {
    await openShell('/account/edit', 'guest');
    const name = await screen.findByLabelText(requiredLabel('Name'));
    expect(name).toHaveValue('Guest');
    await userEvent.clear(name);
    await userEvent.type(name, 'Gustav Guest');
    await userEvent.click(within(content()).getByRole('button', { name: 'Speichern' }));
    expect(requestsTo('PUT', '/user')).toEqual([
      {
        method: 'PUT',
        path: '/user',
        body: { name: 'Gustav Guest', email: 'guest@kontor.test' },
      },
    ]);
    expect(await screen.findByText('Konto erfolgreich gespeichert')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('GET', '/user')).toHaveLength(1));
    expect(
      await within(document.getElementById('kontor-topbar')!).findByText('Gustav Guest'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(requiredLabel('Name')));
    await userEvent.type(screen.getByLabelText(requiredLabel('Name')), 'Guest');
    await userEvent.click(within(content()).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(requestsTo('PUT', '/user')).toHaveLength(2));
  });

  it('changes the password only with the current one and a matching confirmation', async () => {
    await openShell('/account/edit', 'packer');
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neu-und-lang');
    await userEvent.type(screen.getByLabelText('Neues Passwort bestätigen'), 'anders');
    await userEvent.click(within(content()).getByRole('button', { name: 'Speichern' }));
    expect(screen.getByText('Dies ist ein Pflichtfeld')).toBeInTheDocument();
    expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
    expect(server().requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('asks for the current password when the e-mail changes, and sends nothing without it', async () => {
    await openShell('/account/edit', 'packer');
    const email = await screen.findByLabelText(requiredLabel('E-Mail'));
    await userEvent.clear(email);
    await userEvent.type(email, 'packer-neu@kontor.test');
    await userEvent.click(within(content()).getByRole('button', { name: 'Speichern' }));
    expect(screen.getByText('Dies ist ein Pflichtfeld')).toBeInTheDocument();
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveAttribute('aria-invalid', 'true');
    expect(server().requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows the field errors of the server\u2019s 422 next to their fields', async () => {
    await openShell('/account/edit', 'packer');
    const email = await screen.findByLabelText(requiredLabel('E-Mail'));
    await userEvent.clear(email);
    await userEvent.type(email, 'admin@kontor.test');
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'not-the-password');
    await userEvent.click(within(content()).getByRole('button', { name: 'Speichern' }));
    // The password is checked first: whether the address is taken is not told to a stranger.
    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('The email has already been taken.')).toBeNull();
    expect(requestsTo('PUT', '/user')[0]!.body).toEqual({
      name: 'Packer',
      email: 'admin@kontor.test',
      current_password: 'not-the-password',
    });

    const current = screen.getByLabelText('Aktuelles Passwort');
    await userEvent.clear(current);
    await userEvent.type(current, 'packer');
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'password123');
    await userEvent.type(screen.getByLabelText('Neues Passwort bestätigen'), 'password123');
    await userEvent.click(within(content()).getByRole('button', { name: 'Speichern' }));
    // The server loads its password dictionaries on the first password it checks: give it time.
    expect(
      await screen.findByText('The email has already been taken.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(requiredLabel('E-Mail'))).toHaveAttribute('aria-invalid', 'true');
    // A guessable password is refused with the reason, under the new password.
    expect(screen.getByLabelText('Neues Passwort')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText(/^The password is too easy to guess\. This is a commonly used password\./),
    ).toBeInTheDocument();
  });
});
