import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { DayInput } from '../date-field';

/**
 * The frame of one field of a scanner screen: its label and, when the server or a rule named
 * it, the field in red with a short word of why (the message slot above says it in full).
 */
export function ScanFieldGroup({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <FormGroup
      className="kontor-scan-group"
      label={label}
      labelFor={id}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error ?? hint}
    >
      {children}
    </FormGroup>
  );
}

/** Enter as "next": the one key a hand scanner ends a code with and staff press to go on. */
export const onEnterKey =
  (action: () => unknown) =>
  (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void action();
  };

export interface ScanInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field: the user's "next" (the next field, or the booking at the last one). */
  onEnter: () => unknown;
  error?: string;
  hint?: string;
  type?: 'text' | 'number' | 'date';
  inputMode?: 'numeric' | 'decimal' | 'text';
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
}

/**
 * A typed field of a scanner screen (a quantity, a lot, a best-before date in Kontor's
 * language): Enter goes on.
 */
export function ScanInput({
  id,
  label,
  value,
  onChange,
  onEnter,
  error,
  hint,
  type = 'text',
  inputMode,
  inputRef,
  placeholder,
}: ScanInputProps) {
  return (
    <ScanFieldGroup id={id} label={label} error={error} hint={hint}>
      {type === 'date' ? (
        // A day in Kontor's language (`TT.MM.JJJJ`), to the screen as `YYYY-MM-DD`.
        <DayInput
          id={id}
          inputRef={inputRef}
          value={value}
          intent={error ? Intent.DANGER : Intent.NONE}
          onChange={onChange}
          onKeyDown={onEnterKey(onEnter)}
        />
      ) : (
        <InputGroup
          id={id}
          inputRef={inputRef}
          type={type}
          inputMode={inputMode}
          value={value}
          placeholder={placeholder}
          intent={error ? Intent.DANGER : Intent.NONE}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onEnterKey(onEnter)}
        />
      )}
    </ScanFieldGroup>
  );
}
