import { avisImportPages } from './avis/import';
import { avisImportTexts } from './avis/import-texts';
import { avisPages } from './avis/pages';
import { avisTexts } from './avis/texts';
import manifest from './manifest.json';
import { productImportPages } from './products/import';
import { productImportTexts } from './products/import-texts';
import { productsPages } from './products/pages';
import { productsTexts } from './products/texts';
import { defineModule, moduleTexts } from './shared-session';
import { stockPages } from './stock/pages';
import { stockTexts } from './stock/texts';
import { suppliersPages } from './suppliers/pages';
import { suppliersTexts } from './suppliers/texts';
import { warehousesPages } from './warehouses/pages';
import { warehousesTexts } from './warehouses/texts';

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/warehouse',
  pages: {
    ...productsPages,
    ...productImportPages,
    ...warehousesPages,
    ...stockPages,
    ...suppliersPages,
    ...avisPages,
    ...avisImportPages,
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
