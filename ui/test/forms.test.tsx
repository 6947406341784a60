import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { changeLanguage } from '@kontor/shared-session';
import {
  CountryField,
  Form,
  KontorForm,
  rules,
  runGraphql,
  TextField,
  useKontorForm,
  useRecordForm,
} from '../src';
import {
  CreateUser,
  UpdateUser,
  User,
  Users,
  tag,
  toolkitSuite,
  type UserRow,
  render,
} from './support/toolkit-kit';

const { server, toasts } = toolkitSuite();
// The first password the server checks loads its dictionaries: allow for that.
const wait = { timeout: 15_000 };

/** A user form as a module writes one: name, e-mail, password (required only when new). */
function UserForm({ user }: { user?: UserRow }) {
  const form = useRecordForm({
    record: user,
    initial: { name: user?.name ?? '', email: user?.email ?? '', password: '' },
    rules: {
      name: rules.text(),
      email: rules.email(),
      password: rules.password({ optional: Boolean(user) }),
    },
    create: CreateUser,
    update: UpdateUser,
    input: (values) => ({ ...values, password: values.password || null, roleIds: [] }),
    toasts: { created: 'Benutzer erstellt', updated: 'Benutzer aktualisiert' },
    onSaved: '/administration/users',
  });
  return (
    <Form form={form} cancelPath="/administration/users">
      <TextField name="name" label="Name" />
      <TextField name="email" label="E-Mail" />
      <TextField name="password" label="Passwort" type="password" />
    </Form>
  );
}

/** A field by its label (a required field's label ends in an asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

/** The form group (label, input, message) of a field. */
const groupOf = (label: string) => field(label).closest('.bp6-form-group')!;

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.clear(field(label));
    await userEvent.type(field(label), value);
  }
}

const save = (text = 'Speichern') => userEvent.click(screen.getByRole('button', { name: text }));

async function usersMatching(search: string) {
  const data = await runGraphql(Users, { page: { search }, sortBy: 'NAME' });
  return data.users.items;
}

describe('forms against the real server', () => {
  test('empty required fields say "Dies ist ein Pflichtfeld" beside themselves and nothing is sent', async () => {
    render(<UserForm />);
    await fill({ Name: 'Nur ein Name' });
    await save();
    expect(groupOf('E-Mail')).toHaveTextContent('Dies ist ein Pflichtfeld');
    expect(groupOf('Passwort')).toHaveTextContent('Dies ist ein Pflichtfeld');
    expect(groupOf('Name')).not.toHaveTextContent('Dies ist ein Pflichtfeld');
    expect(server().calls).not.toContain('POST /graphql');
  });

  test('after a failed save the first field in error has the focus, also for a server error', async () => {
    render(<UserForm />);
    await fill({ Name: 'Nur ein Name' });
    await save();
    await waitFor(() => expect(field('E-Mail')).toHaveFocus());
    expect(field('E-Mail')).toHaveAttribute('aria-invalid', 'true');

    // The server refuses the address (and the password): the address, first in the form, gets the focus.
    await fill({ 'E-Mail': 'jemand@beispiel.x', Passwort: 'kurz' });
    await save();
    await waitFor(
      () => expect(groupOf('E-Mail')).toHaveTextContent('Keine gültige E-Mail-Adresse'),
      wait,
    );
    expect(field('E-Mail')).toHaveFocus();
  });

  test('a country field names the countries in German or English and keeps the ISO code', async () => {
    function AddressForm() {
      const form = useKontorForm({
        initial: { countryCode: 'DE' },
        rules: { countryCode: rules.text(2) },
        save: async () => null,
      });
      return (
        <KontorForm form={form}>
          <CountryField name="countryCode" label="Land" />
        </KontorForm>
      );
    }
    render(<AddressForm />);
    const select = field('Land') as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]).toHaveTextContent('Deutschland'));
    expect(within(select).getByRole('option', { name: 'Österreich' })).toHaveValue('AT');
    await userEvent.selectOptions(select, 'AT');
    expect(select).toHaveValue('AT');
    await act(() => changeLanguage('en'));
    try {
      expect(select.selectedOptions[0]).toHaveTextContent('Austria');
      expect(within(select).getAllByRole('option').length).toBeGreaterThan(240);
    } finally {
      await act(() => changeLanguage('de'));
    }
  });

  test('in English the required message is "That is a mandatory field"', async () => {
    render(<UserForm />);
    await act(() => changeLanguage('en'));
    try {
      await save('Save');
      expect(screen.getAllByText('That is a mandatory field')).toHaveLength(3);
    } finally {
      await act(() => changeLanguage('de'));
    }
  });

  test("the browser checks the rules the server would: an e-mail address and at most 255 characters, in the user's language", async () => {
    render(<UserForm />);
    await fill({ Name: 'x'.repeat(256), 'E-Mail': 'keine-adresse', Passwort: 'lang-genug-1' });
    await save();
    expect(groupOf('Name')).toHaveTextContent('Höchstens 255 Zeichen');
    expect(groupOf('E-Mail')).toHaveTextContent('Keine gültige E-Mail-Adresse');
    await waitFor(() => expect(field('Name')).toHaveFocus());
    expect(server().calls).not.toContain('POST /graphql');
    await act(() => changeLanguage('en'));
    try {
      expect(groupOf('Name')).toHaveTextContent('At most 255 characters');
    } finally {
      await act(() => changeLanguage('de'));
    }
    // Corrected, the message goes as the user types.
    await fill({ Name: 'Kurz genug' });
    expect(groupOf('Name')).not.toHaveTextContent('Zeichen');
  });

  test("the server's field errors show beside their fields, with the error toast, and nothing is created", async () => {
    const run = tag();
    render(<UserForm />);
    // An address the browser's rule lets through but the server's stricter rule refuses.
    await fill({ Name: `Formular ${run}`, 'E-Mail': 'jemand@beispiel.x', Passwort: 'kurz' });
    await save();
    await waitFor(
      () => expect(groupOf('E-Mail')).toHaveTextContent('Keine gültige E-Mail-Adresse'),
      wait,
    );
    expect(groupOf('Passwort')).toHaveTextContent('Mindestens 8 Zeichen');
    expect(groupOf('Name')).not.toHaveTextContent(/Zeichen|Pflichtfeld/);
    expect(toasts.messages()).toEqual(['Bitte prüfen Sie die markierten Felder.']);

    await fill({ 'E-Mail': 'admin@kontor.test', Passwort: 'lang-genug-1' });
    await save();
    await waitFor(
      () => expect(groupOf('E-Mail')).toHaveTextContent('Dieser Wert ist bereits vergeben'),
      wait,
    );
    expect(groupOf('Passwort')).not.toHaveTextContent('Mindestens 8 Zeichen');
    expect(await usersMatching(run)).toEqual([]);
  });

  test('a valid form creates the record, shows the success toast and goes back to the list', async () => {
    const run = tag();
    render(<UserForm />);
    await fill({
      Name: `Neu ${run}`,
      'E-Mail': `neu-${run}@kontor.test`,
      Passwort: 'Kiesel-Laterne-Brombeere-17',
    });
    await save();
    await waitFor(() => expect(window.location.pathname).toBe('/administration/users'), wait);
    expect(toasts.messages()).toEqual(['Benutzer erstellt']);
    expect(await usersMatching(run)).toEqual([
      expect.objectContaining({ name: `Neu ${run}`, email: `neu-${run}@kontor.test` }),
    ]);
  });

  test('an edit someone else saved in between is refused with the message above the buttons', async () => {
    const run = tag();
    const input = {
      name: `Alt ${run}`,
      email: `alt-${run}@kontor.test`,
      password: 'Wolke-Fahrrad-Quitte-42',
    };
    const { createUser } = await runGraphql(CreateUser, { input: { ...input, roleIds: [] } });
    const { user } = await runGraphql(User, { id: String(createUser.id) });
    render(<UserForm user={user!} />);
    // Someone else saves the same user first.
    await runGraphql(UpdateUser, {
      id: String(user!.id),
      version: user!.version,
      input: { name: `Anders ${run}`, email: input.email, password: null, roleIds: [] },
    });
    await fill({ Name: `Meins ${run}` });
    await save();
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent(
      'Jemand anderes hat diesen Eintrag inzwischen gespeichert.',
    );
    const { user: after } = await runGraphql(User, { id: String(user!.id) });
    expect(after?.name).toBe(`Anders ${run}`);
  });
});
