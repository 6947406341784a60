import { addTranslations, changeLanguage, formatCurrency, i18n } from '../src';

describe('languages', () => {
  afterEach(() => changeLanguage('de'));

  test('German is the default language', () => {
    expect(i18n.language).toBe('de');
    expect(i18n.t('common:required')).toBe('Dies ist ein Pflichtfeld');
  });

  test('switching to English translates and is remembered', async () => {
    await changeLanguage('en');
    expect(i18n.t('common:required')).toBe('That is a mandatory field');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  test('a key missing in English falls back to German', async () => {
    addTranslations({ de: { probe: { onlyGerman: 'Nur auf Deutsch' } } });
    await changeLanguage('en');
    expect(i18n.t('probe:onlyGerman')).toBe('Nur auf Deutsch');
  });
});

describe('money', () => {
  test('prices show in the German format with EUR', () => {
    expect(formatCurrency(1234.5).replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatCurrency(0).replace(/\s/g, ' ')).toBe('0,00 €');
  });
});
