import { Button, Callout, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { CreatePicklistMutation } from '../graphql/generated';
import { Link, navigate, useTranslation } from '../shared-session';
import { orderPath } from '../orders/format';
import { messagesText, problemsText } from '../orders/problems';
import { picklistPath } from './common';

export type Created = CreatePicklistMutation['createPicklist'];
type Skipped = Created['skipped'][number];

/**
 * What a new picklist's answer says (the dialog of 'Picklist erstellen' and of the orders
 * chosen in the orders list): the picklist made, every order that went to the fulfillment
 * errors with its reason, and every order left out with why (its fulfillment problem, its
 * status, the filters, another picklist) — each a link to the order, where it is fixed.
 */
export function PicklistCreated({ created, onClose }: { created: Created; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'ui']);
  const { picklist, errors, skipped, skippedTotal } = created;
  const reasons = errors.length + skipped.length > 0;
  const more = skippedTotal - skipped.length;
  /** Why an order was left out, in the user's language (a fulfillment problem as the order has it). */
  const why = (s: Skipped) =>
    s.rule === 'FULFILLMENT'
      ? t('orders:picklist.skip.FULFILLMENT', { reason: problemsText(s.order) })
      : t(`orders:picklist.skip.${s.rule}`, {
          status: t(`orders:order.status.${s.order.status}`),
        });
  return (
    <>
      <DialogBody>
        <Callout
          intent={picklist ? Intent.SUCCESS : Intent.WARNING}
          role="status"
          className="kontor-pick-created"
        >
          {picklist
            ? t('orders:picklist.created', { number: picklist.number, count: picklist.orderCount })
            : reasons
              ? t('orders:picklist.noneCreated')
              : t('orders:picklist.noneMatched')}
        </Callout>
        {errors.length > 0 ? (
          <section aria-label={t('orders:picklist.errorsTitle')}>
            <h4 className="bp6-heading">{t('orders:picklist.errorsTitle')}</h4>
            <ul className="kontor-pick-errors">
              {errors.map((e) => (
                <li key={e.order.id}>
                  <Link to={orderPath(e.order.id)}>{e.order.number}</Link>:{' '}
                  {e.problems?.length ? messagesText(e.problems) : e.reason}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {skipped.length > 0 ? (
          <section aria-label={t('orders:picklist.skippedTitle')}>
            <h4 className="bp6-heading">{t('orders:picklist.skippedTitle')}</h4>
            <ul className="kontor-pick-errors kontor-pick-skipped">
              {skipped.map((s) => (
                <li key={s.order.id}>
                  <Link to={orderPath(s.order.id)}>{s.order.number}</Link>: {why(s)}
                </li>
              ))}
              {more > 0 ? <li>{t('orders:picklist.skippedMore', { count: more })}</li> : null}
            </ul>
          </section>
        ) : null}
        {errors.length > 0 || skipped.some((s) => s.rule === 'FULFILLMENT') ? (
          <Link to="/order/error">{t('orders:picklist.toErrors')}</Link>
        ) : picklist ? (
          <p>{t('orders:picklist.noErrors')}</p>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('orders:picklist.close')} onClick={onClose} />
            {picklist ? (
              <Button
                autoFocus
                intent={Intent.PRIMARY}
                text={t('orders:picklist.open')}
                onClick={() => navigate(picklistPath(picklist.id))}
              />
            ) : null}
          </>
        }
      />
    </>
  );
}
