import { clientsPages } from './clients/pages';
import { departmentsPages } from './departments/pages';
import manifest from './manifest.json';
import { rolesPages } from './roles/pages';
import { defineModule } from './shared-session';
import { shippingPages } from './shipping/pages';
import { usersPages } from './users/pages';

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/admin',
  pages: { ...usersPages, ...rolesPages, ...clientsPages, ...departmentsPages, ...shippingPages },
  translations: manifest.translations,
});
