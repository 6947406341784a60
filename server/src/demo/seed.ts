import { msg } from '@kontor/contracts';
import { queryOne, type Db } from '../db';
import { notify } from '../notifications/notifications';
import { allPermissions, assignRole, createRole } from '../users/permissions';
import { createUser } from '../users/users';

/** The demo accounts (README lists them); password = the part before the @. */
export const DEMO_USERS = {
  admin: { name: 'Admin', email: 'admin@kontor.test', password: 'admin' },
  packer: { name: 'Packer', email: 'packer@kontor.test', password: 'packer' },
  guest: { name: 'Guest', email: 'guest@kontor.test', password: 'guest' },
} as const;

/** Whether the database holds no user yet (a fresh installation). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return !(await queryOne(db, 'SELECT 1 FROM users LIMIT 1'));
}

/** Fills an empty database with the demo roles, users and a welcome notification. */
export async function seedDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const adminRole = await createRole(tx, 'admin', await allPermissions(tx));
    const packerRole = await createRole(tx, 'packer', ['order:view', 'order:create']);
    const admin = await createUser(tx, DEMO_USERS.admin);
    const packer = await createUser(tx, DEMO_USERS.packer);
    await createUser(tx, DEMO_USERS.guest);
    await assignRole(tx, admin.id, adminRole);
    await assignRole(tx, packer.id, packerRole);
    await notify(tx, admin.id, msg('notification.welcome'));
  });
}
