import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { BookAvisDocument, type AvisFieldsFragment } from '../graphql/generated';
import {
  graphqlProblem,
  ScanInput,
  ScanScreen,
  ScanTarget,
  scanRefusal,
  showToast,
  TableScroll,
  useApolloClient,
  useConfirm,
  useTranslation,
} from '../shared-session';
import { findPlace } from '../floor/place-lookup';
import { useScanState } from '../floor/use-scan-state';
import * as booking from './avis-booking-state';
import type { AvisBookingState, Field, Focus, Line } from './avis-booking-state';
import { bookable, day, number } from './common';
import { cell, head } from '../table-cells';

// The booking of an avis (SPEC §3 "book action") on the scanner-screen kit: one line at a time
// at the top — quantity received now, the place (scanned, or a part of its path typed), lot and
// best-before where the product needs them — and every line below in a compact table (cards
// on a phone). The keyboard path is avis-booking-state.ts's and the hint says it exactly:
// Enter goes on field by field and line by line, Enter in the last field of the last line or
// Ctrl+Enter anywhere books, once. More than announced asks first, then books it marked as
// over-delivery.

type Avis = AvisFieldsFragment;

/** Rules with their own text in warehouse:avis.rules (others: the toolkit's or the server's). */
const AVIS_RULES = Object.fromEntries(
  ['overDelivery', 'warehouse', 'positive'].map((rule) => [rule, `warehouse:avis.rules.${rule}`]),
);

export function AvisBooking({ avis, onClose }: { avis: Avis; onClose: () => void }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const client = useApolloClient();
  const { confirm, dialog } = useConfirm();
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  const warehouseId = String(avis.warehouse.id);
  const screen = useScanState<AvisBookingState, Focus>(() => booking.initial(avis.lines));
  const { state: s, latest, update, words, message, refTo } = screen;

  /** The current line's typed place looked up; false: refused or to be chosen. */
  const placeKnown = async (): Promise<boolean> => {
    const code = booking.placeToLookUp(latest());
    if (code === null) return true;
    const lookup = await findPlace(client, code, warehouseId);
    const next = update((current) => booking.placeLooked(current, code, lookup, warehouseId));
    return next.current !== null && booking.rowAt(next, next.current).place !== null;
  };

  const book = async (confirmOverDelivery = false): Promise<void> => {
    if (busy.current) return;
    const what = booking.bookingOf(latest());
    if ('nothing' in what) return void update(booking.nothingToBook);
    if ('missing' in what)
      return void update((current) => booking.missing(current, ...what.missing));
    busy.current = true;
    setSending(true);
    try {
      const { data } = await client.mutate({
        mutation: BookAvisDocument,
        variables: { id: String(avis.id), input: { lines: what.lines, confirmOverDelivery } },
      });
      const after = data?.bookAvis;
      const receipt = after?.receipts.at(-1)?.number ?? '';
      if (after && bookable(after.status))
        update((current) => booking.booked(current, after.lines, receipt));
      else {
        // The avis is complete: the booking closes, the toast says what was booked.
        showToast(t('warehouse:avis.booked', { number: receipt }), 'success');
        onClose();
      }
    } catch (error) {
      const over = confirmOverDelivery
        ? null
        : booking.overDeliveries(latest(), graphqlProblem(error).fieldRules, what.chosen);
      // Only over-deliveries: asked once (no other booking starts meanwhile), then booked
      // marked as such.
      if (over) {
        const lines = over.map((o) =>
          t('warehouse:avis.overDeliveryLine', { sku: o.sku, over: number(o.over) }),
        );
        const yes = await confirm(
          t('warehouse:avis.overDeliveryQuestion', { lines: lines.join(', ') }),
          t('warehouse:avis.overDeliveryConfirm'),
        );
        if (yes) {
          busy.current = false;
          return await book(true);
        }
      }
      update((current) =>
        booking.refused(
          current,
          scanRefusal(error, booking.refusalFields(what.chosen), AVIS_RULES),
        ),
      );
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  /** Enter in a field of the current line: on along the path, or the booking at its end. */
  const onEnter = (field: Field) => async () => {
    if (field === 'place' && !(await placeKnown())) return;
    let bookNow = false;
    update((current) => {
      const step = booking.enter(current, field);
      bookNow = step.book;
      return step.state;
    });
    if (bookNow) await book();
  };

  /** Ctrl+Enter anywhere in the booking: the place typed looked up, then everything booked. */
  const onCtrlEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopPropagation();
    void placeKnown().then((known) => (known ? book() : undefined));
  };

  const line = booking.currentLine(s);
  const row = line ? booking.rowAt(s, String(line.id)) : null;
  const open = booking.openLines(s);
  const mark = (field: Field) =>
    line && s.marked.includes(booking.markOf(line.id, field))
      ? t('warehouse:avis.check')
      : undefined;

  const input = (field: Field, title: string, type: 'text' | 'number' | 'date' = 'text') => (
    <ScanInput
      id={`avis-book-${field}`}
      label={title}
      value={field === 'place' ? row!.placeCode : row![field]}
      type={type}
      inputMode={type === 'number' ? 'numeric' : undefined}
      placeholder={field === 'quantity' ? number(booking.openOf(line!)) : undefined}
      error={mark(field)}
      inputRef={refTo(field)}
      onChange={(value) => update((current) => booking.edit(current, field, value))}
      onEnter={onEnter(field)}
    />
  );

  const fields =
    line && row ? (
      <div className="kontor-avis-book-fields">
        {input('quantity', t('warehouse:avis.fields.receivedNow'), 'number')}
        <div>
          {input('place', t('warehouse:avis.fields.placeScan'))}
          {row.candidates.length > 0 ? (
            <div
              className="kontor-avis-book-candidates"
              role="group"
              aria-label={t('warehouse:avis.pickPlace')}
            >
              {row.candidates.map((candidate, index) => (
                <Button
                  key={candidate.id}
                  text={candidate.path}
                  ref={index === 0 ? refTo('candidate') : undefined}
                  onClick={() => update((current) => booking.choosePlace(current, candidate))}
                />
              ))}
            </div>
          ) : null}
        </div>
        {line.product.lotTracked ? input('lot', t('warehouse:avis.fields.lot')) : null}
        {line.product.bestBefore
          ? input('bestBefore', t('warehouse:avis.fields.bestBefore'), 'date')
          : null}
      </div>
    ) : (
      <p>{t('warehouse:avis.next.done')}</p>
    );

  const targets = line ? (
    <>
      <ScanTarget
        label={t('warehouse:avis.lineOf', { n: open.indexOf(line) + 1, of: open.length })}
        value={line.product.sku}
        detail={`${line.product.name} · ${t('warehouse:avis.openOf', {
          open: number(booking.openOf(line)),
          announced: number(line.announcedQuantity),
        })}`}
        state={s.marked.some((m) => m.startsWith(`${line.id}:`)) ? 'wrong' : 'waiting'}
      />
      <ScanTarget
        label={t('warehouse:avis.fields.place')}
        value={row?.place?.path ?? '—'}
        detail={t('warehouse:avis.fields.warehouse') + ': ' + avis.warehouse.name}
        state={row?.place ? 'confirmed' : mark('place') ? 'wrong' : 'waiting'}
      />
    </>
  ) : null;

  const section = t('warehouse:avis.sections.booking');
  const label = (field: string) => t(`warehouse:avis.fields.${field}`);

  return (
    <section
      className="kontor-avis-section kontor-avis-booking"
      aria-label={section}
      onKeyDownCapture={onCtrlEnter}
    >
      <h3 className="bp6-heading">{section}</h3>
      <ScanScreen
        label={section}
        targets={targets}
        field={fields}
        message={message}
        next={words(booking.nextText(s))}
        hint={t('warehouse:avis.bookHint')}
        actions={
          <>
            <Button variant="minimal" text={t('warehouse:avis.cancelBooking')} onClick={onClose} />
            <Button
              ref={refTo('book')}
              intent={Intent.PRIMARY}
              icon="log-in"
              text={t('warehouse:avis.book')}
              loading={sending}
              onClick={() => void book()}
            />
          </>
        }
      >
        <TableScroll label={t('warehouse:avis.bookLines')}>
          <HTMLTable
            compact
            className="kontor-avis-book-lines"
            aria-label={t('warehouse:avis.bookLines')}
          >
            <thead>
              <tr>
                {head(label('sku'), true)}
                {head(label('product'))}
                {head(label('open'), true, 'kontor-number')}
                {head(label('receivedNow'), true, 'kontor-number')}
                {head(label('place'))}
                {head(label('lot'))}
                {head(<span className="bp6-text-muted">{t('warehouse:avis.enterLine')}</span>)}
              </tr>
            </thead>
            <tbody>
              {s.lines.map((each: Line) => {
                const id = String(each.id);
                const entered = booking.rowAt(s, id);
                const isOpen = booking.openOf(each) > 0;
                return (
                  <tr key={id} aria-current={id === s.current ? 'true' : undefined}>
                    {cell(
                      t('warehouse:avis.fields.sku'),
                      each.product.sku,
                      true,
                      'kontor-avis-nowrap',
                    )}
                    {cell(t('warehouse:avis.fields.product'), each.product.name)}
                    {cell(
                      t('warehouse:avis.fields.open'),
                      number(booking.openOf(each)),
                      true,
                      'kontor-number',
                    )}
                    {cell(
                      t('warehouse:avis.fields.receivedNow'),
                      isOpen ? (
                        entered.quantity
                      ) : (
                        <Tag minimal intent={Intent.SUCCESS}>
                          {t('warehouse:avis.complete')}
                        </Tag>
                      ),
                      true,
                      'kontor-number',
                    )}
                    {cell(t('warehouse:avis.fields.place'), entered.place?.path ?? '')}
                    {cell(
                      t('warehouse:avis.fields.lot'),
                      [entered.lot, day(entered.bestBefore)].filter(Boolean).join(' · '),
                    )}
                    {cell(
                      t('warehouse:avis.enterLine'),
                      !isOpen ? null : id === s.current ? (
                        <Tag minimal intent={Intent.PRIMARY}>
                          {t('warehouse:avis.current')}
                        </Tag>
                      ) : (
                        <Button
                          variant="outlined"
                          text={t('warehouse:avis.enterLine')}
                          aria-label={t('warehouse:avis.enterLineAria', { sku: each.product.sku })}
                          onClick={() => update((current) => booking.select(current, id))}
                        />
                      ),
                    )}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </TableScroll>
      </ScanScreen>
      {dialog}
    </section>
  );
}
