// Lists read through Apollo's normalized cache: a realtime change of a record updates or
// evicts it, and the list on screen follows without a reload of the page.
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { recordChanged } from '@kontor/shared-session';
import { DataTable, runGraphql } from '../src';
import { CreateUser, Users, render, tag, toolkitSuite, type UserRow } from './support/toolkit-kit';

const { server } = toolkitSuite();
const wait = { timeout: 5000 };

function UsersTable() {
  return (
    <DataTable
      label="Benutzer"
      query={Users}
      pageOf={(data) => data.users}
      defaultSort="NAME"
      columns={[{ title: 'Name', cell: (u: UserRow) => u.name, sortKey: 'NAME' }]}
    />
  );
}

const table = () => screen.getByRole('table', { name: 'Benutzer' });

/** The search of the page's last list request. */
function lastSearch(): unknown {
  const lists = server().requests.filter((r) => r.path === '/graphql');
  const body = lists.at(-1)?.body as { variables?: { page?: { search?: unknown } } } | undefined;
  return body?.variables?.page?.search;
}

async function showOnly(name: string): Promise<UserRow> {
  const { createUser } = await runGraphql(CreateUser, {
    input: { name, email: `${tag()}@kontor.test`, password: 'cache-passwort', roleIds: [] },
  });
  render(<UsersTable />);
  await userEvent.type(screen.getByRole('searchbox', { name: 'Suchen …' }), name);
  // The search is typed letter by letter: an earlier search's page may show the user while
  // the last one is still on its way, and its answer would overwrite what a test writes.
  await waitFor(() => {
    expect(within(table()).getAllByRole('cell')[0]).toHaveTextContent(name);
    expect(lastSearch()).toBe(name);
    expect(server().pending()).toBe(0);
  }, wait);
  return createUser;
}

/** Renames a user from another browser: the page's cache knows nothing of it. */
async function renameElsewhere(user: UserRow, name: string) {
  const admin = await server().client('admin@kontor.test', 'admin');
  const response = await admin.request('POST', '/graphql', {
    query: `mutation($id: ID!, $version: Int!, $input: UserInput!) {
      updateUser(id: $id, version: $version, input: $input) { id }
    }`,
    variables: {
      id: user.id,
      version: user.version,
      input: { name, email: user.email, password: null, roleIds: [] },
    },
  });
  expect(((await response.json()) as { errors?: unknown }).errors).toBeUndefined();
}

test('a change heard without its fields evicts the record: the list asks the server and shows it', async () => {
  const name = `Cache ${tag()}`;
  const user = await showOnly(name);
  await renameElsewhere(user, `${name} neu`);
  expect(table()).not.toHaveTextContent(`${name} neu`); // nobody told the page yet

  const before = server().calls.length;
  act(() => recordChanged({ typename: 'User', id: user.id, change: 'updated' }));
  await waitFor(() => expect(table()).toHaveTextContent(`${name} neu`), wait);
  expect(server().calls.slice(before)).toContain('POST /graphql');
});

test('a change heard with its fields is written into the cached record: the list shows it at once, without asking the server', async () => {
  const name = `Feld ${tag()}`;
  const user = await showOnly(name);
  const before = server().calls.length;
  act(() =>
    recordChanged({
      typename: 'User',
      id: user.id,
      change: 'updated',
      record: { name: `${name} live` },
    }),
  );
  await waitFor(() => expect(table()).toHaveTextContent(`${name} live`), wait);
  expect(server().calls.slice(before)).toEqual([]);
});

test('a deleted record leaves the list', async () => {
  const name = `Weg ${tag()}`;
  const user = await showOnly(name);
  const admin = await server().client('admin@kontor.test', 'admin');
  await admin.request('POST', '/graphql', {
    query: 'mutation($id: ID!) { deleteUser(id: $id) { id } }',
    variables: { id: user.id },
  });
  act(() => recordChanged({ typename: 'User', id: user.id, change: 'deleted' }));
  await waitFor(() => expect(within(table()).queryByText(name, { exact: true })).toBeNull(), wait);
});
