import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { KontorForm, RecordPicker, rules, runGraphql, useKontorForm } from '../src';
import { CreateUser, tag, toolkitSuite, render } from './support/toolkit-kit';

// The record picker and a hand scanner: the scanner types a whole code and presses Enter
// before the server's search has answered. The Enter is remembered and acted on when the
// answer for that text arrives. The search request is held (the real server answers it once
// released), so "before the answer" is certain, not a race.

const { server } = toolkitSuite();
const run = tag();
const wait = { timeout: 10_000 };

const UserChoices = parse(`
  query UserChoices($search: String) {
    users(page: { pageSize: 20, search: $search }) { items { id name } }
  }
`) as TypedDocumentNode<
  { users: { items: { id: string; name: string }[] } },
  { search?: string | null }
>;

const ids: Record<string, string> = {};

beforeAll(async () => {
  // "Scan A" and "Scan A2" both match "Scan A" (one of them exactly); "Scan B" only itself.
  for (const suffix of ['A', 'A2', 'B']) {
    const name = `Scan ${run} ${suffix}`;
    const { createUser } = (await runGraphql(CreateUser, {
      input: {
        name,
        email: `${run}-${suffix}@kontor.test`,
        password: 'scanner-passwort',
        roleIds: [],
      },
    })) as { createUser: { id: string } };
    ids[suffix] = String(createUser.id);
  }
});

/** A form with one picker; every save is recorded (what the form would send). */
function PickerForm({ saved }: { saved: unknown[] }) {
  const form = useKontorForm({
    initial: { userId: '' },
    rules: { userId: rules.choice() },
    save: async (values) => saved.push(values),
  });
  return (
    <KontorForm form={form}>
      <RecordPicker name="userId" label="Benutzer" query={UserChoices} />
      <button type="submit">Speichern</button>
    </KontorForm>
  );
}

const picker = () => screen.getByRole('combobox', { name: /^Benutzer/ });

/** Types the text and presses Enter while the server's answer to the search is held. */
async function scan(text: string): Promise<void> {
  // The picker's Blueprint part loads with the first picker shown.
  await screen.findByRole('combobox', { name: /^Benutzer/ }, wait);
  const release = server().hold('POST', '/graphql');
  await userEvent.click(picker());
  await userEvent.type(picker(), `${text}{Enter}`);
  // The list has no answer yet: it says so, and nothing is chosen.
  expect(screen.getByRole('option', { name: 'Wird geladen …' })).toBeInTheDocument();
  // The search goes out after the pause in typing, and waits at the hold.
  await waitFor(
    () =>
      expect(server().requests.some((r) => JSON.stringify(r.body ?? '').includes(text))).toBe(true),
    wait,
  );
  release();
}

describe('record picker and a hand scanner (real server, the search answer held)', () => {
  test('the whole name and Enter before the answer: the one match is picked when it arrives', async () => {
    const saved: unknown[] = [];
    render(<PickerForm saved={saved} />);
    await scan(`Scan ${run} B`);
    // Picked: the popover closed, the input shows the record, and the form holds its id.
    await waitFor(() => expect(picker()).toHaveValue(`Scan ${run} B`), wait);
    await waitFor(() => expect(picker()).toHaveAttribute('aria-expanded', 'false'), wait);
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull(), wait);
    // The early Enter did not submit the form (a form without a client would complain).
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saved).toEqual([{ userId: ids.B }]), wait);
  });

  test('several matches, one of them exactly the typed text: the exact one is picked', async () => {
    const saved: unknown[] = [];
    render(<PickerForm saved={saved} />);
    await scan(`Scan ${run} A`);
    await waitFor(() => expect(picker()).toHaveValue(`Scan ${run} A`), wait);
    await waitFor(() => expect(picker()).toHaveAttribute('aria-expanded', 'false'), wait);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saved).toEqual([{ userId: ids.A }]), wait);
  });

  test('several matches, none exact: nothing is picked, the matches are shown to choose from', async () => {
    const saved: unknown[] = [];
    render(<PickerForm saved={saved} />);
    await scan(`Scan ${run}`);
    expect(await screen.findByRole('option', { name: `Scan ${run} A2` }, wait)).toBeVisible();
    expect(screen.getByRole('option', { name: `Scan ${run} A` })).toBeVisible();
    expect(screen.getByRole('option', { name: `Scan ${run} B` })).toBeVisible();
    expect(picker()).toHaveValue(`Scan ${run}`);
    expect(picker()).toHaveAttribute('aria-expanded', 'true');
    // Nothing chosen: saving says the field is required and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dies ist ein Pflichtfeld')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

test("a picker's further variables narrow its search (the users of one role)", async () => {
  const { createRole } = await runGraphql(
    parse('mutation($input: RoleInput!) { createRole(input: $input) { id } }') as TypedDocumentNode<
      { createRole: { id: string } },
      { input: { name: string; permissions: string[] } }
    >,
    { input: { name: `Picker ${run}`, permissions: [] } },
  );
  await runGraphql(CreateUser, {
    input: {
      name: `Scan ${run} mit Rolle`,
      email: `${run}-rolle@kontor.test`,
      password: 'scanner-passwort',
      roleIds: [createRole.id],
    },
  });
  const UsersOfRole = parse(`
    query UsersOfRole($search: String, $roleId: ID) {
      users(page: { pageSize: 20, search: $search }, filter: { roleId: $roleId }) { items { id name } }
    }
  `) as TypedDocumentNode<
    { users: { items: { id: string; name: string }[] } },
    { search?: string | null; roleId?: string | null }
  >;
  function RoleForm() {
    const form = useKontorForm({
      initial: { userId: '' },
      rules: { userId: rules.choice() },
      save: async () => undefined,
    });
    return (
      <KontorForm form={form}>
        <RecordPicker
          name="userId"
          label="Benutzer"
          query={UsersOfRole}
          variables={{ roleId: createRole.id }}
        />
      </KontorForm>
    );
  }
  render(<RoleForm />);
  await userEvent.type(
    await screen.findByRole('combobox', { name: /^Benutzer/ }, wait),
    `Scan ${run}`,
  );
  expect(await screen.findByRole('option', { name: `Scan ${run} mit Rolle` }, wait)).toBeVisible();
  // "Scan A", "Scan A2" and "Scan B" match the text but hold no role: not offered.
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
    `Scan ${run} mit Rolle`,
  ]);
});

describe('a product picker (avis lines, stock filters, wherever products are picked)', () => {
  const ProductChoices = parse(`
    query PickerProducts($search: String) {
      products(page: { pageSize: 20, search: $search }) { items { id name sku ean } }
    }
  `) as TypedDocumentNode<
    { products: { items: { id: string; name: string; sku: string; ean: string }[] } },
    { search?: string | null }
  >;
  /** A GTIN-13 of this run: 12 digits and their check digit. */
  const gtin = (() => {
    const digits = String(Date.now() % 1e12).padStart(12, '4');
    let sum = 0;
    for (let i = 0; i < 12; i += 1) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
    return `${digits}${(10 - (sum % 10)) % 10}`;
  })();
  const sku = `PK-${run}`;
  const name = `Picker-Ware ${run}`;
  let productId = '';

  beforeAll(async () => {
    const { createClient } = await runGraphql(
      parse(
        'mutation($input: ClientInput!) { createClient(input: $input) { id } }',
      ) as TypedDocumentNode<{ createClient: { id: string } }, { input: object }>,
      {
        input: {
          name: `Picker-Mandant ${run}`,
          address: {
            street: 'Kai',
            houseNumber: '1',
            postcode: '20457',
            city: 'Hamburg',
            countryCode: 'DE',
          },
        },
      },
    );
    const { createProduct } = await runGraphql(
      parse(
        'mutation($input: ProductInput!) { createProduct(input: $input) { id } }',
      ) as TypedDocumentNode<{ createProduct: { id: string } }, { input: object }>,
      { input: { clientId: createClient.id, sku, name, ean: gtin } },
    );
    productId = String(createProduct.id);
  });

  function ProductForm({ saved }: { saved: unknown[] }) {
    const form = useKontorForm({
      initial: { productId: '' },
      rules: { productId: rules.choice() },
      save: async (values) => saved.push(values),
    });
    return (
      <KontorForm form={form}>
        <RecordPicker name="productId" label="Produkt" query={ProductChoices} />
        <button type="submit">Speichern</button>
      </KontorForm>
    );
  }

  test.each([
    ['its EAN', gtin],
    ['its SKU', sku],
  ])('found by %s, shown with SKU and EAN; chosen, the input says SKU – name', async (_, typed) => {
    const saved: unknown[] = [];
    render(<ProductForm saved={saved} />);
    const input = await screen.findByRole('combobox', { name: /^Produkt/ }, wait);
    await userEvent.type(input, typed);
    const option = await screen.findByRole(
      'option',
      { name: new RegExp(`^${sku} – ${name}`) },
      wait,
    );
    expect(option).toHaveTextContent(`${sku} – ${name}${gtin}`);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(input).toHaveValue(`${sku} – ${name}`), wait);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saved).toEqual([{ productId }]), wait);
  });
});
