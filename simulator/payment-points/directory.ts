/**
 * The payment point directory behind `GET /payment-points`: where beneficiaries can be paid out
 * (bank branches, agents, mobile operators, delivery) and which methods and currencies each serves.
 * This folder holds the spec's objects (types.ts), the seeded data (seed.ts), the query filters
 * (query.ts) and the distance sorting (geo.ts, address-search.ts, text.ts). Read-only plain
 * TypeScript: no HTTP here, no data generated at run time, and the points are deeply frozen, so that
 * no caller can change the directory.
 */
import { resolveAddress } from './address-search.ts';
import { distanceToPointKm, parseGeoCoordinates } from './geo.ts';
import {
  checkClosedValues,
  foldPoint,
  givenFilters,
  queryMatcher,
  type FoldedPoint,
  type PaymentPointQuery,
} from './query.ts';
import { seedPaymentPoints } from './seed.ts';
import type { GeoCoordinates, PaymentPointInfo } from '../../schemas/wire.ts';

export type { PaymentPointQuery } from './query.ts';
export type { PaymentPointInfo } from '../../schemas/wire.ts';

export class PaymentPointDirectory {
  private readonly points: readonly PaymentPointInfo[];
  /** The points' filterable values, case-folded, in directory order. */
  private readonly folded: readonly FoldedPoint[];
  /** Each point's JSON text, written once: a point never changes (see jsonOf). */
  private readonly texts: ReadonlyMap<PaymentPointInfo, string>;

  /**
   * @param points the directory's content; the seed unless a test needs other data. Each point is
   * frozen here, deeply and in place; the directory keeps its own list of them.
   */
  constructor(points: readonly PaymentPointInfo[] = seedPaymentPoints) {
    this.points = points.map(deepFreeze);
    this.folded = points.map(foldPoint);
    this.texts = new Map(this.points.map((point) => [point, JSON.stringify(point)]));
  }

  /**
   * The points that pass every filter, in directory order, or nearest first when `geo_coordinates`
   * or `address_filter` names a place (`geo_coordinates` wins when both do, being exact). Every
   * input is checked before anything is filtered, so a bad value is a 400 even when nothing matches.
   * Returns the directory's own points, frozen: a caller that writes to one gets a TypeError. They
   * are not copied, because copying the points a search answers cost more than the rest of the call.
   */
  list(filters: PaymentPointQuery): readonly PaymentPointInfo[] {
    const query = givenFilters(filters);
    checkClosedValues(query);
    const coordinates = query.geo_coordinates === undefined ? undefined : parseGeoCoordinates(query.geo_coordinates);
    const address = query.address_filter === undefined ? undefined : resolveAddress(query.address_filter, this.points);
    const matches = queryMatcher(query);
    const selected: PaymentPointInfo[] = [];
    for (let i = 0; i < this.points.length; i++) if (matches(this.folded[i]!)) selected.push(this.points[i]!);
    const origin = coordinates ?? address;
    return origin === undefined ? selected : nearestFirst(selected, origin);
  }

  /**
   * The JSON text of points that list() answered, exactly JSON.stringify's, joined from each point's
   * own text written when the directory was built: V8's JSON.stringify has no fast path for frozen
   * arrays, and serialising a search's points on every call was about a third of the call's cost.
   */
  jsonOf(points: readonly PaymentPointInfo[]): string {
    const texts: string[] = [];
    for (const point of points) {
      const text = this.texts.get(point);
      if (text === undefined) throw new Error('jsonOf takes the directory’s own points, as list() answers them');
      texts.push(text);
    }
    return `[${texts.join(',')}]`;
  }
}

/** Freezes a value and everything it holds (the points are plain JSON data: objects, arrays, scalars). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
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
