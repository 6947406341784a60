import { firstValueFrom, type Subscription } from 'rxjs';
import { startRealServer, type RealServer } from '../../build/jest-real-server';
import {
  HttpError,
  getSession,
  initSession,
  login,
  loginAs,
  leaveImpersonation,
  logout,
  markNotificationRead,
  notifications$,
  toast$,
  unreadCount$,
  type ToastMessage,
} from '../src';

let real: RealServer;
let toasts: ToastMessage[] = [];
let subscription: Subscription;

jest.setTimeout(30_000);

beforeAll(async () => {
  real = await startRealServer();
  subscription = toast$.subscribe((t) => toasts.push(t));
});
afterAll(async () => {
  subscription.unsubscribe();
  await real.close();
});
beforeEach(() => {
  toasts = [];
  real.calls.length = 0;
});

describe('the session against the real server', () => {
  test('init asks for the anti-forgery cookie, the user and the permissions, and a visitor is logged out', async () => {
    await initSession();
    expect(real.calls.sort()).toEqual([
      'GET /sanctum/csrf-cookie',
      'GET /spa/me/permissions',
      'GET /user',
    ]);
    expect(getSession()).toMatchObject({
      loaded: true,
      isLoggedIn: false,
      user: null,
      permissions: [],
    });
  });

  test('a wrong password shows the failure toast and the error reaches the caller', async () => {
    const attempt = login({ email: 'packer@kontor.test', password: 'wrong' });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ status: 422 });
    expect(toasts).toEqual([
      expect.objectContaining({
        message: 'Login nicht erfolgreich! Zugangsdaten nicht gefunden.',
        intent: 'danger',
      }),
    ]);
    expect(getSession().isLoggedIn).toBe(false);
  });

  test('logging in loads user and permissions, lands on /dashboard and toasts for 2500 ms', async () => {
    await login({ email: 'admin@kontor.test', password: 'admin' });
    const session = getSession();
    expect(session.user?.name).toBe('Admin');
    expect(session.permissions).toEqual(
      expect.arrayContaining(['administrate', 'user:view', 'order:create']),
    );
    expect(window.location.pathname).toBe('/dashboard');
    expect(toasts).toEqual([
      expect.objectContaining({ message: 'Login erfolgreich!', intent: 'success', timeout: 2500 }),
    ]);
  });

  test('marking the welcome notification read takes read_at from the server and lowers the count', async () => {
    const [welcome] = await firstValueFrom(notifications$);
    expect(welcome.read_at).toBeFalsy();
    const before = await firstValueFrom(unreadCount$);
    await markNotificationRead(welcome.id);
    const [after] = await firstValueFrom(notifications$);
    expect(after.read_at).toEqual(expect.any(String));
    expect(await firstValueFrom(unreadCount$)).toBe(before - 1);
  });

  test('login as the packer acts as the packer until the admin goes back', async () => {
    const packerId = await real.userId('packer@kontor.test', 'packer');
    await loginAs(packerId);
    expect(getSession().user).toMatchObject({ name: 'Packer', impersonator: { name: 'Admin' } });
    expect(getSession().permissions.sort()).toEqual(['order:create', 'order:view']);
    expect(window.location.pathname).toBe('/dashboard');

    const adminId = await real.userId('admin@kontor.test', 'admin');
    await expect(loginAs(adminId)).rejects.toMatchObject({ status: 403 });
    expect(toasts.at(-1)).toMatchObject({
      message: 'Login nicht erfolgreich! Unzureichende Berechtigungen.',
      intent: 'danger',
    });

    await leaveImpersonation();
    expect(getSession().user?.name).toBe('Admin');
  });

  test('logout clears user and permissions, toasts and goes to /; the old session is gone', async () => {
    await logout();
    expect(getSession()).toMatchObject({
      loaded: true,
      isLoggedIn: false,
      user: null,
      permissions: [],
    });
    expect(await firstValueFrom(notifications$)).toEqual([]);
    expect(window.location.pathname).toBe('/');
    expect(toasts).toEqual([
      expect.objectContaining({ message: 'Logout erfolgreich!', intent: 'success' }),
    ]);
    const user = await fetch('/user', { headers: { Accept: 'application/json' } });
    expect(user.status).toBe(401);
  });

  test('after five failed logins the sixth is refused with the wait time', async () => {
    for (let i = 0; i < 5; i++) {
      await login({ email: 'guest@kontor.test', password: 'nope' }).catch(() => undefined);
    }
    await expect(login({ email: 'guest@kontor.test', password: 'guest' })).rejects.toMatchObject({
      status: 429,
    });
    expect(toasts.at(-1)?.message).toMatch(
      /^Zu viele Anmeldeversuche\. Bitte in \d+ Sekunden erneut versuchen\.$/,
    );
  });
});
