import { DssError } from '../errors.ts';
import type { GeoCoordinates, PaymentPointInfo } from '../../schemas/wire.ts';

/** IUGG mean Earth radius; the sphere is accurate to ~0.5 %, plenty for "nearest first". */
const EARTH_MEAN_RADIUS_KM = 6371.0088;

/** Plain decimal degrees: no exponents, no hex, no "Infinity", which Number() would accept. */
const decimalDegrees = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Parses the `geo_coordinates` query value, "lat,lon" in decimal degrees. */
export function parseGeoCoordinates(text: string): GeoCoordinates {
  const parts = text.split(',').map((part) => part.trim());
  const [latitude, longitude] = parts.map(Number);
  const wellFormed = parts.length === 2 && parts.every((part) => decimalDegrees.test(part));
  if (
    !wellFormed ||
    latitude === undefined ||
    longitude === undefined ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    throw new DssError(
      'PAYMENT-POINT-BAD-COORDINATES',
      'geo_coordinates must be "latitude,longitude" in decimal degrees, latitude within [-90, 90] and longitude within [-180, 180]',
    );
  }
  return { latitude, longitude };
}

/** Great-circle distance by the haversine formula, which stays accurate for short distances. */
export function greatCircleKm(a: GeoCoordinates, b: GeoCoordinates): number {
  const radians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * radians;
  const dLon = (b.longitude - a.longitude) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point's distance is that of its nearest coordinate (an area is as near as its nearest corner). */
export function distanceToPointKm(origin: GeoCoordinates, point: PaymentPointInfo): number {
  const distances = point.payment_point_geo_coordinates.flatMap((entry) =>
    entry.geo_coordinates.map((coordinates) => greatCircleKm(origin, coordinates)),
  );
  return Math.min(Infinity, ...distances);
}
