import { clientsPages } from './clients/pages';
import { departmentsPages } from './departments/pages';
import { horizonPages } from './horizon/pages';
import manifest from './manifest.json';
import { rolesPages } from './roles/pages';
import { defineModule } from './shared-session';
import { shippingPages } from './shipping/pages';
import { adminTexts } from './translations';
import { usersPages } from './users/pages';

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/admin',
  pages: {
    ...usersPages,
    ...rolesPages,
    ...clientsPages,
    ...departmentsPages,
    ...shippingPages,
    ...horizonPages,
  },
  translations: {
    de: { admin: { ...manifest.translations.de.admin, ...adminTexts.de.admin } },
    en: { admin: { ...manifest.translations.en.admin, ...adminTexts.en.admin } },
  },
});
