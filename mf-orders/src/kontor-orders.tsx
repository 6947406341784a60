import { DashboardPage } from './dashboard/DashboardPage';
import { dashboardTexts } from './dashboard/texts';
import { fulfillmentErrorsPages } from './fulfillment-errors/pages';
import { invoiceExportPages } from './invoice-export/pages';
import { invoiceExportTexts } from './invoice-export/texts';
import manifest from './manifest.json';
import { orderImportPages } from './orders/import';
import { orderImportTexts } from './orders/import-texts';
import { ordersPages } from './orders/pages';
import { ordersTexts } from './orders/texts';
import { picklistsPages } from './picklists/pages';
import { picklistsTexts } from './picklists/texts';
import { defineModule, moduleTexts } from './shared-session';
import { shipmentsPages } from './shipments/pages';
import { shipmentsTexts } from './shipments/texts';

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/orders',
  pages: {
    'orders.dashboard': DashboardPage,
    ...ordersPages,
    ...orderImportPages,
    ...shipmentsPages,
    ...picklistsPages,
    ...fulfillmentErrorsPages,
    ...invoiceExportPages,
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
