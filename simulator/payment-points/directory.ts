/**
 * The payment point directory behind `GET /payment-points`: where beneficiaries can be paid out
 * (bank branches, agents, mobile operators, delivery) and which methods and currencies each serves.
 * This folder holds the spec's objects (types.ts), the seeded data (seed.ts), the query filters
 * (query.ts) and the distance sorting (geo.ts, address-search.ts, text.ts). Read-only plain
 * TypeScript: no HTTP here, no data generated at run time, and callers only ever get copies.
 */
import { resolveAddress } from './address-search.ts';
import { distanceToPointKm, parseGeoCoordinates } from './geo.ts';
import { checkClosedValues, givenFilters, queryMatcher, type PaymentPointQuery } from './query.ts';
import { seedPaymentPoints } from './seed.ts';
import type { GeoCoordinates, PaymentPointInfo } from './types.ts';

export type { PaymentPointQuery } from './query.ts';
export type { PaymentPointInfo } from './types.ts';

export class PaymentPointDirectory {
  /** @param points the directory's content; the seed unless a test needs other data */
  constructor(private readonly points: readonly PaymentPointInfo[] = seedPaymentPoints) {}

  /**
   * The points that pass every filter, in directory order, or nearest first when `geo_coordinates`
   * or `address_filter` names a place (`geo_coordinates` wins when both do, being exact). Every
   * input is checked before anything is filtered, so a bad value is a 400 even when nothing matches.
   * Returns copies: a caller cannot change the directory.
   */
  list(filters: PaymentPointQuery): PaymentPointInfo[] {
    const query = givenFilters(filters);
    checkClosedValues(query);
    const coordinates = query.geo_coordinates === undefined ? undefined : parseGeoCoordinates(query.geo_coordinates);
    const address = query.address_filter === undefined ? undefined : resolveAddress(query.address_filter, this.points);
    const selected = this.points.filter(queryMatcher(query));
    const origin = coordinates ?? address;
    return (origin === undefined ? selected : nearestFirst(selected, origin)).map((point) => structuredClone(point));
  }
}

/**
 * Array.prototype.sort is stable, so equally distant points keep directory order. A point without
 * coordinates is infinitely far: last (the explicit equality keeps Infinity - Infinity out).
 */
function nearestFirst(points: PaymentPointInfo[], origin: GeoCoordinates): PaymentPointInfo[] {
  return points
    .map((point) => ({ point, distance: distanceToPointKm(origin, point) }))
    .sort((a, b) => (a.distance === b.distance ? 0 : a.distance - b.distance))
    .map(({ point }) => point);
}
