import {
  ClientDocument,
  ClientsDocument,
  CreateClientDocument,
  DeleteClientDocument,
  UpdateClientDocument,
  type ClientQuery,
} from '../graphql/generated';
import {
  CountryField,
  createPage,
  editPage,
  FormPage,
  FormSection,
  ListPage,
  TextField,
  useRecordForm,
  useTranslation,
  type ModulePages,
  type PageProps,
  type RecordFormProps,
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
  return (
    <ListPage
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
      title={t(route.pageTitle!)}
      permission="client"
      query={ClientsDocument}
      forms={{ create: `${LIST}/create`, edit: (c) => `${LIST}/${c.id}/edit` }}
      remove={{ mutation: DeleteClientDocument, success: t('admin:toasts.clientDeleted') }}
    />
  );
}

type ClientValues = { name: string } & Record<(typeof ADDRESS_FIELDS)[number], string>;

function ClientForm({
  record: client,
  title,
}: RecordFormProps<NonNullable<ClientQuery['client']>>) {
  const { t } = useTranslation(['admin', 'ui']);
  const initial = { name: client?.name ?? '' } as ClientValues;
  for (const field of ADDRESS_FIELDS)
    initial[field] = client?.address[field] ?? (field === 'countryCode' ? 'DE' : '');
  const form = useRecordForm({
    record: client,
    initial,
    required: REQUIRED as (keyof ClientValues & string)[],
    create: CreateClientDocument,
    update: UpdateClientDocument,
    input: ({ name, ...address }) => ({ name, address }),
    toasts: { created: t('admin:toasts.clientCreated'), updated: t('admin:toasts.clientUpdated') },
    onSaved: LIST,
  });
  // Server errors name address fields `address.city`; the form's fields are flat.
  const flat = {
    ...form,
    errorOf: (name: string) => form.errorOf(name) ?? form.errorOf(`address.${name}`),
  };
  const field = (name: (typeof ADDRESS_FIELDS)[number], wide?: boolean) => (
    <TextField form={flat} name={name} label={t(`admin:fields.${name}`)} wide={wide} />
  );
  return (
    <FormPage title={title} form={form} cancelPath={LIST}>
      <FormSection title={t('admin:sections.client')}>
        <TextField form={flat} name="name" label={t('admin:fields.name')} wide />
      </FormSection>
      <FormSection title={t('admin:sections.contact')}>
        {field('company', true)}
        {field('prefix')}
        {field('suffix')}
        {field('firstName')}
        {field('middleName')}
        {field('lastName')}
      </FormSection>
      <FormSection title={t('admin:sections.address')}>
        {field('street')}
        {field('houseNumber')}
        {field('postcode')}
        {field('city')}
        <CountryField form={flat} name="countryCode" label={t('admin:fields.countryCode')} />
        {field('state')}
        {field('additionalLines', true)}
      </FormSection>
      <FormSection title={t('admin:sections.reach')}>
        <TextField form={flat} name="email" type="email" label={t('admin:fields.email')} />
        <TextField form={flat} name="phone" type="tel" label={t('admin:fields.phone')} />
      </FormSection>
    </FormPage>
  );
}

/** Clients (Mandanten): list, create, edit, delete. */
export const clientsPages: ModulePages = {
  'admin.clients': ClientList,
  'admin.clients.create': createPage(ClientForm),
  'admin.clients.edit': editPage(ClientForm, ClientDocument, (data) => data.client),
};
