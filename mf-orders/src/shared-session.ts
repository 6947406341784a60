// The one door from this module to @kontor/shared-session (one place to mock it).
export {
  defineModule,
  moduleTexts,
  placeholderPages,
  Page,
  useTranslation,
} from '@kontor/shared-session';
export type { ModulePages, PageProps } from '@kontor/shared-session';
