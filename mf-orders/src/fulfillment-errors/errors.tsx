import { Button, Callout } from '@blueprintjs/core';
import {
  FulfillmentErrorsDocument,
  type FulfillmentErrorsQuery,
  type OrderSort,
} from '../graphql/generated';
import { useRetry } from '../orders/edit';
import { dateTime, day, orderPath, StatusTag } from '../orders/format';
import { addressName } from '../orders/list';
import { problemsText } from '../orders/problems';
import {
  can,
  DataTable,
  Link,
  navigate,
  Page,
  useTranslation,
  type PageProps,
} from '../shared-session';
import '../orders/orders.css';

type Row = FulfillmentErrorsQuery['orders']['items'][number];

/**
 * /order/error: the orders that cannot be fulfilled (unknown sku, not enough stock, an
 * incomplete address, hazmat on a method that may not carry it) with the reason; "edit"
 * fixes the order, "check again" reruns the checks — a fixed order leaves the list (the
 * retry's answer evicts the cached pages; RecordChanged does so for everyone else).
 */
export function FulfillmentErrorsPage({ route }: PageProps) {
  const { t } = useTranslation(['orders', 'ui']);
  const title = t(route.pageTitle!);
  const retry = useRetry();
  return (
    <Page title={title}>
      <Callout icon="info-sign" className="kontor-errors-intro">
        {t('orders:fulfillmentErrors.intro')}
      </Callout>
      <DataTable<FulfillmentErrorsQuery, Row, OrderSort>
        query={FulfillmentErrorsDocument}
        pageOf={(data) => data.orders}
        label={title}
        defaultSort="DATE"
        defaultDir="desc"
        columns={[
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
          { title: t('orders:order.fields.status'), cell: (o) => <StatusTag status={o.status} /> },
          { title: t('orders:order.fields.client'), cell: (o) => o.client.name },
          { title: t('orders:order.fields.name'), cell: (o) => addressName(o.shippingAddress) },
          {
            title: t('orders:order.fields.fulfillmentError'),
            cell: (o) => <strong className="kontor-error-reason">{problemsText(o)}</strong>,
            key: true,
          },
          {
            title: t('orders:fulfillmentErrors.since'),
            cell: (o) => (o.fulfillmentErrorAt ? dateTime(o.fulfillmentErrorAt) : ''),
          },
        ]}
        actions={(o) =>
          can('order:update') ? (
            <>
              <Button
                icon="edit"
                variant="minimal"
                aria-label={`${t('orders:order.fix')} ${o.number}`}
                title={t('orders:order.fix')}
                onClick={() => navigate(orderPath(o.id))}
              />
              <Button
                icon="refresh"
                variant="minimal"
                aria-label={`${t('orders:order.retry')} ${o.number}`}
                title={t('orders:order.retry')}
                onClick={() => void retry.run(o)}
              />
            </>
          ) : null
        }
      />
    </Page>
  );
}
