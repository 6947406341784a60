import { addTranslations, changeLanguage } from '@kontor/shared-session';
import { importReasonText } from '../src';

// An import's rejected row in the reader's language (issue 31): the module's own text of the
// rule first, else the server's message (the rule's text named by the file's column), else the
// stored English reason.

addTranslations({ de: { probe: { rules: { gtinCheckDigit: 'Eigene Prüfziffer-Meldung' } } } });
afterEach(() => changeLanguage('de'));

const row = (rule: string, text: { key: string; params?: string | null; text: string } | null) => ({
  row: 4,
  field: 'priceNet',
  column: 'Nettopreis',
  value: '12,x',
  reason: 'The net price field must be a number.',
  rule,
  params: null,
  text,
});
const numeric = {
  key: 'import.rule.numeric',
  params: JSON.stringify({ column: 'Nettopreis' }),
  text: 'Nettopreis: not a number.',
};

test("the server's message in German and English, not its English reason", async () => {
  expect(importReasonText(row('numeric', numeric), 'probe:rules')).toBe('Nettopreis: keine Zahl.');
  await changeLanguage('en');
  expect(importReasonText(row('numeric', numeric), 'probe:rules')).toBe(
    'Nettopreis: not a number.',
  );
});

test("a module's own text of the rule comes first; a report from before keeps its reason", () => {
  expect(importReasonText(row('gtinCheckDigit', numeric), 'probe:rules')).toBe(
    'Eigene Prüfziffer-Meldung',
  );
  const stored = { key: 'stored', params: null, text: 'The net price field must be a number.' };
  expect(importReasonText(row('numeric', stored), 'probe:rules')).toBe(
    'The net price field must be a number.',
  );
});
