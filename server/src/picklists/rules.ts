import { z } from 'zod';
import { field } from '../domain/validation';
import { MAX_PICKLIST_ORDERS } from './picklists';

// The rules of the picklists' inputs; what depends on the database (the client and method
// exist, the scanned place and EAN are the line's) is checked by picklists.ts.

const optionalId = (name: string) =>
  field
    .id(name)
    .nullish()
    .transform((value) => value ?? null);

/** Which pending orders a new picklist takes. */
export const picklistInput = z.object({
  clientId: optionalId('client'),
  shippingMethodId: optionalId('shipping method'),
  maxOrders: z
    .number({ error: 'The max orders field must be a number.' })
    .int('The max orders field must be a whole number.')
    .min(1, 'The max orders field must be at least 1.')
    .max(
      MAX_PICKLIST_ORDERS,
      `The max orders field must not be greater than ${MAX_PICKLIST_ORDERS}.`,
    )
    .nullish()
    .transform((value) => value ?? null),
  singleItemOnly: z
    .boolean({ error: 'The single item only field must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
  orderIds: z
    .array(field.id('order'), { error: 'The order ids field must be a list.' })
    .min(1, 'Choose at least one order.')
    .max(MAX_PICKLIST_ORDERS, `At most ${MAX_PICKLIST_ORDERS} orders at once.`)
    .nullish()
    .transform((value) => (value ? [...new Set(value)] : null)),
});

/** A pick: the scanned place barcode and EAN, and how many. */
export const pickInput = z.object({
  lineId: field.id('line'),
  placeBarcode: field.requiredString('place barcode', 100),
  ean: field.requiredString('ean', 100),
  quantity: field.quantity('quantity', 1),
});
