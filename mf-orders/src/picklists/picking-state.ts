import type { PicklistLineFieldsFragment } from '../graphql/generated';

// Picking one picklist without React (the view is details.tsx): scan the place → scan the
// EAN → the quantity left on that line is proposed → Enter confirms (the server checks place,
// EAN and quantity again). Each function takes the state and the picklist's lines and returns
// the next state, what to say (an i18n key of namespace `orders` and its parameters) and the
// field the focus goes to; nothing is mutated and nothing is translated here.

export type Line = PicklistLineFieldsFragment;
export type Field = 'place' | 'ean' | 'quantity';
export const FIELDS: Field[] = ['place', 'ean', 'quantity'];

/** An i18n key (namespace `orders`) and its parameters. */
export type Text = [key: string, params?: Record<string, unknown>];

export interface PickingState {
  /** The place barcode scanned (one with an open line), or null. */
  place: string | null;
  /** The line the scanned EAN confirmed at that place, or null. */
  lineId: string | null;
  /** The EAN (or sku) as scanned, sent with the pick. */
  ean: string;
  /** The quantity as typed (proposed: what is open on the line). */
  quantity: string;
  /** The field the last refusal was about (marked, the focus there), or null. */
  wrong: Field | null;
}

export const initial: PickingState = {
  place: null,
  lineId: null,
  ean: '',
  quantity: '',
  wrong: null,
};

/** What a scan or a pick did. */
export interface Outcome {
  state: PickingState;
  ok: boolean;
  /** What to say: what was confirmed, picked or refused (and why). */
  text: Text | null;
  focus: Field;
}

export const openOf = (line: Line) => line.quantity - line.pickedQuantity;

/** The line to walk to next (walking order: the first with something open), or null. */
export const nextLine = (lines: Line[]) => lines.find((l) => openOf(l) > 0) ?? null;

/** Every line picked. */
export const allPicked = (lines: Line[]) => lines.every((l) => openOf(l) <= 0);

/** The current line (the EAN confirmed it), or null. */
export const currentLine = (state: PickingState, lines: Line[]) =>
  lines.find((l) => String(l.id) === state.lineId) ?? null;

/** The path of the scanned place, or null. */
export const placePath = (state: PickingState, lines: Line[]) =>
  state.place ? (lines.find((l) => l.place.barcode === state.place)?.place.path ?? null) : null;

/** Which step the picker is at (the field the focus belongs in). */
export const stepOf = (state: PickingState): Field =>
  state.lineId ? 'quantity' : state.place ? 'ean' : 'place';

const refuse = (state: PickingState, field: Field, text: Text): Outcome => ({
  state: { ...state, wrong: field },
  ok: false,
  text,
  focus: field,
});

/** A place barcode scanned: right when the picklist has an open line there. */
export function scanPlace(state: PickingState, lines: Line[], code: string): Outcome {
  const cleared = { ...initial };
  if (!lines.some((l) => l.place.barcode === code && openOf(l) > 0))
    return refuse(cleared, 'place', ['orders:picklist.wrongPlace', { barcode: code }]);
  const path = lines.find((l) => l.place.barcode === code)!.place.path;
  return {
    state: { ...cleared, place: code },
    ok: true,
    text: ['orders:picklist.placeConfirmed', { place: path }],
    focus: 'ean',
  };
}

/** The code names the product of a line (its EAN; a product without one: its sku). */
const isProductOf = (l: Line, code: string) =>
  l.product.ean ? l.product.ean === code : l.product.sku === code;

/**
 * An EAN scanned (a product without an EAN: its sku, as the server takes it). The barcode of
 * another place of the picklist (the picker walked on) is taken as that place's scan.
 */
export function scanEan(state: PickingState, lines: Line[], code: string): Outcome {
  const base = { ...state, ean: code, lineId: null, quantity: '' };
  if (!state.place) return refuse(base, 'place', ['orders:picklist.placeFirst']);
  const found = lines.find(
    (l) => l.place.barcode === state.place && isProductOf(l, code) && openOf(l) > 0,
  );
  if (
    !found &&
    code !== state.place &&
    !lines.some((l) => isProductOf(l, code)) &&
    lines.some((l) => l.place.barcode === code)
  )
    return scanPlace(state, lines, code);
  if (!found)
    return refuse(base, 'ean', [
      'orders:picklist.wrongEan',
      { ean: code, place: placePath(state, lines) ?? state.place },
    ]);
  return {
    state: { ...base, lineId: String(found.id), quantity: String(openOf(found)), wrong: null },
    ok: true,
    text: ['orders:picklist.productConfirmed', { sku: found.product.sku, quantity: openOf(found) }],
    focus: 'quantity',
  };
}

export const setQuantity = (state: PickingState, quantity: string): PickingState => ({
  ...state,
  quantity,
  wrong: state.wrong === 'quantity' ? null : state.wrong,
});

/** What `pickLine` is sent, or the refusal when place and EAN are not confirmed yet. */
export function pickRequest(
  state: PickingState,
  lines: Line[],
): { lineId: string; placeBarcode: string; ean: string; quantity: number } | { refused: Outcome } {
  const line = currentLine(state, lines);
  if (!line || !state.place)
    return { refused: refuse(state, 'place', ['orders:picklist.placeFirst']) };
  return {
    lineId: String(line.id),
    placeBarcode: state.place,
    ean: state.ean.trim(),
    quantity: Number(state.quantity.trim()),
  };
}

/** The pick went through: the fields empty for the next place, and what was picked. */
export function picked(state: PickingState, lines: Line[]): Outcome {
  const line = currentLine(state, lines);
  return {
    state: { ...initial },
    ok: true,
    text: line
      ? [
          'orders:picklist.pickedLine',
          {
            quantity: Number(state.quantity.trim()),
            sku: line.product.sku,
            place: line.place.path,
          },
        ]
      : null,
    focus: 'place',
  };
}

/** The server's field of a refused pick → the field of this screen. */
export const FIELD_OF: Record<string, Field> = {
  placeBarcode: 'place',
  ean: 'ean',
  quantity: 'quantity',
};

/**
 * A refused pick's field rules (`{ placeBarcode: [{ rule, message, params }] }`) as one text
 * per field of this screen (the screen's own words where the rule is known) and the first
 * field to fix; none known: null (the view shows the problem's own text).
 */
export function pickRefusal(
  state: PickingState,
  lines: Line[],
  fieldRules: Record<string, { rule: string; message: string; params?: Record<string, unknown> }[]>,
): { fields: Partial<Record<Field, Text>>; first: Field } | null {
  const line = currentLine(state, lines);
  const fields: Partial<Record<Field, Text>> = {};
  for (const [name, list] of Object.entries(fieldRules)) {
    const rule = list[0];
    const field = FIELD_OF[name];
    if (!rule || !field) continue;
    fields[field] =
      field === 'place'
        ? ['orders:picklist.wrongPlace', { barcode: state.place }]
        : field === 'ean'
          ? ['orders:picklist.wrongEan', { ean: state.ean.trim(), place: line?.place.path }]
          : rule.rule === 'max'
            ? ['orders:picklist.tooMuch', { open: rule.params?.open ?? (line ? openOf(line) : 0) }]
            : ['orders:picklist.serverRule', { message: rule.message }];
  }
  const first = FIELDS.find((f) => fields[f]);
  return first ? { fields, first } : null;
}

/** The next step spelled out: where to go, what to scan, what to confirm. */
export function nextStep(state: PickingState, lines: Line[]): Text {
  const line = currentLine(state, lines);
  if (line)
    return ['orders:picklist.nextQuantity', { quantity: openOf(line), sku: line.product.sku }];
  if (state.place) {
    const here = lines.find((l) => l.place.barcode === state.place && openOf(l) > 0);
    return here
      ? ['orders:picklist.nextEan', { sku: here.product.sku, name: here.product.name }]
      : ['orders:picklist.nextPlace'];
  }
  const next = nextLine(lines);
  return next
    ? [
        'orders:picklist.next',
        {
          place: next.place.path,
          quantity: openOf(next),
          sku: next.product.sku,
          name: next.product.name,
        },
      ]
    : ['orders:picklist.allPicked'];
}
