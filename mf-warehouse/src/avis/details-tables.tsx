import { HTMLTable } from '@blueprintjs/core';
import type { AvisFieldsFragment } from '../graphql/generated';
import { format, TableScroll, useTranslation, word } from '../shared-session';
import { dateTime, day, number, signed } from './common';
import { cell, head } from '../table-cells';

// The tables of an avis's details page: its lines (announced, received and the difference as
// the key columns, a labelled Σ row), its goods receipts and its history. Hand-written tables:
// every cell carries its column's title (data-label) for the card view of a phone, the key
// ones are marked (data-key-column) and shown first and large there.

type Avis = AvisFieldsFragment;

const differenceClass = (difference: number) =>
  `kontor-number ${difference < 0 ? 'kontor-avis-short' : difference > 0 ? 'kontor-avis-over' : ''}`;

export function Lines({ avis }: { avis: Avis }) {
  const { t } = useTranslation('warehouse');
  const title = t('warehouse:avis.sections.lines');
  const label = (field: string) => t(`warehouse:avis.fields.${field}`);
  const total = avis.receivedTotal - avis.announcedTotal;
  return (
    <section className="kontor-avis-section" aria-label={title}>
      <h3 className="bp6-heading">{title}</h3>
      <TableScroll label={title}>
        <HTMLTable compact striped aria-label={title}>
          <thead>
            <tr>
              {head(label('sku'), true)}
              {head(label('product'))}
              {head(label('lot'))}
              {head(label('bestBefore'))}
              {head(label('announced'), true, 'kontor-number')}
              {head(label('received'), true, 'kontor-number')}
              {head(label('difference'), true, 'kontor-number')}
            </tr>
          </thead>
          <tbody>
            {avis.lines.map((line) => (
              <tr key={line.id}>
                {cell(label('sku'), line.product.sku, true, 'kontor-avis-nowrap')}
                {cell(label('product'), line.product.name)}
                {cell(label('lot'), line.lot ?? '')}
                {cell(label('bestBefore'), day(line.bestBefore))}
                {cell(label('announced'), number(line.announcedQuantity), true, 'kontor-number')}
                {cell(label('received'), number(line.receivedQuantity), true, 'kontor-number')}
                {cell(
                  label('difference'),
                  signed(line.difference),
                  true,
                  differenceClass(line.difference),
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={4} scope="row" data-label={t('warehouse:avis.total')}>
                Σ {t('warehouse:avis.total')}
              </th>
              {cell(label('announced'), number(avis.announcedTotal), true, 'kontor-number')}
              {cell(label('received'), number(avis.receivedTotal), true, 'kontor-number')}
              {cell(label('difference'), signed(total), true, differenceClass(total))}
            </tr>
          </tfoot>
        </HTMLTable>
      </TableScroll>
    </section>
  );
}

export function Receipts({ avis }: { avis: Avis }) {
  const { t } = useTranslation('warehouse');
  const title = t('warehouse:avis.sections.receipts');
  const label = (field: string) => t(`warehouse:avis.fields.${field}`);
  return (
    <section className="kontor-avis-section" aria-label={title}>
      <h3 className="bp6-heading">{title}</h3>
      {avis.receipts.length === 0 ? (
        <p className="bp6-text-muted">{t('warehouse:avis.noReceipts')}</p>
      ) : null}
      {avis.receipts.map((receipt) => (
        <article key={receipt.id} className="kontor-avis-receipt" aria-label={receipt.number}>
          <header className="kontor-avis-receipt-header">
            <strong>{receipt.number}</strong>
            <span>
              {dateTime(receipt.createdAt)} · {receipt.userName ?? ''}
            </span>
            <a
              href={`/spa/avis/receipts/${receipt.id}.pdf?lang=${format.language}`}
              target="_blank"
              rel="noreferrer"
            >
              {t('warehouse:avis.receiptPdf', { number: receipt.number })}
            </a>
          </header>
          <TableScroll label={receipt.number}>
            <HTMLTable compact aria-label={receipt.number}>
              <thead>
                <tr>
                  {head(label('sku'), true)}
                  {head(label('place'))}
                  {head(label('lot'))}
                  {head(label('bestBefore'))}
                  {head(label('quantity'), true, 'kontor-number')}
                  {head(label('overDelivery'), false, 'kontor-number')}
                </tr>
              </thead>
              <tbody>
                {receipt.lines.map((line) => (
                  <tr key={line.id}>
                    {cell(label('sku'), line.line.product.sku, true, 'kontor-avis-nowrap')}
                    {cell(label('place'), line.place.path)}
                    {cell(label('lot'), line.lot ?? '')}
                    {cell(label('bestBefore'), day(line.bestBefore))}
                    {cell(label('quantity'), number(line.quantity), true, 'kontor-number')}
                    {cell(
                      label('overDelivery'),
                      line.overDelivery > 0 ? `+${number(line.overDelivery)}` : '',
                      false,
                      'kontor-number',
                    )}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        </article>
      ))}
    </section>
  );
}

/**
 * An event's detail as the reader reads it: a booking's receipt, units and over-delivery
 * (data from the server, in the page's language); a reason as it was typed.
 */
function eventDetail(event: Avis['history'][number]): string {
  if (!event.detail) return '';
  if (event.kind !== 'booked') return event.detail;
  try {
    const booked = JSON.parse(event.detail) as {
      receipt: string;
      units: number;
      overDelivery: number;
    };
    const params = {
      receipt: booked.receipt,
      units: booked.units,
      overDelivery: booked.overDelivery,
    };
    return word({
      key: booked.overDelivery > 0 ? 'history.avis.bookedOver' : 'history.avis.bookedUnits',
      params,
    });
  } catch {
    return event.detail;
  }
}

export function History({ avis }: { avis: Avis }) {
  const { t } = useTranslation('warehouse');
  const title = t('warehouse:avis.sections.history');
  const label = (field: string) => t(`warehouse:avis.fields.${field}`);
  return (
    <section className="kontor-avis-section" aria-label={title}>
      <h3 className="bp6-heading">{title}</h3>
      <TableScroll label={title}>
        <HTMLTable compact striped aria-label={title}>
          <thead>
            <tr>
              {head(label('time'))}
              {head(label('user'))}
              {head(label('event'), true)}
              {head(label('detail'))}
            </tr>
          </thead>
          <tbody>
            {avis.history.map((event) => (
              <tr key={event.id}>
                {cell(label('time'), dateTime(event.at))}
                {cell(label('user'), event.userName ?? '')}
                {cell(
                  label('event'),
                  word({ key: `history.avis.${event.kind}`, text: event.kind }),
                  true,
                )}
                {cell(label('detail'), eventDetail(event))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
    </section>
  );
}
