import type { ModulePages } from '../shared-session';
import { PackingStation } from './packing';

/** Shipment creation: the packing station (/shipment/create). */
export const shipmentsPages: ModulePages = {
  'orders.shipment.create': PackingStation,
};
