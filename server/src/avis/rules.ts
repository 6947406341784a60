import { z } from 'zod';
import { field } from '../domain/validation';
import { MAX_BOOKING_QUANTITY } from '../stock/rules';
import { isDay } from '../stock/list';

// The rules of an avis's input and of a booking's input. What depends on the database (the
// product's client, lot-tracked, best-before; the place's warehouse; the open quantity) is
// checked by the business functions in avis.ts.

/** At most this many lines on one avis (and in one booking). */
export const MAX_AVIS_LINES = 500;

/** A whole number of units, at least 1. */
const quantity = (name: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `The ${name} field is required.`
          : `The ${name} field must be a number.`,
    })
    .int(`The ${name} field must be a whole number.`)
    .min(1, `The ${name} must be at least 1.`)
    .max(
      MAX_BOOKING_QUANTITY,
      `The ${name} must not be greater than ${MAX_BOOKING_QUANTITY.toLocaleString('en')}.`,
    );

/** A calendar day as YYYY-MM-DD (2026-02-30 is refused). */
const day = (name: string) =>
  z
    .string({ error: `The ${name} field must be a date (YYYY-MM-DD).` })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isDay(value), {
      message: `The ${name} field must be a date (YYYY-MM-DD).`,
      params: { rule: 'date' },
    });

/** A day, or null when absent or empty. */
const optionalDay = (name: string) =>
  z
    .string({ error: `The ${name} field must be a date (YYYY-MM-DD).` })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isDay(value)), {
      message: `The ${name} field must be a date (YYYY-MM-DD).`,
      params: { rule: 'date' },
    });

/** An announced line. */
export const avisLineInput = z.object({
  productId: field.id('product'),
  announcedQuantity: quantity('announced quantity'),
  lot: field.optionalString('lot', 64),
  bestBefore: optionalDay('best-before'),
});

/** An avis as the form (or the file import) sends it. */
export const avisInput = z.object({
  supplierId: field.id('supplier'),
  clientId: field.id('client'),
  warehouseId: field.id('warehouse'),
  deliveryNoteNumber: field.requiredString('delivery note number', 100),
  deliveryDate: day('delivery date'),
  comment: field.optionalString('comment', 2000),
  lines: z
    .array(avisLineInput, { error: 'The lines field is required.' })
    .min(1, 'An avis needs at least one line.')
    .max(MAX_AVIS_LINES, `An avis has at most ${MAX_AVIS_LINES} lines.`),
});

/** An avis as the form sends it. */
export type AvisInput = z.input<typeof avisInput>;
/** An avis after validation: what createAvis and updateAvis take. */
export type ValidAvis = z.output<typeof avisInput>;

/** What arrived for one line. */
export const avisBookingLineInput = z.object({
  lineId: field.id('line'),
  quantity: quantity('quantity'),
  placeId: field.id('place'),
  /** Empty: the line's announced lot. */
  lot: field.optionalString('lot', 64),
  /** Empty: the line's announced best-before date. */
  bestBefore: optionalDay('best-before'),
});

/** One booking action on an avis. */
export const avisBookingInput = z.object({
  lines: z
    .array(avisBookingLineInput, { error: 'The lines field is required.' })
    .min(1, 'A booking needs at least one line.')
    .max(MAX_AVIS_LINES, `A booking has at most ${MAX_AVIS_LINES} lines.`),
  confirmOverDelivery: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
});

/** A booking after validation: what bookAvis takes. */
export type ValidAvisBooking = z.output<typeof avisBookingInput>;

/** A reason (cancel, close with a difference): '' when not given. */
export const reasonInput = field.optionalString('reason', 1000);
