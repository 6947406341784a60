// The one door from this module to @kontor/shared-session (one place to mock it).
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
