import { avisImportTexts } from './avis/import-texts';
import { avisTexts } from './avis/texts';
import manifest from './manifest.json';
import { productImportTexts } from './products/import-texts';
import { productsTexts } from './products/texts';
import { defineModule, lazyPages, moduleTexts } from './shared-session';
import { stockPages } from './stock/pages';
import { stockTexts } from './stock/texts';
import { suppliersTexts } from './suppliers/texts';
import { warehousesTexts } from './warehouses/texts';

// The floor's stock screens (stock change, bookings, inventory) come with the bundle; the
// desk's areas each in a file of their own, loaded with their route (lazyPages).

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/warehouse',
  pages: {
    ...lazyPages(
      () => import('./products/pages').then((m) => m.productsPages),
      ['warehouse.products', 'warehouse.products.create', 'warehouse.products.edit'],
    ),
    ...lazyPages(
      () => import('./products/import').then((m) => m.productImportPages),
      ['warehouse.products.import'],
    ),
    ...lazyPages(
      () => import('./warehouses/pages').then((m) => m.warehousesPages),
      ['warehouse.warehouses', 'warehouse.warehouses.create', 'warehouse.warehouses.edit'],
    ),
    ...stockPages,
    ...lazyPages(
      () => import('./suppliers/pages').then((m) => m.suppliersPages),
      ['warehouse.suppliers', 'warehouse.suppliers.create', 'warehouse.suppliers.edit'],
    ),
    ...lazyPages(
      () => import('./avis/pages').then((m) => m.avisPages),
      ['warehouse.avis', 'warehouse.avis.create', 'warehouse.avis.edit', 'warehouse.avis.details'],
    ),
    ...lazyPages(
      () => import('./avis/import').then((m) => m.avisImportPages),
      ['warehouse.avis.import'],
    ),
  },
  translations: moduleTexts(
    'warehouse',
    manifest.translations,
    productsTexts,
    productImportTexts,
    warehousesTexts,
    stockTexts,
    suppliersTexts,
    avisTexts,
    avisImportTexts,
  ),
});
