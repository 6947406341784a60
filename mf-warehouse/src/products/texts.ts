// The warehouse namespace's texts of this area beyond the manifest's titles, German and English
// (merged under `warehouse` by kontor-warehouse.tsx; keys e.g. warehouse:products.*).
export const productsTexts = {
  de: {},
  en: {},
};
