import { addTranslations, changeLanguage, HttpError, refusalOf } from '@kontor/shared-session';
import { errorText, fieldRuleText, refusalText, scanRefusal, serverProblem } from '../src';

// A refusal in the user's language (docs/design.md "Words, numbers and dates", "Refusals"):
// the server's catalogue message of a field error wins over the rule's generic text and over
// its English message; a rule without one keeps the toolkit's text; a REST refusal's `text`
// is worded too.

/** A refused GraphQL call as Apollo reports it. */
const refused = (extensions: Record<string, unknown>, message = 'Refused.') => ({
  errors: [{ message, extensions }],
});

/** The bulk limit on `ids`: rule `max` (whose toolkit text is about characters) with its own message. */
const bulkMax = refused({
  code: 'BAD_USER_INPUT',
  fieldRules: {
    ids: [
      {
        rule: 'max',
        message: 'At most 1000 orders at once.',
        params: { max: 1000 },
        text: { key: 'orders.bulkMax', params: { max: 1000 } },
      },
    ],
  },
});

afterEach(() => changeLanguage('de'));

test('a field error with the server’s message is worded in the user’s language, not as the rule', async () => {
  await changeLanguage('de');
  const problem = serverProblem(bulkMax);
  expect(errorText(problem.fields.ids)).toBe('Höchstens 1.000 Bestellungen auf einmal.');
  expect(fieldRuleText(problem.fieldRules.ids![0]!)).toBe(
    'Höchstens 1.000 Bestellungen auf einmal.',
  );
  expect(refusalText(bulkMax)).toBe('Höchstens 1.000 Bestellungen auf einmal.');
  await changeLanguage('en');
  expect(errorText(serverProblem(bulkMax).fields.ids)).toBe('At most 1,000 orders at once.');
});

test('a rule without a message keeps the toolkit’s text', async () => {
  await changeLanguage('de');
  const problem = serverProblem(
    refused({
      code: 'BAD_USER_INPUT',
      fieldRules: { name: [{ rule: 'max', message: 'The name field …', params: { max: 255 } }] },
    }),
  );
  expect(errorText(problem.fields.name)).toBe('Höchstens 255 Zeichen');
});

test('a scanner screen words the server’s message of a field', async () => {
  await changeLanguage('de');
  const refusal = scanRefusal(
    refused({
      code: 'BAD_USER_INPUT',
      fieldRules: {
        placeBarcode: [
          {
            rule: 'place',
            message: 'Wrong place: this line is picked from A / 1.',
            text: { key: 'picklists.wrongPlace', params: { path: 'A / 1' } },
          },
        ],
      },
    }),
    { placeBarcode: 'place' },
  );
  expect(refusal.fields.place).toBe('Falscher Lagerplatz: diese Zeile wird von A / 1 gepickt.');
});

test('a REST refusal’s message is worded; without one the caller’s own text stays', async () => {
  await changeLanguage('de');
  const error = new HttpError(413, {
    message: 'The image must not be larger than 5 MB.',
    text: { key: 'products.imageTooLarge', params: { megabytes: 5 } },
  });
  expect(refusalOf(error)).toBe('Das Bild darf höchstens 5 MB groß sein.');
  expect(refusalText(error)).toBe('Das Bild darf höchstens 5 MB groß sein.');
  expect(refusalOf(new HttpError(500, { message: 'Server Error' }))).toBeNull();
});

test('without the server’s message a refusal says its reason; the generic text only for a fault', async () => {
  await changeLanguage('de');
  const text = (extensions: Record<string, unknown>) => refusalText(refused(extensions));
  expect(text({ code: 'CONFLICT', reason: 'status' })).toBe(
    'Der Status des Eintrags lässt das jetzt nicht zu.',
  );
  expect(refusalText(new Error('Failed to fetch'))).toBe(
    'Keine Verbindung zum Server. Bitte erneut versuchen.',
  );
  expect(text({ code: 'INTERNAL_SERVER_ERROR' })).toBe(
    'Etwas ist schiefgelaufen. Bitte erneut versuchen.',
  );
});

test('a scanner screen’s own text for a rule stays before the server’s message', async () => {
  await changeLanguage('de');
  addTranslations({ de: { scantest: { rules: { available: 'Nur {{available}} verfügbar.' } } } });
  const refusal = scanRefusal(
    refused({
      code: 'BAD_USER_INPUT',
      fieldRules: {
        quantity: [
          {
            rule: 'available',
            message: 'Only 2 available on this place (5 requested).',
            params: { available: 2 },
            text: { key: 'stock.notAvailable', params: { available: 2, wanted: 5 } },
          },
        ],
      },
    }),
    { quantity: 'quantity' },
    { available: 'scantest:rules.available' },
  );
  expect(refusal.fields.quantity).toBe('Nur 2 verfügbar.');
});
