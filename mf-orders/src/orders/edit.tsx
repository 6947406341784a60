import { Button, Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { OrderDocument, RetryOrderDocument, type OrderFieldsFragment } from '../graphql/generated';
import {
  can,
  i18n,
  Page,
  queryState,
  RecordPage,
  showToast,
  useMutation,
  useQuery,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { actionLook, mayRun, refusalText, useOrderActions, type OrderAction } from './actions';
import { OrderDetails, OrderHeader } from './details';
import { OrderForm } from './form';
import './orders.css';

type Order = OrderFieldsFragment;

/** The way back from an order's page: its list. */
const orderListBack = () => ({ to: '/orders', label: i18n.t('orders:order.backToList') });

/** The status changes an order in this status allows (docs/domain.md "Outbound"). */
function actionsFor(order: Order): OrderAction[] {
  switch (order.status) {
    case 'PENDING':
    case 'PROCESSING':
      return ['hold', 'cancel'];
    case 'ON_HOLD':
      return ['release', 'cancel'];
    default:
      return [];
  }
}

/** Runs the fulfillment checks again and says what they found. */
export function useRetry() {
  const { t } = useTranslation('orders');
  const [retry, { loading }] = useMutation(RetryOrderDocument);
  const run = async (order: Pick<Order, 'id' | 'number'>) => {
    try {
      const result = await retry({ variables: { id: String(order.id) } });
      const after = result.data?.retryOrder;
      if (!after) return null;
      if (after.fulfillmentError)
        showToast(
          t('orders:order.done.retryFailed', {
            number: order.number,
            reason: after.fulfillmentError,
          }),
          'danger',
        );
      else showToast(t('orders:order.done.retryOk', { number: order.number }), 'success');
      return after.version;
    } catch (error) {
      showToast(refusalText(error), 'danger');
      return null;
    }
  };
  return { run, loading };
}

/**
 * One order: while pending or on hold (and with order:update) its form, else its details
 * read-only; always the packages, attributes and history, and the status actions the order
 * allows. The edit keeps the version it started from, so someone else's save meanwhile makes
 * it stale (refused) instead of being overwritten; this page's own actions move it on.
 */
function OrderScreen({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'ui']);
  const { run, dialog } = useOrderActions();
  const retry = useRetry();
  const [version, setVersion] = useState(order.version);
  const canEdit = order.editable && can('order:update');
  const act = async (action: OrderAction) => {
    // The answer is the order with its new version (the cache shows it); the form goes on from it.
    const changed = (await run(action, [order]))?.find((o) => String(o.id) === String(order.id));
    if (changed) setVersion(changed.version);
  };
  // The page names the order; one that can no longer be edited (or not by this user) is
  // titled as the read-only record it is.
  const title = t(canEdit ? 'orders:order.titleEdit' : 'orders:order.titleView', {
    number: order.number,
  });
  return (
    <Page
      title={title}
      back={orderListBack()}
      actions={
        <>
          {actionsFor(order)
            .filter(mayRun)
            .map((action) => (
              <Button
                key={action}
                {...actionLook(action)}
                variant="outlined"
                text={t(`orders:order.${action}`)}
                onClick={() => void act(action)}
              />
            ))}
          {order.fulfillmentError && can('order:update') ? (
            <Button
              icon="refresh"
              variant="outlined"
              loading={retry.loading}
              text={t('orders:order.retry')}
              onClick={async () => {
                const after = await retry.run(order);
                if (after !== null) setVersion(after);
              }}
            />
          ) : null}
        </>
      }
    >
      <OrderHeader order={order} />
      {canEdit ? (
        <OrderForm
          // A new form when the order is reloaded as another record.
          key={order.id}
          order={order}
          version={version}
          onSaved={(saved) => setVersion(saved.version)}
        />
      ) : (
        <Callout intent={Intent.PRIMARY} icon="lock" className="kontor-order-readonly">
          {order.editable
            ? t('orders:order.readOnlyPermission')
            : t('orders:order.readOnly', { status: t(`orders:order.status.${order.status}`) })}
        </Callout>
      )}
      <OrderDetails order={order} full={!canEdit} />
      {dialog}
    </Page>
  );
}

/** /order/:id/edit: the order of the route, its spinner, or 'not found'. */
export function OrderEditPage({ route, params }: PageProps) {
  const { t } = useTranslation();
  const loaded = queryState(useQuery(OrderDocument, { variables: { id: params.id ?? '' } }));
  return (
    <RecordPage
      title={t(route.pageTitle ?? '')}
      back={orderListBack()}
      query={loaded}
      pick={(data) => data.order}
    >
      {(order) => <OrderScreen order={order} />}
    </RecordPage>
  );
}

/** /order/create: the empty form. */
export function OrderCreatePage({ route }: PageProps) {
  const { t } = useTranslation();
  return (
    <Page title={t(route.pageTitle ?? '')} back={orderListBack()}>
      <OrderForm />
    </Page>
  );
}
