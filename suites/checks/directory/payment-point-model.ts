import { paymentPointFilterFields, type PaymentPointFilterName } from '../../../schemas/endpoints.ts';
import { fieldReader, type FieldReader } from '../../../schemas/field-path.ts';
import type { GeoCoordinates, PaymentPointInfo } from '../../../schemas/wire.ts';

/**
 * What `GET /payment-points` should answer, computed by the harness from the target's own unfiltered
 * list (spec: the endpoint's query filters; semantics §12). Which field each filter looks in is the
 * catalogue's statement of the spec (schemas/endpoints.ts); how a filter matches, how near a point is
 * and what order is right are written here apart from the simulator's directory on purpose: a check
 * must not share the code it judges.
 */

export type { GeoCoordinates, PaymentPointInfo };

type FilterName = PaymentPointFilterName;
export type Filters = Partial<Record<FilterName, string>>;

/** The filters that select points, in the catalogue's order. */
export const filterNames: readonly FilterName[] = paymentPointFilterFields.map(({ name }) => name);

/** Where each query filter looks in a point; a list field matches when any of its elements does. */
const filterFields = Object.fromEntries(
  paymentPointFilterFields.map(({ name, field }) => [name, fieldReader(field)]),
) as Record<FilterName, FieldReader>;

/** Case-insensitive exact match, composed and decomposed accents alike. */
export function sameText(a: string, b: string): boolean {
  return a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();
}

/**
 * Every filter holds. Two address filters are matched each against any address here, so checks never
 * combine two of them: whether both must hold on the same address is left open by the spec.
 */
export function matchesFilters(point: PaymentPointInfo, filters: Filters): boolean {
  return (Object.entries(filters) as [FilterName, string][]).every(([name, wanted]) =>
    filterFields[name](point).some((value) => sameText(value, wanted)),
  );
}

/**
 * A value of the field that selects some points but not all, so that a target ignoring the filter
 * cannot pass; the first value in list order when none does (a directory of one point), undefined
 * when no point has the field.
 */
export function discriminatingValue(points: readonly PaymentPointInfo[], filter: FilterName): string | undefined {
  const values = [...new Set(points.flatMap((point) => filterFields[filter](point)))];
  const selective = values.find((value) => {
    const count = points.filter((point) => matchesFilters(point, { [filter]: value })).length;
    return count > 0 && count < points.length;
  });
  return selective ?? values[0];
}

/** How a point is told apart in a list: its uuid, or its whole content when it has none. */
export function pointKey(point: PaymentPointInfo): string {
  return point.payment_point_uuid ?? JSON.stringify(point);
}

/** The keys of a list of points, sorted: two answers hold the same points when these are equal. */
export function pointSet(points: readonly PaymentPointInfo[]): string[] {
  return points.map(pointKey).sort();
}

const EARTH_MEAN_RADIUS_KM = 6371.0088;

/** Great-circle distance (haversine). */
function haversineKm(a: GeoCoordinates, b: GeoCoordinates): number {
  const radians = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * radians) / 2) ** 2 +
    Math.cos(a.latitude * radians) *
      Math.cos(b.latitude * radians) *
      Math.sin(((b.longitude - a.longitude) * radians) / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point is as near as its nearest coordinate (an area as its nearest corner); without any, infinitely far. */
export function distanceKm(origin: GeoCoordinates, point: PaymentPointInfo): number {
  const distances = point.payment_point_geo_coordinates.flatMap((entry) =>
    entry.geo_coordinates.map((place) => haversineKm(origin, place)),
  );
  return Math.min(Infinity, ...distances);
}

/** A point's own place: its first coordinate. */
export function placeOf(point: PaymentPointInfo): GeoCoordinates | undefined {
  return point.payment_point_geo_coordinates[0]?.geo_coordinates[0];
}

/**
 * The first position at which the points are not in non-decreasing distance from `origin`, or -1.
 * `slackKm` is added to the relative tolerance that lets a target use another Earth model (an
 * ellipsoid differs from the sphere by up to 0.5 %).
 */
export function firstOutOfOrder(origin: GeoCoordinates, points: readonly PaymentPointInfo[], slackKm = 0): number {
  const distances = points.map((point) => distanceKm(origin, point));
  return distances.findIndex((distance, index) => {
    const previous = distances[index - 1];
    if (previous === undefined) return false;
    // Points without coordinates may only come last.
    if (previous === Infinity) return distance !== Infinity;
    return distance < previous - (0.005 * previous + 0.001 + slackKm);
  });
}
