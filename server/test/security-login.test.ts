import {
  ACCOUNT_DECAY_SECONDS,
  ADDRESS_DECAY_SECONDS,
  MAX_ACCOUNT_ATTEMPTS,
  MAX_ADDRESS_ATTEMPTS,
} from '../src/auth/login';
import { createUser } from '../src/users/users';
import { Browser, startTestApp, type TestApp, type TestResponse } from './helpers';

// Issue 8: login throttling per address (password spraying) and per account (guessing from
// many addresses), over HTTP against the started server. The test app trusts loopback as a
// proxy, so each Browser's X-Forwarded-For is its client address.

// Each limit is proved by as many real logins (each an argon2 verification): give them time.
jest.setTimeout(300_000);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let counter = 0;
/** A fresh account (not one of the demo users), with a password of its own. */
async function account() {
  counter += 1;
  const email = `worker${counter}@kontor.test`;
  const password = `Lagerhalle-${counter}-Regal-Nord`;
  await createUser(t.db, { name: `Worker ${counter}`, email, password });
  return { email, password };
}

function expectThrottled(response: TestResponse, maxSeconds: number) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(LOGIN_WINDOW);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  const message = `Too many login attempts. Please try again in ${retryAfter} seconds.`;
  expect(response.json()).toEqual({ message, errors: { email: [message] } });
}
/** The per e-mail + address window (60 s): the new limits answer with longer waits. */
const LOGIN_WINDOW = 60;

describe('one password sprayed over many accounts from one address', () => {
  test(`is refused with 429 after ${MAX_ADDRESS_ATTEMPTS} failures, even for an account with the right password; successes in between neither count nor reset`, async () => {
    const sprayer = new Browser(t.app, '198.51.100.7');
    const own = await account();
    const victim = await account();
    const ownLogins: number[] = [];
    for (let n = 1; n <= MAX_ADDRESS_ATTEMPTS; n++) {
      const response = await sprayer.login(`staff${n}@kontor.test`, 'Sommer2024!');
      expect(response.statusCode).toBe(422);
      // Logging in with an account one knows does not wipe the count.
      if (n % 10 === 5) ownLogins.push((await sprayer.login(own.email, own.password)).statusCode);
    }
    expect(ownLogins).toEqual([204, 204, 204, 204, 204]);
    expectThrottled(await sprayer.login(victim.email, victim.password), ADDRESS_DECAY_SECONDS);
    expect((await sprayer.request({ url: '/user' })).json().email).toBe(own.email);

    // The limit is the address's: the same account logs in from elsewhere.
    const elsewhere = new Browser(t.app, '198.51.100.8');
    expect((await elsewhere.login(victim.email, victim.password)).statusCode).toBe(204);
  });

  test('an IPv6 client counts by its /64 network: fresh addresses inside it do not help', async () => {
    const victim = await account();
    for (let n = 1; n <= MAX_ADDRESS_ATTEMPTS; n++) {
      const browser = new Browser(t.app, `2001:db8:7:7::${n.toString(16)}`);
      expect((await browser.login(`spray${n}@kontor.test`, 'Winter2024!')).statusCode).toBe(422);
    }
    expectThrottled(
      await new Browser(t.app, '2001:db8:7:7:ffff::1').login(victim.email, victim.password),
      ADDRESS_DECAY_SECONDS,
    );
    const otherNetwork = new Browser(t.app, '2001:db8:7:8::1');
    expect((await otherNetwork.login(victim.email, victim.password)).statusCode).toBe(204);
  });
});

describe('one account guessed at from many addresses', () => {
  test(`is refused with 429 after ${MAX_ACCOUNT_ATTEMPTS} failures, but not at an address the user logged in from`, async () => {
    const user = await account();
    const office = new Browser(t.app, '192.0.2.200');
    expect((await office.login(user.email, user.password)).statusCode).toBe(204);

    for (let n = 1; n <= MAX_ACCOUNT_ATTEMPTS; n++) {
      const bot = new Browser(t.app, `203.0.113.${n}`);
      expect((await bot.login(user.email.toUpperCase(), `guess-${n}`)).statusCode).toBe(422);
    }
    const freshAddress = new Browser(t.app, '203.0.113.250');
    expectThrottled(await freshAddress.login(user.email, user.password), ACCOUNT_DECAY_SECONDS);

    // The attack does not lock the user out where they work (logged in there before) …
    const officeAgain = new Browser(t.app, '192.0.2.200');
    expect((await officeAgain.login(user.email, user.password)).statusCode).toBe(204);
    // … and elsewhere only until the window ends.
    await t.db.query(
      `UPDATE login_throttle SET reset_at = now() - interval '1 second' WHERE key = $1`,
      [`account:${user.email}`],
    );
    expect((await freshAddress.login(user.email, user.password)).statusCode).toBe(204);
  });

  test('an e-mail address no account has is throttled the same way (the answer tells nothing)', async () => {
    for (let n = 1; n <= MAX_ACCOUNT_ATTEMPTS; n++) {
      const bot = new Browser(t.app, `198.18.0.${n}`);
      expect((await bot.login('nobody@kontor.test', `guess-${n}`)).statusCode).toBe(422);
    }
    expectThrottled(
      await new Browser(t.app, '198.18.1.1').login('nobody@kontor.test', 'guess'),
      ACCOUNT_DECAY_SECONDS,
    );
  });
});
