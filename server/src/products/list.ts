import { columnsSql, sameNames, type Fields, type Readable } from '../lists/projection';
import type { ListDefinition } from '../lists/list';
import type { ProductSort } from './products';

/**
 * The products a list or a lookup reads: those not deleted, with their hazmat data (a
 * subquery PostgreSQL flattens, so the indexes on products serve searches and sorts).
 */
export const PRODUCT_FROM = `(SELECT * FROM products WHERE deleted_at IS NULL) p
  LEFT JOIN product_hazmat h ON h.product_id = p.id`;

/** The columns of a product, by the Product type's fields (hazmat as one JSON object or null). */
export const PRODUCT_FIELDS: Fields = {
  id: 'p.id',
  clientId: 'p.client_id',
  sku: 'p.sku',
  altSku: 'p.alt_sku',
  ean: 'p.ean',
  name: 'p.name',
  url: 'p.url',
  weightKg: 'p.weight_kg::float8',
  widthCm: 'p.width_cm::float8',
  heightCm: 'p.height_cm::float8',
  lengthCm: 'p.length_cm::float8',
  countryOfManufacture: 'p.country_of_manufacture',
  priceNetCents: 'p.price_net_cents::float8',
  priceGrossCents: 'p.price_gross_cents::float8',
  vatRate: 'p.vat_rate::int',
  lotTracked: 'p.lot_tracked',
  bestBefore: 'p.best_before',
  version: 'p.version',
  hazmat: `CASE WHEN h.product_id IS NULL THEN NULL ELSE json_build_object(
    'unNumber', h.un_number, 'casNumber', h.cas_number, 'shippingName', h.shipping_name,
    'description', h.description, 'hazmatClass', h.hazmat_class, 'riskClass', h.risk_class,
    'packingGroup', h.packing_group, 'hazardIdNumber', h.hazard_id_number,
    'classificationCode', h.classification_code, 'packingIdCode', h.packing_id_code,
    'tunnelRestrictionCode', h.tunnel_restriction_code,
    'netWeightKg', h.net_weight_kg::float8, 'grossWeightKg', h.gross_weight_kg::float8,
    'factor', h.factor::float8, 'additional', h.additional) END`,
};

/** The fields of Product a row that carries its product reads (ListDefinition.carries). */
export const PRODUCT_READABLE: Readable = {
  ...sameNames(
    'id',
    'sku',
    'altSku',
    'ean',
    'name',
    'url',
    'weightKg',
    'widthCm',
    'heightCm',
    'lengthCm',
    'countryOfManufacture',
    'vatRate',
    'lotTracked',
    'bestBefore',
    'hazmat',
    'version',
  ),
  priceNet: ['priceNetCents'],
  priceGross: ['priceGrossCents'],
  client: ['clientId'],
  // Loaded by the product's id.
  images: ['id'],
  stock: ['id'],
};

/** PRODUCT_FIELDS as a SELECT list (of `p` and its hazmat row `h`). */
export const PRODUCT_COLUMNS = columnsSql(PRODUCT_FIELDS);

/**
 * The product list: searched in sku, EAN and name (each with a trigram index), sorted by sku
 * or name (indexes on `(lower(…), id)`), filtered by client. The CSV export's headers are the
 * product import's column names (German and English), so an exported file imports again.
 */
/** The export's "Gefahrgut" column (ja/nein): whether the product has hazmat data; imports again. */
export const HAZMAT_FLAG_SQL = '(h.product_id IS NOT NULL)';

export const productList: ListDefinition<ProductSort, 'clientId'> = {
  select: PRODUCT_COLUMNS,
  from: PRODUCT_FROM,
  estimatedFrom: 'products',
  searchColumns: ['p.sku', 'p.ean', 'p.name'],
  sortColumns: { SKU: 'lower(p.sku)', NAME: 'lower(p.name)', ID: 'p.id' },
  idColumn: 'p.id',
  filters: {
    clientId: { names: 'client', where: (p) => `p.client_id = ${p}` },
  },
  csv: {
    name: 'products',
    permission: 'product:view',
    columns: [
      { de: 'ID', en: 'ID', sql: 'p.id' },
      {
        de: 'Mandant',
        en: 'Client',
        sql: '(SELECT c.name FROM clients c WHERE c.id = p.client_id)',
      },
      { de: 'SKU', en: 'SKU', sql: 'p.sku' },
      { de: 'Alternative SKU', en: 'Alt SKU', sql: 'p.alt_sku' },
      { de: 'EAN', en: 'EAN', sql: 'p.ean' },
      { de: 'Name', en: 'Name', sql: 'p.name' },
      { de: 'URL', en: 'URL', sql: 'p.url' },
      { de: 'Gewicht (kg)', en: 'Weight (kg)', sql: 'p.weight_kg::float8' },
      { de: 'Breite (cm)', en: 'Width (cm)', sql: 'p.width_cm::float8' },
      { de: 'Höhe (cm)', en: 'Height (cm)', sql: 'p.height_cm::float8' },
      { de: 'Länge (cm)', en: 'Length (cm)', sql: 'p.length_cm::float8' },
      { de: 'Herstellungsland', en: 'Country of manufacture', sql: 'p.country_of_manufacture' },
      {
        de: 'Preis netto',
        en: 'Net price',
        sql: '(p.price_net_cents / 100.0)::float8',
        kind: 'money',
      },
      {
        de: 'Preis brutto',
        en: 'Gross price',
        sql: '(p.price_gross_cents / 100.0)::float8',
        kind: 'money',
      },
      { de: 'MwSt.-Satz', en: 'VAT rate', sql: 'p.vat_rate::int' },
      { de: 'Chargenpflicht', en: 'Lot tracked', sql: 'p.lot_tracked' },
      { de: 'MHD-Pflicht', en: 'Best before', sql: 'p.best_before' },
      { de: 'Gefahrgut', en: 'Hazardous goods', sql: HAZMAT_FLAG_SQL },
      { de: 'UN-Nummer', en: 'UN number', sql: 'h.un_number' },
      { de: 'CAS-Nummer', en: 'CAS number', sql: 'h.cas_number' },
      { de: 'Versandbezeichnung', en: 'Shipping name', sql: 'h.shipping_name' },
      { de: 'Gefahrgutbeschreibung', en: 'Hazmat description', sql: 'h.description' },
      { de: 'Gefahrgutklasse', en: 'Hazmat class', sql: 'h.hazmat_class' },
      { de: 'Nebengefahr', en: 'Risk class', sql: 'h.risk_class' },
      { de: 'Verpackungsgruppe', en: 'Packing group', sql: 'h.packing_group' },
      {
        de: 'Nummer zur Kennzeichnung der Gefahr',
        en: 'Hazard id number',
        sql: 'h.hazard_id_number',
      },
      { de: 'Klassifizierungscode', en: 'Classification code', sql: 'h.classification_code' },
      { de: 'Verpackungscode', en: 'Packing id code', sql: 'h.packing_id_code' },
      {
        de: 'Tunnelbeschränkungscode',
        en: 'Tunnel restriction code',
        sql: 'h.tunnel_restriction_code',
      },
      {
        de: 'Nettogewicht Gefahrgut (kg)',
        en: 'Hazmat net weight (kg)',
        sql: 'h.net_weight_kg::float8',
      },
      {
        de: 'Bruttogewicht Gefahrgut (kg)',
        en: 'Hazmat gross weight (kg)',
        sql: 'h.gross_weight_kg::float8',
      },
      {
        de: 'Faktor (ADR-Punkte je Einheit)',
        en: 'Factor (ADR points per unit)',
        sql: 'h.factor::float8',
      },
      { de: 'Gefahrgut Zusatz', en: 'Hazmat additional', sql: 'h.additional' },
    ],
  },
};
