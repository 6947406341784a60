import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  editPage,
  FormPage,
  ListPage,
  runGraphql,
  TextField,
  useRecordForm,
  type ListForms,
  type RecordFormProps,
  rules,
} from '../src';
import { login, logout } from '@kontor/shared-session';
import {
  CreateUser,
  DeleteUser,
  UpdateUser,
  User,
  Users,
  route,
  tag,
  toolkitSuite,
  type UserRow,
  render,
} from './support/toolkit-kit';

const { toasts } = toolkitSuite();
const wait = { timeout: 5000 };

async function createUser(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}@kontor.test`;
  const input = { name, email, password: 'listen-passwort', roleIds: [] };
  return (await runGraphql(CreateUser, { input })).createUser;
}

const userExists = async (id: string) => (await runGraphql(User, { id })).user !== null;

const pages: ListForms<UserRow> = {
  create: '/users/create',
  edit: (u) => `/users/${u.id}/edit`,
};

function UserList({ forms = pages }: { forms?: ListForms<UserRow> }) {
  return (
    <ListPage
      columns={[{ title: 'Name', cell: (u: UserRow) => u.name, sortKey: 'NAME' }]}
      title="Benutzer verwalten"
      permission="user"
      query={Users}
      forms={forms}
      remove={{ mutation: DeleteUser, success: 'Benutzer gelöscht' }}
    />
  );
}

/** Name and e-mail of a user; saved, it goes to /users, or calls `done` in a dialog. */
function UserForm({ record, title, back, done }: RecordFormProps<UserRow> & { done?: () => void }) {
  const form = useRecordForm({
    record,
    initial: { name: record?.name ?? '', email: record?.email ?? '' },
    rules: { name: rules.text(), email: rules.email() },
    create: CreateUser,
    update: UpdateUser,
    input: (values) => ({ ...values, password: null, roleIds: [] }),
    toasts: { created: 'Benutzer erstellt', updated: 'Benutzer aktualisiert' },
    onSaved: done ?? '/users',
  });
  return (
    <FormPage title={title} back={back} form={form} cancelPath="/users">
      <TextField name="name" label="Name" />
      <TextField name="email" label="E-Mail" />
    </FormPage>
  );
}

const UserEdit = editPage(UserForm, User, (data) => data.user);
/** The edit page as a module gives it: titled by the user, with the link back to the list. */
const NamedUserEdit = editPage(UserForm, User, (data) => data.user, {
  title: (user) => `Benutzer ${user.name}`,
  back: () => ({ to: '/users', label: 'Zu den Benutzern' }),
});

const table = () => screen.getByRole('table', { name: 'Benutzer verwalten' });

async function searchFor(text: string) {
  await userEvent.type(screen.getByRole('searchbox', { name: 'Suchen …' }), text);
}

describe('ListPage against the real server', () => {
  test('a delete asks "Bestätigung Erforderlich"; cancelling keeps the user, confirming deletes it with the toast', async () => {
    const name = `Weg ${tag()}`;
    const user = await createUser(name);
    render(<UserList />);
    await searchFor(name);
    const remove = await screen.findByRole('button', { name: `Löschen ${name}` }, wait);

    await userEvent.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Bestätigung Erforderlich');
    expect(dialog).toHaveTextContent(`Soll „${name}“ wirklich gelöscht werden?`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(await userExists(String(user.id))).toBe(true);
    expect(toasts.messages()).toEqual([]);

    await userEvent.click(remove);
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Keine Einträge', {}, wait)).toBeInTheDocument();
    expect(toasts.messages()).toEqual(['Benutzer gelöscht']);
    expect(await userExists(String(user.id))).toBe(false);
  });

  test('create and edit open their pages', async () => {
    const name = `Bleibt ${tag()}`;
    const user = await createUser(name);
    render(<UserList />);
    await searchFor(name);
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2), wait);
    await userEvent.click(within(table()).getByRole('button', { name: 'Bearbeiten' }));
    expect(window.location.pathname).toBe(`/users/${user.id}/edit`);
    await userEvent.click(screen.getByRole('button', { name: 'Erstellen' }));
    expect(window.location.pathname).toBe('/users/create');
  });

  test('in a dialog list, a user edited in the dialog is saved with its toast and the list shows the change', async () => {
    const name = `Dialog ${tag()}`;
    await createUser(name);
    const inDialog: ListForms<UserRow> = {
      dialog: (user, done) => <UserForm record={user} title="Benutzer" done={done} />,
    };
    render(<UserList forms={inDialog} />);
    await searchFor(name);
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2), wait);
    await userEvent.click(within(table()).getByRole('button', { name: 'Bearbeiten' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/^Name/), ' geändert');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), wait);
    expect(toasts.messages()).toEqual(['Benutzer aktualisiert']);
    expect(window.location.pathname).not.toBe('/users');
    await searchFor(name);
    await waitFor(() => expect(table()).toHaveTextContent(`${name} geändert`), wait);
  });
});

describe('edit pages against the real server', () => {
  test('an unknown id shows "Der Eintrag wurde nicht gefunden." under the page title', async () => {
    render(<UserEdit route={route('Benutzer bearbeiten')} params={{ id: '987654' }} />);
    expect(
      await screen.findByText('Der Eintrag wurde nicht gefunden.', {}, wait),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Benutzer bearbeiten' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  });

  test('a known id shows the form filled with the record from the server', async () => {
    const name = `Gefunden ${tag()}`;
    const user = await createUser(name);
    render(<UserEdit route={route('Benutzer bearbeiten')} params={{ id: String(user.id) }} />);
    expect(await screen.findByDisplayValue(name, {}, wait)).toBeInTheDocument();
    expect(screen.getByDisplayValue(user.email)).toBeInTheDocument();
  });

  test('with the title option the page names the loaded user, under a link back to the list', async () => {
    const name = `Benannt ${tag()}`;
    const user = await createUser(name);
    render(<NamedUserEdit route={route('Benutzer bearbeiten')} params={{ id: String(user.id) }} />);
    const heading = await screen.findByRole('heading', { name: `Benutzer ${name}` }, wait);
    const back = screen.getByRole('link', { name: 'Zu den Benutzern' });
    expect(back).toHaveAttribute('href', '/users');
    // Above the heading: the link comes first in the page.
    expect(back.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(back);
    expect(window.location.pathname).toBe('/users');
  });

  test('while the record is missing the page keeps the route title and the back link', async () => {
    render(<NamedUserEdit route={route('Benutzer bearbeiten')} params={{ id: '987655' }} />);
    expect(
      await screen.findByText('Der Eintrag wurde nicht gefunden.', {}, wait),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Benutzer bearbeiten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu den Benutzern' })).toHaveAttribute(
      'href',
      '/users',
    );
  });

  test('for a user without user:view the edit page says the permission is missing, with a retry', async () => {
    const user = await createUser(`Verboten ${tag()}`);
    await logout();
    await login({ email: 'packer@kontor.test', password: 'packer' });
    render(<UserEdit route={route('Benutzer bearbeiten')} params={{ id: String(user.id) }} />);
    expect(
      await screen.findByText('Dazu fehlt Ihnen die Berechtigung.', {}, wait),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });

  test('for a user without user permissions a list shows the refusal and no create button', async () => {
    // The packer (logged in above) holds only order:view and order:create.
    render(<UserList />);
    expect(await screen.findByRole('alert', {}, wait)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erstellen' })).not.toBeInTheDocument();
  });
});
