import { placeholderPages } from '../shared-session';

/** Shippers (carriers) and shipping methods. */
export const shippingPages = placeholderPages('admin.shipping.shippers', 'admin.shipping.methods');
