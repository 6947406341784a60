import { Checkbox, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from '@kontor/shared-session';
import type { ReactNode } from 'react';
import { get, useController } from 'react-hook-form';
import { errorText, useFormState } from './form-state';
import './toolkit-i18n';

// The fields of a form (inside `KontorForm`): each labelled, bound to one value of the form
// by its name, with its error (a rule's or the server's) beneath it.

/**
 * A labelled field that shows its error (a rule or the server's) beneath it; the asterisk
 * marks a required field unless `required` says otherwise.
 */
export function FormField({
  name,
  label,
  required,
  wide,
  hint,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  /** In a two-column section: spans both columns. */
  wide?: boolean;
  /** A line beneath the field while it shows no error (the input is described by it). */
  hint?: string;
  children: ReactNode;
}) {
  const form = useFormState();
  useTranslation('ui');
  const error = errorText(
    (get(form.methods.formState.errors, name) as { message?: string } | undefined)?.message,
  );
  return (
    <FormGroup
      className={wide ? 'kontor-field kontor-field--wide' : 'kontor-field'}
      label={label}
      labelFor={`field-${name}`}
      labelInfo={
        (required ?? form.isRequired(name)) ? <span aria-hidden="true">*</span> : undefined
      }
      helperText={
        error ? (
          <span id={`field-${name}-error`}>{error}</span>
        ) : hint ? (
          <span id={`field-${name}-hint`}>{hint}</span>
        ) : undefined
      }
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      {children}
    </FormGroup>
  );
}

/** The props every input of a field shares: its id, error state and described-by (error or hint). */
function useFieldControl(name: string, hint?: string) {
  const { field, fieldState } = useController({ name });
  const invalid = fieldState.error !== undefined;
  return {
    field,
    invalid,
    aria: {
      id: `field-${name}`,
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? `field-${name}-error` : hint ? `field-${name}-hint` : undefined,
    },
  };
}

/** A text input bound to one string value of the form. */
export function TextField({
  name,
  label,
  required,
  type = 'text',
  autoComplete,
  wide,
  hint,
  placeholder,
}: {
  name: string;
  label: string;
  required?: boolean;
  type?: string;
  /** The browser's autofill hint (`street-address`, `postal-code`, `tel` …). */
  autoComplete?: string;
  wide?: boolean;
  /** A line beneath the field (e.g. that a stored secret is kept when left empty). */
  hint?: string;
  placeholder?: string;
}) {
  const { field, invalid, aria } = useFieldControl(name, hint);
  const form = useFormState();
  return (
    <FormField name={name} label={label} required={required} wide={wide} hint={hint}>
      <InputGroup
        {...aria}
        name={name}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-required={(required ?? form.isRequired(name)) || undefined}
        value={String(field.value ?? '')}
        inputRef={field.ref}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      />
    </FormField>
  );
}

/**
 * A select bound to one value of the form; the first option is '—' (nothing chosen), or
 * `emptyLabel` where nothing chosen means something ('Ganzes Lager').
 */
export function SelectField({
  name,
  label,
  required,
  options,
  wide,
  emptyLabel = '—',
}: {
  name: string;
  label: string;
  required?: boolean;
  options: { value: string; label: string }[];
  wide?: boolean;
  emptyLabel?: string;
}) {
  const { field, aria } = useFieldControl(name);
  return (
    <FormField name={name} label={label} required={required} wide={wide}>
      <HTMLSelect
        {...aria}
        ref={field.ref}
        name={name}
        value={String(field.value ?? '')}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        options={[{ value: '', label: emptyLabel }, ...options]}
        fill
      />
    </FormField>
  );
}

/**
 * A titled group of a form's fields (e.g. the address), in two columns where the width
 * allows; a field marked `wide` spans both.
 */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="kontor-form-section">
      <legend className="kontor-form-section-title">{title}</legend>
      {description ? <p className="kontor-form-section-description">{description}</p> : null}
      <div className="kontor-form-grid">{children}</div>
    </fieldset>
  );
}

/** A checkbox bound to one boolean of the form. */
export function CheckboxField({ name, label }: { name: string; label: string }) {
  const { field } = useController({ name });
  return (
    <Checkbox
      label={label}
      name={name}
      inputRef={field.ref}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
    />
  );
}

/** Checkboxes, one per option, that add their value to or take it from a list value of the form. */
export function CheckboxList({
  name,
  options,
}: {
  name: string;
  options: { value: string; label: string }[];
}) {
  const { field } = useController({ name });
  const chosen = (field.value ?? []) as string[];
  return (
    <>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={chosen.includes(option.value)}
          onChange={(event) =>
            field.onChange(
              event.currentTarget.checked
                ? [...chosen, option.value]
                : chosen.filter((value) => value !== option.value),
            )
          }
        />
      ))}
    </>
  );
}
