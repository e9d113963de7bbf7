import { DssError } from '../errors.ts';
import { containsPhrase, words } from './text.ts';
import type { GeoCoordinates, PaymentPointAddress, PaymentPointInfo } from '../../schemas/wire.ts';

/**
 * Resolves the free text of `address_filter` to a place, using only the directory's own addresses
 * (the simulator has no geocoder, and must not call one). An address field counts when its words
 * occur in the text as whole consecutive words, so "10117" never matches inside "101170". Street and
 * postal code locate a place most precisely, so they weigh most; the building number only counts
 * next to its street, because a bare number matches too much.
 */
const fieldWeights: ReadonlyArray<readonly [keyof PaymentPointAddress, number]> = [
  ['street_name', 4],
  ['postal_code', 4],
  ['city_name', 2],
  ['region_name', 1],
];
const BUILDING_NUMBER_WEIGHT = 1;

/** The coordinates of the best-matching address; ties go to the first in directory order. */
export function resolveAddress(text: string, points: readonly PaymentPointInfo[]): GeoCoordinates {
  const query = words(text);
  let best: { score: number; place: GeoCoordinates } | undefined;
  for (const point of points) {
    const place = point.payment_point_geo_coordinates[0]?.geo_coordinates[0];
    if (!place) continue;
    for (const address of point.payment_point_address ?? []) {
      const score = addressScore(query, address);
      if (score > (best?.score ?? 0)) best = { score, place };
    }
  }
  if (!best) {
    throw new DssError(
      'PAYMENT-POINT-ADDRESS-UNKNOWN',
      'address_filter matches no address of the payment point directory',
    );
  }
  return best.place;
}

function addressScore(query: readonly string[], address: PaymentPointAddress): number {
  let score = 0;
  for (const [field, weight] of fieldWeights) {
    if (containsPhrase(query, words(address[field]))) score += weight;
  }
  const street = words(address.street_name);
  const building = words(address.bin_or_building_number);
  // "Friedrichstraße 76" or "76 Broadway": the number right after or right before the street.
  if (containsPhrase(query, [...street, ...building]) || containsPhrase(query, [...building, ...street])) {
    score += BUILDING_NUMBER_WEIGHT;
  }
  return score;
}
