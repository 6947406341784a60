import { Button, Dialog, DialogBody, HTMLTable, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import {
  InventoryDetailDocument,
  InventoryDocument,
  StockChangesDocument,
  StockClientChoicesDocument,
  StockClientNameDocument,
  StockPlaceChoicesDocument,
  StockPlaceNameDocument,
  StockUserChoicesDocument,
  StockUserNameDocument,
  StockProductChoicesDocument,
  StockProductNameDocument,
  StockWarehouseChoicesDocument,
  type InventoryQuery,
  type StockChangesQuery,
} from '../graphql/generated';
import {
  can,
  DataTable,
  format,
  messageOf,
  Page,
  TableScroll,
  useQuery,
  useTranslation,
  word,
  type ModulePages,
  type PageProps,
} from '../shared-session';
// The ledger's times in the installation's time zone, not the browser's (avis/common).
import { dateTime, day } from '../avis/common';
import { StockChangeScreen } from './booking';
import './stock.css';

type LedgerRow = StockChangesQuery['stockChanges']['items'][number];
type InventoryRow = InventoryQuery['inventory']['items'][number];

const REASONS = ['BOOK_IN', 'BOOK_OUT', 'MOVE', 'CORRECTION', 'AVIS', 'SHIPMENT', 'STOCKTAKING'];

/** A number in the user's language (1.234 in German). */
const number = (value: number) => format.number(value);
/** EUR in the user's language. */
const euro = (value: number) => format.money(value);

/** YYYY-MM-DD of the day `days` ago in the installation's time zone (where the server counts days). */
const dayAgo = (days: number): string => format.dayOf(new Date(Date.now() - days * 86_400_000));

/** /storage/bookings: the ledger, newest first, filtered by product, place, reason, client and period. */
function BookingsList({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  return (
    <Page title={t(route.pageTitle!)}>
      <DataTable<StockChangesQuery, LedgerRow, 'TIME'>
        query={StockChangesDocument}
        pageOf={(data) => data.stockChanges}
        label={t(route.pageTitle!)}
        defaultSort="TIME"
        // Newest first unless the URL says otherwise (`dir=asc`).
        defaultDir="desc"
        exportList="stock-changes"
        filters={[
          {
            name: 'reason',
            label: t('warehouse:stock.fields.reason'),
            choices: REASONS.map((reason) => ({
              value: reason,
              label: t(`warehouse:stock.reasons.${reason}`),
            })),
          },
          {
            name: 'from',
            label: t('warehouse:stock.fields.from'),
            choices: [
              { value: dayAgo(0), label: t('warehouse:stock.periods.today') },
              { value: dayAgo(6), label: t('warehouse:stock.periods.week') },
              { value: dayAgo(29), label: t('warehouse:stock.periods.month') },
              { value: dayAgo(364), label: t('warehouse:stock.periods.year') },
            ],
          },
          {
            name: 'productId',
            label: t('warehouse:stock.fields.product'),
            search: StockProductChoicesDocument,
            chosen: StockProductNameDocument,
          },
          ...(can('warehouse:view')
            ? [
                {
                  name: 'placeId',
                  label: t('warehouse:stock.fields.placePath'),
                  search: StockPlaceChoicesDocument,
                  chosen: StockPlaceNameDocument,
                },
              ]
            : []),
          ...(can('user:view')
            ? [
                {
                  name: 'userId',
                  label: t('warehouse:stock.fields.user'),
                  search: StockUserChoicesDocument,
                  chosen: StockUserNameDocument,
                },
              ]
            : []),
        ]}
        columns={[
          {
            title: t('warehouse:stock.fields.time'),
            cell: (c) => dateTime(c.createdAt),
            sortKey: 'TIME',
          },
          {
            title: t('warehouse:stock.fields.reason'),
            cell: (c) => t(`warehouse:stock.reasons.${c.reason}`),
            key: true,
          },
          { title: t('warehouse:stock.fields.sku'), cell: (c) => c.product.sku, key: true },
          { title: t('warehouse:stock.fields.product'), cell: (c) => c.product.name },
          { title: t('warehouse:stock.fields.placePath'), cell: (c) => c.place.path },
          { title: t('warehouse:stock.fields.lot'), cell: (c) => c.lot },
          {
            title: t('warehouse:stock.fields.delta'),
            cell: (c) => format.signed(c.delta),
            key: true,
          },
          {
            title: t('warehouse:stock.fields.quantityAfter'),
            cell: (c) => number(c.quantityAfter),
            key: true,
          },
          {
            title: t('warehouse:stock.fields.user'),
            cell: (c) =>
              c.actingUserName && c.actingUserName !== c.userName
                ? `${c.userName ?? ''} (${c.actingUserName})`
                : (c.userName ?? ''),
          },
          {
            title: t('warehouse:stock.fields.comment'),
            cell: (c) =>
              // The server's own comment (a shipment's order …) in the reader's language.
              c.commentMessage ? word(messageOf(c.commentMessage)) : c.comment,
          },
        ]}
      />
    </Page>
  );
}

/** The drill-down's columns: the field's text key and whether it is a key column. */
const DETAIL_COLUMNS: [field: string, key: boolean][] = [
  ['placePath', true],
  ['lot', false],
  ['bestBefore', false],
  ['total', true],
  ['locked', false],
  ['available', true],
];

/** The drill-down of an inventory row: its stock by place and lot, in walking order. */
function InventoryDetail({ row, onClose }: { row: InventoryRow; onClose: () => void }) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const { data, loading } = useQuery(InventoryDetailDocument, {
    variables: { productId: String(row.product.id), warehouseId: String(row.warehouse.id) },
    fetchPolicy: 'cache-and-network',
  });
  const title = t('warehouse:stock.detailsOf', {
    sku: row.product.sku,
    warehouse: row.warehouse.name,
  });
  const rows = data?.inventoryDetail ?? [];
  return (
    <Dialog isOpen onClose={onClose} title={title}>
      <DialogBody>
        {loading && !data ? <Spinner size={30} /> : null}
        {data && rows.length === 0 ? <p>{t('warehouse:stock.noStock')}</p> : null}
        {rows.length > 0 ? (
          <TableScroll label={title}>
            <HTMLTable compact striped aria-label={title}>
              <thead>
                <tr>
                  {DETAIL_COLUMNS.map(([field, key]) => (
                    <th key={field} data-key-column={key ? '' : undefined}>
                      {t(`warehouse:stock.fields.${field}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((stock) => (
                  <tr key={stock.id}>
                    {[
                      stock.place.path,
                      stock.lot,
                      day(stock.bestBefore),
                      number(stock.quantity),
                      number(stock.locked),
                      number(stock.available),
                    ].map((value, index) => (
                      <td
                        key={DETAIL_COLUMNS[index]![0]}
                        data-label={t(`warehouse:stock.fields.${DETAIL_COLUMNS[index]![0]}`)}
                        data-key-column={DETAIL_COLUMNS[index]![1] ? '' : undefined}
                      >
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
        ) : null}
        <Button text={t('warehouse:stock.close')} onClick={onClose} />
      </DialogBody>
    </Dialog>
  );
}

/**
 * /administration/currentinventory: stock per product and warehouse with available, locked
 * and value; drill-down by place and lot. A booking anywhere (RecordChanged on the stock
 * channel) evicts the cached pages, so the table refetches by itself.
 */
function InventoryList({ route }: PageProps) {
  const { t } = useTranslation(['warehouse', 'ui']);
  const warehouses = useQuery(StockWarehouseChoicesDocument, { skip: !can('warehouse:view') }).data
    ?.warehouses.items;
  const [open, setOpen] = useState<InventoryRow | null>(null);
  return (
    <Page title={t(route.pageTitle!)}>
      <DataTable<InventoryQuery, InventoryRow, 'SKU' | 'NAME'>
        query={InventoryDocument}
        pageOf={(data) => data.inventory}
        label={t(route.pageTitle!)}
        defaultSort="SKU"
        exportList="inventory"
        filters={[
          ...(warehouses
            ? [
                {
                  name: 'warehouseId',
                  label: t('warehouse:stock.fields.warehouse'),
                  choices: warehouses.map((w) => ({ value: String(w.id), label: w.name })),
                },
              ]
            : []),
          ...(can('client:view')
            ? [
                {
                  name: 'clientId',
                  label: t('warehouse:stock.fields.client'),
                  search: StockClientChoicesDocument,
                  chosen: StockClientNameDocument,
                },
              ]
            : []),
        ]}
        columns={[
          {
            title: t('warehouse:stock.fields.sku'),
            cell: (r) => r.product.sku,
            sortKey: 'SKU',
            key: true,
          },
          {
            title: t('warehouse:stock.fields.product'),
            cell: (r) => r.product.name,
            sortKey: 'NAME',
          },
          { title: t('warehouse:stock.fields.client'), cell: (r) => r.client.name },
          { title: t('warehouse:stock.fields.warehouse'), cell: (r) => r.warehouse.name },
          { title: t('warehouse:stock.fields.total'), cell: (r) => number(r.quantity), key: true },
          { title: t('warehouse:stock.fields.locked'), cell: (r) => number(r.locked) },
          {
            title: t('warehouse:stock.fields.available'),
            cell: (r) => number(r.available),
            key: true,
          },
          { title: t('warehouse:stock.fields.value'), cell: (r) => euro(r.value) },
        ]}
        actions={(row) => (
          <Button
            icon="layers"
            variant="minimal"
            aria-label={`${t('warehouse:stock.details')}: ${row.product.sku}`}
            title={t('warehouse:stock.details')}
            onClick={() => setOpen(row)}
          />
        )}
      />
      {open ? <InventoryDetail row={open} onClose={() => setOpen(null)} /> : null}
    </Page>
  );
}

/** Stock: the booking screen, the ledger, the current inventory. */
export const stockPages: ModulePages = {
  'warehouse.stockchanges': StockChangeScreen,
  'warehouse.bookings': BookingsList,
  'warehouse.inventory': InventoryList,
};
