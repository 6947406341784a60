import {
  CreateShipperDocument,
  CreateShippingMethodDocument,
  DeleteShipperDocument,
  DeleteShippingMethodDocument,
  ShipperChoicesDocument,
  ShippersDocument,
  ShippingMethodsDocument,
  UpdateShipperDocument,
  UpdateShippingMethodDocument,
  type ShippersQuery,
  type ShippingMethodsQuery,
} from '../graphql/generated';
import {
  CheckboxField,
  Form,
  ListPage,
  rules,
  SelectField,
  TextField,
  useChoices,
  useRecordForm,
  useTranslation,
  type ModulePages,
  type PageProps,
} from '../shared-session';

// Shippers and shipping methods are small: they are created and edited in a dialog over the list.

type Shipper = ShippersQuery['shippers']['items'][number];
type Method = ShippingMethodsQuery['shippingMethods']['items'][number];

function ShipperForm({ shipper, done }: { shipper?: Shipper; done: () => void }) {
  const { t } = useTranslation(['admin', 'ui']);
  const form = useRecordForm({
    record: shipper,
    initial: { name: shipper?.name ?? '' },
    rules: { name: rules.text(100) },
    create: CreateShipperDocument,
    update: UpdateShipperDocument,
    toasts: {
      created: t('admin:toasts.shipperCreated'),
      updated: t('admin:toasts.shipperUpdated'),
    },
    onSaved: done,
  });
  return (
    <Form form={form}>
      <TextField name="name" label={t('admin:fields.name')} />
    </Form>
  );
}

function ShipperList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  return (
    <ListPage
      columns={[{ title: t('admin:fields.name'), cell: (s) => s.name, sortKey: 'NAME', key: true }]}
      title={t(route.pageTitle!)}
      permission="shipping"
      query={ShippersDocument}
      forms={{ dialog: (shipper, done) => <ShipperForm shipper={shipper} done={done} /> }}
      remove={{ mutation: DeleteShipperDocument, success: t('admin:toasts.shipperDeleted') }}
    />
  );
}

function MethodForm({ method, done }: { method?: Method; done: () => void }) {
  const { t } = useTranslation(['admin', 'ui']);
  const shippers = useChoices(ShipperChoicesDocument);
  const form = useRecordForm({
    record: method,
    initial: {
      name: method?.name ?? '',
      shipperId: method ? String(method.shipper.id) : '',
      hazmatAllowed: method?.hazmatAllowed ?? false,
      trackingRequired: method?.trackingRequired ?? true,
    },
    rules: {
      name: rules.text(100),
      shipperId: rules.choice(),
      hazmatAllowed: rules.flag(),
      trackingRequired: rules.flag(),
    },
    create: CreateShippingMethodDocument,
    update: UpdateShippingMethodDocument,
    toasts: { created: t('admin:toasts.methodCreated'), updated: t('admin:toasts.methodUpdated') },
    onSaved: done,
  });
  return (
    <Form form={form}>
      <TextField name="name" label={t('admin:fields.name')} />
      <SelectField name="shipperId" label={t('admin:fields.shipper')} options={shippers} />
      <CheckboxField name="hazmatAllowed" label={t('admin:fields.hazmatAllowed')} />
      <CheckboxField name="trackingRequired" label={t('admin:fields.trackingRequired')} />
    </Form>
  );
}

function MethodList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  // Shippers are few (the form's select lists them too): the filter is a select, in the URL.
  const shippers = useChoices(ShipperChoicesDocument);
  const yesNo = (value: boolean) => t(value ? 'admin:fields.yes' : 'admin:fields.no');
  return (
    <ListPage
      columns={[
        { title: t('admin:fields.name'), cell: (m) => m.name, sortKey: 'NAME', key: true },
        {
          title: t('admin:fields.shipper'),
          cell: (m) => m.shipper.name,
          sortKey: 'SHIPPER',
          key: true,
        },
        { title: t('admin:fields.hazmatAllowed'), cell: (m) => yesNo(m.hazmatAllowed) },
        { title: t('admin:fields.trackingRequired'), cell: (m) => yesNo(m.trackingRequired) },
      ]}
      title={t(route.pageTitle!)}
      filters={[{ name: 'shipperId', label: t('admin:fields.shipper'), choices: shippers }]}
      permission="shipping"
      query={ShippingMethodsDocument}
      forms={{ dialog: (method, done) => <MethodForm method={method} done={done} /> }}
      remove={{ mutation: DeleteShippingMethodDocument, success: t('admin:toasts.methodDeleted') }}
    />
  );
}

/** Shippers (carriers) and shipping methods: lists with create/edit dialogs and delete. */
export const shippingPages: ModulePages = {
  'admin.shipping.shippers': ShipperList,
  'admin.shipping.methods': MethodList,
};
