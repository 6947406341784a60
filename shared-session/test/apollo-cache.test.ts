// Apollo warns of lost cache data only in its development mode.
(globalThis as { __DEV__?: boolean }).__DEV__ = true;
const { gql, InMemoryCache } =
  jest.requireActual<typeof import('@apollo/client')>('@apollo/client');
const { possibleTypes, typePolicies } =
  jest.requireActual<typeof import('../src/graphql/apollo')>('../src/graphql/apollo');

// A list's page has no identity of its own: whatever its type is called (a new area's
// `WidgetPage` included), it lives inside its list field and a newer answer replaces it,
// while the records in it normalize.

const LIST = gql`
  query Widgets($page: Int) {
    widgets(page: $page) {
      items {
        id
        name
      }
      total
    }
  }
`;

/** The same list asked with fewer fields (a picker beside the list). */
const NAMES = gql`
  query WidgetNames($page: Int) {
    widgets(page: $page) {
      items {
        id
        name
      }
    }
  }
`;

const page = (names: string[]) => ({
  widgets: {
    __typename: 'WidgetPage',
    items: names.map((name, i) => ({ __typename: 'Widget', id: String(i + 1), name })),
    total: names.length,
  },
});

test('a page of any …Page type is stored in its list field and replaced by a newer answer', () => {
  const cache = new InMemoryCache({ typePolicies, possibleTypes });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  cache.writeQuery({ query: LIST, variables: { page: 1 }, data: page(['Alpha', 'Beta']) });
  const { total: _total, ...withoutTotal } = page(['Gamma']).widgets;
  cache.writeQuery({ query: NAMES, variables: { page: 1 }, data: { widgets: withoutTotal } });
  cache.writeQuery({ query: LIST, variables: { page: 1 }, data: page(['Gamma']) });
  const stored = cache.extract() as Record<string, unknown>;
  expect(Object.keys(stored).filter((key) => key.startsWith('WidgetPage'))).toEqual([]);
  expect(stored['Widget:1']).toEqual({ __typename: 'Widget', id: '1', name: 'Gamma' });
  const read = cache.readQuery<ReturnType<typeof page>>({ query: LIST, variables: { page: 1 } });
  expect(read?.widgets.items.map((item) => item.name)).toEqual(['Gamma']);
  expect(read?.widgets.total).toBe(1);
  // Replacing an unidentified object without a merge function would warn of lost data.
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
});
