import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';

// A list page reads what its GraphQL query asks for: the row's columns the asked fields read
// (an order row of the list screen is 12 of its 54 columns), and the records a row names
// (the inventory's product, warehouse and client) in the page's own statement instead of one
// more statement per kind. Each column costs the server's driver time to parse and each
// statement a round trip (bench/orders.mjs, bench/stock.mjs): per page request more CPU than
// the page's SQL itself.

/** A record's columns by its row's property names: `{ houseNumber: 'w.house_number' }`. */
export type Fields = Readonly<Record<string, string>>;

/**
 * The SELECT list of `fields` (or of the properties `names`), each named as its property,
 * with `prefix` as `<prefix>.<property>` (`w.house_number AS "_warehouse.houseNumber"`).
 */
export function columnsSql(fields: Fields, names?: Iterable<string>, prefix?: string): string {
  return [...(names ?? Object.keys(fields))]
    .map((name) => `${fields[name]} AS "${prefix ? `${prefix}.` : ''}${name}"`)
    .join(', ');
}

/** The fields a query asks of a value, each with what it asks of that field's value (a leaf: nothing). */
export type Asked = ReadonlyMap<string, Asked>;

/**
 * What the query asks of the resolver's result: the fields of its selection, fragments and
 * inline fragments included (a field under @skip or @include counts as asked).
 */
export function askedOf(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): Asked {
  const asked = new Map<string, Map<string, unknown>>();
  const add = (into: Map<string, Map<string, unknown>>, set: SelectionSetNode | undefined) => {
    for (const selection of set?.selections ?? []) {
      if (selection.kind === 'Field') {
        const name = selection.name.value;
        if (name.startsWith('__')) continue;
        let below = into.get(name);
        if (!below) into.set(name, (below = new Map()));
        add(below as Map<string, Map<string, unknown>>, selection.selectionSet);
      } else if (selection.kind === 'InlineFragment') add(into, selection.selectionSet);
      else add(into, info.fragments[selection.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) add(asked, node.selectionSet);
  return asked as unknown as Asked;
}

/**
 * The row properties a GraphQL field reads: always the same ones, or, for a field whose value
 * is an object made of the row's own columns (an order's shipping address), those of the
 * sub-fields the query asks of it (undefined when one of them is not readable).
 */
export type Reads = readonly string[] | ((asked: Asked) => readonly string[] | undefined);

/**
 * The GraphQL fields of a type a projection may serve, each with the row properties it reads
 * (`total: ['totalCents']`, `client: ['clientId']`). Only these: a field left out (one whose
 * resolver reads more, a list of children …) makes the whole record read as before.
 */
export type Readable = Readonly<Record<string, Reads>>;

/** The row properties the asked fields read (always its id), or undefined when one of them is not readable. */
export function propertiesFor(readable: Readable, asked: Asked): string[] | undefined {
  const properties = new Set(['id']);
  for (const [name, below] of asked) {
    const field = readable[name];
    const reads = typeof field === 'function' ? field(below) : field;
    if (!reads) return undefined;
    for (const property of reads) properties.add(property);
  }
  return [...properties];
}

/** `readable` of properties read by fields of their own names (`{ sku: ['sku'] }`). */
export function sameNames(...names: string[]): Readable {
  return Object.fromEntries(names.map((name) => [name, [name]]));
}

/**
 * The Reads of an object field whose sub-fields each read one property of the row
 * (`{ firstName: 'ship_first_name', … }`): a list asking an address's name and city reads
 * those columns, not all fifteen.
 */
export function partsRead(properties: Readonly<Record<string, string>>): Reads {
  return (asked) => {
    const reads: string[] = [];
    for (const name of asked.keys()) {
      const property = properties[name];
      if (property === undefined) return undefined;
      reads.push(property);
    }
    return reads;
  };
}
