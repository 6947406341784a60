import { zodResolver } from '@hookform/resolvers/zod';
import { i18n, showToast, word } from '@kontor/shared-session';
import { createContext, useContext, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  get,
  set,
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

// A form's state (forms.tsx has the <form> and its actions, form-fields.tsx the fields):
// react-hook-form holds the values and errors, zod (the rules of ./rules, the server's
// limits) checks them in the browser, and a refused save puts the server's field errors on
// their fields.

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
  // A screen's own text for the rule (a whole key) first, then the server's message, then the
  // toolkit's text of the rule.
  if (broken.said && !broken.rule.includes(':')) return word(broken.said);
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

/** The form of the fields inside `Form`/`KontorForm`. */
export const FormContext = createContext<FormState | null>(null);

/** The form a field belongs to (fields render inside `Form`/`KontorForm`). */
export function useFormState(): FormState {
  const form = useContext(FormContext);
  if (!form) throw new Error('A form field renders inside <Form> (or <KontorForm>)');
  return form;
}
