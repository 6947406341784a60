import { z } from 'zod';
import { field } from '../domain/validation';
import { isDay } from './list';

// The rules of a booking's input (book in, book out, move, correction). What depends on the
// product (lot-tracked, best-before) or on the place (its warehouse) is checked by the
// business functions in stock.ts against the database.

/** The largest quantity one booking moves (a row's quantity stays a PostgreSQL integer). */
export const MAX_BOOKING_QUANTITY = 1_000_000;

/** A whole number of units, at least `min`. */
const quantity = (min: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'The quantity field is required.'
          : 'The quantity field must be a number.',
    })
    .int('The quantity field must be a whole number.')
    .min(
      min,
      min === 0 ? 'The quantity must not be negative.' : `The quantity must be at least ${min}.`,
    )
    .max(
      MAX_BOOKING_QUANTITY,
      `The quantity must not be greater than ${MAX_BOOKING_QUANTITY.toLocaleString('en')}.`,
    );

/** A calendar date as YYYY-MM-DD (a real date: 2026-02-30 is refused), or null. */
const bestBeforeDate = z
  .string({ error: 'The best-before field must be a date (YYYY-MM-DD).' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine(
    (value) => {
      if (value === null) return true;
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && isDay(value);
    },
    { message: 'The best-before field must be a date (YYYY-MM-DD).', params: { rule: 'date' } },
  );

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
