import { Button, Checkbox } from '@blueprintjs/core';
import { CreateButton, EditButton, useDelete } from '../crud';
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
  can,
  DataTable,
  FormActions,
  FormField,
  loginAs,
  navigate,
  Page,
  runGraphql,
  TextField,
  useForm,
  useGraphqlQuery,
  useSession,
  useTranslation,
  type ModulePages,
  type PageProps,
  RecordPage,
} from '../shared-session';

const LIST = '/administration/users';

function UserList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  const session = useSession();
  const remove = useDelete(DeleteUserDocument, t('admin:toasts.userDeleted'));
  return (
    <Page
      title={t(route.pageTitle!)}
      actions={<CreateButton to={`${LIST}/create`} allowed={can('user:create')} />}
    >
      <DataTable
        label={t(route.pageTitle!)}
        query={UsersDocument}
        pageOf={(data) => data.users}
        defaultSort="NAME"
        columns={[
          { title: t('admin:fields.name'), cell: (u) => u.name, sortKey: 'NAME' },
          { title: t('admin:fields.email'), cell: (u) => u.email, sortKey: 'EMAIL' },
          { title: t('admin:fields.roles'), cell: (u) => u.roles.map((r) => r.name).join(', ') },
        ]}
        actions={(u, reload) => {
          const self = String(u.id) === String(session.user?.id);
          return (
            <>
              <EditButton to={`/administration/user/${u.id}/edit`} allowed={can('user:update')} />
              {can('user:impersonate') && !self ? (
                <Button
                  icon="log-in"
                  variant="minimal"
                  aria-label={`${t('admin:loginAs')} ${u.name}`}
                  title={t('admin:loginAs')}
                  // loginAs shows the failure toast itself.
                  onClick={() => loginAs(Number(u.id)).catch(() => undefined)}
                />
              ) : null}
              {remove.button(u.name, { id: String(u.id) }, reload, can('user:delete') && !self)}
            </>
          );
        }}
      />
      {remove.dialog}
    </Page>
  );
}

function UserForm({ user, title }: { user?: NonNullable<UserQuery['user']>; title: string }) {
  const { t } = useTranslation(['admin', 'ui']);
  const roles = useGraphqlQuery(RoleChoicesDocument, {}, { skip: !can('role:view') });
  const form = useForm({
    initial: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      roleIds: (user?.roles ?? []).map((r) => String(r.id)),
    },
    required: user ? ['name', 'email'] : ['name', 'email', 'password'],
    success: t(user ? 'admin:toasts.userUpdated' : 'admin:toasts.userCreated'),
    onSaved: () => navigate(LIST),
    save: ({ password, ...rest }) => {
      const input = { ...rest, password: password || null };
      return user
        ? runGraphql(UpdateUserDocument, { id: user.id, version: user.version, input })
        : runGraphql(CreateUserDocument, { input });
    },
  });
  const toggle = (id: string, on: boolean) =>
    form.set(
      'roleIds',
      on ? [...form.values.roleIds, id] : form.values.roleIds.filter((r) => r !== id),
    );
  return (
    <Page title={title}>
      <form onSubmit={form.submit} noValidate className="kontor-form">
        <TextField form={form} name="name" label={t('admin:fields.name')} required />
        <TextField form={form} name="email" type="email" label={t('admin:fields.email')} required />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t(user ? 'admin:fields.passwordKeep' : 'admin:fields.password')}
          required={!user}
        />
        <FormField form={form} name="roleIds" label={t('admin:fields.roles')}>
          {(roles.data?.roles.items ?? []).map((role) => (
            <Checkbox
              key={role.id}
              label={role.name}
              checked={form.values.roleIds.includes(String(role.id))}
              onChange={(event) => toggle(String(role.id), event.currentTarget.checked)}
            />
          ))}
        </FormField>
        <FormActions form={form} onCancel={() => navigate(LIST)} />
      </form>
    </Page>
  );
}

function UserCreate({ route }: PageProps) {
  const { t } = useTranslation('admin');
  return <UserForm title={t(route.pageTitle!)} />;
}

function UserEdit({ route, params }: PageProps) {
  const { t } = useTranslation('admin');
  const query = useGraphqlQuery(UserDocument, { id: params.id! });
  return (
    <RecordPage title={t(route.pageTitle!)} query={query} pick={(data) => data.user}>
      {(user) => <UserForm user={user} title={t(route.pageTitle!)} />}
    </RecordPage>
  );
}

/** Users: list (with login as), create, edit, delete. */
export const usersPages: ModulePages = {
  'admin.users': UserList,
  'admin.users.create': UserCreate,
  'admin.user.edit': UserEdit,
};
