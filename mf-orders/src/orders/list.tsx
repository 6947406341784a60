import { Button, Checkbox, Icon, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import {
  OrderClientChoicesDocument,
  OrderClientNameDocument,
  OrderShippingMethodsDocument,
  OrdersDocument,
  type OrderRowFieldsFragment,
  type OrdersQuery,
  type OrderSort,
  type OrderStatus,
} from '../graphql/generated';
import {
  can,
  DataTable,
  Link,
  navigate,
  Page,
  useQuery,
  useSearchParams,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { useChosenPicklist } from '../picklists/chosen';
import { actionLook, mayRun, ORDER_ACTIONS, useOrderActions } from './actions';
import { day, euro, orderPath, StatusTag, STATUSES } from './format';
import { problemsText } from './problems';
import './orders.css';

type Row = OrderRowFieldsFragment;

/** An order picked for a bulk action: what the confirmation names. */
interface Picked {
  id: string;
  number: string;
  status: OrderStatus;
}

/** The shipping address's name: the person, else the company. */
export const addressName = (a: Row['shippingAddress']) =>
  `${a.firstName} ${a.lastName}`.trim() || a.company;

/**
 * /orders: every order, newest first, filtered by status, client, shop, shipping method and
 * period (all in the URL), searched by number, name and sku; the CSV export takes the same
 * filters. Rows picked with their checkbox are put on hold, released or cancelled together
 * after a confirmation, or made into a picklist ('Picklist erstellen': exactly those orders;
 * the answer names each one left out and why). A change anywhere (RecordChanged of Order)
 * refetches the page.
 */
export function OrderList({ route }: PageProps) {
  const { t } = useTranslation(['orders', 'ui']);
  const title = t(route.pageTitle!);
  const [params] = useSearchParams();
  const methods = useQuery(OrderShippingMethodsDocument, { skip: !can('shipping:view') }).data
    ?.shippingMethods.items;
  const [picked, setPicked] = useState<Map<string, Picked>>(new Map());
  const { run, dialog } = useOrderActions();
  const toggle = (row: Row, on: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      if (on)
        next.set(String(row.id), { id: String(row.id), number: row.number, status: row.status });
      else next.delete(String(row.id));
      return next;
    });
  const shop = params.get('shop');
  const bulk = ORDER_ACTIONS.filter(mayRun);
  const picking = can('picklist:create');
  const chosenPicklist = useChosenPicklist();
  const selecting = bulk.length > 0 || picking;

  return (
    <Page
      title={title}
      actions={
        can('order:create') ? (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text={t('ui:create')}
            onClick={() => navigate('/order/create')}
          />
        ) : null
      }
    >
      {selecting ? (
        <div
          className="kontor-order-bulk"
          role="toolbar"
          aria-label={t('orders:order.selected', { count: picked.size })}
        >
          <Tag minimal round>
            {t('orders:order.selected', { count: picked.size })}
          </Tag>
          <div className="kontor-order-bulk-actions">
            {bulk.map((action) => (
              <Button
                key={action}
                {...actionLook(action)}
                variant="outlined"
                disabled={picked.size === 0}
                text={t(`orders:order.${action}`)}
                onClick={async () => {
                  if (await run(action, [...picked.values()])) setPicked(new Map());
                }}
              />
            ))}
            {picking ? (
              <Button
                icon="properties"
                intent={Intent.PRIMARY}
                variant="outlined"
                disabled={picked.size === 0}
                text={t('orders:picklist.forChosen')}
                onClick={async () => {
                  if (await chosenPicklist.make([...picked.keys()])) setPicked(new Map());
                }}
              />
            ) : null}
          </div>
          {picked.size > 0 ? (
            <Button
              variant="minimal"
              icon="cross"
              text={t('orders:order.clearSelection')}
              onClick={() => setPicked(new Map())}
            />
          ) : null}
        </div>
      ) : null}
      <DataTable<OrdersQuery, Row, OrderSort>
        query={OrdersDocument}
        pageOf={(data) => data.orders}
        label={title}
        defaultSort="DATE"
        defaultDir="desc"
        exportList="orders"
        filters={[
          {
            name: 'status',
            label: t('orders:order.fields.status'),
            choices: STATUSES.map((s) => ({ value: s, label: t(`orders:order.status.${s}`) })),
          },
          ...(can('client:view')
            ? [
                {
                  name: 'clientId',
                  label: t('orders:order.fields.client'),
                  search: OrderClientChoicesDocument,
                  chosen: OrderClientNameDocument,
                },
              ]
            : []),
          // A shop is free text (a connector's name): its filter shows once a row's shop link chose one.
          ...(shop
            ? [
                {
                  name: 'shop',
                  label: t('orders:order.fields.shop'),
                  choices: [{ value: shop, label: shop }],
                },
              ]
            : []),
          ...(methods
            ? [
                {
                  name: 'shippingMethodId',
                  label: t('orders:order.fields.shippingMethod'),
                  choices: methods.map((m) => ({
                    value: String(m.id),
                    label: `${m.shipper.name} – ${m.name}`,
                  })),
                },
              ]
            : []),
          { name: 'from', label: t('orders:order.fields.from'), date: true },
          { name: 'to', label: t('orders:order.fields.to'), date: true },
        ]}
        columns={[
          ...(selecting
            ? [
                {
                  title: '',
                  cell: (o: Row) => (
                    <Checkbox
                      className="kontor-order-pick"
                      aria-label={t('orders:order.select', { number: o.number })}
                      checked={picked.has(String(o.id))}
                      onChange={(event) => toggle(o, event.currentTarget.checked)}
                    />
                  ),
                },
              ]
            : []),
          {
            title: t('orders:order.fields.number'),
            cell: (o) => (
              <Link className="kontor-nowrap" to={orderPath(o.id)}>
                {o.number}
              </Link>
            ),
            sortKey: 'NUMBER',
            key: true,
          },
          {
            title: t('orders:order.fields.orderDate'),
            cell: (o) => <span className="kontor-nowrap">{day(o.orderDate)}</span>,
            sortKey: 'DATE',
          },
          {
            title: t('orders:order.fields.status'),
            cell: (o) => (
              <span className="kontor-order-status">
                <StatusTag status={o.status} />
                {o.fulfillmentError ? (
                  <Icon
                    icon="error"
                    intent={Intent.DANGER}
                    title={problemsText(o)}
                    aria-label={`${t('orders:order.fields.fulfillmentError')}: ${problemsText(o)}`}
                  />
                ) : null}
              </span>
            ),
            key: true,
          },
          { title: t('orders:order.fields.client'), cell: (o) => o.client.name },
          {
            title: t('orders:order.fields.shop'),
            cell: (o) =>
              o.shop ? <Link to={`/orders?shop=${encodeURIComponent(o.shop)}`}>{o.shop}</Link> : '',
          },
          { title: t('orders:order.fields.name'), cell: (o) => addressName(o.shippingAddress) },
          { title: t('orders:order.fields.city'), cell: (o) => o.shippingAddress.city },
          {
            title: t('orders:order.fields.shippingMethod'),
            cell: (o) => o.shippingMethod?.name ?? '',
          },
          {
            title: t('orders:order.fields.total'),
            cell: (o) => <span className="kontor-money">{euro(o.total)}</span>,
            sortKey: 'TOTAL',
            key: true,
          },
        ]}
        actions={(o) => (
          <Button
            icon={can('order:update') ? 'edit' : 'eye-open'}
            variant="minimal"
            aria-label={`${t('orders:order.open')} ${o.number}`}
            title={t('orders:order.open')}
            onClick={() => navigate(orderPath(o.id))}
          />
        )}
      />
      {dialog}
      {chosenPicklist.dialog}
    </Page>
  );
}
