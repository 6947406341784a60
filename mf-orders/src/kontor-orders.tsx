import { DashboardPage } from './dashboard/DashboardPage';
import { fulfillmentErrorsPages } from './fulfillment-errors/pages';
import { invoiceExportPages } from './invoice-export/pages';
import manifest from './manifest.json';
import { ordersPages } from './orders/pages';
import { picklistsPages } from './picklists/pages';
import { defineModule, moduleTexts } from './shared-session';
import { shipmentsPages } from './shipments/pages';

export const { bootstrap, mount, unmount } = defineModule({
  name: '@kontor/orders',
  pages: {
    'orders.dashboard': DashboardPage,
    ...ordersPages,
    ...shipmentsPages,
    ...picklistsPages,
    ...fulfillmentErrorsPages,
    ...invoiceExportPages,
  },
  // Each area's texts file joins here: moduleTexts('orders', manifest.translations, ordersTexts, …).
  translations: moduleTexts('orders', manifest.translations),
});
