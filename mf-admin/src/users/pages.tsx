import { Button } from '@blueprintjs/core';
import {
  CreateUserDocument,
  DeleteUserDocument,
  RoleChoicesDocument,
  UpdateUserDocument,
  UserDocument,
  UsersDocument,
  type UserQuery,
} from '../graphql/generated';
import {
  i18n,
  can,
  CheckboxList,
  createPage,
  editPage,
  FormField,
  FormPage,
  ListPage,
  loginAs,
  rules,
  TextField,
  useChoices,
  useRecordForm,
  useSession,
  useTranslation,
  type ModulePages,
  type PageProps,
  type RecordFormProps,
} from '../shared-session';

const LIST = '/administration/users';

function UserList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  const session = useSession();
  const self = (u: { id: string | number }) => String(u.id) === String(session.user?.id);
  const roles = useChoices(RoleChoicesDocument, { skip: !can('role:view') });
  return (
    <ListPage
      columns={[
        { title: t('admin:fields.name'), cell: (u) => u.name, sortKey: 'NAME', key: true },
        { title: t('admin:fields.email'), cell: (u) => u.email, sortKey: 'EMAIL' },
        {
          title: t('admin:fields.roles'),
          cell: (u) => u.roles.map((r) => r.name).join(', '),
          key: true,
        },
      ]}
      title={t(route.pageTitle!)}
      exportList="users"
      filters={
        can('role:view') ? [{ name: 'roleId', label: t('admin:fields.roles'), choices: roles }] : []
      }
      permission="user"
      query={UsersDocument}
      forms={{ create: `${LIST}/create`, edit: (u) => `/administration/user/${u.id}/edit` }}
      rowActions={(u) =>
        can('user:impersonate') && !self(u) ? (
          <Button
            icon="log-in"
            variant="minimal"
            aria-label={`${t('admin:loginAs')} ${u.name}`}
            title={t('admin:loginAs')}
            // loginAs shows the failure toast itself.
            onClick={() => loginAs(Number(u.id)).catch(() => undefined)}
          />
        ) : null
      }
      remove={{
        mutation: DeleteUserDocument,
        success: t('admin:toasts.userDeleted'),
        allowed: (u) => !self(u),
      }}
    />
  );
}

function UserForm({ record: user, title, back }: RecordFormProps<NonNullable<UserQuery['user']>>) {
  const { t } = useTranslation(['admin', 'ui']);
  const roles = useChoices(RoleChoicesDocument, { skip: !can('role:view') });
  const form = useRecordForm({
    record: user,
    initial: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      roleIds: (user?.roles ?? []).map((r) => String(r.id)),
    },
    rules: {
      name: rules.text(),
      email: rules.email(),
      password: rules.password({ optional: Boolean(user) }),
      roleIds: rules.choices(),
    },
    create: CreateUserDocument,
    update: UpdateUserDocument,
    // An empty password on edit keeps the old one.
    input: ({ password, ...rest }) => ({ ...rest, password: password || null }),
    toasts: { created: t('admin:toasts.userCreated'), updated: t('admin:toasts.userUpdated') },
    onSaved: LIST,
  });
  return (
    <FormPage title={title} back={back} form={form} cancelPath={LIST}>
      <TextField name="name" label={t('admin:fields.name')} />
      <TextField name="email" type="email" label={t('admin:fields.email')} />
      <TextField
        name="password"
        type="password"
        label={t(user ? 'admin:fields.passwordKeep' : 'admin:fields.password')}
      />
      <FormField name="roleIds" label={t('admin:fields.roles')}>
        <CheckboxList name="roleIds" options={roles} />
      </FormField>
    </FormPage>
  );
}

/** The link above a form's title: back to the list. */
const back = () => ({ to: LIST, label: i18n.t('admin:back.users') });

/** Users: list (with login as), create, edit, delete. */
export const usersPages: ModulePages = {
  'admin.users': UserList,
  'admin.users.create': createPage(UserForm, { back }),
  'admin.user.edit': editPage(UserForm, UserDocument, (data) => data.user, {
    title: (user) => i18n.t('admin:titles.user', { name: user.name }),
    back,
  }),
};
