import { Callout, H3, HTMLTable, Intent } from '@blueprintjs/core';
import type { OrderFieldsFragment } from '../graphql/generated';
import { can, i18n, Link, TableScroll, useTranslation } from '../shared-session';
import { count, dateTime, day, euro, StatusTag } from './format';

type Order = OrderFieldsFragment;
type Address = Order['shippingAddress'];

/** An address as a label prints it, one line per part. */
export function addressLines(a: Address): string {
  const name = [a.prefix, a.firstName, a.middleName, a.lastName, a.suffix]
    .filter(Boolean)
    .join(' ');
  return [
    a.company,
    name,
    `${a.street} ${a.houseNumber}`.trim(),
    a.additionalLines,
    `${a.postcode} ${a.city}`.trim(),
    [a.state, a.countryCode].filter(Boolean).join(', '),
    a.email,
    a.phone,
  ]
    .filter((line) => line && line.trim())
    .join('\n');
}

/** Subtotal, VAT and total as the server computed them. */
export function OrderTotals({ order }: { order: Pick<Order, 'subtotal' | 'vat' | 'total'> }) {
  const { t } = useTranslation('orders');
  return (
    <dl className="kontor-order-totals" aria-label={t('orders:order.sections.totals')}>
      <dt>{t('orders:order.fields.subtotal')}</dt>
      <dd>{euro(order.subtotal)}</dd>
      <dt>{t('orders:order.fields.vat')}</dt>
      <dd>{euro(order.vat)}</dd>
      <dt className="kontor-order-grand">{t('orders:order.fields.total')}</dt>
      <dd className="kontor-order-grand">{euro(order.total)}</dd>
    </dl>
  );
}

/** The positions: ordered and shipped quantity, price, VAT rate and line total. */
function ItemsTable({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const label = t('orders:order.sections.items');
  return (
    <TableScroll label={label}>
      <HTMLTable compact striped className="kontor-order-table" aria-label={label}>
        <thead>
          <tr>
            <th>#</th>
            <th>{t('orders:order.fields.sku')}</th>
            <th>{t('orders:order.fields.product')}</th>
            <th className="kontor-number">{t('orders:order.fields.ordered')}</th>
            <th className="kontor-number">{t('orders:order.fields.shipped')}</th>
            <th className="kontor-number">{t('orders:order.fields.itemPrice')}</th>
            <th className="kontor-number">{t('orders:order.fields.vatRate')}</th>
            <th className="kontor-number">{t('orders:order.fields.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td>{item.position}</td>
              <td>{item.sku}</td>
              <td>{item.name}</td>
              <td className="kontor-number">{count(item.orderedQuantity)}</td>
              <td className="kontor-number">{count(item.shippedQuantity)}</td>
              <td className="kontor-number">{euro(item.itemPrice)}</td>
              <td className="kontor-number">{item.vatRate} %</td>
              <td className="kontor-number">{euro(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/** The packages shipped so far, with tracking numbers and what each holds. */
function Packages({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const label = t('orders:order.sections.packages');
  if (order.packages.length === 0) return <p>{t('orders:order.noPackages')}</p>;
  return (
    <TableScroll label={label}>
      <HTMLTable compact striped className="kontor-order-table" aria-label={label}>
        <thead>
          <tr>
            <th>{t('orders:order.fields.shippedAt')}</th>
            <th>{t('orders:order.fields.trackingNumber')}</th>
            <th className="kontor-number">{t('orders:order.fields.weightKg')}</th>
            <th>{t('orders:order.fields.contents')}</th>
          </tr>
        </thead>
        <tbody>
          {order.packages.map((p) => (
            <tr key={p.id}>
              <td>{p.shippedAt ? dateTime(p.shippedAt) : ''}</td>
              <td>{p.trackingNumber}</td>
              <td className="kontor-number">{p.weightKg ?? ''}</td>
              <td>{p.items.map((i) => `${count(i.quantity)} × ${i.item.sku}`).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/** The order's free key–value data. */
function Attributes({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  if (order.attributes.length === 0) return <p>{t('orders:order.noAttributes')}</p>;
  return (
    <TableScroll label={t('orders:order.sections.attributes')}>
      <HTMLTable
        compact
        striped
        className="kontor-order-table"
        aria-label={t('orders:order.sections.attributes')}
      >
        <thead>
          <tr>
            <th>{t('orders:order.fields.key')}</th>
            <th>{t('orders:order.fields.value')}</th>
          </tr>
        </thead>
        <tbody>
          {order.attributes.map((a) => (
            <tr key={a.key}>
              <td>{a.key}</td>
              <td>{a.value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/** A detail's value in one line (lists joined, objects as `key: value`). */
function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(plain).filter(Boolean).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(
        ([key, inner]) =>
          `${i18n.t(`orders:order.detailKeys.${key}`, { defaultValue: key })}: ${plain(inner)}`,
      )
      .join(', ');
  return String(value);
}

/**
 * The server's detail of an event (JSON text): its reason or message when it has one (a
 * fulfillment error), else its fields in one line.
 */
export function detailText(detail: string | null): string {
  if (!detail) return '';
  let value: unknown;
  try {
    value = JSON.parse(detail);
  } catch {
    return detail;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    // A cancelled picklist gave the order back (the server's reason is its English fallback).
    if (typeof record.picklist === 'string' && typeof record.reason === 'string')
      return i18n.t('orders:order.picklistCancelled', { number: record.picklist });
    for (const key of ['reason', 'error', 'message'])
      if (typeof record[key] === 'string') return record[key] as string;
    // A fulfillment error: its problems' messages.
    if (Array.isArray(record.problems))
      return (record.problems as { message?: string }[]).map((p) => p.message ?? '').join(' ');
    // An edit: the fields it changed, by their labels.
    if (Array.isArray(record.changed))
      return (record.changed as string[])
        .map((key) => i18n.t(`orders:order.changedFields.${key}`, { defaultValue: key }))
        .join(', ');
  }
  const text = plain(value);
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/** What an event says beyond its kind: the status change, or the server's detail. */
function EventText({ event }: { event: Order['history'][number] }) {
  const { t } = useTranslation('orders');
  const status = (s: string) => t(`orders:order.status.${s.toUpperCase()}`, { defaultValue: s });
  const change =
    event.fromStatus && event.toStatus
      ? `${status(event.fromStatus)} → ${status(event.toStatus)}`
      : event.toStatus
        ? status(event.toStatus)
        : '';
  return <>{[change, detailText(event.detail)].filter(Boolean).join(' · ')}</>;
}

/** Every creation, edit and status change, oldest first, with user and time. */
function History({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <TableScroll label={t('orders:order.sections.history')}>
      <HTMLTable
        compact
        striped
        className="kontor-order-table"
        aria-label={t('orders:order.sections.history')}
      >
        <thead>
          <tr>
            <th>{t('orders:order.fields.at')}</th>
            <th>{t('orders:order.fields.event')}</th>
            <th>{t('orders:order.fields.eventDetail')}</th>
            <th>{t('orders:order.fields.user')}</th>
          </tr>
        </thead>
        <tbody>
          {order.history.map((event) => (
            <tr key={event.id}>
              <td>{dateTime(event.at)}</td>
              <td>{t(`orders:order.events.${event.kind}`, { defaultValue: event.kind })}</td>
              <td>
                <EventText event={event} />
              </td>
              <td>
                {event.actingUserName && event.actingUserName !== event.userName
                  ? `${event.userName ?? ''} (${event.actingUserName})`
                  : (event.userName ?? '')}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

/**
 * The order's shop: the shop connection it came from (a link to its page for those who may
 * see shops), else the shop the form or file named.
 */
function OrderShop({ order }: { order: Order }) {
  const connection = order.shopConnection;
  if (!connection) return <>{order.shop}</>;
  return can('shop:view') ? (
    <Link to={`/administration/shops/connections/${connection.id}`}>{connection.name}</Link>
  ) : (
    <>{connection.name}</>
  );
}

/**
 * The order's status, client, shop, date, method, department, fulfillment error and a change
 * in the shop that could not be applied, above everything.
 */
export function OrderHeader({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <>
      <div className="kontor-order-header">
        <strong>{order.number}</strong>
        <StatusTag status={order.status} />
        <span>
          {t('orders:order.fields.client')}: {order.client.name}
        </span>
        {order.shop || order.shopConnection ? (
          <span>
            {t('orders:order.fields.shop')}: <OrderShop order={order} />
          </span>
        ) : null}
        <span>
          {t('orders:order.fields.orderDate')}: {day(order.orderDate)}
        </span>
        {order.shippingMethod ? (
          <span>
            {t('orders:order.fields.shippingMethod')}: {order.shippingMethod.name}
          </span>
        ) : null}
        {order.department ? (
          <span>
            {t('orders:order.fields.department')}:{' '}
            {`${order.department.name} (${order.department.customerNumber})`}
          </span>
        ) : null}
      </div>
      {order.fulfillmentError ? (
        <Callout
          intent={Intent.DANGER}
          icon="error"
          title={t('orders:order.fields.fulfillmentError')}
        >
          {order.fulfillmentError}
          {order.fulfillmentErrorAt ? ` (${dateTime(order.fulfillmentErrorAt)})` : ''}
        </Callout>
      ) : null}
      {order.shopConflict ? (
        <Callout
          intent={Intent.WARNING}
          icon="warning-sign"
          title={t('orders:order.fields.shopConflict')}
        >
          {order.shopConflict}
        </Callout>
      ) : null}
    </>
  );
}

/**
 * The details of an order: `full` adds the addresses, positions and totals (a read-only
 * order); an editable order's form shows those itself and this adds packages, attributes
 * and history.
 */
export function OrderDetails({ order, full }: { order: Order; full: boolean }) {
  const { t } = useTranslation('orders');
  return (
    <div className="kontor-order-details">
      {full ? (
        <>
          <section className="kontor-order-addresses">
            <div>
              <H3>{t('orders:order.sections.shipping')}</H3>
              <address>{addressLines(order.shippingAddress)}</address>
            </div>
            <div>
              <H3>{t('orders:order.sections.billing')}</H3>
              <address>{addressLines(order.billingAddress)}</address>
            </div>
          </section>
          <section>
            <H3>{t('orders:order.sections.items')}</H3>
            <ItemsTable order={order} />
          </section>
          <section>
            <H3>{t('orders:order.sections.totals')}</H3>
            <OrderTotals order={order} />
          </section>
        </>
      ) : null}
      <section>
        <H3>{t('orders:order.sections.packages')}</H3>
        <Packages order={order} />
      </section>
      <section>
        <H3>{t('orders:order.sections.attributes')}</H3>
        <Attributes order={order} />
      </section>
      <section>
        <H3>{t('orders:order.sections.history')}</H3>
        <History order={order} />
      </section>
    </div>
  );
}
