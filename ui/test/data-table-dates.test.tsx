import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { DataTable, runGraphql, type ListVariables } from '../src';
import { render, tag, toolkitSuite } from './support/toolkit-kit';

// A list filtered by a period: two date filters (from, to) beside the search, kept in the
// URL and sent to the server as YYYY-MM-DD. The ledger of stock changes is such a list.

const { server } = toolkitSuite();
const wait = { timeout: 5000 };
const run = tag();

type Change = { id: string; comment: string };
const Changes = parse(`
  query Changes($page: PageInput, $sortBy: StockChangeSort, $filter: StockChangeFilter) {
    stockChanges(page: $page, sortBy: $sortBy, filter: $filter) { total items { id comment } }
  }
`) as TypedDocumentNode<
  { stockChanges: { total: number; items: Change[] } },
  ListVariables<'TIME'>
>;

async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  return runGraphql(parse(query) as TypedDocumentNode<T, Record<string, unknown>>, variables);
}

/** A product booked in once today, with the comment `comment`. */
async function bookedToday(comment: string) {
  const address = {
    street: 'Weg',
    houseNumber: '1',
    postcode: '28199',
    city: 'Bremen',
    countryCode: 'DE',
  };
  const { createClient: client } = await graphql<{ createClient: { id: string } }>(
    'mutation($input: ClientInput!) { createClient(input: $input) { id } }',
    { input: { name: `Datum ${run}`, address } },
  );
  const { createWarehouse: warehouse } = await graphql<{ createWarehouse: { id: string } }>(
    'mutation($input: WarehouseInput!) { createWarehouse(input: $input) { id } }',
    { input: { name: `Datum ${run}`, code: `D${run}`.slice(0, 20), address } },
  );
  const { createStorage: storage } = await graphql<{ createStorage: { id: string } }>(
    'mutation($w: ID!) { createStorage(warehouseId: $w, input: {name: "Halle", code: "H"}) { id } }',
    { w: warehouse.id },
  );
  const { createRack: rack } = await graphql<{ createRack: { id: string } }>(
    'mutation($s: ID!) { createRack(storageId: $s, input: {name: "Regal", code: "R"}) { id } }',
    { s: storage.id },
  );
  const { createPlace: place } = await graphql<{ createPlace: { id: string } }>(
    'mutation($r: ID!) { createPlace(rackId: $r, input: {name: "Platz", code: "P"}) { id } }',
    { r: rack.id },
  );
  const { createProduct: product } = await graphql<{ createProduct: { id: string } }>(
    'mutation($input: ProductInput!) { createProduct(input: $input) { id } }',
    { input: { clientId: client.id, sku: `D-${run}`, name: 'Datumsprodukt' } },
  );
  await graphql('mutation($input: BookingInput!) { bookStock(input: $input) { id } }', {
    input: {
      kind: 'IN',
      warehouseId: warehouse.id,
      placeId: place.id,
      productId: product.id,
      quantity: 3,
      comment,
    },
  });
  return product.id;
}

/** A day as YYYY-MM-DD in German time, `offset` days from today. */
function day(offset: number): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  return date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
}

test('a period filter: from and to are date fields, go into the URL and to the server', async () => {
  const comment = `Heute ${run}`;
  await bookedToday(comment);
  window.history.replaceState(null, '', `/?search=${encodeURIComponent(comment)}`);
  render(
    <DataTable
      label="Buchungen"
      query={Changes}
      pageOf={(data) => data.stockChanges}
      defaultSort="TIME"
      columns={[{ title: 'Kommentar', cell: (c: Change) => c.comment }]}
      filters={[
        { name: 'from', label: 'Von', date: true },
        { name: 'to', label: 'Bis', date: true },
      ]}
    />,
  );
  const table = () => screen.getByRole('table', { name: 'Buchungen' });
  const shown = () => within(table()).queryByRole('cell', { name: comment });
  await waitFor(() => expect(shown()).toBeInTheDocument(), wait);

  // Up to yesterday: today's booking is not in the period.
  fireEvent.change(screen.getByLabelText('Bis'), { target: { value: day(-1) } });
  await waitFor(() => expect(shown()).not.toBeInTheDocument(), wait);
  expect(within(table()).getByText('Keine Einträge')).toBeInTheDocument();
  expect(new URLSearchParams(window.location.search).get('to')).toBe(day(-1));
  const sent = server()
    .requests.filter((r) => r.path === '/graphql')
    .map((r) => (r.body as { variables?: { filter?: unknown } }).variables?.filter);
  expect(sent).toContainEqual({ to: day(-1) });

  // From today on: it is back.
  fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Von'), { target: { value: day(0) } });
  await waitFor(() => expect(shown()).toBeInTheDocument(), wait);
  expect(new URLSearchParams(window.location.search).get('from')).toBe(day(0));
  expect(new URLSearchParams(window.location.search).has('to')).toBe(false);
  window.history.replaceState(null, '', '/');
});
