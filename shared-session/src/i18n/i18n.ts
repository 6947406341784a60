import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BehaviorSubject } from 'rxjs';
import type { TranslationResources } from '../types';
import { common, runtime } from './common';

/** The languages a user can pick; German is the default and the fallback. */
export const LOCALES = [
  { code: 'de', label: 'Deutsch' },
  { code: 'en', label: 'English' },
] as const;

const STORAGE_KEY = 'locale';
const DEFAULT_LANGUAGE = 'de';

/** The one i18next instance of the page; each module adds its namespace. */
export const i18n = i18next.createInstance();

function storedLanguage(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && LOCALES.some((l) => l.code === stored)) return stored;
  } catch {
    // storage may be unavailable (private mode); German it is.
  }
  return DEFAULT_LANGUAGE;
}

const language = new BehaviorSubject<string>(DEFAULT_LANGUAGE);

/** The current language code. */
export const language$ = language.asObservable();

/** Initialises i18next once, synchronously, with the stored language. */
export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    i18n.use(initReactI18next).init({
      lng: storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LOCALES.map((l) => l.code),
      ns: ['common'],
      defaultNS: 'common',
      resources: {
        de: { common: common.de, runtime: runtime.de },
        en: { common: common.en, runtime: runtime.en },
      },
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
    language.next(i18n.language);
    document.documentElement.lang = i18n.language;
  }
  return i18n;
}

/** Switches the language of every module and remembers the choice. */
export async function changeLanguage(code: string): Promise<void> {
  initI18n();
  await i18n.changeLanguage(code);
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // not remembered, still switched
  }
  document.documentElement.lang = code;
  language.next(code);
}

/** Adds resources (by language, then namespace), merging into what is there. */
export function addTranslations(resources: TranslationResources): void {
  initI18n();
  for (const [lng, namespaces] of Object.entries(resources)) {
    for (const [ns, values] of Object.entries(namespaces)) {
      i18n.addResourceBundle(lng, ns, values, true, true);
    }
  }
  // Re-render components that already asked for these keys.
  language.next(i18n.language);
}

initI18n();
