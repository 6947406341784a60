import { isMessageKey, msg, type Message, type MessageKey } from '@kontor/contracts';
import { storedText } from '../graphql/message';
import type { RejectedRow } from './kinds';

// Why an import rejected a row, in the reader's language (docs/design.md "Words, numbers and
// dates"): the field's own message when its rule gave one, else the rule's text named by the
// file's column (`Nettopreis: keine Zahl.`), else the English reason stored with the report.

/** The field rules an import words by itself (`import.rule.<rule>` of the catalogue). */
export const IMPORT_RULES = [
  'required',
  'max',
  'min',
  'email',
  'postcode',
  'unique',
  'exists',
  'format',
  'date',
  'day',
  'id',
  'characters',
  'url',
  'in',
  'distinct',
  'numeric',
  'boolean',
  'decimals',
  'integer',
  'between',
  'minValue',
  'maxValue',
  'gtin',
  'gtinCheckDigit',
  'cas',
  'casCheckDigit',
  'unNumber',
  'hazardIdNumber',
  'country',
  'customerNumber',
  'type',
  'invalid',
] as const;

/** Rules named otherwise in the code that read like one of IMPORT_RULES. */
const SAME_AS: Record<string, (typeof IMPORT_RULES)[number]> = {
  wholeNumber: 'integer',
  numberMin: 'minValue',
  numberMax: 'maxValue',
  oneOf: 'in',
};

/** A rejected row's reason as a message. */
export function importReason(
  row: Pick<RejectedRow, 'rule' | 'reason' | 'params' | 'field'> & {
    column?: string;
    text?: Message;
  },
): Message {
  if (row.text && isMessageKey(row.text.key)) return row.text;
  const rule = SAME_AS[row.rule] ?? row.rule;
  const key = `import.rule.${rule}`;
  if (!isMessageKey(key)) return storedText(row.reason);
  const column = row.column || row.field;
  if (rule === 'max' || rule === 'min') {
    const limit = row.params?.[rule];
    if (typeof limit !== 'number') return storedText(row.reason);
    return rule === 'max'
      ? msg('import.rule.max', { column, max: limit })
      : msg('import.rule.min', { column, min: limit });
  }
  return { key: key satisfies MessageKey, params: { column } };
}
