import { avisPages } from './avis/pages';
import manifest from './manifest.json';
import { productImportPages } from './products/import';
import { productImportTexts } from './products/import-texts';
import { productsPages } from './products/pages';
import { productsTexts } from './products/texts';
import { defineModule } from './shared-session';
import { stockPages } from './stock/pages';
import { stockTexts } from './stock/texts';
import { suppliersPages } from './suppliers/pages';
import { warehousesPages } from './warehouses/pages';
import { warehousesTexts } from './warehouses/texts';

type Texts = Record<string, unknown>;

/** Merges the areas' texts into the manifest's (one level deep: each area adds its own keys). */
function merge(...parts: Texts[]): Texts {
  const out: Texts = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const had = out[key];
      out[key] =
        had && typeof had === 'object' && value && typeof value === 'object'
          ? { ...(had as Texts), ...(value as Texts) }
          : value;
    }
  }
  return out;
}

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/warehouse',
  pages: {
    ...productsPages,
    ...productImportPages,
    ...warehousesPages,
    ...stockPages,
    ...suppliersPages,
    ...avisPages,
  },
  translations: {
    de: {
      warehouse: merge(
        manifest.translations.de.warehouse,
        productsTexts.de,
        productImportTexts.de,
        warehousesTexts.de,
        stockTexts.de,
      ),
    },
    en: {
      warehouse: merge(
        manifest.translations.en.warehouse,
        productsTexts.en,
        productImportTexts.en,
        warehousesTexts.en,
        stockTexts.en,
      ),
    },
  },
});
