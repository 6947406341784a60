import { Button, Intent, Radio, RadioGroup, SegmentedControl } from '@blueprintjs/core';
import { useRef } from 'react';
import {
  InventoryDetailDocument,
  StockBookDocument,
  StockCorrectDocument,
  StockMoveDocument,
  StockProductsByEanDocument,
  StockWarehouseChoicesDocument,
} from '../graphql/generated';
import {
  can,
  onEnterKey,
  Page,
  ScanFieldGroup,
  ScanInput,
  ScannerField,
  ScanScreen,
  ScanTarget,
  scanRefusal,
  useApolloClient,
  useQuery,
  useRememberedChoice,
  useTranslation,
  type PageProps,
} from '../shared-session';
import { day } from '../avis/common';
import { findPlace } from '../floor/place-lookup';
import { useScanState } from '../floor/use-scan-state';
import * as booking from './booking-state';
import type { FieldName, Mode, Product } from './booking-state';
import './stock.css';

// /stockchange, the booking screen, made for a hand scanner (a scanner is a keyboard that
// types the code and presses Enter): scan the place → Enter → scan the product's EAN → Enter
// (several products with that EAN: pick one) → lot / best-before when the product needs them
// → quantity → Enter books. The warehouse is the scanned place's; a lot the place holds is
// offered. The logic is booking-state.ts; this is its view on the scanner-screen kit.

/** The server's input field → the screen's field. */
const FIELD_OF: Record<string, FieldName> = {
  placeId: 'place',
  warehouseId: 'place',
  toPlaceId: 'toPlace',
  productId: 'ean',
  lot: 'lot',
  bestBefore: 'bestBefore',
  quantity: 'quantity',
  comment: 'comment',
};

/** Rules of the stock area with their own text (others: the toolkit's, or the server's English). */
const STOCK_RULES = Object.fromEntries(
  [
    'available',
    'warehouse',
    'unchanged',
    'locked',
    'prohibited',
    'bestBefore',
    'exists',
    'different',
  ].map((rule) => [rule, `warehouse:stock.rules.${rule}`]),
);

/** The fields, to find the one that has the focus. */
const FIELDS: FieldName[] = [
  'place',
  'toPlace',
  'ean',
  'pick',
  'lot',
  'bestBefore',
  'quantity',
  'comment',
];

export function StockChangeScreen({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const client = useApolloClient();
  const warehouses = useQuery(StockWarehouseChoicesDocument).data?.warehouses.items ?? [];
  const [rememberedId, remember] = useRememberedChoice('stock.warehouse');
  const busy = useRef(false);
  const lotsAsked = useRef('');
  const {
    state: s,
    latest,
    update,
    words,
    message,
    refTo,
    elementOf,
    focus,
  } = useScanState<booking.StockBookingState, FieldName>(() => booking.initial());

  const remembered = warehouses.find((w) => String(w.id) === rememberedId);
  const warehouse =
    s.warehouse ?? (remembered ? { id: String(remembered.id), name: remembered.name } : null);

  /** The field that has the focus now (a lot found later moves on only from the lot field). */
  const focused = () => FIELDS.find((name) => elementOf(name) === document.activeElement) ?? null;

  /** After a change: the lots the place holds of a lot-tracked product, asked once. */
  const askLots = async (now: booking.StockBookingState) => {
    if (!booking.wantsLots(now)) return;
    const placeId = String(now.place!.id);
    const productId = String(now.product!.id);
    const asked = `${placeId}:${productId}:${now.mode}`;
    if (lotsAsked.current === asked) return;
    lotsAsked.current = asked;
    const { data } = await client.query({
      query: InventoryDetailDocument,
      variables: { productId, warehouseId: String(now.place!.warehouse.id) },
      fetchPolicy: 'network-only',
    });
    update((current) =>
      booking.lotsHeld(current, placeId, productId, data?.inventoryDetail ?? [], focused()),
    );
  };

  const change = (step: (current: booking.StockBookingState) => booking.StockBookingState) =>
    void askLots(update(step));

  const lookUpPlace = async (code: string, target: 'place' | 'toPlace') => {
    // A scanner types on at once: the next field has the focus before the server answers
    // (an unknown place takes it back with the reason).
    focus(booking.afterPlace(latest(), target));
    const lookup = await findPlace(client, code, latest().warehouse?.id ?? rememberedId);
    const next = update((current) => booking.placeLooked(current, target, code, lookup));
    if (target === 'place' && next.place) remember(String(next.place.warehouse.id));
    void askLots(next);
    return next.marked.includes(target) ? false : undefined;
  };

  const lookUpProduct = async (ean: string) => {
    const { data } = await client.query({
      query: StockProductsByEanDocument,
      variables: { ean },
      fetchPolicy: 'network-only',
    });
    const next = update((current) => booking.productLooked(current, ean, data?.productByEan ?? []));
    void askLots(next);
    return next.marked.includes('ean') ? false : undefined;
  };

  const book = async () => {
    if (busy.current) return;
    const now = latest();
    const what = booking.bookingOf(now);
    if ('missing' in what) return void update((current) => booking.missing(current, what.missing));
    busy.current = true;
    try {
      let after: number | undefined;
      if (what.kind === 'move') {
        await client.mutate({ mutation: StockMoveDocument, variables: { input: what.input } });
      } else if (what.kind === 'correct') {
        const { data } = await client.mutate({
          mutation: StockCorrectDocument,
          variables: { input: what.input },
        });
        after = data?.correctStock.quantityAfter;
      } else {
        const { data } = await client.mutate({
          mutation: StockBookDocument,
          variables: { input: what.input },
        });
        after = data?.bookStock.quantityAfter;
      }
      lotsAsked.current = '';
      update((current) => booking.booked(current, after));
    } catch (error) {
      update((current) => booking.refused(current, scanRefusal(error, FIELD_OF, STOCK_RULES)));
    } finally {
      busy.current = false;
    }
  };

  /** Enter in a typed field: its next field, or the booking. */
  const onEnter = (field: FieldName) => () => {
    const next = booking.nextAfter(latest(), field);
    if (next === 'book') return book();
    focus(next);
  };

  const mark = (name: FieldName) =>
    s.marked.includes(name) ? t('warehouse:stock.check') : undefined;
  const inputRef = refTo;

  const scanner = (
    name: 'place' | 'toPlace' | 'ean',
    onScan: (code: string) => Promise<unknown>,
  ) => (
    <ScanFieldGroup
      id={`stock-${name}`}
      label={t(`warehouse:stock.fields.${name}`)}
      error={mark(name)}
    >
      <ScannerField
        id={`stock-${name}`}
        label={t(`warehouse:stock.fields.${name}`)}
        large={false}
        inputRef={inputRef(name)}
        intent={s.marked.includes(name) ? Intent.DANGER : Intent.NONE}
        onScan={(code) => onScan(code) as Promise<false | undefined>}
      />
    </ScanFieldGroup>
  );

  const typed = (
    name: 'lot' | 'bestBefore' | 'quantity' | 'comment',
    label: string,
    extra: { type?: 'text' | 'number' | 'date'; inputMode?: 'numeric' } = {},
  ) => (
    <ScanInput
      id={`stock-${name}`}
      label={label}
      value={s[name]}
      error={mark(name)}
      inputRef={inputRef(name)}
      onChange={(value) => change((current) => booking.edit(current, name, value))}
      onEnter={onEnter(name)}
      {...extra}
    />
  );

  const productText = (p: Product) => `${p.sku} – ${p.name} (${p.client.name})`;
  const modes: { value: Mode; label: string }[] = [
    { value: 'in', label: t('warehouse:stock.modes.in') },
    { value: 'out', label: t('warehouse:stock.modes.out') },
    { value: 'move', label: t('warehouse:stock.modes.move') },
    ...(can('stock:correct')
      ? [{ value: 'correct' as const, label: t('warehouse:stock.modes.correct') }]
      : []),
  ];
  const stepKeys = [
    'place',
    ...(s.mode === 'move' ? ['toPlace'] : []),
    'ean',
    ...(s.product?.lotTracked ? ['lot'] : []),
    'quantity',
  ];

  const targets = (
    <>
      <ScanTarget
        label={t('warehouse:stock.steps.place')}
        value={s.place?.path ?? '—'}
        detail={
          s.place
            ? `${s.place.warehouse.name} · ${s.place.barcode}`
            : warehouse
              ? `${warehouse.name} (${t('warehouse:stock.lastUsed')})`
              : undefined
        }
        state={s.place ? 'confirmed' : s.marked.includes('place') ? 'wrong' : 'waiting'}
      />
      {s.mode === 'move' ? (
        <ScanTarget
          label={t('warehouse:stock.steps.toPlace')}
          value={s.toPlace?.path ?? '—'}
          detail={s.toPlace?.barcode}
          state={s.toPlace ? 'confirmed' : s.marked.includes('toPlace') ? 'wrong' : 'waiting'}
        />
      ) : null}
      <ScanTarget
        label={t('warehouse:stock.steps.ean')}
        value={s.product?.sku ?? '—'}
        detail={s.product ? `${s.product.name} (${s.product.client.name})` : undefined}
        state={s.product ? 'confirmed' : s.marked.includes('ean') ? 'wrong' : 'waiting'}
      />
    </>
  );

  const lots =
    s.lots && s.lots.length > 0 && s.product?.lotTracked ? (
      <div className="kontor-stock-lots" role="group" aria-label={t('warehouse:stock.lotsHeld')}>
        {s.lots.map((held) => (
          <Button
            key={held.lot}
            active={s.lot === held.lot}
            text={t(
              held.bestBefore ? 'warehouse:stock.lotHeldBestBefore' : 'warehouse:stock.lotHeld',
              {
                ...held,
                bestBefore: day(held.bestBefore),
              },
            )}
            onClick={() => change((current) => booking.chooseLot(current, held))}
          />
        ))}
      </div>
    ) : null;

  const comment = typed(
    'comment',
    s.mode === 'correct'
      ? t('warehouse:stock.fields.commentRequired')
      : t('warehouse:stock.fields.comment'),
  );

  const fields = (
    <div className="kontor-stock-fields">
      <SegmentedControl
        className="kontor-stock-modes"
        aria-label={t('warehouse:stock.modes.label')}
        options={modes}
        value={s.mode}
        onValueChange={(value) => change((current) => booking.withMode(current, value as Mode))}
      />
      {scanner('place', (code) => lookUpPlace(code, 'place'))}
      {s.mode === 'move' ? scanner('toPlace', (code) => lookUpPlace(code, 'toPlace')) : null}
      {scanner('ean', lookUpProduct)}
      {s.candidates.length > 0 ? (
        <RadioGroup
          className="kontor-stock-candidates"
          label={t('warehouse:stock.fields.product')}
          selectedValue={undefined}
          onChange={(event) => {
            const chosen = s.candidates.find((c) => String(c.id) === event.currentTarget.value);
            if (chosen) change((current) => booking.chooseProduct(current, chosen));
          }}
        >
          {s.candidates.map((candidate, index) => (
            <Radio
              key={candidate.id}
              value={String(candidate.id)}
              inputRef={index === 0 ? inputRef('pick') : undefined}
              label={productText(candidate)}
              onKeyDown={onEnterKey(() =>
                change((current) => booking.chooseProduct(current, candidate)),
              )}
            />
          ))}
        </RadioGroup>
      ) : null}
      {s.product?.lotTracked ? typed('lot', t('warehouse:stock.fields.lot')) : null}
      {lots}
      {s.product?.lotTracked && s.lots?.length === 0 && s.mode !== 'in' ? (
        <p className="bp6-text-muted">{t('warehouse:stock.noLotsHeld')}</p>
      ) : null}
      {booking.needsBestBefore(s)
        ? typed('bestBefore', t('warehouse:stock.fields.bestBefore'), { type: 'date' })
        : null}
      {typed(
        'quantity',
        s.mode === 'correct'
          ? t('warehouse:stock.fields.countedQuantity')
          : t('warehouse:stock.fields.quantity'),
        { type: 'number', inputMode: 'numeric' },
      )}
      {s.mode === 'correct' ? comment : null}
    </div>
  );

  return (
    <Page title={t(route.pageTitle!)}>
      <ScanScreen
        label={t(route.pageTitle!)}
        steps={stepKeys.map((key) => ({ key, title: t(`warehouse:stock.steps.${key}`) }))}
        step={booking.stepOf(s)}
        targets={targets}
        field={fields}
        message={message}
        next={words(booking.nextText(s))}
        hint={t('warehouse:stock.scanHint')}
        actions={
          <>
            <Button
              variant="minimal"
              text={t('warehouse:stock.reset')}
              onClick={() => change((current) => booking.reset(current))}
            />
            <Button
              intent={Intent.PRIMARY}
              text={t('warehouse:stock.book')}
              onClick={() => void book()}
            />
          </>
        }
      >
        {/* An optional comment is typed after the booking's fields, below the top block. */}
        {s.mode === 'correct' ? null : comment}
      </ScanScreen>
    </Page>
  );
}
