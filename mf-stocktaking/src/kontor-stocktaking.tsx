import manifest from './manifest.json';
import { defineModule, moduleTexts } from './shared-session';
import { stocktakingsPages } from './stocktakings/pages';
import { stocktakingsTexts } from './stocktakings/texts';

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/stocktaking',
  pages: stocktakingsPages,
  translations: moduleTexts('stocktaking', manifest.translations, stocktakingsTexts),
});
