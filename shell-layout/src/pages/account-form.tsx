import { H4 } from '@blueprintjs/core';
import {
  http,
  HttpError,
  reloadUser,
  showToast,
  useTranslation,
  type User,
} from '@kontor/shared-session';
import type * as Ui from '@kontor/ui';

// The account form on @kontor/ui's form system (react-hook-form + the server's rules). The
// shell never imports @kontor/ui statically (that would load it on every page, /login too):
// the account page loads it with this chunk and hands it in.

/** @kontor/ui's exports, as the account page loaded them. */
export type UiModule = typeof Ui;

interface AccountValues {
  name: string;
  email: string;
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** Whether the form changes the login e-mail (which, like a new password, needs the current password). */
function changesEmail(values: AccountValues, user: User): boolean {
  return values.email.trim().toLowerCase() !== user.email.toLowerCase();
}

/**
 * What the form asks the server to change: name and email, the password only when a new one
 * is typed; the current password with a new password or a new e-mail.
 */
function changeRequest(values: AccountValues, user: User): Partial<AccountValues> {
  const { name, email, current_password, password, password_confirmation } = values;
  if (password) return { name, email, current_password, password, password_confirmation };
  return changesEmail(values, user) ? { name, email, current_password } : { name, email };
}

/** The account form built from @kontor/ui's pieces. */
export function accountForm(ui: UiModule) {
  const { FormActions, KontorForm, TextField, ruleMessage, rules, useKontorForm } = ui;

  return function AccountEditForm({ user }: { user: User }) {
    const { t } = useTranslation('shell');
    const form = useKontorForm<AccountValues>({
      initial: {
        name: user.name,
        email: user.email,
        current_password: '',
        password: '',
        password_confirmation: '',
      },
      // The server's rules of PUT /user (server/src/users/plugin.ts).
      rules: {
        name: rules.text(),
        email: rules.email(),
        current_password: rules.password({ optional: true }),
        password: rules.password({ optional: true }),
        password_confirmation: rules.password({ optional: true }),
      },
      // What needs the other fields: the current password for a new password or e-mail.
      check: (values) => ({
        ...((values.password || changesEmail(values, user)) && !values.current_password
          ? { current_password: ruleMessage('required') }
          : {}),
        ...(values.password && values.password !== values.password_confirmation
          ? { password_confirmation: ruleMessage('shell:account.mismatch') }
          : {}),
      }),
      save: async (values) => {
        try {
          await http.put('/user', changeRequest(values, user));
        } catch (error) {
          // A 422 shows beside its fields; anything else says the save failed.
          if (!(error instanceof HttpError && error.status === 422))
            showToast(t('account.failed'), 'danger');
          throw error;
        }
      },
      failureToast: false,
      success: t('account.saved'),
      onSaved: (values) => {
        form.methods.reset({
          ...values,
          current_password: '',
          password: '',
          password_confirmation: '',
        });
        void reloadUser();
      },
    });

    return (
      <KontorForm form={form}>
        <TextField name="name" label={t('account.name')} autoComplete="name" />
        <TextField name="email" label={t('account.email')} type="email" autoComplete="email" />
        <H4>{t('account.passwordSection')}</H4>
        <TextField
          name="current_password"
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          name="password"
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          name="password_confirmation"
          label={t('account.confirmation')}
          type="password"
          autoComplete="new-password"
        />
        <FormActions showProblem={false} submitIcon="floppy-disk" />
      </KontorForm>
    );
  };
}
