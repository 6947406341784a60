import { isMessageKey, type Message } from '@kontor/contracts';
import { messageOut, storedText } from '../graphql/message';
import type { Order, OrderEvent } from './orders';

// What an order's page words in the reader's language (docs/design.md "Words, numbers and
// dates"): its fulfillment problems and the details of its history, as catalogue messages.
// Rows stored before the messages were kept show their stored English text.

type MessageOut = ReturnType<typeof messageOut>;

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Message).key === 'string' &&
  isMessageKey((value as Message).key);

/** Why the order cannot be fulfilled, one message a problem (null: nothing is wrong). */
export function fulfillmentMessages(
  order: Pick<Order, 'fulfillmentError' | 'fulfillmentProblems'>,
): MessageOut[] | null {
  if (order.fulfillmentError === null) return null;
  const problems = (order.fulfillmentProblems ?? []).filter(isMessage);
  return (problems.length > 0 ? problems : [storedText(order.fulfillmentError)]).map(messageOut);
}

/** The messages of an event's detail that the server words (empty: the page shows the detail). */
export function eventMessages(event: Pick<OrderEvent, 'kind' | 'detail'>): MessageOut[] {
  const detail = event.detail;
  if (detail === null || typeof detail !== 'object' || Array.isArray(detail)) return [];
  const d = detail as Record<string, unknown>;
  const messages: Message[] = [];
  if (event.kind === 'fulfillment_error') {
    const problems = Array.isArray(d.problems) ? (d.problems as { text?: unknown }[]) : [];
    const texts = problems.map((p) => p.text).filter(isMessage);
    if (texts.length > 0 && texts.length === problems.length) messages.push(...texts);
    else if (typeof d.reason === 'string') messages.push(storedText(d.reason));
  } else if (event.kind === 'shipment' && typeof d.packages === 'number') {
    messages.push({
      key: 'history.order.shipped',
      params: { count: d.packages, quantity: Number(d.quantity ?? 0) },
    });
    const numbers = Array.isArray(d.trackingNumbers) ? d.trackingNumbers.map(String) : [];
    if (numbers.length > 0)
      messages.push({ key: 'history.order.tracking', params: { numbers: numbers.join(', ') } });
  } else if (typeof d.picklist === 'string') {
    messages.push({
      key:
        typeof d.reason === 'string' ? 'history.order.picklistCancelled' : 'history.order.picklist',
      params: { number: d.picklist },
    });
  } else if (typeof d.shop === 'string' && event.kind === 'created') {
    messages.push({
      key: 'history.order.fromShop',
      params: { shop: d.shop, order: String(d.shopOrderId ?? '') },
    });
  } else if (typeof d.shop === 'string' && event.kind === 'updated') {
    messages.push({ key: 'history.order.shopUpdate', params: { shop: d.shop } });
  }
  return messages.map(messageOut);
}
