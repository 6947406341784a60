import { Icon } from '@blueprintjs/core';
import {
  ClientDocument,
  ClientsDocument,
  CreateClientDocument,
  DeleteClientDocument,
  UpdateClientDocument,
  type ClientQuery,
} from '../graphql/generated';
import { ClientImport } from './import';
import {
  can,
  i18n,
  AddressFields,
  addressRules,
  addressValues,
  type AddressField,
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
  address: addressRules(),
};

function ClientList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  return (
    <ListPage
      columns={[
        { title: t('admin:fields.name'), cell: (c) => c.name, sortKey: 'NAME', key: true },
        {
          title: t('admin:fields.contact'),
          cell: (c) => `${c.address.firstName} ${c.address.lastName}`.trim(),
        },
        {
          title: t('admin:fields.city'),
          cell: (c) => `${c.address.postcode} ${c.address.city}`,
          sortKey: 'CITY',
          key: true,
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

type ClientValues = { name: string; address: Record<AddressField, string> };

function ClientForm({
  record: client,
  title,
  back,
}: RecordFormProps<NonNullable<ClientQuery['client']>>) {
  const { t } = useTranslation(['admin', 'ui']);
  const initial: ClientValues = {
    name: client?.name ?? '',
    address: addressValues(client?.address),
  };
  const form = useRecordForm({
    record: client,
    initial,
    rules: CLIENT_RULES,
    create: CreateClientDocument,
    update: UpdateClientDocument,
    toasts: { created: t('admin:toasts.clientCreated'), updated: t('admin:toasts.clientUpdated') },
    onSaved: LIST,
  });
  return (
    <FormPage title={title} back={back} form={form} cancelPath={LIST}>
      <FormSection title={t('admin:sections.client')}>
        <TextField name="name" label={t('admin:fields.name')} wide />
      </FormSection>
      <AddressFields name="address" />
    </FormPage>
  );
}

/** The link above a form's title: back to the list. */
const back = () => ({ to: LIST, label: i18n.t('admin:back.clients') });

/** Clients (Mandanten): list, create, edit, delete. */
export const clientsPages: ModulePages = {
  'admin.clients': ClientList,
  'admin.clients.create': createPage(ClientForm, { back }),
  'admin.clients.edit': editPage(ClientForm, ClientDocument, (data) => data.client, {
    title: (client) => i18n.t('admin:titles.client', { name: client.name }),
    back,
  }),
  'admin.clients.import': ClientImport,
};
