import { CreateButton, EditButton, useDelete } from '../crud';
import {
  ClientChoicesDocument,
  CreateDepartmentDocument,
  DeleteDepartmentDocument,
  DepartmentDocument,
  DepartmentsDocument,
  UpdateDepartmentDocument,
  type DepartmentQuery,
} from '../graphql/generated';
import {
  can,
  DataTable,
  FormActions,
  navigate,
  Page,
  runGraphql,
  SelectField,
  TextField,
  useForm,
  useGraphqlQuery,
  useTranslation,
  type ModulePages,
  type PageProps,
  RecordPage,
} from '../shared-session';

const LIST = '/administration/departments';

function DepartmentList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  const remove = useDelete(DeleteDepartmentDocument, t('admin:toasts.departmentDeleted'));
  return (
    <Page
      title={t(route.pageTitle!)}
      actions={<CreateButton to={`${LIST}/create`} allowed={can('department:create')} />}
    >
      <DataTable
        label={t(route.pageTitle!)}
        query={DepartmentsDocument}
        pageOf={(data) => data.departments}
        defaultSort="NAME"
        columns={[
          { title: t('admin:fields.name'), cell: (d) => d.name, sortKey: 'NAME' },
          {
            title: t('admin:fields.customerNumber'),
            cell: (d) => d.customerNumber,
            sortKey: 'CUSTOMER_NUMBER',
          },
          { title: t('admin:fields.client'), cell: (d) => d.client.name, sortKey: 'CLIENT' },
        ]}
        actions={(d, reload) => (
          <>
            <EditButton to={`${LIST}/${d.id}/edit`} allowed={can('department:update')} />
            {remove.button(d.name, { id: String(d.id) }, reload, can('department:delete'))}
          </>
        )}
      />
      {remove.dialog}
    </Page>
  );
}

function DepartmentForm({
  department,
  title,
}: {
  department?: NonNullable<DepartmentQuery['department']>;
  title: string;
}) {
  const { t } = useTranslation(['admin', 'ui']);
  const clients = useGraphqlQuery(ClientChoicesDocument, {});
  const form = useForm({
    initial: {
      name: department?.name ?? '',
      customerNumber: department?.customerNumber ?? '',
      clientId: department ? String(department.client.id) : '',
    },
    required: ['name', 'customerNumber', 'clientId'],
    success: t(department ? 'admin:toasts.departmentUpdated' : 'admin:toasts.departmentCreated'),
    onSaved: () => navigate(LIST),
    save: (input) =>
      department
        ? runGraphql(UpdateDepartmentDocument, {
            id: department.id,
            version: department.version,
            input,
          })
        : runGraphql(CreateDepartmentDocument, { input }),
  });
  return (
    <Page title={title}>
      <form onSubmit={form.submit} noValidate className="kontor-form">
        <TextField form={form} name="name" label={t('admin:fields.name')} required />
        <TextField
          form={form}
          name="customerNumber"
          label={t('admin:fields.customerNumber')}
          required
        />
        <SelectField
          form={form}
          name="clientId"
          label={t('admin:fields.client')}
          required
          options={(clients.data?.clients.items ?? []).map((c) => ({
            value: String(c.id),
            label: c.name,
          }))}
        />
        <FormActions form={form} onCancel={() => navigate(LIST)} />
      </form>
    </Page>
  );
}

function DepartmentCreate({ route }: PageProps) {
  const { t } = useTranslation('admin');
  return <DepartmentForm title={t(route.pageTitle!)} />;
}

function DepartmentEdit({ route, params }: PageProps) {
  const { t } = useTranslation('admin');
  const query = useGraphqlQuery(DepartmentDocument, { id: params.id! });
  return (
    <RecordPage title={t(route.pageTitle!)} query={query} pick={(data) => data.department}>
      {(department) => <DepartmentForm department={department} title={t(route.pageTitle!)} />}
    </RecordPage>
  );
}

/** Departments of the clients: list, create, edit, delete. */
export const departmentsPages: ModulePages = {
  'admin.departments': DepartmentList,
  'admin.departments.create': DepartmentCreate,
  'admin.departments.edit': DepartmentEdit,
};
