import { addTranslations, changeLanguage, moduleTexts } from '@kontor/shared-session';
import { act, render, screen } from '@testing-library/react';
import { LineCells, signed } from '../src/stocktakings/format';
import { stocktakingsTexts } from '../src/stocktakings/texts';
import manifest from '../src/manifest.json';

// Best-before and variances on the stocktaking screens through Kontor's one formatter
// (docs/design.md "Words, numbers and dates"): a best-before as the language writes a day —
// never ISO — while counting and in the summary (both show LineCells), a variance always with
// its sign and the minus sign (`−1` as `−10`, never the hyphen `-1`).

addTranslations(moduleTexts('stocktaking', manifest.translations, stocktakingsTexts));
afterEach(() => act(() => changeLanguage('de')));

const line = {
  lot: 'L-7',
  bestBefore: '2028-06-30',
  found: false,
  product: { sku: 'MV-50002', name: 'Milch' },
};

const cells = () =>
  render(
    <table>
      <tbody>
        <tr>
          <LineCells line={line} />
        </tr>
      </tbody>
    </table>,
  );

test('the best-before of a line: 30.06.2028 in German, 30/06/2028 in English, never 2028-06-30', async () => {
  cells();
  expect(screen.getByRole('cell', { name: '30.06.2028' })).toBeInTheDocument();
  expect(screen.queryByText('2028-06-30')).not.toBeInTheDocument();
  await act(() => changeLanguage('en'));
  expect(screen.getByRole('cell', { name: '30/06/2028' })).toBeInTheDocument();
});

test('a variance is signed with the minus sign, a small one as a large one', () => {
  expect(signed(-1)).toBe('\u22121');
  expect(signed(-10)).toBe('\u221210');
  expect(signed(-1234)).toBe('\u22121.234');
  expect(signed(3)).toBe('+3');
  expect(signed(0)).toBe('0');
});
