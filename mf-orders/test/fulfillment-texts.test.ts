import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { picklistsTexts } from '../src/picklists/texts';
import { shipmentsTexts } from '../src/shipments/texts';

// The picklist and packing screens' texts: German and English name the same keys, and every
// key the screens' source (views and their state modules) asks for (`t('orders:picklist.…')`, `t('orders:shipment.…')`,
// template keys such as `orders:picklist.status.${…}` by their stem) exists in both.

type Texts = { [key: string]: string | Texts };

function keys(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

const areas = [
  { name: 'picklists', texts: picklistsTexts },
  { name: 'shipments', texts: shipmentsTexts },
];

describe.each(areas)('$name texts', ({ texts }) => {
  it('German and English have the same keys', () => {
    expect(keys(texts.en as Texts).sort()).toEqual(keys(texts.de as Texts).sort());
  });
});

describe('keys used by the screens', () => {
  const dir = join(__dirname, '../src');
  const sources = ['picklists', 'shipments'].flatMap((area) =>
    readdirSync(join(dir, area))
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
      .map((file) => readFileSync(join(dir, area, file), 'utf8')),
  );
  const known = new Set([...keys(picklistsTexts.de as Texts), ...keys(shipmentsTexts.de as Texts)]);
  const used = new Set(
    sources.flatMap((text) =>
      [...text.matchAll(/['`]orders:((?:picklist|shipment)\.[\w.]+?)(\.\$\{|['`])/g)].map(
        (match) => `${match[1]}${match[2] === '.${' ? '.*' : ''}`,
      ),
    ),
  );

  // A template key (`status.${…}`) exists when some key has its stem; the manifest holds the
  // page titles (picklist.title, shipment.createTitle).
  const exists = (key: string) =>
    key.endsWith('.*')
      ? [...known].some((k) => k.startsWith(key.slice(0, -1)))
      : known.has(key) || ['picklist.title', 'shipment.createTitle'].includes(key);

  it.each([...used])('%s exists', (key) => {
    expect(exists(key)).toBe(true);
  });
});
