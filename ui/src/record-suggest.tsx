import { MenuItem } from '@blueprintjs/core';
import { MultiSelect, Suggest, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { i18n } from '@kontor/shared-session';
import { useEffect, useState } from 'react';
import { runGraphql } from './graphql';
import type { PickerProps, RecordChoice } from './record-picker';

// The Blueprint part of the record picker, in its own chunk: only a form that picks loads it.

/**
 * The records matching what was typed, asked of the server 250 ms after typing stops. Until
 * the answer for the current text is in, there are no items (the list says 'loading'): Enter
 * must never pick a record of an older answer (a scanner types and presses Enter at once).
 */
function useServerSearch(query: PickerProps['query'], typed: string) {
  const [answer, setAnswer] = useState<{ for: string; items: RecordChoice[] } | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      runGraphql(query, { search: typed.trim() || null }).then(
        (data) => {
          if (!live) return;
          const list = Object.values(data)[0]?.items ?? [];
          setAnswer({
            for: typed,
            items: list.map((item) => ({ id: String(item.id), name: item.name })),
          });
        },
        () => live && setFailedFor(typed),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, typed]);
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
        text={item.name}
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

/** One record: a Suggest (type, arrow keys, Enter). */
export function SuggestOne({
  id,
  query,
  value,
  onChange,
  invalid,
  onBlur,
}: PickerProps & {
  value: RecordChoice | null;
  onChange: (choice: RecordChoice | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const { items, loading } = useServerSearch(query, typed);
  return (
    <Suggest<RecordChoice>
      items={items}
      query={typed}
      onQueryChange={setTyped}
      selectedItem={value}
      onItemSelect={(item) => onChange(item)}
      itemRenderer={renderItem((item) => item.id === value?.id)}
      itemsEqual="id"
      inputValueRenderer={(item) => item.name}
      noResults={<NoResults loading={loading} />}
      resetOnClose
      fill
      inputProps={{
        id,
        leftIcon: 'search',
        placeholder: i18n.t('ui:pickerSearch'),
        'aria-invalid': invalid || undefined,
        intent: invalid ? 'danger' : 'none',
        onBlur,
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}

/** Several records: a MultiSelect with tags. */
export function SelectMany({
  id,
  query,
  value,
  onChange,
  invalid,
  onBlur,
}: PickerProps & {
  value: RecordChoice[];
  onChange: (choices: RecordChoice[]) => void;
}) {
  const [typed, setTyped] = useState('');
  const { items, loading } = useServerSearch(query, typed);
  const chosen = (item: RecordChoice) => value.some((v) => v.id === item.id);
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
      tagRenderer={(item) => item.name}
      noResults={<NoResults loading={loading} />}
      resetOnSelect
      fill
      placeholder={i18n.t('ui:pickerSearch')}
      tagInputProps={{
        intent: invalid ? 'danger' : 'none',
        inputProps: { id, onBlur, 'aria-invalid': invalid || undefined },
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}
