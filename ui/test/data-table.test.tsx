import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { login, logout } from '@kontor/shared-session';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { DataTable, runGraphql, type ListVariables } from '../src';
import { CreateUser, Users, tag, toolkitSuite, type UserRow, render } from './support/toolkit-kit';

const { server } = toolkitSuite();
const run = tag();
const wait = { timeout: 5000 };

beforeAll(async () => {
  // 27 users: names count up (Zeile 01 … 27) while their e-mails count down (z27 … z01).
  for (let n = 1; n <= 27; n++) {
    const number = String(n).padStart(2, '0');
    const reversed = String(28 - n).padStart(2, '0');
    await runGraphql(CreateUser, {
      input: {
        name: `Zeile ${run} ${number}`,
        email: `${run}-z${reversed}@kontor.test`,
        password: 'tabellen-passwort',
        roleIds: [],
      },
    });
  }
});

function UsersTable() {
  return (
    <DataTable
      label="Benutzer"
      query={Users}
      pageOf={(data) => data.users}
      defaultSort="NAME"
      columns={[
        { title: 'Name', cell: (u: UserRow) => u.name, sortKey: 'NAME' },
        { title: 'E-Mail', cell: (u: UserRow) => u.email, sortKey: 'EMAIL' },
      ]}
    />
  );
}

/** The table's data rows (without the header row), as their text. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Benutzer' }))
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.classList.contains('kontor-table-empty'))
    .map((row) => row.textContent ?? '');

async function searchFor(text: string) {
  await userEvent.type(screen.getByRole('searchbox', { name: 'Suchen …' }), text);
}

describe('DataTable against the real users list', () => {
  test('pages on the server: 25 of the 27 matches on page one, the other two on page two', async () => {
    render(<UsersTable />);
    await searchFor(run);
    expect(await screen.findByText('Seite 1 von 2 (27 Einträge)', {}, wait)).toBeInTheDocument();
    expect(rows()).toHaveLength(25);
    expect(rows()[0]).toContain(`Zeile ${run} 01`);

    await userEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('Seite 2 von 2 (27 Einträge)', {}, wait)).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2), wait);
    expect(rows()[0]).toContain(`Zeile ${run} 26`);
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  });

  test('a click on a column header sorts on the server by that column, a second click reverses it', async () => {
    render(<UsersTable />);
    await searchFor(run);
    await waitFor(() => expect(rows()[0]).toContain(`Zeile ${run} 01`), wait);

    await userEvent.click(screen.getByRole('button', { name: 'E-Mail' }));
    await waitFor(() => expect(rows()[0]).toContain(`${run}-z01@kontor.test`), wait);
    expect(rows()[0]).toContain(`Zeile ${run} 27`);
    expect(screen.getByRole('columnheader', { name: 'E-Mail' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await userEvent.click(screen.getByRole('button', { name: 'E-Mail' }));
    await waitFor(() => expect(rows()[0]).toContain(`Zeile ${run} 01`), wait);
    expect(screen.getByRole('columnheader', { name: 'E-Mail' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('the search goes to the server and matches the e-mail column too', async () => {
    render(<UsersTable />);
    await searchFor(`${run}-z05`);
    await waitFor(() => expect(rows()).toEqual([`Zeile ${run} 23${run}-z05@kontor.test`]), wait);
    expect(server().calls).toContain('POST /graphql');
    expect(screen.getByText('Seite 1 von 1 (1 Einträge)')).toBeInTheDocument();
  });

  test('a search without hits shows "Keine Einträge" and no rows', async () => {
    render(<UsersTable />);
    await searchFor(`niemand-${run}`);
    expect(await screen.findByText('Keine Einträge', {}, wait)).toBeInTheDocument();
    expect(rows()).toEqual([]);
    // Said inside the table, with what was searched; no pager for nothing.
    expect(
      within(screen.getByRole('table', { name: 'Benutzer' })).getByText(
        `Nichts gefunden für „niemand-${run}“.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nächste Seite' })).toBeNull();
  });

  test("a user without user:view gets the server's refusal instead of rows", async () => {
    await logout();
    await login({ email: 'packer@kontor.test', password: 'packer' });
    render(<UsersTable />);
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent(
      'Dazu fehlt Ihnen die Berechtigung.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('a declared filter goes to the server and into the URL; a stray URL parameter is ignored', async () => {
    const CreateRole = parse(`
      mutation CreateRole($input: RoleInput!) { createRole(input: $input) { id } }
    `) as TypedDocumentNode<
      { createRole: { id: string } },
      { input: { name: string; permissions: string[] } }
    >;
    const FilteredUsers = parse(`
      query FilteredUsers($page: PageInput, $sortBy: UserSort, $filter: UserFilter) {
        users(page: $page, sortBy: $sortBy, filter: $filter) { total items { id name email version } }
      }
    `) as TypedDocumentNode<
      { users: { total: number; items: UserRow[] } },
      ListVariables<'NAME' | 'EMAIL'>
    >;
    await logout();
    await login({ email: 'admin@kontor.test', password: 'admin' });
    const { createRole: role } = await runGraphql(CreateRole, {
      input: { name: `Filter ${run}`, permissions: [] },
    });
    for (const n of [1, 2]) {
      await runGraphql(CreateUser, {
        input: {
          name: `Zeile ${run} mit Rolle ${n}`,
          email: `${run}-rolle${n}@kontor.test`,
          password: 'tabellen-passwort',
          roleIds: [role.id],
        },
      });
    }
    // A shared link with a parameter the list does not know: the list shows as usual.
    window.history.replaceState(null, '', `/?search=${run}&colour=blue`);
    render(
      <DataTable
        label="Benutzer"
        query={FilteredUsers}
        pageOf={(data) => data.users}
        defaultSort="NAME"
        columns={[{ title: 'Name', cell: (u: UserRow) => u.name, sortKey: 'NAME' }]}
        filters={[
          { name: 'roleId', label: 'Rolle', choices: [{ value: role.id, label: 'Filter' }] },
        ]}
      />,
    );
    expect(await screen.findByText('Seite 1 von 2 (29 Einträge)', {}, wait)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rolle' }), role.id);
    await waitFor(() => expect(rows()).toHaveLength(2), wait);
    expect(rows()[0]).toContain(`Zeile ${run} mit Rolle 1`);
    expect(new URLSearchParams(window.location.search).get('roleId')).toBe(role.id);
    // Back to all roles: every match again, and the filter leaves the URL.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rolle' }), '');
    expect(await screen.findByText('Seite 1 von 2 (29 Einträge)', {}, wait)).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).has('roleId')).toBe(false);
    window.history.replaceState(null, '', '/');
  });
  test('a key column is marked on its header and cells, every cell is labelled by its column, the row actions too', async () => {
    render(
      <DataTable
        label="Benutzer"
        query={Users}
        pageOf={(data) => data.users}
        defaultSort="NAME"
        columns={[
          { title: 'Name', cell: (u: UserRow) => u.name, sortKey: 'NAME', key: true },
          { title: 'E-Mail', cell: (u: UserRow) => u.email },
        ]}
        actions={() => <button type="button">Öffnen</button>}
      />,
    );
    await searchFor(run);
    await waitFor(() => expect(rows()).toHaveLength(25), wait);
    const table = screen.getByRole('table', { name: 'Benutzer' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Name')).toHaveAttribute('data-key-column');
    expect(header('E-Mail')).not.toHaveAttribute('data-key-column');
    const [first] = within(table).getAllByRole('row').slice(1);
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Name', 'E-Mail', 'Aktionen']);
    expect(cells.map((cell) => cell.hasAttribute('data-key-column'))).toEqual([true, false, false]);
    expect(cells[2]).toHaveClass('kontor-row-actions');
  });
});
