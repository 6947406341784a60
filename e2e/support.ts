import { expect, type BrowserContext, type Page } from '@playwright/test';

/** The demo users the server creates on an empty database (README). */
export const DEMO = {
  admin: { email: 'admin@kontor.test', password: 'admin', name: 'Admin' },
  packer: { email: 'packer@kontor.test', password: 'packer', name: 'Packer' },
  guest: { email: 'guest@kontor.test', password: 'guest', name: 'Guest' },
} as const;

export type DemoUser = keyof typeof DEMO;

/** Logs a browser context in through the product's own API (as the login page does). */
export async function logInAs(context: BrowserContext, user: DemoUser): Promise<void> {
  await context.request.get('/sanctum/csrf-cookie');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(xsrf, 'the server sets the XSRF-TOKEN cookie').toBeTruthy();
  const response = await context.request.post('/login', {
    data: { email: DEMO[user].email, password: DEMO[user].password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf!.value) },
  });
  expect(response.ok(), `login of ${user} answered ${response.status()}`).toBeTruthy();
}

/** Waits until Kontor has booted: the page overlay is gone. */
export async function booted(page: Page): Promise<void> {
  await expect(page.locator('#kontor-overlay')).toBeHidden({ timeout: 15_000 });
}

/** SystemJS as a test reaches it inside the page (modules are untyped there on purpose). */
export interface KontorSystem {
  // oxlint-disable-next-line typescript/no-explicit-any -- a module's exports, used inside page.evaluate only
  import(name: string): Promise<any>;
}
