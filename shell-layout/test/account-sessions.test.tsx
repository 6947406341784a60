import { changeLanguage } from '@kontor/shared-session';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openShell, server } from './support/shell-test-kit';

const sessionsTable = () =>
  screen.getByRole('table', { name: /Angemeldete Geräte|Signed-in devices/ });
const rows = () => within(sessionsTable()).getAllByRole('row').slice(1);

describe('account page: signed-in devices', () => {
  it('lists this device and another one, ends the other one with DELETE /spa/sessions/{id}', async () => {
    // A second browser of the packer: the other device (its session ends in this test).
    const phone = await server().client('packer@kontor.test', 'packer');
    expect((await phone.request('GET', '/user')).status).toBe(200);
    await openShell('/account/edit', 'packer');

    await waitFor(() => expect(rows()).toHaveLength(2));
    const [current, other] = rows() as [HTMLElement, HTMLElement];
    expect(within(current).getByText('Dieses Gerät')).toBeInTheDocument();
    expect(within(current).getByText('127.0.0.1')).toBeInTheDocument();
    expect(within(other).queryByText('Dieses Gerät')).toBeNull();
    expect(within(current).queryByRole('button', { name: 'Abmelden' })).toBeNull();
    const endOthers = screen.getByRole('button', { name: 'Alle anderen Geräte abmelden' });
    expect(endOthers).toBeEnabled();

    await userEvent.click(within(other).getByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Sitzung beendet')).toBeInTheDocument();
    const deletes = server().requests.filter((r) => r.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.path).toMatch(/^\/spa\/sessions\/[0-9a-f-]{36}$/);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Alle anderen Geräte abmelden' })).toBeDisabled();
    // The other device is logged out; this one is not.
    expect((await phone.request('GET', '/user')).status).toBe(401);
    expect(within(rows()[0]!).getByText('Dieses Gerät')).toBeInTheDocument();
  });

  it('speaks English too', async () => {
    await openShell('/account/edit', 'guest');
    await act(() => changeLanguage('en'));
    expect(await screen.findByRole('heading', { name: 'Signed-in devices' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(sessionsTable()).getByText('This device')).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Log out all other devices' })).toBeDisabled();
  });
});
