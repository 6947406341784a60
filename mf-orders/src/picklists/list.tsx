import { Button, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import {
  CreatePicklistDocument,
  OrderClientChoicesDocument,
  OrderShippingMethodsDocument,
  PicklistsDocument,
  type PicklistRowFieldsFragment,
  type PicklistSort,
  type PicklistsQuery,
} from '../graphql/generated';
import {
  can,
  CheckboxField,
  DataTable,
  FormActions,
  KontorForm,
  Link,
  navigate,
  Page,
  RecordPicker,
  rules,
  SelectField,
  TextField,
  useApolloClient,
  useQuery,
  useKontorForm,
  useSearchParams,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { count, dateTime } from '../orders/format';
import { PICKLIST_STATUSES, PickProgress, PicklistStatusTag, picklistPath } from './common';
import { PicklistCreated, type Created } from './created';
import { PicklistDetails } from './details';
import './picklists.css';

type Row = PicklistRowFieldsFragment;

/**
 * /picklist: the list (status filter in the URL, newest first, progress of the picking) with
 * 'Picklist erstellen'; `?id=<id>` shows one picklist (its lines in walking order, picking by
 * scanning). RecordChanged of Picklist refetches (the Apollo cache follows the server).
 */
export function PicklistPage({ route }: PageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <PicklistDetails route={route} id={id} /> : <PicklistList route={route} />;
}

function PicklistList({ route }: { route: PageProps['route'] }) {
  const { t } = useTranslation(['orders', 'ui']);
  const title = t(route.pageTitle!);
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title={title}
      actions={
        can('picklist:create') ? (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={t('orders:picklist.create')}
            onClick={() => setCreating(true)}
          />
        ) : null
      }
    >
      <DataTable<PicklistsQuery, Row, PicklistSort>
        query={PicklistsDocument}
        pageOf={(data) => data.picklists}
        label={title}
        defaultSort="CREATED"
        defaultDir="desc"
        filters={[
          {
            name: 'status',
            label: t('orders:picklist.fields.status'),
            choices: PICKLIST_STATUSES.map((s) => ({
              value: s,
              label: t(`orders:picklist.status.${s}`),
            })),
          },
        ]}
        columns={[
          {
            title: t('orders:picklist.fields.number'),
            cell: (p) => (
              <Link className="kontor-nowrap" to={picklistPath(p.id)}>
                {p.number}
              </Link>
            ),
            sortKey: 'NUMBER',
            key: true,
          },
          {
            title: t('orders:picklist.fields.status'),
            cell: (p) => <PicklistStatusTag status={p.status} />,
            key: true,
          },
          {
            title: t('orders:picklist.fields.client'),
            cell: (p) => p.client?.name ?? t('orders:picklist.fields.any'),
          },
          {
            title: t('orders:picklist.fields.shippingMethod'),
            cell: (p) => p.shippingMethod?.name ?? t('orders:picklist.fields.any'),
          },
          { title: t('orders:picklist.fields.orders'), cell: (p) => count(p.orderCount) },
          { title: t('orders:picklist.fields.lines'), cell: (p) => count(p.lineCount) },
          {
            title: t('orders:picklist.fields.progress'),
            cell: (p) => <PickProgress picked={p.pickedCount} total={p.lineCount} />,
            key: true,
          },
          {
            title: t('orders:picklist.fields.createdAt'),
            cell: (p) => (
              <span className="kontor-nowrap">
                {dateTime(p.createdAt)}
                {p.createdByName ? ` · ${p.createdByName}` : ''}
              </span>
            ),
            sortKey: 'CREATED',
          },
        ]}
        actions={(p) => (
          <Button
            icon="eye-open"
            variant="minimal"
            aria-label={t('orders:picklist.openNamed', { number: p.number })}
            title={t('orders:picklist.open')}
            onClick={() => navigate(picklistPath(p.id))}
          />
        )}
      />
      {creating ? <CreateDialog onClose={() => setCreating(false)} /> : null}
    </Page>
  );
}

interface CreateValues {
  clientId: string;
  shippingMethodId: string;
  maxOrders: string;
  singleItemOnly: boolean;
}

/**
 * 'Picklist erstellen': client, shipping method, how many orders, single-item only; the answer
 * (PicklistCreated) shows the picklist made, every order that went to the fulfillment errors
 * and every order left out, each with its reason and a link to it.
 */
function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['orders', 'ui']);
  const client = useApolloClient();
  const methods = useQuery(OrderShippingMethodsDocument, { skip: !can('shipping:view') }).data
    ?.shippingMethods.items;
  const [created, setCreated] = useState<Created | null>(null);
  const form = useKontorForm<CreateValues>({
    initial: { clientId: '', shippingMethodId: '', maxOrders: '', singleItemOnly: false },
    rules: {
      clientId: rules.optionalText(),
      shippingMethodId: rules.optionalText(),
      maxOrders: rules.optionalText(10),
      singleItemOnly: rules.flag(),
    },
    failureToast: false,
    save: async (values) => {
      const maxOrders = values.maxOrders.trim();
      const { data } = await client.mutate({
        mutation: CreatePicklistDocument,
        variables: {
          input: {
            clientId: values.clientId || null,
            shippingMethodId: values.shippingMethodId || null,
            // Whatever was typed goes to the server, which names the field when it is no number.
            maxOrders: maxOrders === '' ? null : Number(maxOrders),
            singleItemOnly: values.singleItemOnly,
          },
        },
      });
      if (data) setCreated(data.createPicklist);
    },
  });
  const title = t('orders:picklist.createTitle');
  return (
    <Dialog isOpen title={title} onClose={onClose} canEscapeKeyClose className="kontor-pick-create">
      {created ? (
        <PicklistCreated created={created} onClose={onClose} />
      ) : (
        <KontorForm form={form}>
          <DialogBody>
            <p className="bp6-text-muted">{t('orders:picklist.createHint')}</p>
            {can('client:view') ? (
              <RecordPicker
                name="clientId"
                label={t('orders:picklist.fields.client')}
                query={OrderClientChoicesDocument}
                wide
              />
            ) : null}
            {methods ? (
              <SelectField
                name="shippingMethodId"
                label={t('orders:picklist.fields.shippingMethod')}
                options={[
                  { value: '', label: t('orders:picklist.fields.any') },
                  ...methods.map((m) => ({
                    value: String(m.id),
                    label: `${m.shipper.name} – ${m.name}`,
                  })),
                ]}
                wide
              />
            ) : null}
            <TextField
              name="maxOrders"
              type="number"
              label={`${t('orders:picklist.fields.maxOrders')} (${t('orders:picklist.fields.maxOrdersHint')})`}
            />
            <CheckboxField
              name="singleItemOnly"
              label={t('orders:picklist.fields.singleItemOnly')}
            />
            <FormActions onCancel={onClose} submitText={t('orders:picklist.create')} />
          </DialogBody>
        </KontorForm>
      )}
    </Dialog>
  );
}
