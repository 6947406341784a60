import { placeholderPages } from '../shared-session';

/** Shipment creation: packages, scanning, shipping. */
export const shipmentsPages = placeholderPages('orders.shipment.create');
