import { z } from 'zod';
import { field } from '../domain/validation';

// The rules of a booking's input (book in, book out, move, correction). What depends on the
// product (lot-tracked, best-before) or on the place (its warehouse) is checked by the
// business functions in stock.ts against the database.

/** A whole number of units, at least `min`. */
const quantity = (min: number) => field.quantity('quantity', min);

/** The best-before day of a lot, or null. */
const bestBeforeDate = field.optionalDay('best-before');

/** What every booking names: where, what, which lot. */
const bookingBase = {
  warehouseId: field.id('warehouse'),
  placeId: field.id('place'),
  productId: field.id('product'),
  lot: field.optionalString('lot', 64),
  comment: field.optionalString('comment', 1000),
};

/** Book in or book out `quantity` units of a product (and lot) on a place. */
export const bookingInput = z.object({
  ...bookingBase,
  quantity: quantity(1),
  bestBefore: bestBeforeDate,
});

/** Move `quantity` units from `placeId` to `toPlaceId`, both places of `warehouseId`. */
export const moveInput = z
  .object({ ...bookingBase, toPlaceId: field.id('place'), quantity: quantity(1) })
  .refine((move) => move.toPlaceId !== move.placeId, {
    path: ['toPlaceId'],
    message: 'The target place must be another place than the source place.',
    params: { rule: 'different' },
  });

/**
 * A correction: `quantity` is what is really on the place (counted), the ledger gets the
 * difference. A comment (why) is required.
 */
export const correctionInput = z.object({
  ...bookingBase,
  quantity: quantity(0),
  bestBefore: bestBeforeDate,
  comment: field.requiredString('comment', 1000),
});

/** A booking after validation. */
export type ValidBooking = z.output<typeof bookingInput>;
/** A move after validation. */
export type ValidMove = z.output<typeof moveInput>;
/** A correction after validation. */
export type ValidCorrection = z.output<typeof correctionInput>;
