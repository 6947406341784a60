import { stocktakingsTexts } from '../src/stocktakings/texts';
import { completeQuestion } from '../src/stocktakings/summary';

// 'Zählung abschließen' warns with the number of places not counted yet before it asks the
// server (which refuses, naming them, until they are counted or confirmed empty).

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));

describe('the question before completing the counting', () => {
  it('warns with the places not counted yet', () => {
    const [key, params] = completeQuestion({ name: 'Regal 1', placesTotal: 5, placesUncounted: 3 });
    expect(key).toBe('stocktaking:questions.completeOpen');
    expect(fill(stocktakingsTexts.de.questions.completeOpen, params)).toContain(
      'Noch nicht gezählt: 3 von 5 Lagerplätzen.',
    );
    expect(fill(stocktakingsTexts.en.questions.completeOpen, params)).toContain(
      'Not counted yet: 3 of 5 places.',
    );
  });

  it('asks plainly when every place is counted', () => {
    expect(completeQuestion({ name: 'Regal 1', placesTotal: 5, placesUncounted: 0 })).toEqual([
      'stocktaking:questions.complete',
      { name: 'Regal 1' },
    ]);
  });
});
