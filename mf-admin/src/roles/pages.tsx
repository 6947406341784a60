import { H5 } from '@blueprintjs/core';
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
  CheckboxList,
  createPage,
  editPage,
  FormField,
  FormPage,
  ListPage,
  TextField,
  useGraphqlQuery,
  useRecordForm,
  useTranslation,
  type ModulePages,
  type PageProps,
  type RecordFormProps,
} from '../shared-session';

const LIST = '/administration/roles';

function RoleList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  return (
    <ListPage
      columns={[
        { title: t('admin:fields.name'), cell: (r) => r.name, sortKey: 'NAME' },
        { title: t('admin:fields.permissions'), cell: (r) => r.permissions.length },
        { title: t('admin:fields.users'), cell: (r) => r.userCount },
      ]}
      title={t(route.pageTitle!)}
      permission="role"
      query={RolesDocument}
      forms={{ create: `${LIST}/create`, edit: (r) => `${LIST}/${r.id}/edit` }}
      remove={{
        mutation: DeleteRoleDocument,
        success: t('admin:toasts.roleDeleted'),
        // A role in use is deleted only after the question says how many hold it.
        variables: (r) => ({ id: String(r.id), confirmed: r.userCount > 0 }),
        question: (r) =>
          r.userCount > 0 ? t('admin:roleInUse', { name: r.name, count: r.userCount }) : undefined,
      }}
    />
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

function RoleForm({ record: role, title }: RecordFormProps<NonNullable<RoleQuery['role']>>) {
  const { t } = useTranslation(['admin', 'ui']);
  const all = useGraphqlQuery(PermissionsDocument, {});
  const form = useRecordForm({
    record: role,
    initial: { name: role?.name ?? '', permissions: role?.permissions ?? ([] as string[]) },
    required: ['name'],
    create: CreateRoleDocument,
    update: UpdateRoleDocument,
    toasts: { created: t('admin:toasts.roleCreated'), updated: t('admin:toasts.roleUpdated') },
    onSaved: LIST,
  });
  return (
    <FormPage title={title} form={form} cancelPath={LIST}>
      <TextField form={form} name="name" label={t('admin:fields.name')} />
      <FormField form={form} name="permissions" label={t('admin:fields.permissions')}>
        <div className="kontor-permission-groups">
          {groupPermissions(all.data?.permissions ?? []).map(([entity, names]) => (
            <fieldset key={entity} className="kontor-permission-group">
              <H5>{entity === 'general' ? t('admin:permissionGroups.general') : entity}</H5>
              <CheckboxList
                form={form}
                name="permissions"
                options={names.map((name) => ({ value: name, label: name }))}
              />
            </fieldset>
          ))}
        </div>
      </FormField>
    </FormPage>
  );
}

/** Roles and their permissions: list, create, edit, delete (the server requires role:*). */
export const rolesPages: ModulePages = {
  'admin.roles': RoleList,
  'admin.roles.create': createPage(RoleForm),
  'admin.roles.edit': editPage(RoleForm, RoleDocument, (data) => data.role),
};
