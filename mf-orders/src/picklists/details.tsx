import { Button, Callout, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import {
  CancelPicklistDocument,
  PicklistDocument,
  type PicklistFieldsFragment,
} from '../graphql/generated';
import {
  can,
  format,
  graphqlProblem,
  Link,
  Page,
  problemText,
  showToast,
  TableScroll,
  useApolloClient,
  useConfirm,
  useQuery,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { count, dateTime, day } from '../orders/format';
import { DocumentLink } from '../shipments/document-link';
import { PickProgress, PicklistStatusTag } from './common';
import { PickingScreen } from './picking';
import { openOf } from './picking-state';
import './picklists.css';

/**
 * One picklist: a compact head (status, progress, orders), and — while it is open or in
 * progress and the user may pick — the picking screen (picking.tsx) with the lines below it
 * and 'Picklist stornieren' apart at the end; otherwise the lines and what the picklist is.
 * A finished picklist leads on to the packing station. PDF with barcodes and print at the
 * lines; the way back to the list above the heading.
 */
export function PicklistDetails({ route, id }: { route: PageProps['route']; id: string }) {
  const { t } = useTranslation(['orders', 'ui']);
  const client = useApolloClient();
  const { data, loading, error } = useQuery(PicklistDocument, { variables: { id } });
  const picklist = data?.picklist ?? null;
  const { confirm, dialog } = useConfirm();
  const back = { to: '/picklist', label: t('orders:picklist.back') };
  // The last pick done, the scan field is gone: the way on to packing takes the focus, so the
  // keyboard (a scanner's Enter) carries on there instead of from nowhere.
  const onward = useRef<HTMLAnchorElement>(null);
  const status = picklist?.status;
  useEffect(() => {
    const focused = document.activeElement;
    if (status === 'DONE' && (!focused || focused === document.body)) onward.current?.focus();
  }, [status]);

  if (loading && !picklist)
    return (
      <Page title={t(route.pageTitle!)} back={back}>
        <Spinner />
      </Page>
    );
  if (!picklist)
    return (
      <Page title={t(route.pageTitle!)} back={back}>
        <NonIdealState
          icon="search"
          title={error ? problemText(graphqlProblem(error)) : t('orders:picklist.notFound')}
          action={<Link to="/picklist">{t('orders:picklist.back')}</Link>}
        />
      </Page>
    );

  const running = picklist.status === 'OPEN' || picklist.status === 'IN_PROGRESS';
  const pickable = running && can('picklist:pick');

  const cancel = async () => {
    if (
      !(await confirm(
        t('orders:picklist.cancelConfirm', { number: picklist.number }),
        t('orders:picklist.cancel'),
      ))
    )
      return;
    try {
      await client.mutate({
        mutation: CancelPicklistDocument,
        variables: { id: String(picklist.id), version: picklist.version },
      });
      showToast(t('orders:picklist.cancelled', { number: picklist.number }), 'success');
    } catch (failure) {
      showToast(problemText(graphqlProblem(failure)), 'danger');
    }
  };

  const cancelButton =
    running && can('picklist:create') ? (
      <Button
        icon="disable"
        intent={Intent.DANGER}
        variant="outlined"
        text={t('orders:picklist.cancel')}
        onClick={() => void cancel()}
      />
    ) : null;

  return (
    <Page title={`${t(route.pageTitle!)} ${picklist.number}`} back={back}>
      <div className="kontor-pick">
        <PicklistHead picklist={picklist} />
        {pickable ? (
          <PickingScreen picklist={picklist} danger={cancelButton}>
            {(current) => <PicklistLines picklist={picklist} current={current} />}
          </PickingScreen>
        ) : (
          <>
            {picklist.status === 'DONE' || picklist.status === 'CANCELLED' ? (
              <Callout
                intent={picklist.status === 'DONE' ? Intent.SUCCESS : Intent.NONE}
                className="kontor-pick-readonly"
              >
                {t('orders:picklist.readOnly', {
                  status: t(`orders:picklist.status.${picklist.status}`),
                })}
                {picklist.status === 'DONE' ? (
                  <p className="kontor-pick-onward">
                    {t('orders:picklist.packNext')}{' '}
                    <Link
                      ref={onward}
                      to="/shipment/create"
                      className="bp6-button bp6-intent-primary"
                    >
                      {t('orders:picklist.toPacking')}
                    </Link>
                    {picklist.orders
                      .filter((o) => o.status === 'PROCESSING')
                      .map((o) => (
                        <Link
                          key={o.id}
                          to={`/shipment/create?order=${encodeURIComponent(o.number)}`}
                          className="bp6-button bp6-outlined"
                        >
                          {t('orders:picklist.packOrder', { number: o.number })}
                        </Link>
                      ))}
                  </p>
                ) : null}
              </Callout>
            ) : null}
            <PicklistLines picklist={picklist} current={null} />
            {cancelButton ? <div className="kontor-pick-danger">{cancelButton}</div> : null}
          </>
        )}
      </div>
      {dialog}
    </Page>
  );
}

/** Status, progress, orders and who created it, in as few lines as the width allows. */
function PicklistHead({ picklist }: { picklist: PicklistFieldsFragment }) {
  const { t } = useTranslation('orders');
  return (
    <dl className="kontor-pick-head">
      <div className="kontor-pick-status">
        <dt>{t('orders:picklist.fields.status')}</dt>
        <dd>
          <PicklistStatusTag status={picklist.status} />
        </dd>
      </div>
      <div className="kontor-pick-status">
        <dt>{t('orders:picklist.fields.progress')}</dt>
        <dd>
          <PickProgress picked={picklist.pickedCount} total={picklist.lineCount} />
        </dd>
      </div>
      <div>
        <dt>{t('orders:picklist.fields.orders')}</dt>
        <dd className="kontor-pick-orders">
          {picklist.orders.map((o, index) => (
            <span key={o.id}>
              {index > 0 ? ', ' : ''}
              <Link to={`/order/${o.id}/edit`}>{o.number}</Link>
            </span>
          ))}
        </dd>
      </div>
      <div className="kontor-pick-created">
        <dt>{t('orders:picklist.fields.createdAt')}</dt>
        <dd>
          {dateTime(picklist.createdAt)}
          {picklist.createdByName ? ` · ${picklist.createdByName}` : ''}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The lines in walking order (picked ones muted, the current one marked); place, sku,
 * quantity and picked are the key cells.
 */
function PicklistLines({
  picklist,
  current,
}: {
  picklist: PicklistFieldsFragment;
  /** The line place and EAN confirmed (marked), or null. */
  current: string | null;
}) {
  const { t } = useTranslation('orders');
  const label = (key: string) => t(`orders:picklist.fields.${key}`);
  return (
    <section className="kontor-pick-lines-section" aria-label={label('lines')}>
      <div className="kontor-pick-lines-bar">
        <h3 className="bp6-heading">{label('lines')}</h3>
        <DocumentLink
          icon="document"
          href={`/spa/picklists/${picklist.id}.pdf?lang=${format.language}`}
          text={t('orders:picklist.pdf')}
        />
        <Button icon="print" text={t('orders:picklist.print')} onClick={() => window.print()} />
      </div>
      <TableScroll label={label('lines')}>
        <HTMLTable
          compact
          striped
          className="kontor-order-table kontor-pick-lines"
          aria-label={label('lines')}
        >
          <thead>
            <tr>
              <th data-key-column>{label('place')}</th>
              <th data-key-column>{label('sku')}</th>
              <th>{label('product')}</th>
              <th>{label('ean')}</th>
              <th>{label('lot')}</th>
              <th>{label('bestBefore')}</th>
              <th className="kontor-number" data-key-column>
                {label('quantity')}
              </th>
              <th className="kontor-number" data-key-column>
                {label('picked')}
              </th>
              <th>{label('orders')}</th>
            </tr>
          </thead>
          <tbody>
            {picklist.lines.map((l) => (
              <tr
                key={l.id}
                className={
                  openOf(l) === 0
                    ? 'kontor-pick-done'
                    : String(l.id) === current
                      ? 'kontor-pick-current'
                      : undefined
                }
                aria-current={String(l.id) === current ? 'true' : undefined}
              >
                <td className="kontor-nowrap" data-label={label('place')} data-key-column>
                  {l.place.path}
                </td>
                <td data-label={label('sku')} data-key-column>
                  {l.product.sku}
                </td>
                <td data-label={label('product')}>{l.product.name}</td>
                <td data-label={label('ean')}>{l.product.ean}</td>
                <td data-label={label('lot')}>{l.lot}</td>
                <td className="kontor-nowrap" data-label={label('bestBefore')}>
                  {l.bestBefore ? day(l.bestBefore) : ''}
                </td>
                <td className="kontor-number" data-label={label('quantity')} data-key-column>
                  {count(l.quantity)}
                </td>
                <td className="kontor-number" data-label={label('picked')} data-key-column>
                  {count(l.pickedQuantity)}
                  {openOf(l) === 0 ? ' ✓' : ''}
                </td>
                <td data-label={label('orders')}>
                  {l.orders.map((o) => `${o.order.number} (${count(o.quantity)})`).join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
    </section>
  );
}
