import { Icon } from '@blueprintjs/core';
import {
  ClientDocument,
  ClientsDocument,
  CreateClientDocument,
  DeleteClientDocument,
  UpdateClientDocument,
  type ClientQuery,
} from '../graphql/generated';
import { ADDRESS_FIELDS } from './fields';
import { ClientImport } from './import';
import {
  can,
  CountryField,
  Link,
  createPage,
  editPage,
  FormPage,
  FormSection,
  ListPage,
  rules,
  TextField,
  useRecordForm,
  useTranslation,
  type ModulePages,
  type PageProps,
  type RecordFormProps,
} from '../shared-session';

const LIST = '/administration/clients';

/** The server's rules of a client (server/src/clients/clients.ts); the postcode's format stays the server's. */
const CLIENT_RULES = {
  name: rules.text(),
  address: rules.group({
    company: rules.optionalText(),
    prefix: rules.optionalText(50),
    firstName: rules.optionalText(100),
    middleName: rules.optionalText(100),
    lastName: rules.optionalText(100),
    suffix: rules.optionalText(50),
    street: rules.text(),
    houseNumber: rules.text(20),
    postcode: rules.text(10),
    city: rules.text(100),
    countryCode: rules.text(2),
    state: rules.optionalText(100),
    email: rules.optionalText(),
    phone: rules.optionalText(50),
    additionalLines: rules.optionalText(500),
  }),
};

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
      exportList="clients"
      permission="client"
      query={ClientsDocument}
      forms={{ create: `${LIST}/create`, edit: (c) => `${LIST}/${c.id}/edit` }}
      remove={{ mutation: DeleteClientDocument, success: t('admin:toasts.clientDeleted') }}
      actions={
        can('client:create') ? (
          <Link className="bp6-button bp6-outlined" to={`${LIST}/import`}>
            <Icon icon="import" />
            <span className="bp6-button-text">{t('admin:import.button')}</span>
          </Link>
        ) : null
      }
    />
  );
}

type ClientValues = {
  name: string;
  address: Record<(typeof ADDRESS_FIELDS)[number], string>;
};

function ClientForm({
  record: client,
  title,
}: RecordFormProps<NonNullable<ClientQuery['client']>>) {
  const { t } = useTranslation(['admin', 'ui']);
  const initial: ClientValues = {
    name: client?.name ?? '',
    address: {} as ClientValues['address'],
  };
  for (const field of ADDRESS_FIELDS)
    initial.address[field] = client?.address[field] ?? (field === 'countryCode' ? 'DE' : '');
  const form = useRecordForm({
    record: client,
    initial,
    rules: CLIENT_RULES,
    create: CreateClientDocument,
    update: UpdateClientDocument,
    toasts: { created: t('admin:toasts.clientCreated'), updated: t('admin:toasts.clientUpdated') },
    onSaved: LIST,
  });
  // The server names address fields `address.city`, as the form does.
  const field = (name: (typeof ADDRESS_FIELDS)[number], wide?: boolean, type?: string) => (
    <TextField name={`address.${name}`} type={type} label={t(`admin:fields.${name}`)} wide={wide} />
  );
  return (
    <FormPage title={title} form={form} cancelPath={LIST}>
      <FormSection title={t('admin:sections.client')}>
        <TextField name="name" label={t('admin:fields.name')} wide />
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
        <CountryField name="address.countryCode" label={t('admin:fields.countryCode')} />
        {field('state')}
        {field('additionalLines', true)}
      </FormSection>
      <FormSection title={t('admin:sections.reach')}>
        {field('email', false, 'email')}
        {field('phone', false, 'tel')}
      </FormSection>
    </FormPage>
  );
}

/** Clients (Mandanten): list, create, edit, delete. */
export const clientsPages: ModulePages = {
  'admin.clients': ClientList,
  'admin.clients.create': createPage(ClientForm),
  'admin.clients.edit': editPage(ClientForm, ClientDocument, (data) => data.client),
  'admin.clients.import': ClientImport,
};
