import { paymentPointFilterFields, type QueryOf } from '../../schemas/endpoints.ts';
import { paymentMethods, paymentPointTypes } from '../../schemas/enumerations.ts';
import { fieldReader } from '../../schemas/field-path.ts';
import { DssError } from '../errors.ts';
import { foldCase } from './text.ts';
import type { PaymentPointInfo } from '../../schemas/wire.ts';

/**
 * The query of `GET /payment-points`, all optional, as the catalogue names it: the filters that select
 * points, and address_filter and geo_coordinates, which sort, never filter (nearest to the address, or to
 * "lat,lon", first).
 */
export type PaymentPointQuery = QueryOf<'member.listPaymentPoints'>;

/** Where the address filters look: they must hold on one and the same address of a point (semantics §12). */
const addressPath = 'payment_point_address[].';
const isAddressFilter = ({ field }: { field: string }): boolean => field.startsWith(addressPath);

/**
 * The other filters, each with the reader of the catalogue's field it looks in; a list field matches
 * when any of its elements does.
 */
const pointFilters = paymentPointFilterFields
  .filter((filter) => !isAddressFilter(filter))
  .map(({ name, field }) => ({ name, read: fieldReader(field) }));

/** The address filters, each with the reader of its field within one address. */
const addressFilters = paymentPointFilterFields
  .filter(isAddressFilter)
  .map(({ name, field }) => ({ name, read: fieldReader(field.slice(addressPath.length)) }));

/** Each filter's position in FoldedPoint, by the filter's name. */
const pointFilterPositions = new Map<string, number>(pointFilters.map(({ name }, position) => [name, position]));
const addressFilterPositions = new Map<string, number>(addressFilters.map(({ name }, position) => [name, position]));

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
  /** Per address, the values each address filter looks at. */
  addresses: ReadonlyArray<ReadonlyArray<readonly string[]>>;
}

export function foldPoint(point: PaymentPointInfo): FoldedPoint {
  return {
    fields: pointFilters.map(({ read }) => read(point).map(foldCase)),
    addresses: (point.payment_point_address ?? []).map((address) =>
      addressFilters.map(({ read }) => read(address).map(foldCase)),
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

function holdsAll(values: ReadonlyArray<readonly string[]>, wanted: ReadonlyArray<readonly [number, string]>): boolean {
  for (let i = 0; i < wanted.length; i++) {
    const [position, value] = wanted[i]!;
    if (!values[position]!.includes(value)) return false;
  }
  return true;
}

function sameText(a: string, b: string): boolean {
  return foldCase(a) === foldCase(b);
}
