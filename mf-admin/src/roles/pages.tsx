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
  i18n,
  CheckboxList,
  createPage,
  editPage,
  format,
  FormField,
  FormPage,
  ListPage,
  rules,
  TextField,
  useQuery,
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
        { title: t('admin:fields.name'), cell: (r) => r.name, sortKey: 'NAME', key: true },
        { title: t('admin:fields.permissions'), cell: (r) => r.permissions.length },
        { title: t('admin:fields.users'), cell: (r) => format.number(r.userCount), key: true },
      ]}
      title={t(route.pageTitle!)}
      exportList="roles"
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

/** The order the groups and their actions show in; anything new follows, by name. */
const ENTITY_ORDER = ['general', 'user', 'role', 'client', 'department', 'product', 'order'];
const ACTION_ORDER = ['view', 'create', 'update', 'delete', 'import', 'export', 'impersonate'];

function byOrder(order: string[]) {
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return (a: string, b: string) => rank(a) - rank(b) || a.localeCompare(b);
}

interface PermissionGroup {
  entity: string;
  title: string;
  options: { value: string; label: string }[];
}

/**
 * Permissions grouped by entity (`order:view` → Bestellungen: Ansehen), in German or English;
 * `administrate` is general. A permission without a text shows its name.
 */
function groupPermissions(names: string[], t: (key: string, fallback: string) => string) {
  const split = names.map((name) => {
    const [entity, action] = name.includes(':') ? name.split(':') : ['general', name];
    return { name, entity: entity!, action: action! };
  });
  const entities = [...new Set(split.map((p) => p.entity))].sort(byOrder(ENTITY_ORDER));
  return entities.map((entity): PermissionGroup => ({
    entity,
    title: t(`admin:permissionGroups.${entity}`, entity),
    options: split
      .filter((p) => p.entity === entity)
      .sort((a, b) => byOrder(ACTION_ORDER)(a.action, b.action))
      .map((p) => ({ value: p.name, label: t(`admin:permissionActions.${p.action}`, p.name) })),
  }));
}

function RoleForm({ record: role, title, back }: RecordFormProps<NonNullable<RoleQuery['role']>>) {
  const { t } = useTranslation(['admin', 'ui']);
  const all = useQuery(PermissionsDocument);
  const form = useRecordForm({
    record: role,
    initial: { name: role?.name ?? '', permissions: role?.permissions ?? ([] as string[]) },
    rules: { name: rules.text(100), permissions: rules.choices() },
    create: CreateRoleDocument,
    update: UpdateRoleDocument,
    toasts: { created: t('admin:toasts.roleCreated'), updated: t('admin:toasts.roleUpdated') },
    onSaved: LIST,
  });
  const text = (key: string, fallback: string) => t(key, { defaultValue: fallback });
  return (
    <FormPage title={title} back={back} form={form} cancelPath={LIST}>
      <TextField name="name" label={t('admin:fields.name')} />
      <FormField name="permissions" label={t('admin:fields.permissions')} wide>
        <div className="kontor-checkbox-groups">
          {groupPermissions(all.data?.permissions ?? [], text).map((group) => (
            <fieldset key={group.entity} className="kontor-checkbox-group">
              <legend>{group.title}</legend>
              <CheckboxList name="permissions" options={group.options} />
            </fieldset>
          ))}
        </div>
      </FormField>
    </FormPage>
  );
}

/** The link above a form's title: back to the list. */
const back = () => ({ to: LIST, label: i18n.t('admin:back.roles') });

/** Roles and their permissions: list, create, edit, delete (the server requires role:*). */
export const rolesPages: ModulePages = {
  'admin.roles': RoleList,
  'admin.roles.create': createPage(RoleForm, { back }),
  'admin.roles.edit': editPage(RoleForm, RoleDocument, (data) => data.role, {
    title: (role) => i18n.t('admin:titles.role', { name: role.name }),
    back,
  }),
};
