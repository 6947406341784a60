import { HTMLTable } from '@blueprintjs/core';
import type { OrderFieldsFragment } from '../graphql/generated';
import { i18n, TableScroll, useTranslation, word } from '../shared-session';
import { dateTime } from './format';
import { messagesText } from './problems';

// An order's history on its page: every creation, edit and status change with what the
// server noted about it (a fulfillment error's reason, the fields an edit changed).

type Order = OrderFieldsFragment;

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
  const detail =
    event.messages.length > 0 ? messagesText(event.messages) : detailText(event.detail);
  return <>{[change, detail].filter(Boolean).join(' · ')}</>;
}

/** Every creation, edit and status change, oldest first, with user and time. */
export function History({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const f = (field: string) => t(`orders:order.fields.${field}`);
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
            <th>{f('at')}</th>
            <th data-key-column>{f('event')}</th>
            <th data-key-column>{f('eventDetail')}</th>
            <th>{f('user')}</th>
          </tr>
        </thead>
        <tbody>
          {order.history.map((event) => (
            <tr key={event.id}>
              <td data-label={f('at')}>{dateTime(event.at)}</td>
              <td data-label={f('event')} data-key-column>
                {word({ key: `history.order.${event.kind}`, text: event.kind })}
              </td>
              <td data-label={f('eventDetail')} data-key-column>
                <EventText event={event} />
              </td>
              <td data-label={f('user')}>
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
