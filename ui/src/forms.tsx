import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { i18n, showToast, useTranslation } from '@kontor/shared-session';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import {
  FormProvider,
  get,
  set,
  useController,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { isRequiredRule, readRuleMessage, ruleAt, schemaOf, type FormRules } from './rules';
import { problemText, serverProblem, type ServerProblem } from './server-problem';
import './toolkit-i18n';
import './toolkit.css';

// The one form system of Kontor (modules and the shell): react-hook-form holds the values and
// errors, zod (the rules of ./rules, the server's limits) checks them in the browser, and a
// refused save puts the server's field errors beside their fields. After any failed submit the
// first field in error (in the order the form shows them) gets the focus.

/** A form: react-hook-form's methods plus what a save needs around them. */
export interface FormState<Values extends FieldValues = FieldValues> {
  methods: UseFormReturn<Values>;
  /** Checks the rules, runs save, toasts, and keeps the server's field errors on their fields. */
  submit: (event?: FormEvent) => Promise<void>;
  submitting: boolean;
  /** The last refused save (its form-wide part shows above the buttons). */
  problem: ServerProblem | null;
  /** How many submits have failed: each moves the focus to the first error. */
  failures: number;
  /** Whether a field is required (its label gets the asterisk). */
  isRequired: (name: string) => boolean;
}

/** The translated text of a field's error message (a packed rule, see ./rules). */
export function errorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const broken = readRuleMessage(message);
  if (broken.rule === 'text') return broken.text;
  const key = broken.rule.includes(':') ? broken.rule : `ui:rules.${broken.rule}`;
  return i18n.t(key, {
    ...broken.params,
    defaultValue: broken.text ?? i18n.t('ui:errors.generic'),
  });
}

/**
 * A form's state: `rules` are checked in the browser ('Dies ist ein Pflichtfeld', 'Höchstens
 * 255 Zeichen' …), `check` adds rules across fields (packed with `ruleMessage`); `save` runs
 * the call; on success the `success` toast shows, on failure the error toast (unless
 * `failureToast` is false, e.g. when the call toasts itself) and the server's field errors.
 */
export function useKontorForm<Values extends FieldValues>(options: {
  initial: Values;
  rules: FormRules;
  check?: (values: Values) => Record<string, string>;
  save: (values: Values) => Promise<unknown>;
  success?: string;
  onSaved?: (values: Values) => void;
  failureToast?: boolean;
}): FormState<Values> {
  const latest = useRef(options);
  latest.current = options;
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [failures, setFailures] = useState(0);
  // The rules are fixed for the form's life (the first render's), like its initial values.
  const { resolver, shape } = useMemo(() => {
    const shape = options.rules;
    const rulesOf: Resolver<Values> = zodResolver(schemaOf(shape)) as unknown as Resolver<Values>;
    const checked: Resolver<Values> = async (values, context, resolverOptions) => {
      const result = await rulesOf(values, context, resolverOptions);
      const extra = latest.current.check?.(values) ?? {};
      const names = Object.keys(extra);
      if (names.length === 0) return result;
      const errors = { ...result.errors } as FieldErrors<Values>;
      for (const name of names)
        if (!get(errors, name)) set(errors, name, { type: 'check', message: extra[name] });
      return { values: {}, errors };
    };
    return { resolver: checked, shape };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- rules are read once, on purpose
  }, []);
  const methods = useForm<Values>({
    defaultValues: options.initial as DefaultValues<Values>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });

  const failed = () => setFailures((n) => n + 1);
  const submit = methods.handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      await latest.current.save(values);
      setProblem(null);
      if (latest.current.success) showToast(latest.current.success, 'success');
      latest.current.onSaved?.(values);
    } catch (error) {
      const found = serverProblem(error);
      // A field the form does not show keeps its message in the form-wide callout.
      const shown = Object.entries(found.fields).filter(
        ([name]) => get(methods.getValues(), name) !== undefined,
      );
      for (const [name, message] of shown)
        methods.setError(name as never, { type: 'server', message });
      setProblem({ ...found, fields: Object.fromEntries(shown) });
      if (latest.current.failureToast !== false) showToast(problemText(found), 'danger');
      failed();
    } finally {
      setSubmitting(false);
    }
  }, failed);

  return {
    methods,
    submit,
    submitting,
    problem,
    failures,
    isRequired: (name) => isRequiredRule(ruleAt(shape, name)),
  };
}

const FormContext = createContext<FormState | null>(null);

/** The form a field belongs to (fields render inside `Form`/`KontorForm`). */
function useFormState(): FormState {
  const form = useContext(FormContext);
  if (!form) throw new Error('A form field renders inside <Form> (or <KontorForm>)');
  return form;
}

/**
 * After a failed submit: the first field showing an error (in the order the form shows them)
 * gets the focus and scrolls into the middle of its scroll area; without one, the form-wide error.
 */
function showFirstError(form: HTMLFormElement): boolean {
  const field = form
    .querySelector('.bp6-form-group.bp6-intent-danger')
    ?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button');
  // A field still loading (a record picker's stand-in is disabled) cannot take the focus yet.
  if (field && 'disabled' in field && field.disabled) return false;
  const target = field ?? form.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return false;
  field?.focus({ preventScroll: true });
  target.scrollIntoView?.({ block: 'center' });
  return true;
}

/**
 * The `<form>` of a form state: provides it to its fields, submits without the browser's own
 * checks, and focuses the first error after a failed submit.
 */
export function KontorForm<Values extends FieldValues>({
  form,
  className = 'kontor-form',
  children,
}: {
  form: FormState<Values>;
  className?: string;
  children: ReactNode;
}) {
  const element = useRef<HTMLFormElement>(null);
  // A failure's errors may render a moment after the failure is counted (react-hook-form
  // publishes them on its own): the focus waits for the first render that shows one.
  const focusPending = useRef(0);
  useEffect(() => {
    focusPending.current = form.failures;
  }, [form.failures]);
  useEffect(() => {
    const form = element.current;
    if (focusPending.current === 0 || !form) return;
    if (showFirstError(form)) {
      focusPending.current = 0;
      return;
    }
    // The first error's field may come later than the form's render (a record picker loads
    // its chunk on its own): each change of the form's elements tries again.
    const observer = new MutationObserver(() => {
      if (!showFirstError(form)) return;
      focusPending.current = 0;
      observer.disconnect();
    });
    observer.observe(form, { childList: true, subtree: true });
    return () => observer.disconnect();
  });
  return (
    <FormContext.Provider value={form as unknown as FormState}>
      <FormProvider {...form.methods}>
        <form
          ref={element}
          onSubmit={(event) => void form.submit(event)}
          noValidate
          className={className}
        >
          {children}
        </form>
      </FormProvider>
    </FormContext.Provider>
  );
}

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

/** A select bound to one value of the form; the first option is '—' (nothing chosen). */
export function SelectField({
  name,
  label,
  required,
  options,
  wide,
}: {
  name: string;
  label: string;
  required?: boolean;
  options: { value: string; label: string }[];
  wide?: boolean;
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

/**
 * The form-wide error (e.g. a stale edit, or a field error of a field the form does not show)
 * and the save button, with cancel when `onCancel` is given.
 */
export function FormActions({
  onCancel,
  submitText,
  submitIcon,
  showProblem = true,
}: {
  onCancel?: () => void;
  submitText?: string;
  submitIcon?: 'floppy-disk' | 'log-in';
  /** False when the call reports its failure itself (the login's toast). */
  showProblem?: boolean;
}) {
  const form = useFormState();
  useTranslation('ui');
  const problem = showProblem ? form.problem : null;
  const general = problem
    ? problem.code !== 'BAD_USER_INPUT'
      ? problemText(problem)
      : Object.keys(problem.fields).length === 0
        ? problemText(problem)
        : null
    : null;
  return (
    <>
      {general ? (
        <Callout intent={Intent.DANGER} role="alert">
          {general}
        </Callout>
      ) : null}
      <div className="kontor-form-actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon={submitIcon}
          loading={form.submitting}
          text={submitText ?? i18n.t('ui:save')}
        />
        {onCancel ? <Button text={i18n.t('ui:cancel')} onClick={onCancel} /> : null}
      </div>
    </>
  );
}
