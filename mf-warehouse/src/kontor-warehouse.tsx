import { avisPages } from './avis/pages';
import manifest from './manifest.json';
import { productsPages } from './products/pages';
import { defineModule } from './shared-session';
import { stockPages } from './stock/pages';
import { suppliersPages } from './suppliers/pages';
import { warehousesPages } from './warehouses/pages';

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/warehouse',
  pages: { ...productsPages, ...warehousesPages, ...stockPages, ...suppliersPages, ...avisPages },
  translations: manifest.translations,
});
