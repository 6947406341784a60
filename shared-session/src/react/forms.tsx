import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { showToast } from '../toasts/toasts';
import { graphqlProblem, type GraphqlProblem } from './graphql';
import { useTranslation } from './hooks';
import './toolkit-i18n';
import './toolkit.css';

/** The translated text of a failed call: the reason of a CONFLICT, else its code. */
export function problemText(problem: GraphqlProblem): string {
  const key = problem.reason ?? problem.code;
  return i18n.t(`ui:errors.${key}`, { defaultValue: i18n.t('ui:errors.generic') });
}

/** The state of a form: values, which required fields are empty, and the server's field errors. */
export interface FormState<Values extends Record<string, unknown>> {
  values: Values;
  set: <K extends keyof Values>(name: K, value: Values[K]) => void;
  /** Whether a field is required (its label gets the asterisk). */
  isRequired: (name: string) => boolean;
  /** The translated error to show beside a field, or undefined. */
  errorOf: (name: string) => string | undefined;
  /** Validates required fields, runs save, shows the toast, and keeps the server's field errors. */
  submit: (event?: FormEvent) => Promise<boolean>;
  submitting: boolean;
  problem: GraphqlProblem | null;
  /** How many submits have failed (a required field empty, or the server refused): each moves focus to the first error. */
  failures: number;
}

/**
 * A form's state: `required` fields show 'Dies ist ein Pflichtfeld' when empty; `save` runs
 * the mutation; on success the success toast shows, on failure the error toast and the
 * field errors the server sent, beside their fields.
 */
export function useForm<Values extends Record<string, unknown>>(options: {
  initial: Values;
  required: (keyof Values & string)[];
  save: (values: Values) => Promise<unknown>;
  success: string;
  onSaved?: () => void;
}): FormState<Values> {
  const [values, setValues] = useState(options.initial);
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<GraphqlProblem | null>(null);
  const [failures, setFailures] = useState(0);

  const isEmpty = (name: string) => {
    const value = values[name];
    return (
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    );
  };

  const errorOf = (name: string): string | undefined => {
    if (tried && options.required.includes(name) && isEmpty(name))
      return i18n.t('ui:rules.required');
    const rules = problem?.fieldRules[name];
    if (rules?.[0]) {
      const { rule, message, params } = rules[0];
      return i18n.t(`ui:rules.${rule}`, { ...params, defaultValue: message });
    }
    return problem?.fieldErrors[name]?.[0];
  };

  return {
    values,
    set: (name, value) => setValues((previous) => ({ ...previous, [name]: value })),
    isRequired: (name) => options.required.includes(name),
    errorOf,
    submitting,
    problem,
    failures,
    async submit(event) {
      event?.preventDefault();
      setTried(true);
      if (options.required.some(isEmpty)) {
        setFailures((n) => n + 1);
        return false;
      }
      setSubmitting(true);
      try {
        await options.save(values);
        setProblem(null);
        showToast(options.success, 'success');
        options.onSaved?.();
        return true;
      } catch (error) {
        const found = graphqlProblem(error);
        setProblem(found);
        setFailures((n) => n + 1);
        showToast(problemText(found), 'danger');
        return false;
      } finally {
        setSubmitting(false);
      }
    },
  };
}

/**
 * A labelled field that shows its error (required or from the server) beneath it; the
 * asterisk marks the form's required fields unless `required` says otherwise.
 */
export function FormField<Values extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  wide,
  children,
}: {
  form: FormState<Values>;
  name: string;
  label: string;
  required?: boolean;
  /** In a two-column section: spans both columns. */
  wide?: boolean;
  children: ReactNode;
}) {
  const error = form.errorOf(name);
  return (
    <FormGroup
      className={wide ? 'kontor-field kontor-field--wide' : 'kontor-field'}
      label={label}
      labelFor={`field-${name}`}
      labelInfo={
        (required ?? form.isRequired(name)) ? <span aria-hidden="true">*</span> : undefined
      }
      helperText={error}
      intent={error ? Intent.DANGER : Intent.NONE}
    >
      {children}
    </FormGroup>
  );
}

/** A text input bound to one string value of a form. */
export function TextField<Values extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  type = 'text',
  autoComplete,
  wide,
}: {
  form: FormState<Values>;
  name: keyof Values & string;
  label: string;
  required?: boolean;
  type?: string;
  /** The browser's autofill hint (`street-address`, `postal-code`, `tel` …). */
  autoComplete?: string;
  wide?: boolean;
}) {
  const error = form.errorOf(name);
  return (
    <FormField form={form} name={name} label={label} required={required} wide={wide}>
      <InputGroup
        id={`field-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={String(form.values[name] ?? '')}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        onChange={(event) => form.set(name, event.target.value as Values[typeof name])}
      />
    </FormField>
  );
}

/** A select bound to one value of a form; the first option is '—' (nothing chosen). */
export function SelectField<Values extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  options,
  wide,
}: {
  form: FormState<Values>;
  name: keyof Values & string;
  label: string;
  required?: boolean;
  options: { value: string; label: string }[];
  wide?: boolean;
}) {
  return (
    <FormField form={form} name={name} label={label} required={required} wide={wide}>
      <HTMLSelect
        id={`field-${name}`}
        name={name}
        value={String(form.values[name] ?? '')}
        aria-invalid={form.errorOf(name) ? true : undefined}
        onChange={(event) => form.set(name, event.target.value as Values[typeof name])}
        options={[{ value: '', label: '—' }, ...options]}
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

/** A checkbox bound to one boolean of a form. */
export function CheckboxField<Values extends Record<string, unknown>>({
  form,
  name,
  label,
}: {
  form: FormState<Values>;
  name: keyof Values & string;
  label: string;
}) {
  return (
    <Checkbox
      label={label}
      checked={Boolean(form.values[name])}
      onChange={(event) => form.set(name, event.currentTarget.checked as Values[typeof name])}
    />
  );
}

/** Checkboxes, one per option, that add their value to or take it from a list value of a form. */
export function CheckboxList<Values extends Record<string, unknown>>({
  form,
  name,
  options,
}: {
  form: FormState<Values>;
  name: keyof Values & string;
  options: { value: string; label: string }[];
}) {
  const chosen = (form.values[name] ?? []) as string[];
  const toggle = (value: string, on: boolean) =>
    form.set(
      name,
      (on ? [...chosen, value] : chosen.filter((v) => v !== value)) as Values[typeof name],
    );
  return (
    <>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={chosen.includes(option.value)}
          onChange={(event) => toggle(option.value, event.currentTarget.checked)}
        />
      ))}
    </>
  );
}

/**
 * After a failed submit: the first field showing an error (in the order the form shows them)
 * gets the focus and scrolls into the middle of its scroll area; without one, the form-wide error.
 */
function showFirstError(form: HTMLFormElement): void {
  const field = form
    .querySelector('.bp6-form-group.bp6-intent-danger')
    ?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea');
  const target = field ?? form.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  field?.focus({ preventScroll: true });
  target.scrollIntoView?.({ block: 'center' });
}

/**
 * Save and cancel under a form; the form-wide error (e.g. a stale edit) shows above them.
 * After a failed submit the first field in error gets the focus.
 */
export function FormActions<Values extends Record<string, unknown>>({
  form: state,
  onCancel,
}: {
  form: FormState<Values>;
  onCancel?: () => void;
}) {
  useTranslation('ui');
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (state.failures > 0 && form) showFirstError(form);
  }, [state.failures]);
  const general =
    state.problem && state.problem.code !== 'BAD_USER_INPUT' ? problemText(state.problem) : null;
  return (
    <>
      {general ? (
        <Callout intent={Intent.DANGER} role="alert">
          {general}
        </Callout>
      ) : null}
      <div className="kontor-form-actions" ref={anchor}>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          loading={state.submitting}
          text={i18n.t('ui:save')}
        />
        {onCancel ? <Button text={i18n.t('ui:cancel')} onClick={onCancel} /> : null}
      </div>
    </>
  );
}
