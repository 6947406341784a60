import { Button, Callout, Intent } from '@blueprintjs/core';
import { i18n, useTranslation } from '@kontor/shared-session';
import { useEffect, useRef, type ReactNode } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import { FormContext, useFormState, type FormState } from './form-state';
import { problemText } from './server-problem';
import './toolkit-i18n';
import './toolkit.css';

// The one form system of Kontor (modules and the shell): react-hook-form holds the values and
// errors, zod (the rules of ./rules, the server's limits) checks them in the browser, and a
// refused save puts the server's field errors beside their fields. After any failed submit the
// first field in error (in the order the form shows them) gets the focus. The form's state is
// form-state.ts, its fields form-fields.tsx; here the <form> and its actions.

export { errorText, useKontorForm, type FormState } from './form-state';
export {
  CheckboxField,
  CheckboxList,
  FormField,
  FormSection,
  SelectField,
  TextField,
} from './form-fields';

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
 * The form-wide error (e.g. a stale edit, or a field error of a field the form does not show)
 * and the save button, with cancel when `onCancel` is given. The buttons are a bar that sticks
 * to the bottom of the content area while the form goes on below it (toolkit.css): on a long
 * form save is always in sight; at the form's end the bar sits under the last field.
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
