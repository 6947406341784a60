// The contract between Kontor's runtime pieces: manifests, session, routes, menu, toasts.
// root-config, shell-layout and every domain module rely on these shapes.

// The manifest and registry shapes (and the permission catalogue) live in @kontor/contracts,
// which the server imports too.
export type {
  BootLoading,
  LayoutName,
  MenuItem,
  MenuItemDefinition,
  ModuleManifest,
  ModuleRegistryEntry,
  Permission,
  RegisteredRoute,
  RouteAccess,
  RouteDefinition,
  TranslationResources,
} from '@kontor/contracts';
import type { RegisteredRoute } from '@kontor/contracts';

export interface Notification {
  id: string;
  message: string;
  data: { message: string; [key: string]: unknown };
  /** null or empty means unread. */
  read_at: string | null;
  created_at: string;
}

export interface User {
  id: number;
  name: string;
  email: string;
  notifications: Notification[];
  /** Set while an administrator acts as this user ("login as"). */
  impersonator?: { id: number; name: string } | null;
  /** The installation's time zone, in which every time is shown. */
  time_zone?: string;
}

export interface SessionState {
  /** False until the first init finished (successfully or not). */
  loaded: boolean;
  isLoggedIn: boolean;
  user: User | null;
  permissions: string[];
}

export interface Credentials {
  email: string;
  password: string;
  remember?: boolean;
}

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export type ToastIntent = 'success' | 'danger';

export interface ToastMessage {
  id: number;
  message: string;
  intent: ToastIntent;
  /** Milliseconds; 0 means it stays until closed. Default 5000. */
  timeout: number;
}

/** The route the browser is on now, resolved against the registry. */
export interface CurrentRoute {
  pathname: string;
  /** pathname + search + hash: the content area re-renders when this changes. */
  fullPath: string;
  route: RegisteredRoute | null;
  params: Record<string, string>;
}

/** Events modules exchange over the bus; add a key when a module publishes something new. */
export interface KontorEvents {
  'session.changed': SessionState;
  'notification.received': Notification;
  'language.changed': { language: string };
  'menu.toggled': { open: boolean };
}
