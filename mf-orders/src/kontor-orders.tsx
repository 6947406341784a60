import { dashboardTexts } from './dashboard/texts';
import { invoiceExportTexts } from './invoice-export/texts';
import manifest from './manifest.json';
import { orderImportTexts } from './orders/import-texts';
import { ordersTexts } from './orders/texts';
import { picklistsPages } from './picklists/pages';
import { picklistsTexts } from './picklists/texts';
import { defineModule, lazyPages, moduleTexts } from './shared-session';
import { shipmentsPages } from './shipments/pages';
import { shipmentsTexts } from './shipments/texts';

// The floor's screens (packing, picking) come with the bundle; the desk's pages each in a
// file of their own, loaded with their route (lazyPages).

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/orders',
  pages: {
    ...lazyPages(
      () =>
        import('./dashboard/DashboardPage').then((m) => ({ 'orders.dashboard': m.DashboardPage })),
      ['orders.dashboard'],
    ),
    ...lazyPages(
      () => import('./orders/pages').then((m) => m.ordersPages),
      ['orders.list', 'orders.create', 'orders.edit'],
    ),
    ...lazyPages(
      () => import('./orders/import').then((m) => m.orderImportPages),
      ['orders.import'],
    ),
    ...shipmentsPages,
    ...picklistsPages,
    ...lazyPages(
      () => import('./fulfillment-errors/pages').then((m) => m.fulfillmentErrorsPages),
      ['orders.errors'],
    ),
    ...lazyPages(
      () => import('./invoice-export/pages').then((m) => m.invoiceExportPages),
      ['orders.invoiceExport'],
    ),
  },
  // Each area's texts file joins here: moduleTexts('orders', manifest.translations, ordersTexts, …).
  translations: moduleTexts(
    'orders',
    manifest.translations,
    ordersTexts,
    orderImportTexts,
    dashboardTexts,
    picklistsTexts,
    shipmentsTexts,
    invoiceExportTexts,
  ),
});
