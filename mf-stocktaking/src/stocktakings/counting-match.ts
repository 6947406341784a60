// What a scanned code means on the place being counted (pure, for counting-state.ts): one of
// the place's lines (its lot offered), or a product found there anew.

/** A product as the counting screen needs it. */
export interface CountProduct {
  id: string | number;
  sku: string;
  name: string;
  ean?: string | null;
  lotTracked: boolean;
  bestBefore: boolean;
  client?: { id: string | number } | null;
}

/** A line of a place in the stocktaking: expected there (or found there by an earlier count). */
export interface CountLine {
  id: string | number;
  lot: string;
  bestBefore?: string | null;
  expectedQuantity?: number | null;
  found: boolean;
  product: CountProduct;
}

/** A place of the stocktaking with its lines. */
export interface CountPlace {
  place: { id: string | number; path: string; barcode?: string | null };
  lines: readonly CountLine[];
}

/** What a scanned code can mean on a place: one of its lines, or a product found there anew. */
export interface Candidate {
  key: string;
  product: CountProduct;
  lot: string;
  bestBefore: string | null;
  /** The line counted (an expected or an earlier found one); null for stock found anew. */
  line: CountLine | null;
}

/** A candidate for a line of the place: its product with the line's lot and best-before. */
export const lineCandidate = (line: CountLine): Candidate => ({
  key: `line-${line.id}`,
  product: line.product,
  lot: line.lot,
  bestBefore: line.bestBefore ?? null,
  line,
});

/** A product found where the stocktaking expected none of it (or not in this lot). */
export const foundCandidate = (product: CountProduct): Candidate => ({
  key: `product-${product.id}`,
  product,
  lot: '',
  bestBefore: null,
  line: null,
});

/**
 * The place's lines a scanned EAN or a typed SKU (any case) names: the lot the place holds is
 * offered. Several lots of a lot-tracked product come with "another lot" beside them (a lot
 * the place does not hold may be found there); a single one is taken, its lot field editable.
 */
export function linesMatching(place: CountPlace, code: string): Candidate[] {
  const lower = code.toLowerCase();
  const lines = place.lines.filter(
    (line) => line.product.ean === code || line.product.sku.toLowerCase() === lower,
  );
  const candidates = lines.map(lineCandidate);
  const lotTracked = lines.find((line) => line.product.lotTracked);
  if (lotTracked && lines.length > 1) candidates.push(foundCandidate(lotTracked.product));
  return candidates;
}

/** Products of a code from the server, the stocktaking's client's only (when it has one). */
export function foundProducts(
  products: readonly CountProduct[],
  clientId: string | number | null | undefined,
): Candidate[] {
  return products
    .filter((product) => clientId == null || String(product.client?.id) === String(clientId))
    .map(foundCandidate);
}
