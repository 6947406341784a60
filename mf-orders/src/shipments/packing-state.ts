import { parseDecimal } from '@kontor/contracts';
import type { PackingOrderFieldsFragment } from '../graphql/generated';
import { problemsText } from '../orders/problems';

// The packing station's logic without React (the view is packing.tsx): which step it is in,
// the order scanned, its packages and what each scan, typed quantity or button does to them.
// Every function takes a state and returns the next one (or what to say) and never mutates;
// texts are returned as i18n keys with their parameters, so the view translates them and the
// tests read them without a language.

export type Order = PackingOrderFieldsFragment;
export type Item = Order['items'][number];
export type Step = 'scan' | 'assign' | 'finish';
export const STEPS: Step[] = ['scan', 'assign', 'finish'];

/** An i18n key (namespace `orders`) and its parameters. */
export type Text = [key: string, params?: Record<string, unknown>];

export interface Package {
  /** Units per order item id. */
  quantities: Record<string, number>;
  /** As typed (a decimal comma is fine). */
  weight: string;
  tracking: string;
}

export interface PackingState {
  step: Step;
  order: Order | null;
  packages: Package[];
  /** The package the scans go into (index into `packages`). */
  current: number;
  /** Server field errors by `packages.<p>.items.<i>.quantity` etc., shown at their fields. */
  serverErrors: Record<string, string>;
}

export const emptyPackage = (): Package => ({ quantities: {}, weight: '', tracking: '' });

export const initial: PackingState = {
  step: 'scan',
  order: null,
  packages: [emptyPackage()],
  current: 0,
  serverErrors: {},
};

/** Open = ordered − already shipped. */
export const openOf = (item: Item) => Math.max(0, item.orderedQuantity - item.shippedQuantity);

/** Units of an item in all packages. */
export const assignedOf = (packages: Package[], itemId: string) =>
  packages.reduce((sum, pkg) => sum + (pkg.quantities[itemId] ?? 0), 0);

/** Units of an item still to assign to some package (open − in all packages). */
export const remainingOf = (state: PackingState, item: Item) =>
  openOf(item) - assignedOf(state.packages, String(item.id));

/** A typed weight in kg (`1,5` or `1.5`), null when empty, NaN when it is none or negative. */
export function parseWeight(text: string): number | null {
  const value = parseDecimal(text);
  if (value === null) return null;
  return value === undefined || value < 0 ? Number.NaN : value;
}

/** The item ids a package sends, in position order (the index the server's errors name). */
export const sentItems = (order: Order | null, pkg: Package) =>
  (order?.items ?? []).map((item) => String(item.id)).filter((id) => (pkg.quantities[id] ?? 0) > 0);

/**
 * Why an order looked up by `number` cannot be packed (null: it can): unknown, shipped, not
 * pending or processing, or pending with a fulfillment error (its reason named: it is fixed
 * and retried on the order first, docs/domain.md "Outbound").
 */
export function orderRefusal(found: Order | null, number: string): Text | null {
  if (!found) return ['orders:shipment.unknownOrder', { number }];
  if (found.items.every((item) => openOf(item) === 0))
    return ['orders:shipment.allShipped', { number: found.number }];
  if (found.status !== 'PENDING' && found.status !== 'PROCESSING')
    return ['orders:shipment.notPackable', { number: found.number, status: found.status }];
  if (found.status === 'PENDING' && found.fulfillmentError)
    return [
      'orders:shipment.fulfillmentProblem',
      { number: found.number, reason: problemsText(found) },
    ];
  return null;
}

/** An order to pack: its positions, one empty package, step 2. */
export const orderLoaded = (order: Order): PackingState => ({
  ...initial,
  order,
  packages: [emptyPackage()],
  step: 'assign',
});

/** The same order reloaded (it changed on the server): the packages stay, step 2. */
export const orderReloaded = (state: PackingState, order: Order): PackingState => ({
  ...state,
  order,
  step: 'assign',
});

/** What one EAN scan into the current package does: the state after it and what to say. */
export function applyScan(
  state: PackingState,
  code: string,
): { state: PackingState; ok: boolean; text: Text; item?: Item } {
  const { order, packages, current } = state;
  if (!order) return { state, ok: false, text: ['orders:shipment.scanOrderHint'] };
  // A product without an EAN is scanned by its sku.
  const withEan = order.items.filter((item) =>
    item.product?.ean ? item.product.ean === code : item.sku === code,
  );
  if (withEan.length === 0)
    return {
      state,
      ok: false,
      text: ['orders:shipment.wrongEan', { ean: code, number: order.number }],
    };
  const next = withEan.find((item) => assignedOf(packages, String(item.id)) < openOf(item));
  if (!next)
    return {
      state,
      ok: false,
      text: ['orders:shipment.eanDone', { ean: code, sku: withEan[0]!.sku }],
    };
  const id = String(next.id);
  const after = setQuantity(state, current, id, (packages[current]?.quantities[id] ?? 0) + 1);
  return {
    state: after,
    ok: true,
    item: next,
    text: [
      'orders:shipment.scanned',
      {
        sku: next.sku,
        n: current + 1,
        assigned: assignedOf(after.packages, id),
        open: openOf(next),
      },
    ],
  };
}

const changePackage = (
  state: PackingState,
  p: number,
  change: (pkg: Package) => Package,
): PackingState => ({
  ...state,
  serverErrors: {},
  packages: state.packages.map((pkg, index) => (index === p ? change(pkg) : pkg)),
});

/** A quantity typed for an item in package `p`. */
export const setQuantity = (state: PackingState, p: number, itemId: string, quantity: number) =>
  changePackage(state, p, (pkg) => ({
    ...pkg,
    quantities: { ...pkg.quantities, [itemId]: quantity },
  }));

export const setWeight = (state: PackingState, p: number, weight: string) =>
  changePackage(state, p, (pkg) => ({ ...pkg, weight }));

export const setTracking = (state: PackingState, p: number, tracking: string) =>
  changePackage(state, p, (pkg) => ({ ...pkg, tracking }));

/** A further package, which the scans then go into. */
export const addPackage = (state: PackingState): PackingState => ({
  ...state,
  packages: [...state.packages, emptyPackage()],
  current: state.packages.length,
});

/** Package `p` removed (never the last one); the scans go to the first one again. */
export const removePackage = (state: PackingState, p: number): PackingState =>
  state.packages.length <= 1
    ? state
    : {
        ...state,
        packages: state.packages.filter((_, index) => index !== p),
        current: 0,
        serverErrors: {},
      };

export const selectPackage = (state: PackingState, p: number): PackingState =>
  p >= 0 && p < state.packages.length ? { ...state, current: p } : state;

/** What is wrong with the quantity of `item` in package `p` (the server checks again). */
export function quantityProblem(state: PackingState, p: number, item: Item): Text | undefined {
  const own = state.packages[p]?.quantities[String(item.id)] ?? 0;
  if (!Number.isInteger(own) || own < 0) return ['orders:shipment.badQuantity'];
  if (assignedOf(state.packages, String(item.id)) > openOf(item))
    return ['orders:shipment.tooMuch', { open: openOf(item) }];
  return undefined;
}

export const weightProblem = (state: PackingState, p: number): Text | undefined =>
  Number.isNaN(parseWeight(state.packages[p]?.weight ?? ''))
    ? ['orders:shipment.badWeight']
    : undefined;

/** What blocks going on to the finish, or null. */
export function blocker(state: PackingState): Text | null {
  const items = state.order?.items ?? [];
  if (items.every((item) => assignedOf(state.packages, String(item.id)) === 0))
    return ['orders:shipment.nothingAssigned'];
  for (let p = 0; p < state.packages.length; p++) {
    if (items.some((item) => quantityProblem(state, p, item)) || weightProblem(state, p))
      return ['orders:shipment.fixFirst'];
    if (sentItems(state.order, state.packages[p]!).length === 0)
      return ['orders:shipment.packageEmpty', { n: p + 1 }];
  }
  return null;
}

/** 'Weiter': step 3, or what blocks it (the state unchanged). */
export function forward(state: PackingState): { state: PackingState; problem: Text | null } {
  const problem = blocker(state);
  return problem ? { state, problem } : { state: { ...state, step: 'finish' }, problem: null };
}

/** 'Zurück' in step 3: the packages again. */
export const backToAssign = (state: PackingState): PackingState => ({ ...state, step: 'assign' });

/** The mutation's packages: weight parsed, tracking trimmed, the items sent. */
export const shipmentPackages = (state: PackingState) =>
  state.packages.map((pkg) => ({
    weightKg: parseWeight(pkg.weight),
    trackingNumber: pkg.tracking.trim() || null,
    items: sentItems(state.order, pkg).map((id) => ({
      orderItemId: id,
      quantity: pkg.quantities[id]!,
    })),
  }));

/** The server error of an item's quantity in package `p` (by the index the server names). */
export function serverProblem(state: PackingState, p: number, itemId: string) {
  const pkg = state.packages[p];
  const index = pkg ? sentItems(state.order, pkg).indexOf(itemId) : -1;
  return index < 0 ? undefined : state.serverErrors[`packages.${p}.items.${index}.quantity`];
}

/**
 * A refusal's field errors (name → text, already in the user's language) placed at their
 * fields; returns the state with them and, per error, where it is: the package and the sku
 * of `packages.<p>.items.<i>.…` (undefined for other fields).
 */
export function refusedFields(
  state: PackingState,
  sent: Package[],
  fields: Record<string, string>,
): { state: PackingState; places: { name: string; package?: number; sku?: string }[] } {
  const places = Object.keys(fields).map((name) => {
    const at = /^packages\.(\d+)\.items\.(\d+)\./.exec(name);
    if (!at) return { name };
    const p = Number(at[1]);
    const pkg = sent[p];
    const itemId = pkg ? sentItems(state.order, pkg)[Number(at[2])] : undefined;
    const item = state.order?.items.find((i) => String(i.id) === itemId);
    return item ? { name, package: p + 1, sku: item.sku } : { name };
  });
  return { state: { ...state, serverErrors: fields }, places };
}

/** The current target of step 2: the first item with units still to assign, or null. */
export const nextItem = (state: PackingState): Item | null =>
  state.order?.items.find((item) => remainingOf(state, item) > 0) ?? null;

/** The next step spelled out for the person at the station. */
export function nextStep(state: PackingState): Text {
  if (state.step === 'scan' || !state.order) return ['orders:shipment.nextScanOrder'];
  if (state.step === 'finish') return ['orders:shipment.nextFinish'];
  const item = nextItem(state);
  if (item)
    return [
      'orders:shipment.nextItem',
      {
        sku: item.sku,
        name: item.name,
        remaining: remainingOf(state, item),
        n: state.current + 1,
      },
    ];
  return ['orders:shipment.nextForward'];
}
