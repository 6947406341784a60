import { Button } from '@blueprintjs/core';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { ScanInput, useTranslation } from '../shared-session';
import {
  bestBeforeShown,
  lotShown,
  type Candidate,
  type CountingEvent,
  type CountingState,
  type CountPlace,
  type Field,
} from './counting-state';

// The counting screen's fields after the product's scan: the choice among several matches,
// and the lot, best-before and quantity fields (Enter goes on, Escape back to the product).

/** A candidate in words: `SKU – name · Charge X · MHD Y · erwartet`. */
export type CandidateText = (candidate: Candidate) => string;

/** Arrow keys walk the choices; Enter (the button's own click) picks one. */
function onPickKey(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const buttons = [
    ...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('button') ?? []),
  ];
  const at = buttons.indexOf(event.currentTarget);
  const next =
    buttons[(at + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length];
  next?.focus();
}

/** Several matches of a scanned code: one button each, the first focused. */
export function Choices({
  candidates,
  firstRef,
  label,
  onChoose,
  onEscape,
}: {
  candidates: Candidate[];
  firstRef: RefObject<HTMLButtonElement | null>;
  label: CandidateText;
  onChoose: (candidate: Candidate) => void;
  onEscape: (event: KeyboardEvent) => void;
}) {
  const { t } = useTranslation('stocktaking');
  // The Enter that ended the scan showing these choices must not pick the first one: the
  // browser activates the button that took the focus meanwhile with that Enter. A choice
  // counts once that key is released (or after a moment, when the choices came later).
  const armed = useRef(false);
  useEffect(() => {
    const arm = () => {
      armed.current = true;
    };
    window.addEventListener('keyup', arm, { once: true });
    const timer = setTimeout(arm, 400);
    return () => {
      window.removeEventListener('keyup', arm);
      clearTimeout(timer);
    };
  }, []);
  return (
    <div
      className="kontor-stocktaking-pick"
      role="group"
      aria-label={t('stocktaking:counting.pickProduct')}
      onKeyDown={onEscape}
    >
      {candidates.map((candidate, index) => (
        <Button
          key={candidate.key}
          alignText="start"
          fill
          variant="outlined"
          ref={index === 0 ? firstRef : undefined}
          text={label(candidate)}
          onKeyDown={onPickKey}
          onClick={() => {
            if (armed.current) onChoose(candidate);
          }}
        />
      ))}
    </div>
  );
}

/** The chosen product's fields: its lot and best-before (when it has them), the quantity. */
export function ProductFields<P extends CountPlace>({
  state,
  refs,
  mark,
  dispatch,
  onSave,
  onEscape,
}: {
  state: CountingState<P>;
  refs: Record<'lot' | 'bestBefore' | 'quantity', RefObject<HTMLInputElement | null>>;
  mark: (field: Field) => string | undefined;
  dispatch: (event: CountingEvent<P>) => unknown;
  onSave: () => void;
  onEscape: (event: KeyboardEvent) => void;
}) {
  const { t } = useTranslation('stocktaking');
  const offered = state.chosen?.line && state.chosen.lot !== '' && state.lot === state.chosen.lot;
  return (
    <div
      className="kontor-stocktaking-fields"
      role="group"
      aria-label={t('stocktaking:counting.countFields')}
      onKeyDown={onEscape}
    >
      {lotShown(state) ? (
        <ScanInput
          id="count-lot"
          label={t('stocktaking:fields.lot')}
          value={state.lot}
          inputRef={refs.lot}
          error={mark('lot')}
          hint={offered ? t('stocktaking:counting.lotOfPlace') : undefined}
          onChange={(value) => dispatch({ type: 'typed', field: 'lot', value })}
          onEnter={() => dispatch({ type: 'entered', field: 'lot' })}
        />
      ) : null}
      {bestBeforeShown(state) ? (
        <ScanInput
          id="count-bestBefore"
          label={t('stocktaking:fields.bestBefore')}
          type="date"
          value={state.bestBefore}
          inputRef={refs.bestBefore}
          error={mark('bestBefore')}
          onChange={(value) => dispatch({ type: 'typed', field: 'bestBefore', value })}
          onEnter={() => dispatch({ type: 'entered', field: 'bestBefore' })}
        />
      ) : null}
      <ScanInput
        id="count-quantity"
        label={t('stocktaking:fields.quantity')}
        type="number"
        inputMode="numeric"
        value={state.count}
        inputRef={refs.quantity}
        error={mark('quantity')}
        onChange={(value) => dispatch({ type: 'typed', field: 'quantity', value })}
        onEnter={onSave}
      />
    </div>
  );
}
