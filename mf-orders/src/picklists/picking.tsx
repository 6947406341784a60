import { Button, Intent } from '@blueprintjs/core';
import { useRef, useState, type ReactNode } from 'react';
import { PickLineDocument, type PicklistFieldsFragment } from '../graphql/generated';
import {
  graphqlProblem,
  problemText,
  ScanFieldGroup,
  ScanInput,
  ScannerField,
  ScanScreen,
  ScanTarget,
  useApolloClient,
  useFocusRequest,
  useScanFeedback,
  useTranslation,
} from '../shared-session';
import {
  currentLine,
  initial,
  nextLine,
  nextStep,
  openOf,
  picked,
  pickRefusal,
  pickRequest,
  placePath,
  scanEan,
  scanPlace,
  setQuantity,
  stepOf,
  FIELDS,
  type Field,
  type Outcome,
  type Text,
} from './picking-state';

/**
 * Picking one picklist with a hand scanner, on the scanner-screen kit: scan the place → Enter
 * → scan the EAN → Enter → the quantity left on that line is proposed → Enter confirms
 * (`pickLine`: the server checks place, EAN and quantity again). One field at a time, at the
 * top; the place and the product large above it, green once scanned; a wrong scan sounds, is
 * said once in the message slot and changes nothing. The logic is picking-state.ts.
 * `children` (the lines, told which one is current) come below the fields, `danger` (cancel
 * the picklist) at the end.
 */
export function PickingScreen({
  picklist,
  children,
  danger,
}: {
  picklist: PicklistFieldsFragment;
  children: (currentLine: string | null) => ReactNode;
  danger?: ReactNode;
}) {
  const { t } = useTranslation(['orders', 'ui']);
  const client = useApolloClient();
  const [state, setState] = useState(initial);
  const { message, say, clear } = useScanFeedback();
  const [busy, setBusy] = useState(false);
  const lines = picklist.lines;
  const refs = {
    place: useRef<HTMLInputElement>(null),
    ean: useRef<HTMLInputElement>(null),
    quantity: useRef<HTMLInputElement>(null),
  };
  const setFocusOn = useFocusRequest<Field>('place', (name) => refs[name].current);
  const tx = ([key, params]: Text) => t(key, params);

  /** A scan's or pick's outcome shown: the state, the message (said once), the focus. */
  const show = (outcome: Outcome) => {
    setState(outcome.state);
    if (outcome.text) say(outcome.ok ? 'ok' : 'wrong', tx(outcome.text));
    setFocusOn(outcome.focus);
    // A refused code stays in the field, selected: the next scan replaces it.
    return outcome.ok;
  };

  const pick = async () => {
    if (busy) return;
    const request = pickRequest(state, lines);
    if ('refused' in request) return show(request.refused);
    setBusy(true);
    try {
      await client.mutate({ mutation: PickLineDocument, variables: request });
      show(picked(state, lines));
    } catch (failure) {
      const problem = graphqlProblem(failure);
      const refusal = pickRefusal(state, lines, problem.fieldRules);
      setState({ ...state, wrong: refusal?.first ?? 'place' });
      say(
        'wrong',
        refusal
          ? FIELDS.flatMap((f) => (refusal.fields[f] ? [tx(refusal.fields[f])] : [])).join(' ')
          : problemText(problem),
      );
      setFocusOn(refusal?.first ?? 'place');
    } finally {
      setBusy(false);
    }
  };

  const step = stepOf(state);
  const line = currentLine(state, lines);
  const next = nextLine(lines);
  const path = placePath(state, lines);
  // Before the EAN: the product expected at the scanned place (or at the next place).
  const expected =
    line ??
    (state.place
      ? lines.find((l) => l.place.barcode === state.place && openOf(l) > 0)
      : undefined) ??
    next;
  const stepTitle: Record<Field, string> = {
    place: t('orders:picklist.fields.place'),
    ean: t('orders:picklist.fields.product'),
    quantity: t('orders:picklist.pickQuantity'),
  };
  /** A field the scanner types into: the code is handed on and the field cleared. */
  const scanner = (name: 'place' | 'ean', label: string, onScan: (code: string) => boolean) => (
    <ScanFieldGroup id={`pick-${name}`} label={label}>
      <ScannerField
        id={`pick-${name}`}
        label={label}
        inputRef={refs[name]}
        leftIcon="barcode"
        intent={state.wrong === name ? Intent.DANGER : Intent.NONE}
        onScan={onScan}
      />
    </ScanFieldGroup>
  );

  return (
    <ScanScreen
      label={t('orders:picklist.pickTitle')}
      steps={FIELDS.map((key) => ({ key, title: stepTitle[key] }))}
      step={step}
      targets={
        <>
          <ScanTarget
            label={t('orders:picklist.fields.place')}
            value={path ?? next?.place.path ?? '—'}
            state={state.wrong === 'place' ? 'wrong' : state.place ? 'confirmed' : 'waiting'}
          />
          <ScanTarget
            label={t('orders:picklist.fields.product')}
            value={expected?.product.sku ?? '—'}
            detail={
              expected
                ? `${openOf(expected)} × ${expected.product.name} · ${t('orders:picklist.ordersOfLine')} ${expected.orders
                    .map((o) => o.order.number)
                    .join(', ')}`
                : undefined
            }
            state={state.wrong === 'ean' ? 'wrong' : line ? 'confirmed' : 'waiting'}
          />
        </>
      }
      field={
        step === 'quantity' ? (
          <ScanInput
            id="pick-quantity"
            label={t('orders:picklist.pickQuantity')}
            type="number"
            inputMode="numeric"
            inputRef={refs.quantity}
            value={state.quantity}
            error={state.wrong === 'quantity' ? t('orders:picklist.markedQuantity') : undefined}
            onChange={(value) => setState(setQuantity(state, value))}
            onEnter={pick}
          />
        ) : step === 'ean' ? (
          scanner('ean', t('orders:picklist.scanEan'), (code) => show(scanEan(state, lines, code)))
        ) : (
          scanner('place', t('orders:picklist.scanPlace'), (code) =>
            show(scanPlace(state, lines, code)),
          )
        )
      }
      message={message}
      next={tx(nextStep(state, lines))}
      hint={t('orders:picklist.pickHint')}
      actions={
        <>
          {state.place ? (
            <Button
              icon="reset"
              text={t('orders:picklist.otherPlace')}
              onClick={() => {
                setState(initial);
                clear();
                setFocusOn('place');
              }}
            />
          ) : null}
          <Button
            intent={Intent.PRIMARY}
            icon="tick"
            loading={busy}
            disabled={!line}
            text={t('orders:picklist.confirmPick')}
            onClick={() => void pick()}
          />
        </>
      }
      danger={danger}
    >
      {children(state.lineId)}
    </ScanScreen>
  );
}
