import type { QueryOf } from '../../schemas/endpoints.ts';
import { paymentMethods, paymentPointTypes } from '../../schemas/enumerations.ts';
import { DssError } from '../errors.ts';
import { foldCase } from './text.ts';
import type { PaymentPointInfo } from '../../schemas/wire.ts';

/**
 * The query filters of `GET /payment-points`, all optional, as the catalogue names them; address_filter
 * and geo_coordinates sort, never filter (nearest to the address, or to "lat,lon", first).
 */
export type PaymentPointQuery = QueryOf<'member.listPaymentPoints'>;

type AddressFilter = 'city_name' | 'region_name' | 'street_name' | 'country_code' | 'postal_code';
type PointFilter = Exclude<keyof PaymentPointQuery, AddressFilter | 'address_filter' | 'geo_coordinates'>;

/** Where each point filter looks; a list field matches when any of its elements does. */
const pointFields: Readonly<Record<PointFilter, (point: PaymentPointInfo) => readonly string[]>> = {
  uuid: (point) => (point.payment_point_uuid === undefined ? [] : [point.payment_point_uuid]),
  identification: (point) => [point.payment_point_identification],
  point_type: (point) => [point.payment_point_type],
  logo_url: (point) => [point.payment_point_logo_url],
  website_url: (point) => [point.institution_website_url],
  phone_number: (point) => [point.institution_phone_number],
  currency_code: (point) => point.payment_point_currency,
  point_child_uuid: (point) => point.payment_point_child_uuids,
  point_parent_uuid: (point) => point.payment_point_parent_uuids,
  institution_identifications: (point) => point.institution_identifications,
  method_identification: (point) => point.payment_point_methods.map((method) => method.method_identification),
};

const pointFilters = Object.entries(pointFields) as [PointFilter, (point: PaymentPointInfo) => readonly string[]][];

/** Query names equal the address field names. */
const addressFilters: readonly AddressFilter[] = [
  'city_name',
  'region_name',
  'street_name',
  'country_code',
  'postal_code',
];

/** Each filter's position in FoldedPoint, by the filter's name. */
const pointFilterPositions = new Map<string, number>(pointFilters.map(([name], position) => [name, position]));
const addressFilterPositions = new Map<string, number>(addressFilters.map((name, position) => [name, position]));

/** An empty value (`?city_name=`) is no filter: forms send every field, filled in or not. */
export function givenFilters(query: PaymentPointQuery): PaymentPointQuery {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as PaymentPointQuery;
}

/**
 * Refuses values outside the closed sets the spec lists, so that a typo is a 400 rather than an empty
 * list that looks like "no such points".
 */
export function checkClosedValues(query: PaymentPointQuery): void {
  checkOneOf('point_type', query.point_type, paymentPointTypes);
  checkOneOf('method_identification', query.method_identification, paymentMethods);
}

function checkOneOf(name: string, value: string | undefined, allowed: readonly string[]): void {
  if (value === undefined || allowed.some((candidate) => sameText(candidate, value))) return;
  throw new DssError('PAYMENT-POINT-BAD-FILTER', `${name} must be one of: ${allowed.join(', ')}`);
}

/**
 * A point's filterable values, case-folded once when the directory is built: folding (NFC, upper,
 * lower) is the costly part of a comparison, and a point's values never change. They are held by
 * position (that of each filter in pointFilters and addressFilters), not by name: reading a property
 * whose name varies from one read to the next is a slow lookup, and a query makes hundreds.
 */
export interface FoldedPoint {
  /** Per point filter, the values it looks at. */
  fields: ReadonlyArray<readonly string[]>;
  /** Per address, its value for each address filter. */
  addresses: ReadonlyArray<readonly string[]>;
}

export function foldPoint(point: PaymentPointInfo): FoldedPoint {
  return {
    fields: pointFilters.map(([, fieldsOf]) => fieldsOf(point).map(foldCase)),
    addresses: (point.payment_point_address ?? []).map((address) =>
      addressFilters.map((name) => foldCase(address[name])),
    ),
  };
}

/**
 * The test a point must pass: every given filter holds; each is a case-insensitive exact match. The
 * address filters must all hold on one and the same address of the point (a city and a postal code
 * of two different addresses do not describe a place). The query's values are case-folded once
 * here, the points' values once per directory (foldPoint).
 */
export function queryMatcher(query: PaymentPointQuery): (point: FoldedPoint) => boolean {
  const wantedFields: Array<readonly [number, string]> = [];
  const wantedAddress: Array<readonly [number, string]> = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const field = pointFilterPositions.get(name);
    if (field !== undefined) wantedFields.push([field, foldCase(value)]);
    const address = addressFilterPositions.get(name);
    if (address !== undefined) wantedAddress.push([address, foldCase(value)]);
  }
  // Index loops: this runs for every point of the directory on every query.
  return (point) => {
    for (let i = 0; i < wantedFields.length; i++) {
      const [position, wanted] = wantedFields[i]!;
      if (!point.fields[position]!.includes(wanted)) return false;
    }
    if (wantedAddress.length === 0) return true;
    for (let i = 0; i < point.addresses.length; i++) if (holdsAll(point.addresses[i]!, wantedAddress)) return true;
    return false;
  };
}

function holdsAll(values: readonly string[], wanted: ReadonlyArray<readonly [number, string]>): boolean {
  for (let i = 0; i < wanted.length; i++) {
    const [position, value] = wanted[i]!;
    if (values[position] !== value) return false;
  }
  return true;
}

function sameText(a: string, b: string): boolean {
  return foldCase(a) === foldCase(b);
}
