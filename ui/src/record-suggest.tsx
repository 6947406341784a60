import { MultiSelect, Suggest, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { i18n } from '@kontor/shared-session';
import { Button, MenuItem } from '@blueprintjs/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { runGraphql } from './graphql';
import { choiceText, type PickerProps, type RecordChoice } from './record-picker';

// The Blueprint part of the record picker, in its own chunk: only a form that picks loads it.

/**
 * The records matching what was typed, asked of the server 250 ms after typing stops. Until
 * the answer for the current text is in, there are no items (the list says 'loading'): Enter
 * must never pick a record of an older answer (a scanner types and presses Enter at once).
 */
function useServerSearch(
  query: PickerProps['query'],
  typed: string,
  variables: PickerProps['variables'],
) {
  const [answer, setAnswer] = useState<{ for: string; items: RecordChoice[] } | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  // The further variables by value: a new object of the same values asks nothing again.
  const bound = JSON.stringify(variables ?? {});
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      runGraphql(query, { ...JSON.parse(bound), search: typed.trim() || null }).then(
        (data) => {
          if (!live) return;
          const list = Object.values(data)[0]?.items ?? [];
          setAnswer({
            for: typed,
            items: list.map((item) => ({
              id: String(item.id),
              name: item.name,
              ...(item.sku ? { sku: item.sku } : {}),
              ...(item.ean ? { ean: item.ean } : {}),
            })),
          });
        },
        () => live && setFailedFor(typed),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, typed, bound]);
  const current = answer?.for === typed;
  return {
    items: current ? answer.items : [],
    loading: !current && failedFor !== typed,
  };
}

const renderItem =
  (isChosen: (item: RecordChoice) => boolean): ItemRenderer<RecordChoice> =>
  (item, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={item.id}
        ref={ref}
        text={choiceText(item)}
        // A product's EAN beside it (the SKU leads its text).
        label={item.ean}
        active={modifiers.active}
        disabled={modifiers.disabled}
        selected={isChosen(item)}
        roleStructure="listoption"
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;

/** What the list says while the search runs, or when nothing matches. */
const NoResults = ({ loading }: { loading: boolean }) => (
  <MenuItem
    disabled
    roleStructure="listoption"
    text={i18n.t(loading ? 'ui:loading' : 'ui:noMatches')}
  />
);

/**
 * The record an Enter typed before the answer means, once the answer is in: the only match,
 * or the one whose name is exactly the typed text (ignoring case and outer spaces); none
 * when several match and none exactly (the list then shows them to choose from).
 */
export function scannedChoice(items: RecordChoice[], typed: string): RecordChoice | null {
  if (items.length === 1) return items[0]!;
  const text = typed.trim().toLocaleLowerCase();
  // A product's SKU or EAN names it as exactly as its name.
  const exact = items.filter((item) =>
    [item.name, item.sku, item.ean].some((key) => key?.trim().toLocaleLowerCase() === text),
  );
  return exact.length === 1 ? exact[0]! : null;
}

/**
 * A hand scanner types a whole code and presses Enter before the server's search answers.
 * Blueprint's list has nothing to choose then, so the Enter would be lost: it is remembered
 * for the text it was pressed on, and when the answer for that text arrives, `pick` gets the
 * record it means (see scannedChoice). Typing on forgets it. Returns the input's key handler.
 */
function useEarlyEnter(
  typed: string,
  search: { items: RecordChoice[]; loading: boolean },
  pick: (choice: RecordChoice) => void,
) {
  const [enterFor, setEnterFor] = useState<string | null>(null);
  const latestPick = useRef(pick);
  latestPick.current = pick;
  useEffect(() => {
    if (enterFor === null || (enterFor === typed && search.loading)) return;
    setEnterFor(null);
    const choice = enterFor === typed ? scannedChoice(search.items, typed) : null;
    if (choice) latestPick.current(choice);
  }, [enterFor, typed, search.items, search.loading]);
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter in an open picker chooses; it never submits the form around it.
    if (event.currentTarget.getAttribute('aria-expanded') === 'true') event.preventDefault();
    if (search.loading && typed.trim() !== '') {
      event.preventDefault();
      setEnterFor(typed);
    }
  };
}

/** One record: a Suggest (type, arrow keys, Enter). */
export function SuggestOne({
  id,
  query,
  variables,
  value,
  onChange,
  invalid,
  onBlur,
  label,
  placeholder,
  clearable,
}: PickerProps & {
  value: RecordChoice | null;
  onChange: (choice: RecordChoice | null) => void;
  /** The input's accessible name when no <label> names it (a list's filter). */
  label?: string;
  placeholder?: string;
  /** Shows a button that clears the choice (a list's filter). */
  clearable?: boolean;
}) {
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement | null>(null);
  const search = useServerSearch(query, typed, variables);
  const onKeyDown = useEarlyEnter(typed, search, (choice) => {
    onChange(choice);
    // Closed as a click on the record would close it: Escape is Blueprint's own way to close
    // the list (and leave the input, as picking does).
    input.current?.dispatchEvent(
      new globalThis.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    );
  });
  return (
    <Suggest<RecordChoice>
      items={search.items}
      query={typed}
      onQueryChange={setTyped}
      selectedItem={value}
      onItemSelect={(item) => onChange(item)}
      itemRenderer={renderItem((item) => item.id === value?.id)}
      itemsEqual="id"
      inputValueRenderer={choiceText}
      noResults={<NoResults loading={search.loading} />}
      resetOnClose
      fill
      inputProps={{
        id,
        inputRef: input,
        leftIcon: 'search',
        placeholder: placeholder ?? i18n.t('ui:pickerSearch'),
        'aria-label': label,
        'aria-invalid': invalid || undefined,
        intent: invalid ? 'danger' : 'none',
        onBlur,
        onKeyDown,
        rightElement:
          clearable && value ? (
            <Button
              icon="cross"
              variant="minimal"
              aria-label={i18n.t('ui:clearFilter', { label })}
              title={i18n.t('ui:clearFilter', { label })}
              onClick={() => onChange(null)}
            />
          ) : undefined,
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}

/** Several records: a MultiSelect with tags. */
export function SelectMany({
  id,
  query,
  variables,
  value,
  onChange,
  invalid,
  onBlur,
}: PickerProps & {
  value: RecordChoice[];
  onChange: (choices: RecordChoice[]) => void;
}) {
  const [typed, setTyped] = useState('');
  const search = useServerSearch(query, typed, variables);
  const { items, loading } = search;
  const chosen = (item: RecordChoice) => value.some((v) => v.id === item.id);
  // An early Enter adds its record as a tag, and the input is ready for the next code.
  const onKeyDown = useEarlyEnter(typed, search, (choice) => {
    if (!chosen(choice)) onChange([...value, choice]);
    setTyped('');
  });
  return (
    <MultiSelect<RecordChoice>
      items={items}
      query={typed}
      onQueryChange={setTyped}
      selectedItems={value}
      onItemSelect={(item) =>
        onChange(chosen(item) ? value.filter((v) => v.id !== item.id) : [...value, item])
      }
      onRemove={(item) => onChange(value.filter((v) => v.id !== item.id))}
      itemRenderer={renderItem(chosen)}
      itemsEqual="id"
      tagRenderer={choiceText}
      noResults={<NoResults loading={loading} />}
      resetOnSelect
      fill
      placeholder={i18n.t('ui:pickerSearch')}
      tagInputProps={{
        intent: invalid ? 'danger' : 'none',
        inputProps: { id, onBlur, onKeyDown, 'aria-invalid': invalid || undefined },
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}
