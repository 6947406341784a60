import type { FieldProblems } from '../domain/errors';

// Which column of a file is which field: a header is matched by its German or English label
// (the list export's headers, so an export imports again), the field's key or an alias,
// ignoring case, spaces, dots, dashes and underscores.

/** A field a file's column may fill: its key and its labels (the export's headers). */
export interface ImportField<Key extends string = string> {
  key: Key;
  de: string;
  en: string;
  /** Further headers that mean this field (e.g. `country` for countryCode). */
  aliases?: readonly string[];
}

/** A header without case, spaces, dots, dashes and underscores. */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[\s_.\-/()]/g, '');

/** The field of each header (undefined: not imported) from the fields' labels, keys and aliases. */
export function headerMatcher<Key extends string>(
  fields: readonly ImportField<Key>[],
): (header: string) => Key | undefined {
  const map = new Map<string, Key>();
  // Keys and aliases first, labels last: a label wins where both name the same text.
  for (const field of fields) {
    map.set(normalizeHeader(field.key), field.key);
    for (const alias of field.aliases ?? []) map.set(normalizeHeader(alias), field.key);
  }
  for (const field of fields) {
    map.set(normalizeHeader(field.de), field.key);
    map.set(normalizeHeader(field.en), field.key);
  }
  return (header) => map.get(normalizeHeader(header));
}

/** The guessed field of each header; a field guessed twice keeps its first column only. */
export function guessMapping<Key extends string>(
  fields: readonly ImportField<Key>[],
  headers: readonly string[],
): (Key | undefined)[] {
  const match = headerMatcher(fields);
  const taken = new Set<Key>();
  return headers.map((header) => {
    const key = match(header);
    if (!key || taken.has(key)) return undefined;
    taken.add(key);
    return key;
  });
}

/** A column → field choice of the page (GraphQL ColumnMappingInput). */
export interface ColumnChoice {
  column: number;
  field?: string | null;
}

/**
 * The chosen mapping as an array column → field key (null: not imported), every bad choice a
 * field problem added to `problems`: a column that cannot exist, a field `known` lacks, a
 * field chosen twice (rule `twiceRule`: the page's text key).
 */
export function chosenMapping(
  choices: readonly ColumnChoice[],
  known: { has(key: string): boolean },
  twiceRule: string,
  problems: FieldProblems,
): (string | null)[] {
  const mapping: (string | null)[] = [];
  const used = new Set<string>();
  for (const [entry, { column, field }] of choices.entries()) {
    if (!field) continue;
    if (!Number.isInteger(column) || column < 0 || column > 1000) {
      problems[`mapping.${entry}.column`] ??= [
        { message: `The column ${column} does not exist.`, rule: 'column' },
      ];
      continue;
    }
    if (!known.has(field)) {
      problems[`mapping.${entry}.field`] ??= [
        { message: `The field ${JSON.stringify(field)} does not exist.`, rule: 'field' },
      ];
      continue;
    }
    if (used.has(field)) {
      problems.mapping ??= [
        { message: `The field ${field} is mapped to more than one column.`, rule: twiceRule },
      ];
      continue;
    }
    used.add(field);
    while (mapping.length < column) mapping.push(null);
    mapping[column] = field;
  }
  return mapping;
}
