import { z } from 'zod';
import { field } from '../domain/validation';

// The rules of a stocktaking's inputs. What depends on the database (the scope's storage of
// the warehouse, the product's lot and best-before, the place in scope) is checked by the
// business functions in stocktaking.ts.

/** An optional id of a row (null when absent). */
const optionalId = (name: string) =>
  field
    .id(name)
    .nullish()
    .transform((value) => value ?? null);

/** A stocktaking as its form sends it: the scope and the blind flag. */
export const stocktakingInput = z.object({
  name: field.optionalString('name', 200),
  warehouseId: field.id('warehouse'),
  storageId: optionalId('storage'),
  rackId: optionalId('rack'),
  clientId: optionalId('client'),
  blind: z
    .boolean({ error: 'The blind field must be true or false.' })
    .nullish()
    .transform((value) => value ?? false),
});
export type ValidStocktaking = z.infer<typeof stocktakingInput>;

/** One count: `quantity` (≥ 0) units of a product (and lot) on a place. */
export const countInput = z.object({
  placeId: field.id('place'),
  productId: field.id('product'),
  lot: field.optionalString('lot', 64),
  bestBefore: field.optionalDay('best-before'),
  quantity: field.quantity('quantity', 0),
});
export type ValidCount = z.infer<typeof countInput>;

/** The lines to count again: at least one, at most 1,000 ids. */
export const recountInput = z.object({
  lineIds: z
    .array(field.id('line'), { error: 'The lineIds field must be a list of line ids.' })
    .min(1, 'Choose at least one line to count again.')
    .max(1000, 'At most 1,000 lines can be counted again at once.'),
});
