import { isCalendarDay, msg } from '@kontor/contracts';
import { sqlTimeZone } from '../domain/time-zone';
import { z } from 'zod';
import type { Db } from '../db';
import { uniqueConstraints } from '../domain/database-errors';
import { invalidField, InvalidInput, type FieldProblems } from '../domain/errors';
import { field, parse } from '../domain/validation';
import type { ExportLanguage } from '../lists/export';

// (id, client_id) of departments: the target of orders' foreign key to a department of the
// order's own client (migration 0131); id alone is the key, so no user can ever collide on it.
uniqueConstraints({ departments_id_client_key: 'departmentId' });

// The invoice export (issue 15): what was shipped to a client's customers in a period, one
// row per shipped position (an order item in one shipment, its packages summed), priced with
// the item's net unit price and VAT rate. A position's VAT is rounded half-up to the cent on
// the position (docs/domain.md "VAT"); every total is the sum of the positions' rounded values.
// The period is of shipment dates, calendar days in Europe/Berlin (docs/domain.md "Today").

/** More positions than this are exported by a background job (invoices.export), not at once. */
export const DIRECT_EXPORT_LIMIT = 5000;

/** What an export is of: a client and a period of shipment dates (both days included). */
export interface InvoicePeriod {
  clientId: number;
  /** YYYY-MM-DD. */
  from: string;
  /** YYYY-MM-DD, not before `from`. */
  to: string;
}

/** The rules of an export's client and period (field errors clientId, from, to). */
export const invoicePeriod = z
  .object({ clientId: field.id('client'), from: field.day('from'), to: field.day('to') })
  .superRefine((period, ctx) => {
    // Only when both are days (zod runs this after a failed field too).
    if (isCalendarDay(period.from) && isCalendarDay(period.to) && period.to < period.from)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The to field must be a date after or equal to from.',
        params: { rule: 'after_or_equal', text: msg('invoices.periodOrder') },
      });
  });

/** The field error of a client id that names no client. */
export const unknownClient = () =>
  invalidField('clientId', 'exists', 'The selected client is invalid.');

/** Validates a client and period (GraphQL arguments or URL parameters); 422 naming the field. */
export function parsePeriod(input: unknown): InvoicePeriod {
  return parse(invoicePeriod, input);
}

const language = z.object({
  lang: z.enum(['de', 'en'], { error: 'The lang field must be de or en.' }).nullish(),
});

/**
 * A client, period and language (`lang` de|en, absent: `fallback`), every bad field named at
 * once.
 */
export function parseExport(
  input: { lang?: unknown } & Record<string, unknown>,
  fallback: ExportLanguage,
): InvoicePeriod & { lang: ExportLanguage } {
  const problems: FieldProblems = {};
  let period: InvoicePeriod | undefined;
  let lang: ExportLanguage | null | undefined;
  try {
    period = parsePeriod(input);
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
    Object.assign(problems, error.problems);
  }
  try {
    lang = parse(language, { lang: input.lang }).lang;
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
    Object.assign(problems, error.problems);
  }
  if (!period || Object.keys(problems).length > 0) throw new InvalidInput(problems);
  return { ...period, lang: lang ?? fallback };
}

/** One shipped position as the CSV has it. Money in cents. */
export interface InvoicePosition {
  shipmentId: number;
  orderNumber: string;
  /** YYYY-MM-DD. */
  orderDate: string;
  /** YYYY-MM-DD (Europe/Berlin). */
  shippedOn: string;
  customerNumber: string;
  department: string;
  position: number;
  sku: string;
  name: string;
  quantity: number;
  priceCents: number;
  vatRate: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** Sums of positions. Money in cents. */
export interface InvoiceSums {
  positions: number;
  netCents: number;
  vatCents: number;
  grossCents: number;
}

/** The sums of one VAT rate. */
export interface InvoiceRateSums extends InvoiceSums {
  vatRate: number;
}

/** The sums of one department (customer number '' : orders without one). */
export interface InvoiceDepartmentSums extends InvoiceSums {
  customerNumber: string;
  department: string;
  rates: InvoiceRateSums[];
}

/** The preview and the PDF: totals of a client's period, per VAT rate and per department. */
export interface InvoiceSummary extends InvoiceSums {
  clientId: number;
  clientName: string;
  from: string;
  to: string;
  orders: number;
  rates: InvoiceRateSums[];
  departments: InvoiceDepartmentSums[];
  /** True when the positions are more than DIRECT_EXPORT_LIMIT: the CSV is made by a job. */
  asJob: boolean;
}

/**
 * The shipped positions of the period ($1 client, $2 from, $3 to): per shipment and order
 * item, the quantities of its packages summed; net = quantity × net unit price, VAT rounded
 * half-up per position (integer arithmetic on non-negative cents). The department is the
 * order's, else the client's when it has exactly one. The shipments' created_at index
 * bounds the read.
 */
const positions = () => `
  WITH sole AS (
    SELECT min(id) AS id FROM departments WHERE client_id = $1 HAVING count(*) = 1
  )
  SELECT s.id AS "shipmentId", o.number AS "orderNumber", o.order_date::text AS "orderDate",
         to_char(s.created_at AT TIME ZONE ${sqlTimeZone()}, 'YYYY-MM-DD') AS "shippedOn",
         coalesce(d.customer_number, '') AS "customerNumber", coalesce(d.name, '') AS department,
         oi.position, oi.sku, oi.name, q.quantity::integer AS quantity,
         oi.item_price_cents AS "priceCents", oi.vat_rate::integer AS "vatRate",
         q.quantity * oi.item_price_cents AS "netCents",
         (q.quantity * oi.item_price_cents * oi.vat_rate + 50) / 100 AS "vatCents"
    FROM shipments s
    JOIN orders o ON o.id = s.order_id
    JOIN LATERAL (
      SELECT spi.order_item_id, sum(spi.quantity) AS quantity
        FROM shipment_packages p
        JOIN shipment_package_items spi ON spi.package_id = p.id
       WHERE p.shipment_id = s.id
       GROUP BY spi.order_item_id
    ) q ON true
    JOIN order_items oi ON oi.id = q.order_item_id
    LEFT JOIN departments d ON d.id = coalesce(o.department_id, (SELECT id FROM sole))
   WHERE o.client_id = $1
     AND s.created_at >= ($2::date::timestamp AT TIME ZONE ${sqlTimeZone()})
     AND s.created_at < (($3::date + 1)::timestamp AT TIME ZONE ${sqlTimeZone()})`;

interface PositionRow extends Omit<
  InvoicePosition,
  'netCents' | 'vatCents' | 'grossCents' | 'priceCents'
> {
  priceCents: string | number;
  netCents: string | number;
  vatCents: string | number;
}

function toPosition(row: PositionRow): InvoicePosition {
  const netCents = Number(row.netCents);
  const vatCents = Number(row.vatCents);
  return {
    ...row,
    shipmentId: Number(row.shipmentId),
    position: Number(row.position),
    quantity: Number(row.quantity),
    vatRate: Number(row.vatRate),
    priceCents: Number(row.priceCents),
    netCents,
    vatCents,
    grossCents: netCents + vatCents,
  };
}

/** Where a batch of positions starts: after this shipment's position. */
export interface PositionCursor {
  shipmentId: number;
  position: number;
}

/**
 * A batch of at most `limit` shipped positions of the period, in the order they were shipped
 * (shipment, then the item's position), starting after `after` (keyset: memory holds one batch).
 */
export async function invoicePositions(
  db: Db,
  period: InvoicePeriod,
  limit: number,
  after: PositionCursor | null = null,
): Promise<InvoicePosition[]> {
  const rows = await db.query<PositionRow>(
    `${positions()}
       AND (s.id, oi.position) > ($4::integer, $5::integer)
     ORDER BY s.id, oi.position
     LIMIT $6`,
    [period.clientId, period.from, period.to, after?.shipmentId ?? 0, after?.position ?? 0, limit],
  );
  return rows.map(toPosition);
}

/** Every shipped position of the period, batch by batch. */
export async function* allInvoicePositions(
  db: Db,
  period: InvoicePeriod,
  batch = 1000,
): AsyncGenerator<InvoicePosition> {
  let after: PositionCursor | null = null;
  for (;;) {
    const rows = await invoicePositions(db, period, batch, after);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < batch || !last) return;
    after = { shipmentId: last.shipmentId, position: last.position };
  }
}

const sums = (): InvoiceSums => ({ positions: 0, netCents: 0, vatCents: 0, grossCents: 0 });

function add(into: InvoiceSums, row: InvoiceSums): void {
  into.positions += row.positions;
  into.netCents += row.netCents;
  into.vatCents += row.vatCents;
  into.grossCents += row.grossCents;
}

/**
 * The totals of a client's period: all, per VAT rate, per department (and its rates), with the
 * number of orders — sums of the positions' rounded values, counted by the database.
 * A field error on clientId for a client that does not exist.
 */
export async function invoiceSummary(db: Db, period: InvoicePeriod): Promise<InvoiceSummary> {
  const [client] = await db.query<{ name: string }>('SELECT name FROM clients WHERE id = $1', [
    period.clientId,
  ]);
  if (!client) throw unknownClient();
  const groups = await db.query<{
    customerNumber: string;
    department: string;
    vatRate: number;
    positions: number;
    netCents: string | number;
    vatCents: string | number;
  }>(
    `SELECT "customerNumber", department, "vatRate", count(*)::integer AS positions,
            sum("netCents") AS "netCents", sum("vatCents") AS "vatCents"
       FROM (${positions()}) p
      GROUP BY "customerNumber", department, "vatRate"
      ORDER BY "customerNumber", department, "vatRate"`,
    [period.clientId, period.from, period.to],
  );
  const [counted] = await db.query<{ orders: number }>(
    `SELECT count(DISTINCT "orderNumber")::integer AS orders FROM (${positions()}) p`,
    [period.clientId, period.from, period.to],
  );
  const total = sums();
  const rates = new Map<number, InvoiceRateSums>();
  const departments = new Map<string, InvoiceDepartmentSums>();
  for (const group of groups) {
    const netCents = Number(group.netCents);
    const vatCents = Number(group.vatCents);
    const row = { positions: group.positions, netCents, vatCents, grossCents: netCents + vatCents };
    add(total, row);
    const rate = rates.get(group.vatRate) ?? { vatRate: group.vatRate, ...sums() };
    add(rate, row);
    rates.set(group.vatRate, rate);
    const key = `${group.customerNumber}\u0000${group.department}`;
    const department = departments.get(key) ?? {
      customerNumber: group.customerNumber,
      department: group.department,
      rates: [],
      ...sums(),
    };
    add(department, row);
    department.rates.push({ vatRate: group.vatRate, ...row });
    departments.set(key, department);
  }
  return {
    clientId: period.clientId,
    clientName: client.name,
    from: period.from,
    to: period.to,
    orders: counted?.orders ?? 0,
    ...total,
    rates: [...rates.values()].sort((a, b) => b.vatRate - a.vatRate),
    departments: [...departments.values()],
    asJob: total.positions > DIRECT_EXPORT_LIMIT,
  };
}
