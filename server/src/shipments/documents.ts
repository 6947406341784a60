import type { Language } from '@kontor/contracts';
import { newPdf } from '../documents/pdf';
import type { Db } from '../db';
import { formatter } from '../domain/time-zone';
import { code128Modules } from '../warehouses/labels';

// The packing station's documents: the delivery note of a shipment (A4: the shipping address,
// the order, its packages and what each holds) and the shipping label of a package (A6: the
// address and the tracking number as a Code 128 barcode, drawn as vector bars). In the
// language asked for (German by default), every value through the formatter (docs/design.md
// "Words, numbers and dates").

const MM = 72 / 25.4;

/** The documents' words in each language. */
const TEXTS = {
  de: {
    note: 'Lieferschein',
    order: 'Bestellung',
    orderDate: 'Bestelldatum',
    shipped: 'Versanddatum',
    client: 'Mandant',
    shipment: 'Sendung',
    package: 'Paket',
    tracking: 'Sendungsnummer',
    label: 'Versandetikett',
    noTracking: 'Ohne Sendungsnummer',
    file: 'Lieferschein',
  },
  en: {
    note: 'Delivery note',
    order: 'Order',
    orderDate: 'Order date',
    shipped: 'Shipped',
    client: 'Client',
    shipment: 'Shipment',
    package: 'Package',
    tracking: 'Tracking number',
    label: 'Shipping label',
    noTracking: 'No tracking number',
    file: 'Delivery-note',
  },
} as const;

interface AddressBlock {
  company: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
  additionalLines: string;
}

const ADDRESS_SQL = `json_build_object('company', o.ship_company,
  'name', trim(o.ship_first_name || ' ' || o.ship_last_name),
  'street', trim(o.ship_street || ' ' || o.ship_house_number), 'postcode', o.ship_postcode,
  'city', o.ship_city, 'countryCode', o.ship_country_code,
  'additionalLines', o.ship_additional_lines)`;

const addressLines = (a: AddressBlock) =>
  [a.company, a.name, a.additionalLines, a.street, `${a.postcode} ${a.city}`, a.countryCode].filter(
    (line) => line.trim() !== '',
  );

interface NoteData {
  id: number;
  orderNumber: string;
  orderDate: string;
  client: string;
  createdAt: Date;
  address: AddressBlock;
  packages: {
    id: number;
    weightKg: number | null;
    trackingNumber: string;
    items: { sku: string; name: string; quantity: number }[];
  }[];
}

/** The delivery note of a shipment in `lang`, or undefined when none has this id. */
export async function deliveryNotePdf(
  db: Db,
  id: number,
  lang: Language = 'de',
): Promise<{ data: Buffer; fileName: string } | undefined> {
  const [note] = await db.query<NoteData>(
    `SELECT s.id, o.number AS "orderNumber", o.order_date::text AS "orderDate", c.name AS client,
            s.created_at AS "createdAt", ${ADDRESS_SQL} AS address,
            coalesce((SELECT json_agg(json_build_object('id', p.id, 'weightKg', p.weight_kg::float8,
                       'trackingNumber', p.tracking_number,
                       'items', (SELECT coalesce(json_agg(json_build_object('sku', i.sku, 'name', i.name,
                                   'quantity', pi.quantity) ORDER BY i.position), '[]')
                                   FROM shipment_package_items pi JOIN order_items i ON i.id = pi.order_item_id
                                  WHERE pi.package_id = p.id)) ORDER BY p.id)
                        FROM shipment_packages p WHERE p.shipment_id = s.id), '[]') AS packages
       FROM shipments s JOIN orders o ON o.id = s.order_id JOIN clients c ON c.id = o.client_id
      WHERE s.id = $1`,
    [id],
  );
  if (!note) return undefined;
  const t = TEXTS[lang];
  const f = formatter(lang);
  const margin = 18 * MM;
  const { doc, done } = await newPdf({
    size: 'A4',
    margin,
    info: { Title: `${t.note} ${note.orderNumber}`, Creator: 'Kontor' },
  });
  const width = doc.page.width - 2 * margin;
  doc.font('Helvetica').fontSize(10).text(addressLines(note.address).join('\n'), margin, margin);
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(16).text(t.note, margin);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    [t.order, note.orderNumber],
    [t.orderDate, f.date(note.orderDate)],
    [t.shipped, f.date(note.createdAt)],
    [t.client, note.client],
    [t.shipment, String(note.id)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, margin, y, { width: 55 * MM });
    doc.font('Helvetica').text(value, margin + 55 * MM, y, { width: width - 55 * MM });
  }
  note.packages.forEach((pkg, index) => {
    doc.moveDown(1);
    if (doc.y > doc.page.height - margin - 60) doc.addPage();
    const parts = [
      `${t.package} ${index + 1}`,
      pkg.weightKg !== null ? `${f.number(pkg.weightKg)} kg` : '',
      pkg.trackingNumber ? `${t.tracking} ${pkg.trackingNumber}` : '',
    ].filter((part) => part !== '');
    doc.font('Helvetica-Bold').fontSize(11).text(parts.join(' · '), margin);
    doc.moveDown(0.3);
    for (const item of pkg.items) {
      if (doc.y > doc.page.height - margin - 20) doc.addPage();
      const y = doc.y;
      doc.font('Helvetica').fontSize(9);
      doc.text(item.sku, margin, y, { width: 0.25 * width });
      doc.text(item.name, margin + 0.25 * width, y, { width: 0.6 * width });
      doc.text(f.number(item.quantity), margin + 0.85 * width, y, {
        width: 0.15 * width,
        align: 'right',
      });
      doc.x = margin;
    }
  });
  doc.end();
  return { data: await done, fileName: `${t.file}-${note.orderNumber}-${note.id}.pdf` };
}

/** The shipping label of a package (A6) in `lang`, or undefined when none has this id. */
export async function labelPdf(
  db: Db,
  id: number,
  lang: Language = 'de',
): Promise<{ data: Buffer; fileName: string } | undefined> {
  const [label] = await db.query<{
    id: number;
    trackingNumber: string;
    weightKg: number | null;
    orderNumber: string;
    address: AddressBlock;
    method: string | null;
  }>(
    `SELECT p.id, p.tracking_number AS "trackingNumber", p.weight_kg::float8 AS "weightKg",
            o.number AS "orderNumber", ${ADDRESS_SQL} AS address,
            (SELECT sh.name || ' ' || m.name FROM shipping_methods m JOIN shippers sh ON sh.id = m.shipper_id
              WHERE m.id = o.shipping_method_id) AS method
       FROM shipment_packages p JOIN shipments s ON s.id = p.shipment_id JOIN orders o ON o.id = s.order_id
      WHERE p.id = $1`,
    [id],
  );
  if (!label) return undefined;
  const t = TEXTS[lang];
  const f = formatter(lang);
  const margin = 8 * MM;
  const { doc, done } = await newPdf({
    size: 'A6',
    margin,
    info: { Title: `${t.label} ${label.orderNumber}`, Creator: 'Kontor' },
  });
  const width = doc.page.width - 2 * margin;
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(label.method ?? '', margin, margin);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(12).text(addressLines(label.address).join('\n'), margin);
  doc.moveDown(1);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(
      `${t.order} ${label.orderNumber}` +
        (label.weightKg !== null ? ` · ${f.number(label.weightKg)} kg` : ''),
      margin,
    );
  if (label.trackingNumber) {
    const modules = code128Modules(label.trackingNumber);
    const total = modules.reduce((sum, w) => sum + w, 0) + 20;
    const module = Math.min(width / total, 2);
    let x = margin + (width - (total - 20) * module) / 2;
    const top = doc.y + 6;
    const height = 22 * MM;
    modules.forEach((w, index) => {
      if (index % 2 === 0) doc.rect(x, top, w * module, height);
      x += w * module;
    });
    doc.fill('black');
    doc
      .font('Courier')
      .fontSize(10)
      .text(label.trackingNumber, margin, top + height + 3, { width, align: 'center' });
  } else {
    doc.moveDown(1).font('Helvetica').fontSize(9).text(t.noTracking, margin);
  }
  doc.end();
  return { data: await done, fileName: `Etikett-${label.orderNumber}-${label.id}.pdf` };
}
