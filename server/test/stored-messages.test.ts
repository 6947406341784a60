import {
  formatterFor,
  isMessageKey,
  MESSAGES,
  placeholdersOf,
  wordMessage,
  type Message,
} from '@kontor/contracts';
// The whole server: every module that defines a job kind is loaded (jobKinds() sees them all).
import '../src/app';
import { AVIS_EVENT_KINDS } from '../src/avis/avis';
import { IMPORT_RULES, importReason } from '../src/jobs/import-reasons';
import { JOB_END_STATES, jobEndText, jobOutcome, type JobRecord } from '../src/jobs/jobs';
import { jobKinds } from '../src/jobs/kinds';
import { eventMessages, fulfillmentMessages } from '../src/orders/messages';
import {
  FULFILLMENT_RULES,
  fulfillmentProblems,
  ORDER_EVENT_KINDS,
  type FulfillmentFacts,
} from '../src/orders/orders';

// Every kind of text the server stores by key has its key in the catalogue (issue 31, docs/
// design.md "Words, numbers and dates"): each order and avis event kind, fulfillment rule, job
// kind (title and outcome), job end notification and import reason rule — taken from the
// code's own lists, so a new kind without a text fails here. The texts themselves (both
// languages, same placeholders, no English in German) are server/test/messages.test.ts's.

const de = formatterFor('de', 'Europe/Berlin');
const en = formatterFor('en', 'Europe/Berlin');

/** The key is in the catalogue (the failure names it). */
const expectKey = (key: string) =>
  expect({ key, known: isMessageKey(key) }).toEqual({ key, known: true });

/** The message's key exists and it carries every parameter its texts name. */
function expectComplete(message: Message): void {
  expect(isMessageKey(message.key)).toBe(true);
  const entry = MESSAGES[message.key as keyof typeof MESSAGES];
  for (const name of placeholdersOf(entry.en)) expect(message.params ?? {}).toHaveProperty(name);
  // Worded in German it differs from English and leaves nothing unworded.
  expect(wordMessage(message, de)).not.toMatch(/[{}]/);
  expect(wordMessage(message, de)).not.toBe(wordMessage(message, en));
}

test('every order and avis event kind has its text', () => {
  for (const kind of ORDER_EVENT_KINDS) expectKey(`history.order.${kind}`);
  for (const kind of AVIS_EVENT_KINDS) expectKey(`history.avis.${kind}`);
});

test('an event detail the server words is a message of the catalogue', () => {
  const details: [string, unknown][] = [
    ['shipment', { shipment: 1, packages: 2, quantity: 5, trackingNumbers: ['T1', 'T2'] }],
    ['status', { picklist: 'P-1' }],
    ['status', { picklist: 'P-1', reason: 'Picklist P-1 cancelled' }],
    ['created', { shop: 'Shop A', shopOrderId: '77' }],
    ['updated', { shop: 'Shop A', fields: ['shop'] }],
  ];
  for (const [kind, detail] of details) {
    const messages = eventMessages({ kind, detail });
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages)
      expectComplete({ key: m.key, ...(m.params ? { params: JSON.parse(m.params) } : {}) });
  }
  // A fulfillment error stored before its problems had messages shows its stored text.
  expect(eventMessages({ kind: 'fulfillment_error', detail: { reason: 'Old reason.' } })).toEqual([
    { key: 'stored', params: null, text: 'Old reason.' },
  ]);
});

test('every fulfillment rule has its text, and every problem the checks find is a message', () => {
  for (const rule of FULFILLMENT_RULES) expectKey(`fulfillment.${rule}`);
  // Facts that break every rule at once.
  const facts: FulfillmentFacts = {
    items: [
      { position: 1, sku: 'GONE', productId: null, known: false, open: 1, hazmat: false },
      { position: 2, sku: 'PAINT', productId: 2, known: true, open: 3, hazmat: true },
    ],
    reserved: false,
    available: new Map([[2, 1]]),
    shippingAddress: {
      company: '',
      prefix: '',
      firstName: '',
      middleName: '',
      lastName: '',
      street: '',
      houseNumber: '',
      postcode: '',
      city: '',
      countryCode: '',
    } as FulfillmentFacts['shippingAddress'],
    shippingMethodId: null,
    method: undefined,
  };
  const withMethod = {
    ...facts,
    shippingMethodId: 1,
    method: { name: 'DHL', hazmatAllowed: false },
  };
  const problems = [...fulfillmentProblems(facts), ...fulfillmentProblems(withMethod)];
  expect(new Set(problems.map((p) => p.rule))).toEqual(new Set(FULFILLMENT_RULES));
  for (const problem of problems) {
    expectComplete(problem.text);
    // The English wording stays the stored fulfillment_error (searched, shown for old rows).
    expect(problem.message).toBe(wordMessage(problem.text, en));
  }
  expect(wordMessage(problems.find((p) => p.rule === 'stock')!.text, de)).toBe(
    'Nicht genug Bestand von PAINT: 3 benötigt, 1 verfügbar.',
  );
  // An order stored before: its English text, as it was.
  expect(fulfillmentMessages({ fulfillmentError: 'Old text.', fulfillmentProblems: null })).toEqual(
    [{ key: 'stored', params: null, text: 'Old text.' }],
  );
});

test('every job kind has a title and an outcome in the catalogue', () => {
  // Any payload field reads as a day (a file name, a shop, a period's day, a list's length …).
  const payload = new Proxy({}, { get: () => '2026-11-01' });
  const report = { created: 1, updated: 2, rejectedRows: 3, rejectedTotal: 4, rejected: [] };
  expect(jobKinds().size).toBeGreaterThanOrEqual(7);
  for (const [name, kind] of jobKinds()) {
    expect(kind.title).toBeDefined();
    const title = kind.title!(payload);
    expect(title.key).toBe(`job.${name}`);
    expectComplete(title);
    expectComplete(jobOutcome({ kind: name, result: report }) as Message);
  }
});

test('every end of a job has its notification text', () => {
  const job = {
    kind: 'invoices.export',
    title: {
      key: 'job.invoices.export',
      params: { client: 'M', from: { date: '2026-11-01' }, to: { date: '2026-11-30' } },
    },
    result: { created: 1, updated: 0, rejectedRows: 0, rejectedTotal: 0, rejected: [] },
    error: 'boom',
  } as unknown as JobRecord;
  for (const state of JOB_END_STATES) {
    expectKey(`notification.job.${state}`);
    const text = jobEndText({ ...job, state })!;
    expect(text.key).toBe(`notification.job.${state}`);
    expectComplete(text);
  }
  expect(wordMessage(jobEndText({ ...job, state: 'COMPLETED' })!, de)).toBe(
    'Rechnungsexport: M, 01.11.2026 – 30.11.2026: fertig (1 Position exportiert).',
  );
});

test('every import reason rule has its text, named by the file column', () => {
  for (const rule of IMPORT_RULES) {
    expectKey(`import.rule.${rule}`);
    const reason = importReason({
      row: 2,
      field: 'priceNet',
      column: 'Nettopreis',
      rule,
      reason: 'English.',
      params: { max: 10, min: 1 },
    } as Parameters<typeof importReason>[0]);
    expect(reason.key).toBe(`import.rule.${rule}`);
    expectComplete(reason);
    expect(wordMessage(reason, de)).toMatch(/^Nettopreis: /);
  }
  // A rule of its own (a module's key) keeps the stored English reason.
  expect(
    importReason({ field: 'sku', rule: 'warehouse:productImport.duplicateSku', reason: 'Twice.' }),
  ).toEqual({ key: 'stored', text: 'Twice.' });
});
