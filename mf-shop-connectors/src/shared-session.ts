// The one door from this module to @kontor/shared-session (one place to mock it): its pages
// need neither the toolkit nor Apollo, so neither loads with them.
export {
  defineModule,
  EmptyState,
  Link,
  Page,
  registerMenuItems,
  registerRoute,
  useObservable,
  useTranslation,
} from '@kontor/shared-session';
export type { ModulePages, PageProps } from '@kontor/shared-session';
