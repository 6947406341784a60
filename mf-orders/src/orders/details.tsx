import { Callout, H3, HTMLTable, Intent } from '@blueprintjs/core';
import type { OrderFieldsFragment } from '../graphql/generated';
import { can, Link, TableScroll, useTranslation } from '../shared-session';
import { count, dateTime, day, euro, StatusTag } from './format';
import { History } from './history';
import { problemsText } from './problems';

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
  const f = (field: string) => t(`orders:order.fields.${field}`);
  return (
    <TableScroll label={label}>
      <HTMLTable compact striped className="kontor-order-table" aria-label={label}>
        <thead>
          <tr>
            <th>#</th>
            <th data-key-column>{f('sku')}</th>
            <th>{f('product')}</th>
            <th className="kontor-number" data-key-column>
              {f('ordered')}
            </th>
            <th className="kontor-number" data-key-column>
              {f('shipped')}
            </th>
            <th className="kontor-number">{f('itemPrice')}</th>
            <th className="kontor-number">{f('vatRate')}</th>
            <th className="kontor-number" data-key-column>
              {f('lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td data-label="#">{item.position}</td>
              <td data-label={f('sku')} data-key-column>
                {item.sku}
              </td>
              <td data-label={f('product')}>{item.name}</td>
              <td className="kontor-number" data-label={f('ordered')} data-key-column>
                {count(item.orderedQuantity)}
              </td>
              <td className="kontor-number" data-label={f('shipped')} data-key-column>
                {count(item.shippedQuantity)}
              </td>
              <td className="kontor-number" data-label={f('itemPrice')}>
                {euro(item.itemPrice)}
              </td>
              <td className="kontor-number" data-label={f('vatRate')}>
                {item.vatRate} %
              </td>
              <td className="kontor-number" data-label={f('lineTotal')} data-key-column>
                {euro(item.lineTotal)}
              </td>
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
  const f = (field: string) => t(`orders:order.fields.${field}`);
  return (
    <TableScroll label={label}>
      <HTMLTable compact striped className="kontor-order-table" aria-label={label}>
        <thead>
          <tr>
            <th>{f('shippedAt')}</th>
            <th data-key-column>{f('trackingNumber')}</th>
            <th className="kontor-number">{f('weightKg')}</th>
            <th data-key-column>{f('contents')}</th>
          </tr>
        </thead>
        <tbody>
          {order.packages.map((p) => (
            <tr key={p.id}>
              <td data-label={f('shippedAt')}>{p.shippedAt ? dateTime(p.shippedAt) : ''}</td>
              <td data-label={f('trackingNumber')} data-key-column>
                {p.trackingNumber}
              </td>
              <td className="kontor-number" data-label={f('weightKg')}>
                {p.weightKg === null || p.weightKg === undefined ? '' : count(p.weightKg)}
              </td>
              <td data-label={f('contents')} data-key-column>
                {p.items.map((i) => `${count(i.quantity)} × ${i.item.sku}`).join(', ')}
              </td>
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
            <th data-key-column>{t('orders:order.fields.key')}</th>
            <th data-key-column>{t('orders:order.fields.value')}</th>
          </tr>
        </thead>
        <tbody>
          {order.attributes.map((a) => (
            <tr key={a.key}>
              <td data-label={t('orders:order.fields.key')} data-key-column>
                {a.key}
              </td>
              <td data-label={t('orders:order.fields.value')} data-key-column>
                {a.value}
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
          {problemsText(order)}
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
