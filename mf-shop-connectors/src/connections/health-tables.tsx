// The tables of a connection's health: the orders not taken, the push-backs, the conflicts
// and the latest requests. Each cell is labelled with its column and the key ones marked, so
// a narrow screen shows each row as a card with what matters first.
import { Button, H3, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import {
  RetryShopDeadLetterDocument,
  RetryShopPushesDocument,
  type ShopConnectionHealthQuery,
} from '../graphql/generated';
import {
  can,
  graphqlProblem,
  Link,
  problemText,
  showToast,
  TableScroll,
  useMutation,
  useTranslation,
} from '../shared-session';
import { count, dateTime } from './format';

type Connection = NonNullable<ShopConnectionHealthQuery['shopConnection']>;

/** A column of a health table: its title, and whether it is one a user comes for. */
interface Header {
  title: string;
  key?: boolean;
}

/**
 * A cell of a health table: labelled with its column (a narrow screen shows each row as a
 * card, the label beside the value), a key column's cell marked to come first and large.
 */
function Cell({
  column,
  className,
  children,
}: {
  column: Header;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <td
      className={className}
      data-label={column.title}
      data-key-column={column.key ? '' : undefined}
    >
      {children}
    </td>
  );
}

/** A titled table section; 'Keine Einträge' when it has no rows. */
function TableSection({
  title,
  empty,
  headers,
  actions,
  children,
}: {
  title: string;
  empty: boolean;
  headers: Header[];
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <section className="kontor-shop-health-section">
      <header className="kontor-shop-health-header">
        <H3>{title}</H3>
        {actions}
      </header>
      {empty ? (
        <p className="bp6-text-muted">{t('common:empty')}</p>
      ) : (
        <TableScroll label={title}>
          <HTMLTable compact striped aria-label={title}>
            <thead>
              <tr>
                {headers.map((header) => (
                  <th key={header.title} data-key-column={header.key ? '' : undefined}>
                    {header.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </HTMLTable>
        </TableScroll>
      )}
    </section>
  );
}

/** Orders of the shop that could not be taken, with the reason and 'Erneut versuchen'. */
export function DeadLetters({ connection }: { connection: Connection }) {
  const { t } = useTranslation('shops');
  const [retry] = useMutation(RetryShopDeadLetterDocument);
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, number: string) => {
    setBusy(id);
    try {
      await retry({ variables: { id } });
      showToast(t('shops:toasts.deadLetterRetried', { number }), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    } finally {
      setBusy(null);
    }
  };
  const mayRetry = can('shop:sync');
  const number = { title: t('shops:fields.externalNumber'), key: true };
  const reason = { title: t('shops:fields.reason'), key: true };
  const attempts = { title: t('shops:fields.attempts') };
  const lastAt = { title: t('shops:fields.lastAt') };
  const actions = { title: t('shops:fields.actions') };
  return (
    <TableSection
      title={t('shops:health.deadLetters')}
      empty={connection.deadLetters.length === 0}
      headers={[number, reason, attempts, lastAt, ...(mayRetry ? [actions] : [])]}
    >
      {connection.deadLetters.map((letter) => (
        <tr key={letter.id}>
          <Cell column={number}>{letter.externalNumber || letter.externalId}</Cell>
          <Cell column={reason} className="kontor-shop-reason">
            {letter.reason}
          </Cell>
          <Cell column={attempts}>{count(letter.attempts)}</Cell>
          <Cell column={lastAt}>{dateTime(letter.lastAt)}</Cell>
          {mayRetry ? (
            <Cell column={actions} className="kontor-row-actions">
              <Button
                size="small"
                icon="repeat"
                text={t('shops:actions.retry')}
                aria-label={`${t('shops:actions.retry')}: ${letter.externalNumber || letter.externalId}`}
                loading={busy === letter.id}
                onClick={() => void run(String(letter.id), letter.externalNumber)}
              />
            </Cell>
          ) : null}
        </tr>
      ))}
    </TableSection>
  );
}

/** The push-backs (tracking and shipped state); failed ones are sent again on request. */
export function Pushes({ connection }: { connection: Connection }) {
  const { t } = useTranslation('shops');
  const [retry, { loading }] = useMutation(RetryShopPushesDocument);
  const failed = connection.pushes.some((push) => push.lastError && !push.doneAt);
  const run = async () => {
    try {
      await retry({ variables: { id: String(connection.id) } });
      showToast(t('shops:toasts.pushesRetried'), 'success');
    } catch (error) {
      showToast(problemText(graphqlProblem(error)), 'danger');
    }
  };
  const order = { title: t('shops:fields.order'), key: true };
  const state = { title: t('shops:fields.state'), key: true };
  const attempts = { title: t('shops:fields.attempts') };
  const createdAt = { title: t('shops:fields.createdAt') };
  const doneAt = { title: t('shops:fields.doneAt') };
  const lastError = { title: t('shops:fields.lastError'), key: true };
  return (
    <TableSection
      title={t('shops:health.pushes')}
      empty={connection.pushes.length === 0}
      headers={[order, state, attempts, createdAt, doneAt, lastError]}
      actions={
        failed && can('shop:sync') ? (
          <Button
            icon="repeat"
            text={t('shops:actions.retryPushes')}
            loading={loading}
            onClick={() => void run()}
          />
        ) : null
      }
    >
      {connection.pushes.map((push) => (
        <tr key={push.id}>
          <Cell column={order}>
            <Link to={`/order/${push.orderId}/edit`}>{push.orderNumber}</Link>
          </Cell>
          <Cell column={state}>
            <Tag
              minimal
              intent={push.doneAt ? Intent.SUCCESS : push.lastError ? Intent.DANGER : Intent.NONE}
            >
              {t(`shops:pushStates.${push.state}`, { defaultValue: push.state })}
            </Tag>
          </Cell>
          <Cell column={attempts}>{count(push.attempts)}</Cell>
          <Cell column={createdAt}>{dateTime(push.createdAt)}</Cell>
          <Cell column={doneAt}>{push.doneAt ? dateTime(push.doneAt) : '—'}</Cell>
          <Cell column={lastError} className="kontor-shop-reason">
            {push.lastError ?? ''}
          </Cell>
        </tr>
      ))}
    </TableSection>
  );
}

/** Orders whose change in the shop Kontor could not apply (picked or packed already). */
export function Conflicts({ connection }: { connection: Connection }) {
  const { t } = useTranslation('shops');
  const order = { title: t('shops:fields.order'), key: true };
  const what = { title: t('shops:fields.conflict'), key: true };
  const at = { title: t('shops:fields.at') };
  return (
    <TableSection
      title={t('shops:health.conflicts')}
      empty={connection.conflicts.length === 0}
      headers={[order, what, at]}
    >
      {connection.conflicts.map((conflict) => (
        <tr key={`${conflict.orderId}-${conflict.at}`}>
          <Cell column={order}>
            <Link to={`/order/${conflict.orderId}/edit`}>{conflict.orderNumber}</Link>
          </Cell>
          <Cell column={what} className="kontor-shop-reason">
            {conflict.conflict}
          </Cell>
          <Cell column={at}>{dateTime(conflict.at)}</Cell>
        </tr>
      ))}
    </TableSection>
  );
}

/** The latest requests to the shop: time, method, path, status, duration. */
export function Requests({ connection }: { connection: Connection }) {
  const { t } = useTranslation('shops');
  const at = { title: t('shops:fields.at'), key: true };
  const method = { title: t('shops:fields.method') };
  const path = { title: t('shops:fields.path') };
  const status = { title: t('shops:fields.httpStatus'), key: true };
  const duration = { title: t('shops:fields.duration'), key: true };
  return (
    <TableSection
      title={t('shops:health.requests')}
      empty={connection.requests.length === 0}
      headers={[at, method, path, status, duration]}
    >
      {connection.requests.map((request, i) => (
        <tr key={`${request.at}-${i}`}>
          <Cell column={at}>{dateTime(request.at)}</Cell>
          <Cell column={method}>{request.method}</Cell>
          <Cell column={path} className="kontor-shop-path">
            <code>{request.path}</code>
          </Cell>
          <Cell column={status}>
            <Tag
              minimal
              intent={
                request.status >= 200 && request.status < 400 ? Intent.SUCCESS : Intent.DANGER
              }
              title={request.error ?? undefined}
            >
              {request.status === 0 ? t('shops:health.noAnswer') : request.status}
            </Tag>
            {request.error ? <span className="kontor-shop-reason"> {request.error}</span> : null}
          </Cell>
          <Cell column={duration} className="kontor-number">
            {t('shops:health.milliseconds', { count: request.durationMs })}
          </Cell>
        </tr>
      ))}
    </TableSection>
  );
}
