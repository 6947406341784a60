import { refusalOf, setTimeZone } from '../format/format';
import { BehaviorSubject } from 'rxjs';
import { eventBus } from '../bus/event-bus';
import { HttpError, http } from '../http/http';
import { i18n } from '../i18n/i18n';
import { setNotifications } from '../realtime/notifications';
import { navigate } from '../registry/registry';
import { showToast } from '../toasts/toasts';
import type { Credentials, Permission, SessionState, User } from '../types';

/** docs/product.md §4: the login toast stays 2500 ms. */
const LOGIN_TOAST_TIMEOUT = 2500;

const state = new BehaviorSubject<SessionState>({
  loaded: false,
  isLoggedIn: false,
  user: null,
  permissions: [],
});

/** The session: loaded, isLoggedIn, user and permissions. */
export const session$ = state.asObservable();

/** The session as it is right now. */
export function getSession(): SessionState {
  return state.value;
}

/** Whether the current user holds a permission (for the interface only; the server decides). */
export function can(permission: Permission): boolean {
  return state.value.permissions.includes(permission);
}

function setSession(user: User | null, permissions: string[]): void {
  if (user?.time_zone) setTimeZone(user.time_zone);
  const next: SessionState = { loaded: true, isLoggedIn: user !== null, user, permissions };
  state.next(next);
  setNotifications(user?.notifications ?? []);
  eventBus.emit('session.changed', next);
}

// docs/product.md §8: a failing user or permissions fetch is silently ignored (logged out, no rights).
const fetchUser = () => http.get<User>('/user').catch(() => null);
const fetchPermissions = () =>
  http
    .get<{ name: string }[]>('/spa/me/permissions')
    .then((list) => list.map((p) => p.name))
    .catch(() => [] as string[]);

let initialising: Promise<void> | null = null;

/** Fetches the anti-forgery cookie, the user and the permissions in parallel, once. */
export function initSession(): Promise<void> {
  initialising ??= Promise.all([
    http.get('/sanctum/csrf-cookie').catch(() => undefined),
    fetchUser(),
    fetchPermissions(),
  ]).then(([, user, permissions]) => setSession(user, user ? permissions : []));
  return initialising;
}

/** Loads the user and the permissions again (after login, login-as or an account change). */
export async function reloadUser(): Promise<void> {
  const [user, permissions] = await Promise.all([fetchUser(), fetchPermissions()]);
  setSession(user, user ? permissions : []);
}

/** Logs in, then lands on /dashboard with a success toast; a failure toasts and rethrows. */
export async function login(credentials: Credentials): Promise<void> {
  try {
    await http.post('/login', credentials);
  } catch (error) {
    const throttled = error instanceof HttpError && error.status === 429;
    const retryAfter = throttled ? (error.retryAfter ?? 60) : 0;
    showToast(
      throttled
        ? i18n.t('common:tooManyAttempts', { seconds: retryAfter })
        : i18n.t('common:loginFailed'),
      'danger',
    );
    throw error;
  }
  await reloadUser();
  navigate('/dashboard');
  showToast(i18n.t('common:loginSuccess'), 'success', LOGIN_TOAST_TIMEOUT);
}

/** Logs out, clears user and permissions, toasts and goes to /. */
export async function logout(): Promise<void> {
  try {
    await http.post('/logout');
  } catch {
    // The session is gone either way: an expired one cannot be used any more.
  }
  setSession(null, []);
  showToast(i18n.t('common:logoutSuccess'));
  navigate('/');
}

/** Takes on another user's identity ("login as") and lands on /dashboard. */
export async function loginAs(userId: number): Promise<void> {
  try {
    await http.post(`/spa/users/login/as/${encodeURIComponent(String(userId))}`);
  } catch (error) {
    showToast(refusalOf(error) ?? i18n.t('common:loginAsFailed'), 'danger');
    throw error;
  }
  await reloadUser();
  navigate('/dashboard');
}

/** Ends a "login as" and returns to the administrator's own identity. */
export async function leaveImpersonation(): Promise<void> {
  await http.post('/spa/users/login/as/leave');
  await reloadUser();
  navigate('/dashboard');
}
