import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  formatterFor,
  MESSAGES,
  placeholdersOf,
  wordWith,
  type Catalogue,
  type Entry,
  type Language,
  type MessageParam,
  type Text,
} from '@kontor/contracts';

// The walk over the whole message catalogue (docs/design.md "Words, numbers and dates"): every
// text the server sends or stores by key — refusals, fulfillment problems, history events,
// ledger comments, import reasons, job titles, notifications — in both languages, with the
// same parameters, each language's words only, and numbers and dates in the language's form.

const ROOT = join(__dirname, '..', '..');
const CATALOGUE_DIR = join(ROOT, 'contracts', 'src', 'messages');
const LANGUAGES: Language[] = ['de', 'en'];

/**
 * The words both languages write alike: abbreviations, names of things and loan words the
 * German interface uses as they are (docs/design.md "Words, numbers and dates"). Every other
 * word of a German text must not be a word of an English one, and the other way round; a word
 * listed here must occur in both languages (the list stays as short as the catalogue needs).
 */
const SHARED = new Set([
  // Abbreviations, formats and protocols.
  'cas',
  'csv',
  'ean',
  'http',
  'https',
  'mb',
  'pdf',
  'un',
  'xlsx',
  // "E-Mail" / "e-mail", "Format" / "format".
  'e',
  'mail',
  'format',
  // Names: of this programme, another one and of file formats.
  'kontor',
  'excel',
  'jpeg',
  'png',
  'webp',
  // Loan words the German interface uses as they are, and words both languages write alike.
  'avis',
  'connector',
  'export',
  'fulfillment',
  'import',
  'job',
  'name',
  'position',
  'shop',
  'status',
  'text',
  // Short words of both languages ("in Arbeit" / "in progress", "an" / "an avis").
  'an',
  'in',
]);

/**
 * Words of the other language a text must never hold even if no text of that language uses
 * them yet (the vocabulary of the catalogue catches the rest).
 */
const FOREIGN: Record<Language, ReadonlySet<string>> = {
  de: new Set(['the', 'and', 'not', 'is', 'are', 'of', 'to', 'cannot', 'has', 'with', 'at']),
  en: new Set(['der', 'die', 'das', 'und', 'nicht', 'ist', 'sind', 'von', 'mit', 'kann', 'hat']),
};

/** Every file of the catalogue with its entries (the modules' exported catalogues). */
function catalogueFiles(): { file: string; entries: Catalogue }[] {
  return readdirSync(CATALOGUE_DIR)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && file !== 'words.ts')
    .map((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- each file by its name
      const module = require(join(CATALOGUE_DIR, file)) as Record<string, unknown>;
      const entries = Object.assign(
        {},
        ...Object.values(module).filter(
          (value): value is Catalogue => typeof value === 'object' && value !== null,
        ),
      ) as Catalogue;
      return { file, entries };
    });
}

const forms = (text: Text): string[] =>
  typeof text === 'string' ? [text] : [text.one, text.other];

/** The words of a text, lower case, without its parameters. */
const wordsOf = (text: string): string[] =>
  (text.replace(/\{\w+\}/g, ' ').match(/\p{L}+/gu) ?? []).map((word) => word.toLowerCase());

/** The vocabulary of one language: word → the keys whose text uses it. */
function vocabulary(catalogue: Catalogue, language: Language): Map<string, string[]> {
  const words = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(catalogue))
    for (const text of forms(entry[language]))
      for (const word of wordsOf(text)) words.set(word, [...(words.get(word) ?? []), key]);
  return words;
}

/** One value of each kind a parameter takes, and how each language must show it. */
const KINDS: { name: string; param: MessageParam; de: string; en: string }[] = [
  { name: 'number', param: 1234.5, de: '1.234,5', en: '1,234.5' },
  { name: 'negative number', param: -3, de: '\u22123', en: '\u22123' },
  { name: 'date', param: { date: '2026-11-28' }, de: '28.11.2026', en: '28/11/2026' },
  {
    name: 'moment',
    param: { at: '2026-11-28T05:40:00Z' },
    de: '28.11.2026, 06:40',
    en: '28/11/2026, 06:40',
  },
  { name: 'money', param: { money: 1234.5 }, de: '1.234,50\u00a0€', en: '€1,234.50' },
  { name: 'signed', param: { signed: -10 }, de: '\u221210', en: '\u221210' },
  { name: 'text', param: 'MV-502', de: 'MV-502', en: 'MV-502' },
];

/** What a worded text must never show in a language: the other language's forms, ISO days, a hyphen for minus. */
const WRONG_FORMS: Record<Language, { what: string; pattern: RegExp }[]> = {
  de: [
    { what: 'an English number', pattern: /\d,\d{3}\.\d|\b\d+\.\d{1,2}\b(?!\.\d)/ },
    { what: 'an English date', pattern: /\b\d{2}\/\d{2}\/\d{4}\b/ },
  ],
  en: [
    { what: 'a German number', pattern: /\d\.\d{3},\d|\b\d+,\d{1,2}\b/ },
    { what: 'a German date', pattern: /\b\d{1,2}\.\d{1,2}\.\d{2,4}\b/ },
  ],
};
const WRONG_EVERYWHERE = [
  { what: 'an ISO date', pattern: /\b\d{4}-\d{2}-\d{2}\b/ },
  { what: 'a hyphen for minus', pattern: /(^|[\s(])-\d/ },
  { what: 'a number without grouping', pattern: /\d{5,}/ },
  { what: 'a parameter left unworded', pattern: /\{\w+\}/ },
];

const formatters = { de: formatterFor('de'), en: formatterFor('en') };

/** The entry worded in a language with every parameter of one kind (plural texts by count). */
function worded(
  catalogue: Catalogue,
  key: string,
  entry: Entry,
  language: Language,
  param: MessageParam,
): string[] {
  const names = placeholdersOf(entry.en);
  const counts = typeof entry[language] === 'string' ? [undefined] : [1, 1234];
  return counts.map((count) => {
    const params = Object.fromEntries(names.map((name) => [name, param]));
    if (count !== undefined) params.count = count;
    return wordWith(catalogue, { key, params }, formatters[language]);
  });
}

/** The problems of the catalogue, one line each (the test lists them all at once). */
function problemsOf(catalogue: Catalogue): string[] {
  const problems: string[] = [];
  const vocabularies = { de: vocabulary(catalogue, 'de'), en: vocabulary(catalogue, 'en') };
  for (const [key, entry] of Object.entries(catalogue)) {
    for (const language of LANGUAGES) {
      const text = entry[language] as Text | undefined;
      if (
        text === undefined ||
        forms(text).some((form) => typeof form !== 'string' || !form.trim())
      )
        problems.push(`${key}: no ${language} text`);
    }
    if (problems.some((p) => p.startsWith(`${key}:`))) continue;
    const de = placeholdersOf(entry.de).join(', ');
    const en = placeholdersOf(entry.en).join(', ');
    if (de !== en) problems.push(`${key}: de has {${de}}, en has {${en}}`);
    for (const language of LANGUAGES) {
      const other = language === 'de' ? 'en' : 'de';
      for (const text of forms(entry[language])) {
        for (const word of new Set(wordsOf(text))) {
          if (SHARED.has(word)) continue;
          if (vocabularies[other].has(word) || FOREIGN[language].has(word))
            problems.push(
              `${key}: the ${language} text has the ${other} word “${word}”` +
                (vocabularies[other].has(word)
                  ? ` (as in ${vocabularies[other].get(word)!.slice(0, 2).join(', ')})`
                  : ''),
            );
        }
        for (const { what, pattern } of [...WRONG_FORMS[language], ...WRONG_EVERYWHERE])
          if (pattern.test(text.replace(/\{\w+\}/g, '')))
            problems.push(`${key}: the ${language} text writes ${what}: ${text}`);
      }
      const named = placeholdersOf(entry.en).filter((name) => name !== 'count');
      for (const kind of KINDS) {
        for (const text of worded(catalogue, key, entry, language, kind.param)) {
          if (named.length > 0 && !text.includes(kind[language]))
            problems.push(
              `${key}: a ${kind.name} is not shown as ${kind[language]} in ${language}: ${text}`,
            );
          for (const { what, pattern } of [...WRONG_FORMS[language], ...WRONG_EVERYWHERE])
            if (pattern.test(text))
              problems.push(
                `${key}: with a ${kind.name}, the ${language} text shows ${what}: ${text}`,
              );
        }
      }
    }
  }
  for (const word of SHARED)
    if (!vocabularies.de.has(word) || !vocabularies.en.has(word))
      problems.push(`the shared word “${word}” is not used in both languages: drop it from SHARED`);
  return [...new Set(problems)];
}

/** The source files of a directory (and below), with their paths from the repository. */
function sourcesOf(dir: string): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'generated') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
        files.push({ path: path.slice(ROOT.length + 1), text: readFileSync(path, 'utf8') });
    }
  };
  walk(dir);
  return files;
}

const serverSources = () => sourcesOf(join(ROOT, 'server', 'src'));

/** The source that uses message keys: the server's, and the pages' (a key they word). */
function sourceText(): string {
  const dirs = readdirSync(ROOT).filter((dir) =>
    /^(mf-|ui$|shared-session$|shell-layout$)/.test(dir),
  );
  return [join(ROOT, 'server', 'src'), ...dirs.map((dir) => join(ROOT, dir, 'src'))]
    .flatMap((dir) => sourcesOf(dir).map(({ text }) => text))
    .join('\n');
}

describe('the message catalogue', () => {
  const files = catalogueFiles();

  it('has each key in one file, and every file in the catalogue', () => {
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const { file, entries } of files) {
      for (const key of Object.keys(entries)) {
        if (seen.has(key)) problems.push(`${key} is in ${seen.get(key)} and ${file}`);
        seen.set(key, file);
        if (!Object.hasOwn(MESSAGES, key)) problems.push(`${key} (${file}) is not in MESSAGES`);
      }
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBe(Object.keys(MESSAGES).length);
  });

  it('words every key in both languages, with the same parameters, each language its own words and forms', () => {
    expect(problemsOf(MESSAGES)).toEqual([]);
  });

  it('uses every key: a key the server or a page names, or the prefix of keys it builds', () => {
    const source = sourceText();
    const unused = Object.keys(MESSAGES).filter((key) => {
      if (source.includes(`'${key}'`) || source.includes(`"${key}"`)) return false;
      // A key built from a kind (`status.order.${status}`): any prefix of it, as a template.
      const parts = key.split('.');
      for (let n = parts.length - 1; n >= 1; n -= 1) {
        const prefix = `${parts.slice(0, n).join('.')}.`;
        if (source.includes(`\`${prefix}\${`) || source.includes(`'${prefix}' +`)) return false;
      }
      return true;
    });
    expect(unused).toEqual([]);
  });

  it('is what every refusal says: no refusal of the server is an English sentence', () => {
    const sentences = serverSources().flatMap(({ path, text }) =>
      [
        ...text.matchAll(
          /\b(conflict|notFound|forbidden|unauthorized|httpRefusal)\(\s*(\d+,\s*)?['`]/g,
        ),
      ].map((match) => `${path}: ${match[0]}`),
    );
    expect(sentences).toEqual([]);
  });

  describe('fails on a broken rule', () => {
    /** The problems of the catalogue with one more entry, `test.broken`, that are its own. */
    const brokenBy = (de: Text, en: Text): string[] =>
      problemsOf({ ...MESSAGES, 'test.broken': { de, en } }).filter((problem) =>
        problem.startsWith('test.broken:'),
      );

    it('an English word in a German text', () => {
      expect(
        brokenBy('Der Auftrag {number} is gesperrt.', 'Order {number} is locked.'),
      ).toContainEqual(expect.stringContaining('test.broken: the de text has the en word “is”'));
    });

    it('a German word in an English text', () => {
      expect(
        brokenBy('Der Lagerplatz {path} ist voll.', 'The Lagerplatz {path} is full.'),
      ).toContainEqual(
        expect.stringContaining('test.broken: the en text has the de word “lagerplatz”'),
      );
    });

    it('different parameters', () => {
      expect(brokenBy('Nur {count} verfügbar.', 'Only {available} available.')).toContain(
        'test.broken: de has {count}, en has {available}',
      );
    });

    it('a missing language', () => {
      expect(brokenBy('Nur verfügbar.', '')).toEqual(['test.broken: no en text']);
    });

    it('a number or date written into a text', () => {
      expect(
        brokenBy('Höchstens 2147483647 bis 2026-11-28.', 'At most 2147483647 until 28.11.2026.'),
      ).toEqual(
        expect.arrayContaining([
          expect.stringContaining('the de text writes an ISO date'),
          expect.stringContaining('the de text writes a number without grouping'),
          expect.stringContaining('the en text writes a German date'),
        ]),
      );
    });

    it('a number handed on as text in another language’s form', () => {
      const catalogue = { 'test.broken': { de: 'Nur {n} frei.', en: 'Only {n} free.' } };
      const entry = catalogue['test.broken'];
      const shown = (language: Language) =>
        worded(catalogue, 'test.broken', entry, language, '1,234.5')[0]!;
      const wrong = (language: Language) =>
        [...WRONG_FORMS[language], ...WRONG_EVERYWHERE].filter(({ pattern }) =>
          pattern.test(shown(language)),
        );
      expect(wrong('de').map(({ what }) => what)).toEqual(['an English number']);
      expect(wrong('en')).toEqual([]);
    });
  });
});
