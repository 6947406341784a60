import { inflateSync } from 'node:zlib';
import { baseUrl, startTestApp, type Browser, type TestApp } from './helpers';
import { admin, graphql } from './graphql-support';
import { createPicklist, order, product, stockRow, world } from './picklists-support';

// PDFs and CSVs in the language asked for, every value through the one formatter
// (docs/design.md "Words, numbers and dates"): a German CSV is `;`-separated with decimal
// commas and days as 30.06.2028, an English one `,`-separated with decimal points and
// 30/06/2028; a PDF is in German unless `lang=en`, with the language's numbers and days.

let t: TestApp;
let boss: Browser;
beforeAll(async () => {
  t = await startTestApp();
  boss = await admin(t.app);
});
afterAll(() => t.close());

const SHIP = `mutation($o: ID!, $v: Int!, $p: [ShipmentPackageInput!]!) {
  createShipment(orderId: $o, version: $v, packages: $p) { id packages { id } } }`;
const PACKING = `query($n: String!) { orderForPacking(number: $n) { version } }`;

/** The words of a PDF: its deflated content streams' strings (pdfkit writes them as <hex>). */
function pdfWords(body: string): string {
  let text = '';
  for (const match of body.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    // One text run per TJ array (kerning splits it into several <hex> strings).
    for (const run of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      text +=
        [...run[1]!.matchAll(/<([0-9a-f]*)>/g)]
          .map((part) => Buffer.from(part[1]!, 'hex').toString('latin1'))
          .join('') + '\n';
  }
  // WinAnsi's en dash (0x96) is the PDFs' minus.
  return text.replaceAll('\x96', '–').replaceAll('\xa0', ' ');
}

const pdf = async (url: string) => {
  const cookie = [...boss.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(baseUrl(t.app) + url, { headers: { cookie } });
  expect(response.status).toBe(200);
  return pdfWords(Buffer.from(await response.arrayBuffer()).toString('latin1'));
};

test('the picklist and the delivery note in German by default and in English when asked, with the language’s days and numbers', async () => {
  const w = await world(t.db);
  const milk = await product(t.db, w, { sku: 'MILK-31', bestBefore: true });
  await stockRow(t.db, w, milk, w.placeIds[0]!, 1500, { bestBefore: '2028-06-30' });
  const o = await order(boss, w, [[milk, 1200]]);
  const { picklist } = (await createPicklist(boss, { clientId: String(w.clientId) })).data!
    .createPicklist;
  const version = (await graphql(boss, PACKING, { n: o.number })).data!.orderForPacking.version;
  const shipped = await graphql(boss, SHIP, {
    o: o.id,
    v: version,
    p: [
      {
        weightKg: 3.8,
        trackingNumber: 'T-31',
        items: [{ orderItemId: o.items[0]!.id, quantity: 1200 }],
      },
    ],
  });
  const shipment = shipped.data!.createShipment;

  const german = await pdf(`/spa/picklists/${picklist.id}.pdf`);
  expect(german).toContain('Pickliste');
  expect(german).toContain('1.200 × MILK-31');
  expect(german).toContain('MHD 30.06.2028');
  expect(german).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  const english = await pdf(`/spa/picklists/${picklist.id}.pdf?lang=en`);
  expect(english).toContain('Picklist');
  expect(english).toContain('1,200 × MILK-31');
  expect(english).toContain('Best before 30/06/2028');

  const note = await pdf(`/spa/shipments/${shipment.id}/delivery-note.pdf`);
  expect(note).toContain('Lieferschein');
  expect(note).toContain('3,8 kg');
  expect(note).not.toContain('3.8');
  expect(note).not.toContain('Delivery note');
  const noteEn = await pdf(`/spa/shipments/${shipment.id}/delivery-note.pdf?lang=en`);
  expect(noteEn).toContain('Delivery note');
  expect(noteEn).toContain('3.8 kg');
  expect(noteEn).not.toContain('Lieferschein');
  const label = await pdf(`/spa/shipments/packages/${shipment.packages[0].id}/label.pdf`);
  expect(label).toContain('3,8 kg');
});

test('a list export follows the language asked for: German ; and decimal comma, English , and point', async () => {
  const w = await world(t.db);
  const created = await graphql(
    boss,
    `
      mutation ($i: ProductInput!) {
        createProduct(input: $i) {
          id
        }
      }
    `,
    {
      i: {
        clientId: String(w.clientId),
        sku: 'CSV-31',
        name: 'Kerze',
        weightKg: 3.8,
        priceNet: 1234.5,
        vatRate: 19,
      },
    },
  );
  expect(created.errors).toBeUndefined();
  const rowOf = async (lang: string) => {
    const response = await boss.request({ url: `/export/products.csv?search=CSV-31&lang=${lang}` });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    return { header: lines[0]!, row: lines[1]! };
  };
  const de = await rowOf('de');
  expect(de.header).toContain(';Gewicht (kg);');
  expect(de.row.split(';')).toEqual(expect.arrayContaining(['CSV-31', '3,8', '1234,50']));
  expect(de.row.split(';').filter((cell) => /^\d+\.\d+$/.test(cell))).toEqual([]);
  const en = await rowOf('en');
  expect(en.header).toContain(',Weight (kg),');
  expect(en.row.split(',')).toEqual(expect.arrayContaining(['CSV-31', '3.8', '1234.50']));
  expect(en.row).not.toContain('"');
});
