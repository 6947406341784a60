import { Button, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useDelete } from '../crud';
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
  can,
  CheckboxField,
  DataTable,
  FormActions,
  i18n,
  Page,
  runGraphql,
  SelectField,
  TextField,
  useForm,
  useGraphqlQuery,
  useTranslation,
  type ModulePages,
  type PageProps,
} from '../shared-session';

type Shipper = ShippersQuery['shippers']['items'][number];
type Method = ShippingMethodsQuery['shippingMethods']['items'][number];

/** What the list pages edit in a dialog: nothing, a new row, or an existing one. */
type Editing<Row> = { row?: Row } | null;

function ShipperForm({ shipper, done }: { shipper?: Shipper; done: () => void }) {
  const { t } = useTranslation(['admin', 'ui']);
  const form = useForm({
    initial: { name: shipper?.name ?? '' },
    required: ['name'],
    success: t(shipper ? 'admin:toasts.shipperUpdated' : 'admin:toasts.shipperCreated'),
    onSaved: done,
    save: (input) =>
      shipper
        ? runGraphql(UpdateShipperDocument, { id: shipper.id, version: shipper.version, input })
        : runGraphql(CreateShipperDocument, { input }),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <TextField form={form} name="name" label={t('admin:fields.name')} required />
      <FormActions form={form} />
    </form>
  );
}

function ShipperList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  const [editing, setEditing] = useState<Editing<Shipper>>(null);
  const [generation, setGeneration] = useState(0);
  const remove = useDelete(DeleteShipperDocument, t('admin:toasts.shipperDeleted'));
  const close = () => {
    setEditing(null);
    setGeneration((n) => n + 1);
  };
  return (
    <Page
      title={t(route.pageTitle!)}
      actions={
        can('shipping:create') ? (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={i18n.t('ui:create')}
            onClick={() => setEditing({})}
          />
        ) : null
      }
    >
      <DataTable
        key={generation}
        label={t(route.pageTitle!)}
        query={ShippersDocument}
        pageOf={(data) => data.shippers}
        defaultSort="NAME"
        columns={[{ title: t('admin:fields.name'), cell: (s) => s.name, sortKey: 'NAME' }]}
        actions={(s, reload) => (
          <>
            {can('shipping:update') ? (
              <Button
                icon="edit"
                variant="minimal"
                aria-label={i18n.t('ui:edit')}
                onClick={() => setEditing({ row: s })}
              />
            ) : null}
            {remove.button(s.name, { id: String(s.id) }, reload, can('shipping:delete'))}
          </>
        )}
      />
      <Dialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={t(route.pageTitle!)}
      >
        <DialogBody>
          {editing ? <ShipperForm shipper={editing.row} done={close} /> : null}
        </DialogBody>
      </Dialog>
      {remove.dialog}
    </Page>
  );
}

function MethodForm({ method, done }: { method?: Method; done: () => void }) {
  const { t } = useTranslation(['admin', 'ui']);
  const shippers = useGraphqlQuery(ShipperChoicesDocument, {});
  const form = useForm({
    initial: {
      name: method?.name ?? '',
      shipperId: method ? String(method.shipper.id) : '',
      hazmatAllowed: method?.hazmatAllowed ?? false,
      trackingRequired: method?.trackingRequired ?? true,
    },
    required: ['name', 'shipperId'],
    success: t(method ? 'admin:toasts.methodUpdated' : 'admin:toasts.methodCreated'),
    onSaved: done,
    save: (input) =>
      method
        ? runGraphql(UpdateShippingMethodDocument, {
            id: method.id,
            version: method.version,
            input,
          })
        : runGraphql(CreateShippingMethodDocument, { input }),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <TextField form={form} name="name" label={t('admin:fields.name')} required />
      <SelectField
        form={form}
        name="shipperId"
        label={t('admin:fields.shipper')}
        required
        options={(shippers.data?.shippers.items ?? []).map((s) => ({
          value: String(s.id),
          label: s.name,
        }))}
      />
      <CheckboxField form={form} name="hazmatAllowed" label={t('admin:fields.hazmatAllowed')} />
      <CheckboxField
        form={form}
        name="trackingRequired"
        label={t('admin:fields.trackingRequired')}
      />
      <FormActions form={form} />
    </form>
  );
}

function MethodList({ route }: PageProps) {
  const { t } = useTranslation(['admin', 'ui']);
  const [editing, setEditing] = useState<Editing<Method>>(null);
  const [generation, setGeneration] = useState(0);
  const remove = useDelete(DeleteShippingMethodDocument, t('admin:toasts.methodDeleted'));
  const yesNo = (value: boolean) => t(value ? 'admin:fields.yes' : 'admin:fields.no');
  const close = () => {
    setEditing(null);
    setGeneration((n) => n + 1);
  };
  return (
    <Page
      title={t(route.pageTitle!)}
      actions={
        can('shipping:create') ? (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={i18n.t('ui:create')}
            onClick={() => setEditing({})}
          />
        ) : null
      }
    >
      <DataTable
        key={generation}
        label={t(route.pageTitle!)}
        query={ShippingMethodsDocument}
        pageOf={(data) => data.shippingMethods}
        defaultSort="NAME"
        columns={[
          { title: t('admin:fields.name'), cell: (m) => m.name, sortKey: 'NAME' },
          { title: t('admin:fields.shipper'), cell: (m) => m.shipper.name, sortKey: 'SHIPPER' },
          { title: t('admin:fields.hazmatAllowed'), cell: (m) => yesNo(m.hazmatAllowed) },
          { title: t('admin:fields.trackingRequired'), cell: (m) => yesNo(m.trackingRequired) },
        ]}
        actions={(m, reload) => (
          <>
            {can('shipping:update') ? (
              <Button
                icon="edit"
                variant="minimal"
                aria-label={i18n.t('ui:edit')}
                onClick={() => setEditing({ row: m })}
              />
            ) : null}
            {remove.button(m.name, { id: String(m.id) }, reload, can('shipping:delete'))}
          </>
        )}
      />
      <Dialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        title={t(route.pageTitle!)}
      >
        <DialogBody>{editing ? <MethodForm method={editing.row} done={close} /> : null}</DialogBody>
      </Dialog>
      {remove.dialog}
    </Page>
  );
}

/** Shippers (carriers) and shipping methods: lists with create/edit dialogs and delete. */
export const shippingPages: ModulePages = {
  'admin.shipping.shippers': ShipperList,
  'admin.shipping.methods': MethodList,
};
