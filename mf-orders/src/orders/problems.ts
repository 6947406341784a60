import { messageOf, word } from '../shared-session';

// An order's fulfillment problems in the reader's language (docs/design.md "Words, numbers and
// dates"): the server stores them as messages; an order stored before has only its English
// text (fulfillmentError), shown as it is.

interface StoredMessage {
  key: string;
  params?: string | null;
  text: string;
}

/** Why the order cannot be fulfilled, worded (empty: nothing is wrong). */
export function problemsText(order: {
  fulfillmentError?: string | null;
  fulfillmentProblems?: readonly StoredMessage[] | null;
}): string {
  const problems = order.fulfillmentProblems ?? [];
  if (problems.length === 0) return order.fulfillmentError ?? '';
  return problems.map((problem) => word(messageOf(problem))).join(' ');
}

/** Stored messages worded and joined (a history entry's detail). */
export const messagesText = (messages: readonly StoredMessage[]): string =>
  messages.map((message) => word(messageOf(message))).join(' ');
