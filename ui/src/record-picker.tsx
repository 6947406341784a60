import { InputGroup } from '@blueprintjs/core';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { lazy, Suspense, useState } from 'react';
import { useController } from 'react-hook-form';
import { i18n } from '@kontor/shared-session';
import { FormField } from './forms';

/** A record to choose: its id and the name the picker shows. */
export interface RecordChoice {
  id: string;
  name: string;
  /** A product's SKU: shown before its name (`MV-1 – Schraube`). */
  sku?: string;
  /** A product's EAN: shown beside it; scanned, it picks the product. */
  ean?: string;
}

/**
 * A search the picker runs: one list field answering `{ items { id name } }` for `$search`;
 * products answer `sku` and `ean` too, and the picker shows them (the server's product
 * search finds by SKU, EAN and name).
 */
export type PickerQuery = TypedDocumentNode<
  Record<
    string,
    {
      items: { id: string | number; name: string; sku?: string | null; ean?: string | null }[];
    }
  >,
  { search?: string | null }
>;

/** What the picker shows of a record: `SKU – name` for a product, else the name. */
export const choiceText = (choice: RecordChoice): string =>
  choice.sku ? `${choice.sku} – ${choice.name}` : choice.name;

/** What both pickers get from the field around them. */
export interface PickerProps {
  id: string;
  query: PickerQuery;
  /** Further variables of the search besides `search` (the products of one client: `{ clientId }`). */
  variables?: Record<string, unknown>;
  invalid: boolean;
  onBlur: () => void;
}

// Blueprint's select components load with the first picker shown, not with every page of ui.
const pickers = () => import(/* webpackChunkName: "record-picker" */ './record-suggest');
const SuggestOne = lazy(() => pickers().then((m) => ({ default: m.SuggestOne })));
const SelectMany = lazy(() => pickers().then((m) => ({ default: m.SelectMany })));

/** What shows while the picker's chunk loads: an input of the same size. */
const Waiting = ({ id }: { id: string }) => <InputGroup id={id} disabled fill />;

/**
 * Chooses one record of many (a department's client among 100,000): typing asks the server's
 * list for matches (search, 250 ms after typing stops), arrow keys and Enter choose. Bound
 * to the record's id in the form; `initial` is the chosen record's name when editing.
 */
export function RecordPicker({
  name,
  label,
  query,
  variables,
  initial,
  required,
  wide,
}: {
  name: string;
  label: string;
  query: PickerQuery;
  /** Further variables of the search (`{ clientId }`: the products of the chosen client). */
  variables?: Record<string, unknown>;
  initial?: RecordChoice | null;
  required?: boolean;
  wide?: boolean;
}) {
  const { field, fieldState } = useController({ name });
  const [chosen, setChosen] = useState<RecordChoice | null>(initial ?? null);
  const id = `field-${name}`;
  return (
    <FormField name={name} label={label} required={required} wide={wide}>
      <Suspense fallback={<Waiting id={id} />}>
        <SuggestOne
          id={id}
          query={query}
          variables={variables}
          invalid={fieldState.error !== undefined}
          onBlur={field.onBlur}
          value={chosen && chosen.id === String(field.value ?? '') ? chosen : null}
          onChange={(choice) => {
            setChosen(choice);
            field.onChange(choice?.id ?? '');
          }}
        />
      </Suspense>
    </FormField>
  );
}

/**
 * A list's filter by one record of many (departments by client): the same server search as
 * RecordPicker, named by `label`, outside any form; a button beside the chosen record clears
 * it. `value` is the chosen record (its name known), null for none.
 */
export function RecordFilter({
  name,
  label,
  query,
  value,
  onChange,
}: {
  /** The filter's URL name (`clientId`). */
  name: string;
  label: string;
  query: PickerQuery;
  value: RecordChoice | null;
  onChange: (choice: RecordChoice | null) => void;
}) {
  const id = `filter-${name}`;
  return (
    <Suspense fallback={<Waiting id={id} />}>
      <SuggestOne
        id={id}
        label={label}
        placeholder={`${label}: ${i18n.t('ui:all')}`}
        query={query}
        invalid={false}
        onBlur={() => undefined}
        value={value}
        onChange={onChange}
        clearable
      />
    </Suspense>
  );
}

/** Chooses several records (a user's roles): the same search, the chosen ones as tags. */
export function RecordsPicker({
  name,
  label,
  query,
  initial,
  wide,
}: {
  name: string;
  label: string;
  query: PickerQuery;
  initial?: RecordChoice[];
  wide?: boolean;
}) {
  const { field, fieldState } = useController({ name });
  const [chosen, setChosen] = useState<RecordChoice[]>(initial ?? []);
  const id = `field-${name}`;
  return (
    <FormField name={name} label={label} wide={wide}>
      <Suspense fallback={<Waiting id={id} />}>
        <SelectMany
          id={id}
          query={query}
          invalid={fieldState.error !== undefined}
          onBlur={field.onBlur}
          value={chosen}
          onChange={(choices) => {
            setChosen(choices);
            field.onChange(choices.map((choice) => choice.id));
          }}
        />
      </Suspense>
    </FormField>
  );
}
