import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import {
  CreatePicklistDocument,
  OrderClientChoicesDocument,
  OrderShippingMethodsDocument,
  PicklistsDocument,
  type CreatePicklistMutation,
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
import { dateTime } from '../orders/format';
import { PICKLIST_STATUSES, PickProgress, PicklistStatusTag, picklistPath } from './common';
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
          { title: t('orders:picklist.fields.orders'), cell: (p) => p.orderCount },
          { title: t('orders:picklist.fields.lines'), cell: (p) => p.lineCount },
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

type Created = CreatePicklistMutation['createPicklist'];

/**
 * 'Picklist erstellen': client, shipping method, how many orders, single-item only; the answer
 * shows the picklist made and every order that went to the fulfillment errors with its reason.
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
        <>
          <DialogBody>
            <Callout
              intent={created.picklist ? Intent.SUCCESS : Intent.WARNING}
              role="status"
              className="kontor-pick-created"
            >
              {created.picklist
                ? t('orders:picklist.created', {
                    number: created.picklist.number,
                    count: created.picklist.orderCount,
                  })
                : t('orders:picklist.noneCreated')}
            </Callout>
            {created.errors.length > 0 ? (
              <section aria-label={t('orders:picklist.errorsTitle')}>
                <h4 className="bp6-heading">{t('orders:picklist.errorsTitle')}</h4>
                <ul className="kontor-pick-errors">
                  {created.errors.map((e) => (
                    <li key={e.order.id}>
                      <Link to={`/order/${e.order.id}/edit`}>{e.order.number}</Link>: {e.reason}
                    </li>
                  ))}
                </ul>
                <Link to="/order/error">{t('orders:picklist.toErrors')}</Link>
              </section>
            ) : created.picklist ? (
              <p>{t('orders:picklist.noErrors')}</p>
            ) : null}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('orders:picklist.close')} onClick={onClose} />
                {created.picklist ? (
                  <Button
                    autoFocus
                    intent={Intent.PRIMARY}
                    text={t('orders:picklist.open')}
                    onClick={() => navigate(picklistPath(created.picklist!.id))}
                  />
                ) : null}
              </>
            }
          />
        </>
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
