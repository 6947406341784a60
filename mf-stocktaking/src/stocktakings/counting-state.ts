// The counting screen's logic, without React and without the server: what a scan, an Enter,
// a choice or the server's answer does to the screen. The view (counter.tsx) asks the server
// and hands its answers in as events; this module decides the step, the field with the focus,
// the message and what is saved. A hand scanner is a keyboard that types the code and Enter:
//
//   place scanned (confirmed by the server) → product scanned (EAN or SKU)
//     → [one of several matches picked] → [lot / best-before, when the product needs them and
//     the place does not name them] → counted quantity, Enter saves → the next product of the
//     same place; an empty Enter in the product field → the next place; Escape after a
//     product was chosen → another product.

import type { Candidate, CountPlace } from './counting-match';

export {
  foundCandidate,
  foundProducts,
  lineCandidate,
  linesMatching,
  type Candidate,
  type CountLine,
  type CountPlace,
  type CountProduct,
} from './counting-match';

export type Step = 'place' | 'product' | 'pick' | 'lot' | 'bestBefore' | 'quantity';
/** The screen's fields (the pick list is no field: its buttons take the focus). */
export type Field = 'place' | 'product' | 'lot' | 'bestBefore' | 'quantity';

/** A text to show: a key of the stocktaking texts with its values, or a text as it is. */
export type Words = { key: string; params?: Record<string, string | number> } | string;

export interface Message {
  kind: 'ok' | 'wrong' | 'info';
  words: Words;
}

export interface CountingState<P extends CountPlace = CountPlace> {
  step: Step;
  /** The code of the place scanned, shown while the server looks it up. */
  barcode: string | null;
  /** The place being counted, as the server answered (or refreshed) it. */
  place: P | null;
  /** Several matches of a code: one is to be picked. */
  candidates: Candidate[];
  chosen: Candidate | null;
  lot: string;
  bestBefore: string;
  count: string;
  /** The fields a refusal names (the message says why, once). */
  invalid: Partial<Record<Field, true>>;
  message: Message | null;
  /** Where the focus goes next: a new object for every request (the same field again too). */
  focus: { on: Field | 'pick' } | null;
  /** A count or an empty place on its way to the server: a second Enter saves nothing. */
  saving: boolean;
}

export const initial: CountingState = {
  step: 'place',
  barcode: null,
  place: null,
  candidates: [],
  chosen: null,
  lot: '',
  bestBefore: '',
  count: '',
  invalid: {},
  message: null,
  focus: { on: 'place' },
  saving: false,
};

export type CountingEvent<P extends CountPlace = CountPlace> =
  /** A place's code scanned: the product field takes the next scan while the server looks. */
  | { type: 'placeScanned'; barcode: string }
  /** The server's place of that code. */
  | { type: 'placeFound'; barcode: string; place: P }
  /** No place of that code in the stocktaking (or refused: `words` say why). */
  | { type: 'placeUnknown'; barcode: string; words?: Words }
  /** The place as the server has it now (another counter counted on it). */
  | { type: 'placeRefreshed'; place: P }
  /** A product's code scanned before any place was. */
  | { type: 'productWithoutPlace' }
  /** What a product's code matched (`linesMatching`, else the server's `foundProducts`). */
  | { type: 'matched'; code: string; candidates: Candidate[] }
  /** One of the matches, or a line of the place, picked. */
  | { type: 'chosen'; candidate: Candidate }
  | { type: 'typed'; field: 'lot' | 'bestBefore' | 'quantity'; value: string }
  /** Enter in the lot or the best-before field. */
  | { type: 'entered'; field: 'lot' | 'bestBefore' }
  /** Enter in the quantity field (or the save button). */
  | { type: 'save' }
  /** The count saved: the server's place with it. */
  | { type: 'saved'; quantity: number; place?: P }
  /** The server refused: the fields it names, and one text. */
  | { type: 'refused'; fields: Field[]; words: Words }
  /** The place confirmed empty: asked, then answered. */
  | { type: 'confirmEmpty' }
  | { type: 'emptyConfirmed' }
  /** An empty Enter in the product field, or the "next place" button. */
  | { type: 'nextPlace' }
  /** Escape after a product was chosen (or "another product"): back to the product's scan. */
  | { type: 'otherProduct' };

const productPart = {
  candidates: [] as Candidate[],
  chosen: null,
  lot: '',
  bestBefore: '',
  count: '',
  invalid: {},
} satisfies Partial<CountingState>;

const words = (key: string, params?: Record<string, string | number>): Words =>
  params ? { key, params } : { key };
const say = (kind: Message['kind'], key: string, params?: Record<string, string | number>) => ({
  kind,
  words: words(key, params),
});

/** The step after a product is chosen: its lot, its best-before date, or the quantity. */
function afterChoice(candidate: Candidate): Step {
  if (candidate.line) return 'quantity';
  if (candidate.product.lotTracked) return 'lot';
  return candidate.product.bestBefore ? 'bestBefore' : 'quantity';
}

/** Whether the lot field shows: a lot-tracked product, or a line with a lot. */
export const lotShown = (state: CountingState<CountPlace>) =>
  state.chosen !== null && (state.chosen.product.lotTracked || state.chosen.lot !== '');

/** Whether the best-before field shows: the product has one, or its line names one. */
export const bestBeforeShown = (state: CountingState<CountPlace>) =>
  state.chosen !== null && (state.chosen.product.bestBefore || state.chosen.bestBefore !== null);

const choose = <P extends CountPlace>(
  state: CountingState<P>,
  candidate: Candidate,
): CountingState<P> => {
  const step = afterChoice(candidate);
  return {
    ...state,
    ...productPart,
    step,
    chosen: candidate,
    lot: candidate.lot,
    bestBefore: candidate.bestBefore ?? '',
    message: null,
    focus: { on: step },
  };
};

/** The next place: everything but the last message cleared, the place field focused. */
const nextPlace = <P extends CountPlace>(
  state: CountingState<P>,
  message = state.message,
): CountingState<P> => ({
  ...state,
  ...productPart,
  step: 'place',
  barcode: null,
  place: null,
  message,
  focus: { on: 'place' },
  saving: false,
});

/** A field refused with a reason: marked, the focus there, the reason said once. */
const refuse = <P extends CountPlace>(
  state: CountingState<P>,
  field: Field,
  words: Words,
): CountingState<P> => ({
  ...state,
  step: field,
  invalid: { [field]: true },
  message: { kind: 'wrong', words },
  focus: { on: field },
  saving: false,
});

const required = <P extends CountPlace>(state: CountingState<P>, field: Field) =>
  refuse(state, field, words(`stocktaking:counting.missing.${field}`));

/** The whole number typed as the count, or null when it is none. */
export function countedQuantity(count: string): number | null {
  const text = count.trim();
  if (!/^\d+$/.test(text)) return null;
  return Number(text);
}

/** The screen's next state after an event. */
export function reduce<P extends CountPlace>(
  state: CountingState<P>,
  event: CountingEvent<P>,
): CountingState<P> {
  switch (event.type) {
    case 'placeScanned':
      // The scan field keeps the focus (codes the scanner types on wait in its queue).
      return {
        ...state,
        ...productPart,
        step: 'place',
        barcode: event.barcode,
        place: null,
        message: null,
        saving: false,
      };
    case 'placeFound':
      // An answer for a code scanned before the current one is no longer wanted.
      if (state.barcode !== event.barcode || state.place !== null) return state;
      return {
        ...state,
        step: 'product',
        place: event.place,
        invalid: {},
        message: say('ok', 'stocktaking:counting.placeConfirmed', {
          place: event.place.place.path,
        }),
        focus: { on: 'product' },
      };
    case 'placeUnknown':
      if (state.barcode !== event.barcode) return state;
      return refuse<P>(
        { ...state, ...productPart, barcode: null, place: null },
        'place',
        event.words ?? words('stocktaking:counting.unknownPlace', { barcode: event.barcode }),
      );
    case 'placeRefreshed':
      if (
        !state.place ||
        state.place === event.place ||
        String(state.place.place.id) !== String(event.place.place.id)
      )
        return state;
      return { ...state, place: event.place };
    case 'productWithoutPlace':
      return required(state, 'place');
    case 'matched':
      if (event.candidates.length === 0)
        return refuse(
          { ...state, ...productPart },
          'product',
          words('stocktaking:counting.unknownEan', { ean: event.code }),
        );
      if (event.candidates.length === 1) return choose(state, event.candidates[0]!);
      return {
        ...state,
        ...productPart,
        step: 'pick',
        candidates: event.candidates,
        message: say('info', 'stocktaking:counting.pickProduct'),
        focus: { on: 'pick' },
      };
    case 'chosen':
      if (!state.place) return required(state, 'place');
      return choose(state, event.candidate);
    case 'typed': {
      const key = event.field === 'quantity' ? 'count' : event.field;
      const invalid = { ...state.invalid };
      delete invalid[event.field];
      return { ...state, [key]: event.value, invalid };
    }
    case 'entered':
      if (event.field === 'lot') {
        if (state.chosen?.product.lotTracked && state.lot.trim() === '')
          return required(state, 'lot');
        const step = bestBeforeShown(state) && !state.bestBefore ? 'bestBefore' : 'quantity';
        return { ...state, step, focus: { on: step } };
      }
      return { ...state, step: 'quantity', focus: { on: 'quantity' } };
    case 'save':
      if (state.saving) return state;
      if (!state.place) return required(state, 'place');
      if (!state.chosen) return required(state, 'product');
      if (state.count.trim() === '') return required(state, 'quantity');
      if (countedQuantity(state.count) === null)
        return refuse(state, 'quantity', words('stocktaking:counting.wholeNumber'));
      return { ...state, saving: true };
    case 'saved':
      return {
        ...state,
        ...productPart,
        step: 'product',
        place: event.place ?? state.place,
        saving: false,
        message: say('ok', 'stocktaking:counting.counted', {
          quantity: event.quantity,
          sku: state.chosen?.product.sku ?? '',
          place: state.place?.place.path ?? '',
        }),
        focus: { on: 'product' },
      };
    case 'refused': {
      const first = event.fields[0];
      if (!first)
        return { ...state, saving: false, message: { kind: 'wrong', words: event.words } };
      const marked = refuse(state, first, event.words);
      return { ...marked, invalid: Object.fromEntries(event.fields.map((f) => [f, true])) };
    }
    case 'confirmEmpty':
      if (state.saving) return state;
      if (!state.place) return required(state, 'place');
      return { ...state, saving: true };
    case 'emptyConfirmed':
      return nextPlace(
        state,
        say('ok', 'stocktaking:counting.emptyConfirmed', { place: state.place?.place.path ?? '' }),
      );
    case 'nextPlace':
      return nextPlace(state);
    case 'otherProduct':
      if (!state.place) return nextPlace(state);
      return { ...state, ...productPart, step: 'product', focus: { on: 'product' } };
  }
}

/** What the count to save is: the place, the product (and lot, best-before) and the number. */
export function countInput(state: CountingState<CountPlace>) {
  if (!state.place || !state.chosen) return null;
  const quantity = countedQuantity(state.count);
  if (quantity === null) return null;
  return {
    placeId: String(state.place.place.id),
    productId: String(state.chosen.product.id),
    lot: state.lot.trim(),
    bestBefore: state.bestBefore || null,
    quantity,
  };
}

/** The step list's entry of a step: picking belongs to the product, best-before to the lot. */
export function stepKey(
  state: CountingState<CountPlace>,
): 'place' | 'product' | 'lot' | 'quantity' {
  if (state.step === 'pick') return 'product';
  if (state.step === 'bestBefore') return 'lot';
  return state.step;
}

/** The steps of this product: the lot step only when the product has a lot or a best-before. */
export function stepsOf(
  state: CountingState<CountPlace>,
): ('place' | 'product' | 'lot' | 'quantity')[] {
  return lotShown(state) || bestBeforeShown(state)
    ? ['place', 'product', 'lot', 'quantity']
    : ['place', 'product', 'quantity'];
}

/** The next step in words, as the user is to do it. */
export function nextStep(state: CountingState<CountPlace>): Words {
  const place = state.place?.place.path ?? state.barcode ?? '';
  const sku = state.chosen?.product.sku ?? '';
  switch (state.step) {
    case 'place':
      return { key: 'stocktaking:counting.next.place' };
    case 'product':
      return { key: 'stocktaking:counting.next.product', params: { place } };
    case 'pick':
      return { key: 'stocktaking:counting.next.pick' };
    case 'lot':
      return { key: 'stocktaking:counting.next.lot', params: { sku } };
    case 'bestBefore':
      return { key: 'stocktaking:counting.next.bestBefore', params: { sku } };
    case 'quantity':
      return state.lot
        ? { key: 'stocktaking:counting.next.quantityLot', params: { sku, lot: state.lot } }
        : { key: 'stocktaking:counting.next.quantity', params: { sku } };
  }
}
