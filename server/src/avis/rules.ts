import { z } from 'zod';
import { field } from '../domain/validation';

// The rules of an avis's input and of a booking's input. What depends on the database (the
// product's client, lot-tracked, best-before; the place's warehouse; the open quantity) is
// checked by the business functions in avis.ts.

/** At most this many lines on one avis (and in one booking). */
export const MAX_AVIS_LINES = 500;

/** A whole number of units, at least 1. */
const quantity = (name: string) => field.quantity(name, 1);

/** An announced line. */
export const avisLineInput = z.object({
  productId: field.id('product'),
  announcedQuantity: quantity('announced quantity'),
  lot: field.optionalString('lot', 64),
  bestBefore: field.optionalDay('best-before'),
});

/** An avis as the form (or the file import) sends it. */
export const avisInput = z.object({
  supplierId: field.id('supplier'),
  clientId: field.id('client'),
  warehouseId: field.id('warehouse'),
  deliveryNoteNumber: field.requiredString('delivery note number', 100),
  deliveryDate: field.day('delivery date'),
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
  bestBefore: field.optionalDay('best-before'),
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
