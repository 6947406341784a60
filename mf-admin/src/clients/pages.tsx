import { CreateButton, EditButton, useDelete } from '../crud';
import {
  ClientDocument,
  ClientsDocument,
  CreateClientDocument,
  DeleteClientDocument,
  UpdateClientDocument,
  type ClientQuery,
} from '../graphql/generated';
import {
  can,
  DataTable,
  FormActions,
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

const LIST = '/administration/clients';
const ADDRESS_FIELDS = [
  'company',
  'prefix',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'street',
  'houseNumber',
  'postcode',
  'city',
  'countryCode',
  'state',
  'email',
  'phone',
  'additionalLines',
] as const;
const REQUIRED = ['name', 'street', 'houseNumber', 'postcode', 'city', 'countryCode'];

function ClientList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  const remove = useDelete(DeleteClientDocument, t('admin:toasts.clientDeleted'));
  return (
    <Page
      title={t(route.pageTitle!)}
      actions={<CreateButton to={`${LIST}/create`} allowed={can('client:create')} />}
    >
      <DataTable
        label={t(route.pageTitle!)}
        query={ClientsDocument}
        pageOf={(data) => data.clients}
        defaultSort="NAME"
        columns={[
          { title: t('admin:fields.name'), cell: (c) => c.name, sortKey: 'NAME' },
          {
            title: t('admin:fields.contact'),
            cell: (c) => `${c.address.firstName} ${c.address.lastName}`.trim(),
          },
          {
            title: t('admin:fields.city'),
            cell: (c) => `${c.address.postcode} ${c.address.city}`,
            sortKey: 'CITY',
          },
        ]}
        actions={(c, reload) => (
          <>
            <EditButton to={`${LIST}/${c.id}/edit`} allowed={can('client:update')} />
            {remove.button(c.name, { id: String(c.id) }, reload, can('client:delete'))}
          </>
        )}
      />
      {remove.dialog}
    </Page>
  );
}

type ClientValues = { name: string } & Record<(typeof ADDRESS_FIELDS)[number], string>;

function ClientForm({
  client,
  title,
}: {
  client?: NonNullable<ClientQuery['client']>;
  title: string;
}) {
  const { t } = useTranslation(['admin', 'ui']);
  const initial = { name: client?.name ?? '' } as ClientValues;
  for (const field of ADDRESS_FIELDS)
    initial[field] = client?.address[field] ?? (field === 'countryCode' ? 'DE' : '');
  const form = useForm<ClientValues>({
    initial,
    required: REQUIRED as (keyof ClientValues & string)[],
    success: t(client ? 'admin:toasts.clientUpdated' : 'admin:toasts.clientCreated'),
    onSaved: () => navigate(LIST),
    save: ({ name, ...address }) =>
      client
        ? runGraphql(UpdateClientDocument, {
            id: client.id,
            version: client.version,
            input: { name, address },
          })
        : runGraphql(CreateClientDocument, { input: { name, address } }),
  });
  // Server errors name address fields `address.city`; the form's fields are flat.
  const flat = {
    ...form,
    errorOf: (name: string) => form.errorOf(name) ?? form.errorOf(`address.${name}`),
  };
  return (
    <Page title={title}>
      <form onSubmit={form.submit} noValidate className="kontor-form">
        <TextField form={flat} name="name" label={t('admin:fields.name')} required />
        <div className="kontor-form-grid">
          {ADDRESS_FIELDS.map((field) => (
            <TextField
              key={field}
              form={flat}
              name={field}
              label={t(`admin:fields.${field}`)}
              required={REQUIRED.includes(field)}
            />
          ))}
        </div>
        <FormActions form={form} onCancel={() => navigate(LIST)} />
      </form>
    </Page>
  );
}

function ClientCreate({ route }: PageProps) {
  const { t } = useTranslation('admin');
  return <ClientForm title={t(route.pageTitle!)} />;
}

function ClientEdit({ route, params }: PageProps) {
  const { t } = useTranslation('admin');
  const query = useGraphqlQuery(ClientDocument, { id: params.id! });
  return (
    <RecordPage title={t(route.pageTitle!)} query={query} pick={(data) => data.client}>
      {(client) => <ClientForm client={client} title={t(route.pageTitle!)} />}
    </RecordPage>
  );
}

/** Clients (Mandanten): list, create, edit, delete. */
export const clientsPages: ModulePages = {
  'admin.clients': ClientList,
  'admin.clients.create': ClientCreate,
  'admin.clients.edit': ClientEdit,
};
