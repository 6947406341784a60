// @kontor/shared-session: the one place that owns the session, the server connections,
// the event bus, i18n, toasts and the route/menu registry. Modules import only from here (and
// the list and form toolkit from @kontor/ui, which loads with the first page that needs it).
export * from './types';
export {
  session$,
  getSession,
  can,
  initSession,
  reloadUser,
  login,
  logout,
  loginAs,
  leaveImpersonation,
} from './session/session';
export { http, HttpError, readXsrfToken } from './http/http';
export { loadShared } from './http/shared-libs';
export { getApolloClient } from './graphql/apollo';
export { connection$, setSocketId, getSocketId } from './realtime/connection';
export {
  notifications$,
  unreadCount$,
  markNotificationRead,
  markAllNotificationsRead,
  addNotification,
  notificationText,
} from './realtime/notifications';
export { startRealtime, echoOptions, listenPrivate } from './realtime/echo';
export { recordChanges$, recordChanged, RECORD_CHANGED_EVENT } from './realtime/records';
export type { RecordChange } from './realtime/records';
export { eventBus } from './bus/event-bus';
export { i18n, LOCALES, language$, changeLanguage, addTranslations, initI18n } from './i18n/i18n';
export { mergeTexts, moduleTexts, type AreaTexts } from './i18n/merge-texts';
export { toast$, showToast, TOAST_DEFAULT_TIMEOUT } from './toasts/toasts';
export {
  format,
  currentFormat,
  useFormat,
  word,
  useWord,
  refusalOf,
  formatCurrency,
  setTimeZone,
} from './format/format';
export type { Formatter, Language, Message, MessageParam } from '@kontor/contracts';
export {
  routes$,
  menu$,
  currentRoute$,
  registerManifest,
  registerRoute,
  registerMenuItems,
  matchRoute,
  visibleMenu,
  accessDecision,
  resolveCurrentRoute,
  navigate,
  registration,
} from './registry/registry';
export { bootModules$, currentBootModules, reportBootModule } from './registry/boot-modules';
export type { BootModuleState } from './registry/boot-modules';
export { useObservable, useSession, useRoute, useTranslation, Link } from './react/hooks';
export {
  mountPoint,
  createLifecycles,
  defineModule,
  loadPageRuntime,
  PageProviders,
} from './react/lifecycles';
export type { PageProps, ModulePages } from './react/lifecycles';
export { lazyPages } from './react/lazy-pages';
export { EmptyState, Page, placeholderPages } from './react/page';
