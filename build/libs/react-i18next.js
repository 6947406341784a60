// Entry of the shared library 'react-i18next': the provider and the hook (shared-session's
// `useTranslation` wraps it) and the i18next plugin. A chosen list, not `export *` (issue 30:
// Trans, the HOCs and SSR helpers are not used; 10 KB → 3 KB compressed). A name a module
// needs is added here; build/libs/shared-exports.cjs fails the build until it is.
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';

const lib = {
  I18nextProvider,
  initReactI18next,
  useTranslation,
};
export { I18nextProvider, initReactI18next, useTranslation };
export default lib;
