import { z } from 'zod';
import { field } from '../domain/validation';

// The rules of the packing station's inputs; the open quantities and the stock are checked
// by shipments.ts against the locked order.

/** The most packages of one shipment, and positions of one package. */
export const MAX_PACKAGES = 50;
export const MAX_PACKAGE_ITEMS = 500;

const trackingNumber = field.optionalString('tracking number', 100);

const packageInput = z.object({
  weightKg: z
    .number({ error: 'The weight field must be a number.' })
    .min(0, 'The weight must not be negative.')
    .max(10_000, 'The weight must not be greater than 10,000 kg.')
    .nullish()
    .transform((value) =>
      value === null || value === undefined ? null : Math.round(value * 1000) / 1000,
    ),
  trackingNumber,
  items: z
    .array(
      z.object({
        orderItemId: field.id('position'),
        quantity: field.quantity('quantity', 1),
      }),
    )
    .min(1, 'A package needs at least one position.')
    .max(MAX_PACKAGE_ITEMS, `A package takes at most ${MAX_PACKAGE_ITEMS} positions.`),
});

/** The packages of a shipment. */
export const shipmentInput = z.object({
  packages: z
    .array(packageInput)
    .min(1, 'A shipment needs at least one package.')
    .max(MAX_PACKAGES, `A shipment takes at most ${MAX_PACKAGES} packages.`),
});

export const shipAllInput = z.object({ trackingNumber });

/** The order number as scanned or typed at the packing station. */
export const packingNumberInput = z.object({ number: field.requiredString('number', 100) });
