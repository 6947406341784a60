import { HTMLSelect } from '@blueprintjs/core';
import {
  changeLanguage,
  language$,
  LOCALES,
  useObservable,
  useTranslation,
} from '@kontor/shared-session';

/** Picks the interface language for every module. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('shell');
  const language = useObservable(language$, i18n.language);
  return (
    <HTMLSelect
      aria-label={t('topbar.language')}
      value={language}
      onChange={(event) => void changeLanguage(event.currentTarget.value)}
      options={LOCALES.map((locale) => ({ value: locale.code, label: locale.label }))}
      minimal
    />
  );
}
