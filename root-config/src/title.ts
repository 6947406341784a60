import type { CurrentRoute } from '@kontor/shared-session';

/** The product name of the title bar. */
export const PRODUCT = 'Kontor';

/** `Kontor-App`, then ` - {page title}` when the route has one (docs/product.md §1). */
export function documentTitle(current: CurrentRoute, translate: (key: string) => string): string {
  const pageTitle = current.route?.pageTitle;
  return pageTitle ? `${PRODUCT}-App - ${translate(pageTitle)}` : `${PRODUCT}-App`;
}
