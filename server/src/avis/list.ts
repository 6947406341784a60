import { z } from 'zod';
import { formatter } from '../domain/time-zone';
import { dayFilterValue, statusFilter, type ListDefinition } from '../lists/list';

/** The sort keys of the avis list. */
export type AvisSort = 'DELIVERY_DATE' | 'NUMBER' | 'ID';

/** The avis list's filters. */
export type AvisListFilter =
  'status' | 'supplierId' | 'clientId' | 'warehouseId' | 'from' | 'to' | 'due';

/** The statuses as stored (avis.status). */
export const AVIS_STATUSES = ['announced', 'partially_booked', 'booked', 'cancelled'] as const;

/** The statuses of an avis still to be received (its goods are due). */
export const AVIS_DUE_STATUSES = ['announced', 'partially_booked'] as const;

/** The columns of an avis (over `avis a`), named as the Avis fields, with its totals. */
export const AVIS_COLUMNS = `a.id, a.number, a.delivery_note_number AS "deliveryNoteNumber",
  a.delivery_date::text AS "deliveryDate", a.supplier_id AS "supplierId", a.client_id AS "clientId",
  a.warehouse_id AS "warehouseId", a.status, a.comment, a.close_reason AS "closeReason",
  (SELECT coalesce(sum(l.announced_quantity), 0)::int FROM avis_lines l WHERE l.avis_id = a.id)
    AS "announcedTotal",
  (SELECT coalesce(sum(l.received_quantity), 0)::int FROM avis_lines l WHERE l.avis_id = a.id)
    AS "receivedTotal",
  a.created_at AS "createdAt", (SELECT u.name FROM users u WHERE u.id = a.created_by)
    AS "createdByName", a.version`;

/**
 * The avis list (/administration/avis): searchable by our number, the delivery note number and
 * the supplier's name; filtered by statuses (comma-separated), supplier, client, warehouse and
 * delivery date; sorted by delivery date, number or id.
 */
export const avisList: ListDefinition<AvisSort, AvisListFilter> = {
  select: AVIS_COLUMNS,
  from: 'avis a JOIN suppliers s ON s.id = a.supplier_id',
  countFrom: 'avis a',
  estimatedFrom: 'avis',
  searchColumns: ['a.number', 'a.delivery_note_number', 's.name'],
  sortColumns: { DELIVERY_DATE: 'a.delivery_date', NUMBER: 'a.number', ID: 'a.id' },
  idColumn: 'a.id',
  filters: {
    status: statusFilter('a.status', AVIS_STATUSES),
    supplierId: { names: 'supplier', where: (p) => `a.supplier_id = ${p}` },
    clientId: { names: 'client', where: (p) => `a.client_id = ${p}` },
    warehouseId: { names: 'warehouse', where: (p) => `a.warehouse_id = ${p}` },
    from: {
      names: 'date',
      where: (p) => `a.delivery_date >= ${p}::date`,
      value: dayFilterValue('from'),
    },
    to: {
      names: 'date',
      where: (p) => `a.delivery_date <= ${p}::date`,
      value: dayFilterValue('to'),
    },
    // TODAY (the dashboard's "Avis heute fällig"): still to be received, delivery date today in
    // the installation's time zone; the value reaches the statement as that day.
    due: {
      names: 'due',
      where: (p) =>
        `(a.delivery_date = ${p}::date AND a.status IN (${AVIS_DUE_STATUSES.map((s) => `'${s}'`).join(', ')}))`,
      value: z
        .enum(['TODAY', 'today'], { error: 'The due filter must be TODAY.' })
        .transform(() => formatter('de').dayOf()),
    },
  },
  csv: {
    name: 'avis',
    permission: 'avis:view',
    columns: [
      { de: 'Avisnummer', en: 'Avis number', sql: 'a.number' },
      { de: 'Lieferscheinnummer', en: 'Delivery note number', sql: 'a.delivery_note_number' },
      { de: 'Liefertermin', en: 'Delivery date', sql: 'a.delivery_date::text', kind: 'day' },
      { de: 'Lieferant', en: 'Supplier', sql: 's.name' },
      { de: 'Mandant', en: 'Client', sql: '(SELECT name FROM clients WHERE id = a.client_id)' },
      {
        de: 'Lager',
        en: 'Warehouse',
        sql: '(SELECT name FROM warehouses WHERE id = a.warehouse_id)',
      },
      { de: 'Status', en: 'Status', sql: 'a.status' },
      {
        de: 'Angekündigt',
        en: 'Announced',
        sql: '(SELECT coalesce(sum(announced_quantity), 0) FROM avis_lines WHERE avis_id = a.id)',
      },
      {
        de: 'Erhalten',
        en: 'Received',
        sql: '(SELECT coalesce(sum(received_quantity), 0) FROM avis_lines WHERE avis_id = a.id)',
      },
      {
        de: 'Grund der Differenz',
        en: 'Reason of the difference',
        sql: "coalesce(a.close_reason, '')",
      },
    ],
  },
};
