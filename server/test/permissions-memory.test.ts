import { lifetimeOf } from '../src/auth/cookies';
import { findSessionOfRequest, type SessionLifetime } from '../src/auth/sessions';
import { testConfig } from '../src/config';
import type { Db } from '../src/db';
import { startTestApp, type Browser, type TestApp } from './helpers';
import { codeOf, graphql, staffWith } from './graphql-support';

// A server keeps each user's permissions in memory by the access epoch (migration 0151),
// which every change of roles and permissions moves on in its own transaction. What must
// hold: a change counts from the very next request, on this server and on every other one.

let t: TestApp;
let lifetime: SessionLifetime;
beforeAll(async () => {
  t = await startTestApp();
  lifetime = lifetimeOf(testConfig());
});
afterAll(() => t.close());

/** The permissions another server (a database handle with a memory of its own) finds for a browser. */
async function onOtherServer(other: Db, browser: Browser): Promise<readonly string[]> {
  const token = decodeURIComponent(browser.cookies.get('kontor_session')!);
  return (await findSessionOfRequest(other, token, lifetime))!.permissions;
}

const CLIENTS = '{ clients { total } }';

/** A staff member holding client:view and user:view, seen by this server and another one. */
async function staff() {
  const member = await staffWith(t, ['client:view', 'user:view']);
  const [{ roleId }] = await t.db.query<{ roleId: number }>(
    'SELECT role_id AS "roleId" FROM user_roles WHERE user_id = $1',
    [member.id],
  );
  // Another server: the same database through another handle, with its own memory.
  const other = Object.create(t.db) as Db;
  expect((await graphql(member.browser, CLIENTS)).errors).toBeUndefined();
  expect(await onOtherServer(other, member.browser)).toEqual(['client:view', 'user:view']);
  return { ...member, roleId, other };
}

describe('permissions kept in memory', () => {
  test('a permission taken from a role is refused at the next request, on every server', async () => {
    const member = await staff();
    await t.db.query(
      `DELETE FROM role_permissions WHERE role_id = $1
          AND permission_id = (SELECT id FROM permissions WHERE name = 'client:view')`,
      [member.roleId],
    );
    expect(codeOf(await graphql(member.browser, CLIENTS))).toBe('FORBIDDEN');
    expect(await onOtherServer(member.other, member.browser)).toEqual(['user:view']);
  });

  test('a permission given to a role counts at the next request', async () => {
    const member = await staff();
    await t.db.query(
      `INSERT INTO role_permissions (role_id, permission_id)
       SELECT $1, id FROM permissions WHERE name = 'role:view'`,
      [member.roleId],
    );
    expect((await graphql(member.browser, '{ roles { total } }')).errors).toBeUndefined();
    expect(await onOtherServer(member.other, member.browser)).toEqual([
      'client:view',
      'role:view',
      'user:view',
    ]);
  });

  test('a role taken from the user, or deleted, takes its permissions at once', async () => {
    const first = await staff();
    await t.db.query('DELETE FROM user_roles WHERE user_id = $1', [first.id]);
    expect(codeOf(await graphql(first.browser, CLIENTS))).toBe('FORBIDDEN');
    expect(await onOtherServer(first.other, first.browser)).toEqual([]);

    const second = await staff();
    await t.db.query('DELETE FROM roles WHERE id = $1', [second.roleId]);
    expect(codeOf(await graphql(second.browser, CLIENTS))).toBe('FORBIDDEN');
    expect(await onOtherServer(second.other, second.browser)).toEqual([]);
  });

  test('a change rolled back changes nothing', async () => {
    const member = await staff();
    await t.db
      .transaction(async (tx) => {
        await tx.query('DELETE FROM user_roles WHERE user_id = $1', [member.id]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await graphql(member.browser, CLIENTS)).errors).toBeUndefined();
    expect(await onOtherServer(member.other, member.browser)).toEqual(['client:view', 'user:view']);
  });
});
