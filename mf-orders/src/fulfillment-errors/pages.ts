import type { ModulePages } from '../shared-session';
import { FulfillmentErrorsPage } from './errors';

/** Orders whose fulfillment failed, with the reason; fix and retry from there. */
export const fulfillmentErrorsPages: ModulePages = { 'orders.errors': FulfillmentErrorsPage };
