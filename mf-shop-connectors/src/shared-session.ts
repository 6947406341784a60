// The one door from this module to @kontor/shared-session and @kontor/ui (one place to mock them).
export {
  defineModule,
  Link,
  Page,
  registerMenuItems,
  registerRoute,
  useObservable,
  useTranslation,
} from '@kontor/shared-session';
export type { ModulePages, PageProps } from '@kontor/shared-session';
export { EmptyState } from '@kontor/ui';
