import { placeholderPages } from '../shared-session';

/** Orders whose fulfillment failed. */
export const fulfillmentErrorsPages = placeholderPages('orders.errors');
