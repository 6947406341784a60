import {
  ClientChoicesDocument,
  ClientNameDocument,
  CreateDepartmentDocument,
  DeleteDepartmentDocument,
  DepartmentDocument,
  DepartmentsDocument,
  UpdateDepartmentDocument,
  type DepartmentQuery,
} from '../graphql/generated';
import {
  i18n,
  createPage,
  editPage,
  FormPage,
  ListPage,
  RecordPicker,
  rules,
  TextField,
  useRecordForm,
  useTranslation,
  type ModulePages,
  type PageProps,
  type RecordFormProps,
} from '../shared-session';

const LIST = '/administration/departments';

function DepartmentList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  return (
    <ListPage
      columns={[
        { title: t('admin:fields.name'), cell: (d) => d.name, sortKey: 'NAME', key: true },
        {
          title: t('admin:fields.customerNumber'),
          cell: (d) => d.customerNumber,
          sortKey: 'CUSTOMER_NUMBER',
          key: true,
        },
        {
          title: t('admin:fields.client'),
          cell: (d) => d.client.name,
          sortKey: 'CLIENT',
        },
      ]}
      title={t(route.pageTitle!)}
      exportList="departments"
      // One client of possibly 100,000: chosen with the server search, kept in the URL.
      filters={[
        {
          name: 'clientId',
          label: t('admin:fields.client'),
          search: ClientChoicesDocument,
          chosen: ClientNameDocument,
        },
      ]}
      permission="department"
      query={DepartmentsDocument}
      forms={{ create: `${LIST}/create`, edit: (d) => `${LIST}/${d.id}/edit` }}
      remove={{ mutation: DeleteDepartmentDocument, success: t('admin:toasts.departmentDeleted') }}
    />
  );
}

function DepartmentForm({
  record: department,
  title,
  back,
}: RecordFormProps<NonNullable<DepartmentQuery['department']>>) {
  const { t } = useTranslation(['admin', 'ui']);
  const form = useRecordForm({
    record: department,
    initial: {
      name: department?.name ?? '',
      customerNumber: department?.customerNumber ?? '',
      clientId: department ? String(department.client.id) : '',
    },
    rules: { name: rules.text(), customerNumber: rules.text(50), clientId: rules.choice() },
    create: CreateDepartmentDocument,
    update: UpdateDepartmentDocument,
    toasts: {
      created: t('admin:toasts.departmentCreated'),
      updated: t('admin:toasts.departmentUpdated'),
    },
    onSaved: LIST,
  });
  return (
    <FormPage title={title} back={back} form={form} cancelPath={LIST}>
      <TextField name="name" label={t('admin:fields.name')} />
      <TextField name="customerNumber" label={t('admin:fields.customerNumber')} />
      <RecordPicker
        name="clientId"
        label={t('admin:fields.client')}
        query={ClientChoicesDocument}
        initial={
          department ? { id: String(department.client.id), name: department.client.name } : null
        }
      />
    </FormPage>
  );
}

/** The link above a form's title: back to the list. */
const back = () => ({ to: LIST, label: i18n.t('admin:back.departments') });

/** Departments of the clients: list, create, edit, delete. */
export const departmentsPages: ModulePages = {
  'admin.departments': DepartmentList,
  'admin.departments.create': createPage(DepartmentForm, { back }),
  'admin.departments.edit': editPage(
    DepartmentForm,
    DepartmentDocument,
    (data) => data.department,
    {
      title: (department) => i18n.t('admin:titles.department', { name: department.name }),
      back,
    },
  ),
};
