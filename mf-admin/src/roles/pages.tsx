import { Checkbox, H5 } from '@blueprintjs/core';
import { CreateButton, EditButton, useDelete } from '../crud';
import {
  CreateRoleDocument,
  DeleteRoleDocument,
  PermissionsDocument,
  RoleDocument,
  RolesDocument,
  UpdateRoleDocument,
  type RoleQuery,
} from '../graphql/generated';
import {
  can,
  DataTable,
  FormActions,
  FormField,
  navigate,
  Page,
  runGraphql,
  TextField,
  useForm,
  useGraphqlQuery,
  useTranslation,
  type ModulePages,
  type PageProps,
  RecordPage,
} from '../shared-session';

const LIST = '/administration/roles';

function RoleList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  const remove = useDelete(DeleteRoleDocument, t('admin:toasts.roleDeleted'));
  return (
    <Page
      title={t(route.pageTitle!)}
      actions={<CreateButton to={`${LIST}/create`} allowed={can('role:create')} />}
    >
      <DataTable
        label={t(route.pageTitle!)}
        query={RolesDocument}
        pageOf={(data) => data.roles}
        defaultSort="NAME"
        columns={[
          { title: t('admin:fields.name'), cell: (r) => r.name, sortKey: 'NAME' },
          { title: t('admin:fields.permissions'), cell: (r) => r.permissions.length },
          { title: t('admin:fields.users'), cell: (r) => r.userCount },
        ]}
        actions={(r, reload) => (
          <>
            <EditButton to={`${LIST}/${r.id}/edit`} allowed={can('role:update')} />
            {remove.button(
              r.name,
              // A role in use is deleted only after the question says how many hold it.
              { id: String(r.id), confirmed: r.userCount > 0 },
              reload,
              can('role:delete'),
              r.userCount > 0
                ? t('admin:roleInUse', { name: r.name, count: r.userCount })
                : undefined,
            )}
          </>
        )}
      />
      {remove.dialog}
    </Page>
  );
}

/** Permissions grouped by entity (`order:view` → order); `administrate` is general. */
function groupPermissions(names: string[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const name of names) {
    const entity = name.includes(':') ? name.split(':')[0]! : 'general';
    groups.set(entity, [...(groups.get(entity) ?? []), name]);
  }
  return [...groups];
}

function RoleForm({ role, title }: { role?: NonNullable<RoleQuery['role']>; title: string }) {
  const { t } = useTranslation(['admin', 'ui']);
  const all = useGraphqlQuery(PermissionsDocument, {});
  const form = useForm({
    initial: { name: role?.name ?? '', permissions: role?.permissions ?? ([] as string[]) },
    required: ['name'],
    success: t(role ? 'admin:toasts.roleUpdated' : 'admin:toasts.roleCreated'),
    onSaved: () => navigate(LIST),
    save: (input) =>
      role
        ? runGraphql(UpdateRoleDocument, { id: role.id, version: role.version, input })
        : runGraphql(CreateRoleDocument, { input }),
  });
  const toggle = (name: string, on: boolean) =>
    form.set(
      'permissions',
      on ? [...form.values.permissions, name] : form.values.permissions.filter((p) => p !== name),
    );
  return (
    <Page title={title}>
      <form onSubmit={form.submit} noValidate className="kontor-form">
        <TextField form={form} name="name" label={t('admin:fields.name')} required />
        <FormField form={form} name="permissions" label={t('admin:fields.permissions')}>
          <div className="kontor-permission-groups">
            {groupPermissions(all.data?.permissions ?? []).map(([entity, names]) => (
              <fieldset key={entity} className="kontor-permission-group">
                <H5>{entity === 'general' ? t('admin:permissionGroups.general') : entity}</H5>
                {names.map((name) => (
                  <Checkbox
                    key={name}
                    label={name}
                    checked={form.values.permissions.includes(name)}
                    onChange={(event) => toggle(name, event.currentTarget.checked)}
                  />
                ))}
              </fieldset>
            ))}
          </div>
        </FormField>
        <FormActions form={form} onCancel={() => navigate(LIST)} />
      </form>
    </Page>
  );
}

function RoleCreate({ route }: PageProps) {
  const { t } = useTranslation('admin');
  return <RoleForm title={t(route.pageTitle!)} />;
}

function RoleEdit({ route, params }: PageProps) {
  const { t } = useTranslation('admin');
  const query = useGraphqlQuery(RoleDocument, { id: params.id! });
  return (
    <RecordPage title={t(route.pageTitle!)} query={query} pick={(data) => data.role}>
      {(role) => <RoleForm role={role} title={t(route.pageTitle!)} />}
    </RecordPage>
  );
}

/** Roles and their permissions: list, create, edit, delete (the server requires role:*). */
export const rolesPages: ModulePages = {
  'admin.roles': RoleList,
  'admin.roles.create': RoleCreate,
  'admin.roles.edit': RoleEdit,
};
