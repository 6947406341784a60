import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminTexts } from '../src/translations';

// The role form names every permission by its group and action ('Avis' › 'Buchen'): a
// permission a migration adds without its words would show as 'avis:book' on the form.
const migrations = join(__dirname, '../../server/migrations');
const permissions = [
  ...new Set(
    readdirSync(migrations)
      .filter((file) => file.endsWith('.sql'))
      .flatMap((file) => [
        ...readFileSync(join(migrations, file), 'utf8').matchAll(/'([a-z_]+):([a-z_]+)'/g),
      ])
      .map((match) => `${match[1]}:${match[2]}`),
  ),
].sort();

describe('permission labels', () => {
  test('the migrations define the permissions of every area', () => {
    expect(permissions).toEqual(expect.arrayContaining(['avis:book', 'invoice:export']));
  });

  test.each(['de', 'en'] as const)('every permission has its group and action in %s', (lang) => {
    const { permissionGroups, permissionActions } = adminTexts[lang].admin;
    const missing = permissions.filter((permission) => {
      const [group, action] = permission.split(':') as [string, string];
      return !(group in permissionGroups) || !(action in permissionActions);
    });
    expect(missing).toEqual([]);
  });
});
