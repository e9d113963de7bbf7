import { listOfRef } from '../../../schemas/resources.ts';
import { okBody } from '../../flows/answers.ts';
import { check, inAttempt, warnShould } from '../../runtime/check.ts';
import { CheckFailure } from '../../runtime/check-failure.ts';
import { expectFor } from '../../runtime/expect-for.ts';
import type { DssClient } from '../../runtime/client.ts';
import { test } from '../../runtime/fixtures.ts';
import { skipFor } from '../../runtime/credentials.ts';
import { expectRefusal } from '../../runtime/refusal.ts';
import { expectInvalidInputRefused } from '../input-refusal.ts';
import {
  discriminatingValue,
  distanceKm,
  filterNames,
  firstOutOfOrder,
  matchesFilters,
  placeOf,
  pointKey,
  pointSet,
  sameText,
  type Filters,
  type GeoCoordinates,
  type PaymentPointInfo,
} from './payment-point-model.ts';

/**
 * The payment point directory (spec: GET /payment-points and its query filters; semantics §12). The
 * checks take their filter values and places from the target's own unfiltered list and compare each
 * answer with what the harness computes from that list: the exact subset for filters, the order of
 * great-circle distances for geo_coordinates and address_filter.
 */

const pointList = listOfRef('paymentPointInfo');

/**
 * How far a target's geocoder may place an address from the point it belongs to: a street without
 * its number is a line, not a place, and the simulator resolves it to the point itself.
 */
const ADDRESS_TOLERANCE_KM = 2;

async function listPoints(
  client: DssClient,
  query: Filters & { geo_coordinates?: string; address_filter?: string },
  requirement: string,
): Promise<PaymentPointInfo[]> {
  // A body off the schema fails RES-PAYMENT-POINT-SCHEMAS whichever check reads it; payment-points.list names it.
  return okBody(
    await client.call('member.listPaymentPoints', { query }),
    pointList,
    requirement,
    'RES-PAYMENT-POINT-SCHEMAS',
  );
}

/** The whole directory; the checks here need something in it to filter and sort. */
async function allPoints(client: DssClient, requirement: string): Promise<PaymentPointInfo[]> {
  const points = await listPoints(client, {}, requirement);
  if (points.length === 0)
    throw CheckFailure.expected(
      requirement,
      'payment points to filter and sort',
      'an empty directory from GET /payment-points',
    );
  return points;
}

function asUrl(query: Record<string, string | undefined>): string {
  return `GET /payment-points?${Object.entries(query)
    .map(([name, value]) => `${name}=${value ?? ''}`)
    .join('&')}`;
}

function geoText(place: GeoCoordinates): string {
  return `${place.latitude.toFixed(6)},${place.longitude.toFixed(6)}`;
}

/** The order failure in words: the two neighbours that break it, with their distances. */
function orderProblem(origin: GeoCoordinates, points: readonly PaymentPointInfo[], slackKm = 0): string | null {
  const index = firstOutOfOrder(origin, points, slackKm);
  if (index < 0) return null;
  const show = (point: PaymentPointInfo | undefined) =>
    point ? `${point.payment_point_identification} (${distanceKm(origin, point).toFixed(3)} km)` : 'none';
  return `position ${index}: ${show(points[index])} comes after ${show(points[index - 1])}`;
}

test(
  ...check(
    'payment-points.list',
    'lists its payment points as paymentPointInfo, whole and filtered by a point type and a country one of them has',
    { verifies: ['RES-PAYMENT-POINT-SCHEMAS'], endpoint: 'member.listPaymentPoints' },
  ),
  async ({ actors }) => {
    const client = actors.mmA.client;
    const [some] = await listPoints(client, {}, 'RES-PAYMENT-POINT-SCHEMAS');
    // The spec does not say a directory holds points: an empty one answers the schema, and leaves the filters untried.
    if (some === undefined) skipFor('needs a payment point in the directory to filter by');
    const country = some.payment_point_address?.[0]?.country_code;
    await listPoints(
      client,
      { point_type: some.payment_point_type, ...(country === undefined ? {} : { country_code: country }) },
      'RES-PAYMENT-POINT-SCHEMAS',
    );
  },
);

/** Values outside the sets the table lists for point_type, and not ISO 3166-1 alpha-2 codes, in any case. */
const invalidFilters: ReadonlyArray<Record<string, string>> = [
  { point_type: 'Shop' },
  { point_type: 'Bank branch' },
  { country_code: 'DEU' },
  { country_code: 'Germany' },
  { country_code: 'D1' },
];

test(
  ...check(
    'payment-points.invalid-filters',
    'refuses a point_type outside the listed types, and a country_code that is no ISO 3166-1 alpha-2 code, with 400',
    {
      verifies: ['ERR-INVALID-INPUT', 'ERR-LISTED-STATUS', 'ERR-NO-5XX', 'ERR-BODY-SHAPE'],
      endpoint: 'member.listPaymentPoints',
    },
  ),
  async ({ actors }) => {
    for (const query of invalidFilters) {
      const response = await actors.mmA.client.call('member.listPaymentPoints', { query });
      // The table lists this 400 with no body: an error body is optional, but checked when there is one.
      inAttempt(asUrl(query), () => expectInvalidInputRefused(response, { bodyOptional: true }));
    }
  },
);

test(
  ...check(
    'payment-points.filters',
    'returns exactly the points matching each filter, in any letter case, and the intersection of two filters',
    { verifies: ['PP-FILTERS'], endpoint: 'member.listPaymentPoints' },
  ),
  async ({ actors }) => {
    const client = actors.mmA.client;
    const all = await allPoints(client, 'PP-FILTERS');
    const filtersToTry: Filters[] = [];
    for (const name of filterNames) {
      const value = discriminatingValue(all, name);
      // Optional fields: a directory where no point has one offers nothing to filter by.
      if (value === undefined) continue;
      filtersToTry.push({ [name]: value });
      if (value !== value.toLowerCase()) filtersToTry.push({ [name]: value.toLowerCase() });
    }

    // One address filter at most per pair: see matchesFilters.
    for (const [outer, inner] of [
      ['country_code', 'currency_code'],
      ['point_type', 'method_identification'],
    ] as const) {
      const outerValue = discriminatingValue(all, outer);
      if (outerValue === undefined) continue;
      const innerValue = discriminatingValue(
        all.filter((point) => matchesFilters(point, { [outer]: outerValue })),
        inner,
      );
      if (innerValue !== undefined) filtersToTry.push({ [outer]: outerValue, [inner]: innerValue });
    }

    // Reads: all at once, judged in order.
    const found = await Promise.all(filtersToTry.map((filters) => listPoints(client, filters, 'PP-FILTERS')));
    filtersToTry.forEach((filters, index) => {
      expectFor(
        'PP-FILTERS',
        pointSet(found[index]!),
        `${asUrl(filters)} returns exactly the points that match`,
      ).toEqual(pointSet(all.filter((point) => matchesFilters(point, filters))));
    });
  },
);

test(
  ...check(
    'payment-points.geo-sort',
    'orders the points by great-circle distance from geo_coordinates, with the filters still applying',
    { verifies: ['PP-SORT', 'PP-FILTERS'], endpoint: 'member.listPaymentPoints' },
  ),
  async ({ actors }) => {
    const client = actors.mmA.client;
    const all = await allPoints(client, 'PP-SORT');
    const places = all.flatMap((point) => placeOf(point) ?? []);
    const firstPlace = places[0];
    const lastPlace = places[places.length - 1];
    if (!firstPlace || !lastPlace)
      throw CheckFailure.expected('PP-SORT', 'payment points with coordinates', 'none in GET /payment-points');
    // Two ends of the list, so that the answer's order differs from the list's.
    const origins = [lastPlace, firstPlace];

    for (const origin of origins) {
      const query = { geo_coordinates: geoText(origin) };
      const sorted = await listPoints(client, query, 'PP-SORT');
      expectFor('PP-SORT', orderProblem(origin, sorted), `${asUrl(query)} is ordered by distance`).toBeNull();
      const first = sorted[0];
      expectFor(
        'PP-SORT',
        first === undefined ? Infinity : distanceKm(origin, first),
        `${asUrl(query)} puts first a point at that very place (km away)`,
      ).toBeLessThan(0.01);
      warnShould(
        pointSet(sorted).join() === pointSet(all).join(),
        `${asUrl(query)} returned other points than the unfiltered list; geo_coordinates sorts, it does not filter`,
        'PP-SORT',
      );
    }

    const origin = lastPlace;
    const country = discriminatingValue(all, 'country_code');
    if (country === undefined) return;
    const query = { country_code: country, geo_coordinates: geoText(origin) };
    const found = await listPoints(client, query, 'PP-SORT');
    expectFor('PP-FILTERS', pointSet(found), `${asUrl(query)} returns exactly the points of ${country}`).toEqual(
      pointSet(all.filter((point) => matchesFilters(point, { country_code: country }))),
    );
    expectFor('PP-SORT', orderProblem(origin, found), `${asUrl(query)} is ordered by distance`).toBeNull();
  },
);

test(
  ...check(
    'payment-points.address-sort',
    'orders the points by distance from the place address_filter names, that place first',
    { verifies: ['PP-SORT'], endpoint: 'member.listPaymentPoints' },
  ),
  async ({ actors }) => {
    const client = actors.mmA.client;
    const all = await allPoints(client, 'PP-SORT');
    const addresses = all.flatMap((point) =>
      (point.payment_point_address ?? []).map((address) => ({ point, address })),
    );
    const sameStreet = (a: (typeof addresses)[number], b: (typeof addresses)[number]) =>
      sameText(a.address.street_name, b.address.street_name) && sameText(a.address.city_name, b.address.city_name);
    // An address no other point shares names one place only.
    const target = addresses
      .filter((candidate) => addresses.filter((other) => sameStreet(candidate, other)).length === 1)
      .flatMap(({ point, address }) => {
        const place = placeOf(point);
        return place ? [{ point, address, place }] : [];
      })[0];
    if (!target)
      throw CheckFailure.expected(
        'PP-SORT',
        'a payment point with coordinates and a street of its own to look up',
        'none in GET /payment-points',
      );

    const { address, place } = target;
    const query = { address_filter: `${address.street_name} ${address.bin_or_building_number}, ${address.city_name}` };
    const sorted = await listPoints(client, query, 'PP-SORT');
    const first = sorted[0];
    const nearFirst =
      first !== undefined &&
      (pointKey(first) === pointKey(target.point) || distanceKm(place, first) <= ADDRESS_TOLERANCE_KM);
    expectFor(
      'PP-SORT',
      nearFirst,
      `${asUrl(query)} puts first ${target.point.payment_point_identification} or a point within ${ADDRESS_TOLERANCE_KM} km of it; got ${first?.payment_point_identification ?? 'no point'}`,
    ).toBe(true);
    // Measured from the point's own place, the order may be off by twice the geocoder's error at most.
    expectFor(
      'PP-SORT',
      orderProblem(place, sorted, 2 * ADDRESS_TOLERANCE_KM),
      `${asUrl(query)} is ordered by distance from ${target.point.payment_point_identification}`,
    ).toBeNull();
  },
);

test(
  ...check(
    'payment-points.malformed-coordinates',
    'refuses geo_coordinates that are not "latitude,longitude" in range with 400',
    { verifies: ['PP-GEO-MALFORMED', 'ERR-BODY-SHAPE'], endpoint: 'member.listPaymentPoints' },
  ),
  async ({ actors }) => {
    for (const value of ['north', '52.52', '52.52;13.40', '52.52,13.40,7', '52.52,east', '95,13.40', '52.52,181']) {
      const response = await actors.mmA.client.call('member.listPaymentPoints', { query: { geo_coordinates: value } });
      // The table lists this 400 with no body: an error body is optional, but checked when there is one.
      expectRefusal(response, { status: 400, requirement: 'PP-GEO-MALFORMED', level: 'SHOULD', bodyOptional: true });
    }
  },
);
