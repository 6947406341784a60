import { placeholderPages } from '../shared-session';

/** Export of invoices. */
export const invoiceExportPages = placeholderPages('orders.invoiceExport');
