import { Button, InputGroup, Intent, PopoverNext } from '@blueprintjs/core';
import { i18n, useFormat, useTranslation } from '@kontor/shared-session';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useController } from 'react-hook-form';
import { parseDay } from './day';
import { FormField } from './form-fields';
import { useFormState } from './form-state';
import './toolkit-i18n';

// Kontor's one date field (docs/design.md "Words, numbers and dates"): typed in Kontor's
// language — `TT.MM.JJJJ` in German, `DD/MM/YYYY` in English, whatever the browser speaks —
// or picked from a small calendar; the form gets the day as `YYYY-MM-DD`. A hand scanner
// types digits and Enter: both reach the field as typed keys. The calendar is a chunk of its
// own, loaded when first opened: the floor screens' budget (e2e/load-budget.spec.ts) pays
// only for the field.

const DayCalendar = lazy(() =>
  import('./day-calendar').then((module) => ({ default: module.DayCalendar })),
);

export interface DayInputProps {
  id?: string;
  name?: string;
  /** The day as `YYYY-MM-DD`, '' for none (or the typed text while it is no day). */
  value: string;
  /** The day typed or picked as `YYYY-MM-DD`; the text as typed while it is no day. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Enter in the field (a scanner screen's "next"). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
  intent?: Intent;
  /** The accessible name when no label names the input. */
  label?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A day typed (`28.11.2026`) or picked from the calendar, as `YYYY-MM-DD`. */
export function DayInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  onKeyDown,
  inputRef,
  intent = Intent.NONE,
  label,
  className,
  ...aria
}: DayInputProps) {
  useTranslation('ui');
  const format = useFormat();
  const shown = (day: string) => (parseDay(day) === day && day ? format.date(day) : day);
  const [text, setText] = useState(() => shown(value));
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  // Back into the field after a day is picked or Escape, not after a click elsewhere.
  const backToField = useRef(false);
  // A value set from outside (a reset, the URL, the language) replaces the typed text.
  useEffect(() => {
    if ((parseDay(text) ?? text) !== value) setText(shown(value));
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- only a new value or language
  }, [value, format]);
  useEffect(() => {
    const day = parseDay(text);
    if (day) setText(format.date(day));
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- re-shown in a new language
  }, [format]);
  const type = (typed: string) => {
    setText(typed);
    onChange(parseDay(typed) ?? typed);
  };
  /** The typed day in the language's form (`1.2.26` → `01.02.2026`). */
  const tidy = () => {
    const day = parseDay(text);
    if (day) setText(format.date(day));
  };
  const setRefs = (element: HTMLInputElement | null) => {
    input.current = element;
    if (typeof inputRef === 'function') inputRef(element);
    else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = element;
  };
  const calendar = (
    <PopoverNext
      isOpen={open}
      onInteraction={(next, event) => {
        if (!next && event?.type === 'keydown') backToField.current = true;
        setOpen(next);
      }}
      // The calendar focuses its day itself; once closed, typing goes on in the field.
      autoFocus={false}
      enforceFocus={false}
      onClosed={() => {
        if (backToField.current) input.current?.focus();
        backToField.current = false;
      }}
      placement="bottom-end"
      content={
        <Suspense fallback={<div className="kontor-day-calendar" />}>
          <DayCalendar
            value={parseDay(value) ? value : ''}
            today={format.dayOf()}
            onPick={(day) => {
              setText(format.date(day));
              onChange(day);
              backToField.current = true;
              setOpen(false);
              input.current?.focus();
            }}
          />
        </Suspense>
      }
    >
      <Button
        variant="minimal"
        icon="calendar"
        tabIndex={-1}
        aria-label={i18n.t('ui:date.calendar')}
      />
    </PopoverNext>
  );
  return (
    <InputGroup
      {...aria}
      id={id}
      name={name}
      className={className}
      aria-label={label}
      inputRef={setRefs}
      type="text"
      autoComplete="off"
      spellCheck={false}
      placeholder={i18n.t('ui:date.placeholder')}
      value={text}
      intent={intent}
      rightElement={calendar}
      onChange={(event) => type(event.target.value)}
      onBlur={() => {
        tidy();
        onBlur?.();
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' && event.altKey) {
          event.preventDefault();
          setOpen(true);
          return;
        }
        if (event.key === 'Enter') tidy();
        onKeyDown?.(event);
      }}
    />
  );
}

/** A date field of a form, bound to one `YYYY-MM-DD` value (see DayInput). */
export function DateField({
  name,
  label,
  required,
  wide,
  hint,
}: {
  name: string;
  label: string;
  required?: boolean;
  wide?: boolean;
  hint?: string;
}) {
  const { field, fieldState } = useController({ name });
  const form = useFormState();
  const invalid = fieldState.error !== undefined;
  return (
    <FormField name={name} label={label} required={required} wide={wide} hint={hint}>
      <DayInput
        id={`field-${name}`}
        name={name}
        value={String(field.value ?? '')}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `field-${name}-error` : hint ? `field-${name}-hint` : undefined}
        aria-required={(required ?? form.isRequired(name)) || undefined}
      />
    </FormField>
  );
}
