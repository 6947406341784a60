// The catalogue of every text the server stores or sends by key: refusals, fulfillment
// problems, history events, ledger comments, import reasons, job titles, notifications
// (docs/design.md "Words, numbers and dates"). One file an area; each key once.
import type { Formatter } from '../format';
import { common } from './common';
import { refusalsAdmin } from './refusals-admin';
import { refusalsOrders } from './refusals-orders';
import { refusalsRecords } from './refusals-records';
import { refusalsWarehouse } from './refusals-warehouse';
import { fulfillment } from './fulfillment';
import { history } from './history';
import { ledger } from './ledger';
import { imports } from './imports';
import { jobs } from './jobs';
import { notifications } from './notifications';
import { stocktaking } from './stocktaking';
import { wordWith, type Catalogue, type Message, type ParamsOf } from './words';

export * from './words';

export const MESSAGES = {
  ...common,
  ...refusalsRecords,
  ...refusalsAdmin,
  ...refusalsOrders,
  ...refusalsWarehouse,
  ...fulfillment,
  ...history,
  ...ledger,
  ...imports,
  ...jobs,
  ...notifications,
  ...stocktaking,
} as const satisfies Catalogue;

export type MessageKey = keyof typeof MESSAGES;

/** A message by its key; the key must be in the catalogue and the parameters its text's. */
export function msg<K extends MessageKey>(
  key: K,
  ...params: ParamsOf<(typeof MESSAGES)[K]>
): Message {
  return params[0] === undefined ? { key } : { key, params: params[0] };
}

/** Whether a string is a key of the catalogue. */
export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(MESSAGES, key);

/** The message in the formatter's language (see `wordWith`). */
export const wordMessage = (message: Message, formatter: Formatter): string =>
  wordWith(MESSAGES, message, formatter);
