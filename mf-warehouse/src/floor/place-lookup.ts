import type { ApolloClient } from '@apollo/client';
import {
  PlaceByBarcodeDocument,
  PlacesMatchingDocument,
  type LookedUpPlaceFragment,
} from '../graphql/generated';

// The place a scanner screen was given (stock change, avis booking): a scanned barcode names
// it in any warehouse; what is not a barcode is read as a part of a path typed by hand and
// looked for in the warehouse worked in (the one of the avis, the last one used for a stock
// change).

export type LookedUpPlace = LookedUpPlaceFragment;

export type PlaceLookup =
  | { kind: 'found'; place: LookedUpPlace }
  | { kind: 'candidates'; places: LookedUpPlace[] }
  | { kind: 'unknown' };

/** At most this many places are offered to choose from. */
export const MAX_CANDIDATES = 8;

/**
 * The places a typed `code` matched, read: the only one, else the one whose path is the code
 * itself (case aside), else a choice among the first few; none is `unknown`.
 */
export function placeOfMatches(code: string, matches: LookedUpPlace[]): PlaceLookup {
  if (matches.length === 0) return { kind: 'unknown' };
  if (matches.length === 1) return { kind: 'found', place: matches[0]! };
  const wanted = code.trim().toLowerCase();
  const exact = matches.filter((place) => place.path.toLowerCase() === wanted);
  if (exact.length === 1) return { kind: 'found', place: exact[0]! };
  return { kind: 'candidates', places: matches.slice(0, MAX_CANDIDATES) };
}

/** Looks up a scanned or typed place: by barcode, else by path in `warehouseId` (when known). */
export async function findPlace(
  client: ApolloClient,
  code: string,
  warehouseId: string | null,
): Promise<PlaceLookup> {
  const byBarcode = await client.query({
    query: PlaceByBarcodeDocument,
    variables: { barcode: code },
    fetchPolicy: 'network-only',
  });
  const found = byBarcode.data?.placeByBarcode;
  if (found) return { kind: 'found', place: found };
  if (!warehouseId) return { kind: 'unknown' };
  const searched = await client.query({
    query: PlacesMatchingDocument,
    variables: { search: code, warehouseId },
    fetchPolicy: 'network-only',
  });
  return placeOfMatches(code, searched.data?.places.items ?? []);
}
