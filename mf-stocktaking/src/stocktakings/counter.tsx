import { Button, Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  ConfirmEmptyPlaceDocument,
  CountStockDocument,
  StocktakingPlaceByBarcodeDocument,
  StocktakingPlaceDocument,
  StocktakingProductsByEanDocument,
  type StocktakingFieldsFragment,
  type StocktakingPlaceFieldsFragment,
} from '../graphql/generated';
import {
  ScanFieldGroup,
  ScannerField,
  ScanScreen,
  ScanTarget,
  scanRefusal,
  useApolloClient,
  useFocusRequest,
  useQuery,
  useScanFeedback,
  useTranslation,
} from '../shared-session';
import {
  countInput,
  foundProducts,
  initial,
  lineCandidate,
  linesMatching,
  nextStep,
  reduce,
  stepKey,
  stepsOf,
  type CountingEvent,
  type CountingState,
  type Field,
  type Words,
} from './counting-state';
import { Choices, ProductFields, type CandidateText } from './counter-fields';
import { day, quantity } from './format';
import { PlaceLines } from './place-lines';

// The counting screen of a running stocktaking on the scanner kit (Contract A): the place
// and the product large at the top, one scan field for both (a hand scanner types the
// place's code and Enter, then the product's; codes typed faster than the server answers
// wait in the field's queue), then the lot / best-before / quantity fields, the message and
// the next step; the place's lines below; save, "place is empty" and "next place" in the
// bar at the bottom. What a scan or a key does is counting-state.ts's.

type Place = StocktakingPlaceFieldsFragment;
type State = CountingState<Place>;

/** The server's input field → the screen's field. */
const FIELD_OF: Record<string, Field> = {
  placeId: 'place',
  barcode: 'place',
  productId: 'product',
  lot: 'lot',
  bestBefore: 'bestBefore',
  quantity: 'quantity',
};

/** Rules with their own text in this module (others: the toolkit's, or the server's English). */
const OWN_RULES: Record<string, string> = {
  scope: 'stocktaking:rules.placeScope',
  client: 'stocktaking:rules.productClient',
};

/** A server refusal as the fields it names (the first one first) and its one text. */
function refusalOf(error: unknown): { fields: Field[]; words: Words } {
  const { fields, first, text } = scanRefusal(error, FIELD_OF, OWN_RULES);
  const named = Object.keys(fields) as Field[];
  return { fields: first ? [first, ...named.filter((f) => f !== first)] : named, words: text };
}

/**
 * The reducer's state, also at hand at once for the steps that wait for the server (what
 * `dispatch` returns is the state after the event); `effects` runs on every change (the
 * message said and sounded, the focus moved).
 */
function useCounting(effects: (before: State, after: State) => void) {
  const store = useRef<State>({ ...initial, place: null });
  const [state, setState] = useState(store.current);
  const latest = useRef(effects);
  latest.current = effects;
  const dispatch = useCallback((event: CountingEvent<Place>) => {
    const before = store.current;
    const after = reduce(before, event);
    if (after !== before) {
      store.current = after;
      setState(after);
      latest.current(before, after);
    }
    return after;
  }, []);
  return { state, dispatch, store };
}

/** The scanner form of a running stocktaking. */
export function Counter({ stocktaking }: { stocktaking: StocktakingFieldsFragment }) {
  const { t } = useTranslation(['stocktaking', 'ui']);
  const client = useApolloClient();
  const stocktakingId = String(stocktaking.id);
  const feedback = useScanFeedback();
  const refs = {
    scan: useRef<HTMLInputElement>(null),
    pick: useRef<HTMLButtonElement>(null),
    lot: useRef<HTMLInputElement>(null),
    bestBefore: useRef<HTMLInputElement>(null),
    quantity: useRef<HTMLInputElement>(null),
  };
  /** The element of a field: the place and the product share the one scan field. */
  const elementOf = (on: Field | 'pick'): HTMLElement | null =>
    on === 'place' || on === 'product' ? refs.scan.current : refs[on].current;
  const setFocusOn = useFocusRequest<Field | 'pick'>('place', elementOf);
  const text = (words: Words) => (typeof words === 'string' ? words : t(words.key, words.params));

  const { state, dispatch, store } = useCounting((before, after) => {
    if (after.message !== before.message) {
      if (after.message) feedback.say(after.message.kind, text(after.message.words));
      else feedback.clear();
    }
    if (after.focus && after.focus !== before.focus) {
      // The scan field keeps its focus (and what the scanner is typing into it: a request
      // would select that, and the next key would replace it).
      const element = elementOf(after.focus.on);
      if (!element || element !== document.activeElement) setFocusOn(after.focus.on);
    }
  });

  // The place as the server has it now: another counter's count refetches it (RecordChanged).
  const placeId = state.place ? String(state.place.place.id) : null;
  const live = useQuery(StocktakingPlaceDocument, {
    variables: { stocktakingId, placeId: placeId ?? '' },
    skip: !placeId,
  }).data?.stocktakingPlace;
  useEffect(() => {
    if (live) dispatch({ type: 'placeRefreshed', place: live });
  }, [live, dispatch]);

  const scanPlace = async (barcode: string) => {
    dispatch({ type: 'placeScanned', barcode });
    try {
      const { data } = await client.query({
        query: StocktakingPlaceByBarcodeDocument,
        variables: { stocktakingId, barcode },
        fetchPolicy: 'network-only',
      });
      const found = data?.stocktakingPlaceByBarcode;
      if (found) return void dispatch({ type: 'placeFound', barcode, place: found });
      dispatch({ type: 'placeUnknown', barcode });
    } catch (error) {
      dispatch({ type: 'placeUnknown', barcode, words: refusalOf(error).words });
    }
    return false;
  };

  const scanProduct = async (code: string) => {
    const place = store.current.place;
    if (!place) return void dispatch({ type: 'productWithoutPlace' });
    // The place's own lines first: a scanned EAN or a typed SKU names the line (and its lot).
    const lines = linesMatching(place, code);
    if (lines.length > 0) return void dispatch({ type: 'matched', code, candidates: lines });
    // Not expected here: stock found where none was expected.
    try {
      const { data } = await client.query({
        query: StocktakingProductsByEanDocument,
        variables: { ean: code },
        fetchPolicy: 'network-only',
      });
      const candidates = foundProducts(data?.productByEan ?? [], stocktaking.client?.id);
      dispatch({ type: 'matched', code, candidates });
      return candidates.length > 0;
    } catch (error) {
      dispatch({ type: 'refused', fields: ['product'], words: refusalOf(error).words });
      return false;
    }
  };

  const save = async () => {
    if (store.current.saving) return;
    const next = dispatch({ type: 'save' });
    const input = next.saving ? countInput(next) : null;
    if (!input) return;
    try {
      const { data } = await client.mutate({
        mutation: CountStockDocument,
        variables: { stocktakingId, input },
      });
      dispatch({ type: 'saved', quantity: input.quantity, place: data?.countStock });
    } catch (error) {
      dispatch({ type: 'refused', ...refusalOf(error) });
    }
  };

  const confirmEmpty = async () => {
    const place = store.current.place;
    if (store.current.saving || !dispatch({ type: 'confirmEmpty' }).saving || !place) return;
    try {
      await client.mutate({
        mutation: ConfirmEmptyPlaceDocument,
        variables: { stocktakingId, placeId: String(place.place.id) },
      });
      dispatch({ type: 'emptyConfirmed' });
    } catch (error) {
      dispatch({ type: 'refused', fields: [], words: refusalOf(error).words });
    }
  };

  /** Escape after a product was chosen: another product of the same place. */
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dispatch({ type: 'otherProduct' });
  };

  // The place as last answered or refreshed (placeRefreshed above).
  const { place: shown, chosen } = state;
  /** A field a refusal named: marked in red, the message says why. */
  const mark = (field: Field) =>
    state.invalid[field] ? t('stocktaking:counting.checkField') : undefined;

  const candidateText: CandidateText = (candidate) =>
    [
      `${candidate.product.sku} – ${candidate.product.name}`,
      candidate.lot ? `${t('stocktaking:fields.lot')} ${candidate.lot}` : '',
      candidate.bestBefore
        ? `${t('stocktaking:fields.bestBefore')} ${day(candidate.bestBefore)}`
        : '',
      candidate.line
        ? candidate.line.found
          ? t('stocktaking:counting.found')
          : t('stocktaking:counting.expectedLine')
        : candidate.product.lotTracked
          ? t('stocktaking:counting.otherLot')
          : t('stocktaking:counting.found'),
    ]
      .filter(Boolean)
      .join(' · ');

  const scanning = state.step === 'place' || state.step === 'product';
  const scanLabel =
    state.step === 'place' ? t('stocktaking:fields.placeBarcode') : t('stocktaking:fields.ean');
  const field = scanning ? (
    <ScanFieldGroup id="count-scan" label={scanLabel} error={mark(state.step as Field)}>
      <ScannerField
        id="count-scan"
        label={scanLabel}
        inputRef={refs.scan}
        intent={state.invalid.place || state.invalid.product ? Intent.DANGER : Intent.NONE}
        onScan={state.step === 'place' ? scanPlace : scanProduct}
        onEmpty={shown ? () => dispatch({ type: 'nextPlace' }) : undefined}
      />
    </ScanFieldGroup>
  ) : state.step === 'pick' ? (
    <Choices
      candidates={state.candidates}
      firstRef={refs.pick}
      label={candidateText}
      onChoose={(candidate) => dispatch({ type: 'chosen', candidate })}
      onEscape={onEscape}
    />
  ) : (
    <ProductFields
      state={state}
      refs={refs}
      mark={mark}
      dispatch={dispatch}
      onSave={() => void save()}
      onEscape={onEscape}
    />
  );

  const expected =
    !stocktaking.blind && chosen?.line && chosen.line.expectedQuantity != null
      ? `${t('stocktaking:fields.expected')} ${quantity(chosen.line.expectedQuantity)}`
      : '';
  const targets = (
    <>
      <ScanTarget
        label={t('stocktaking:fields.place')}
        value={shown?.place.path ?? state.barcode ?? t('stocktaking:counting.none')}
        detail={
          shown
            ? shown.counted
              ? `${t('stocktaking:counting.placeCounted')}${shown.countedByName ? ` · ${shown.countedByName}` : ''}`
              : t('stocktaking:counting.placeOpen')
            : undefined
        }
        state={state.invalid.place ? 'wrong' : shown ? 'confirmed' : 'waiting'}
      />
      {shown ? (
        <ScanTarget
          label={t('stocktaking:fields.product')}
          value={chosen?.product.sku ?? t('stocktaking:counting.none')}
          detail={
            chosen
              ? [
                  chosen.product.name,
                  chosen.lot && `${t('stocktaking:fields.lot')} ${chosen.lot}`,
                  expected,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : undefined
          }
          state={state.invalid.product ? 'wrong' : chosen ? 'confirmed' : 'waiting'}
        />
      ) : null}
    </>
  );

  return (
    <ScanScreen
      label={t('stocktaking:counting.screen')}
      steps={stepsOf(state).map((key) => ({
        key,
        title: t(`stocktaking:counting.steps.${key}`),
      }))}
      step={stepKey(state)}
      targets={targets}
      field={field}
      message={feedback.message}
      next={text(nextStep(state))}
      hint={t('stocktaking:counting.hint')}
      actions={
        <>
          {chosen || state.step === 'pick' ? (
            <Button
              icon="undo"
              text={t('stocktaking:counting.otherProduct')}
              onClick={() => dispatch({ type: 'otherProduct' })}
            />
          ) : null}
          {shown && !chosen ? (
            <Button
              icon="disable"
              text={t('stocktaking:counting.confirmEmpty')}
              loading={state.saving}
              onClick={() => void confirmEmpty()}
            />
          ) : null}
          {shown || state.barcode ? (
            <Button
              icon="arrow-right"
              text={t('stocktaking:counting.nextPlace')}
              onClick={() => dispatch({ type: 'nextPlace' })}
            />
          ) : null}
          {chosen ? (
            <Button
              intent={Intent.PRIMARY}
              icon="floppy-disk"
              text={t('ui:save')}
              loading={state.saving}
              onClick={() => void save()}
            />
          ) : null}
        </>
      }
    >
      {shown ? (
        <PlaceLines
          place={shown}
          blind={stocktaking.blind}
          onChoose={(line) => dispatch({ type: 'chosen', candidate: lineCandidate(line) })}
        />
      ) : null}
    </ScanScreen>
  );
}
