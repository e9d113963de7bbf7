import { test, expect } from '@playwright/test';
import { geoTypes, paymentMethods, paymentPointTypes } from '../../schemas/enumerations.ts';
import { isIso4217Code } from '../../schemas/iso4217.ts';
import { resourceSchemas } from '../../schemas/resources.ts';
import { patterns } from '../../schemas/spec-types.ts';
import { validate } from '../../schemas/validators.ts';
import { seedPaymentPoints } from './seed.ts';
import type { GeoCoordinates, PaymentPointInfo } from '../../schemas/wire.ts';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const uuidV4 = new RegExp(patterns.uuidV4);
const hourMinute = new RegExp(patterns.hourMinute);

const byUuid = new Map(seedPaymentPoints.map((point) => [point.payment_point_uuid, point]));
const isArea = (point: PaymentPointInfo): boolean =>
  point.payment_point_geo_coordinates.some((entry) => entry.geo_type === 'area');
const coordinatesOf = (point: PaymentPointInfo): GeoCoordinates[] =>
  point.payment_point_geo_coordinates.flatMap((entry) => entry.geo_coordinates);
const label = (point: PaymentPointInfo): string => point.payment_point_identification;

test.describe('seeded payment point directory', () => {
  test('is large and varied enough to exercise every filter', () => {
    const points = seedPaymentPoints.filter((point) => !isArea(point));
    expect(points.length).toBeGreaterThanOrEqual(30);
    const countries = new Set(
      points.flatMap((point) => point.payment_point_address ?? []).map((address) => address.country_code),
    );
    expect(countries.size).toBeGreaterThanOrEqual(5);
    expect(new Set(seedPaymentPoints.map((point) => point.payment_point_type))).toEqual(new Set(paymentPointTypes));
    expect(
      new Set(
        seedPaymentPoints.flatMap((point) => point.payment_point_methods.map((method) => method.method_identification)),
      ),
    ).toEqual(new Set(paymentMethods));
    expect(
      new Set(seedPaymentPoints.flatMap((point) => point.payment_point_geo_coordinates.map((entry) => entry.geo_type))),
    ).toEqual(new Set(geoTypes));
  });

  test('every entry is a valid paymentPointInfo of the spec', () => {
    for (const point of seedPaymentPoints) {
      expect(validate(resourceSchemas.paymentPointInfo, point), label(point)).toEqual({ valid: true });
    }
  });

  test('identifiers are stable, unique UUIDv4s', () => {
    const uuids = seedPaymentPoints.map((point) => point.payment_point_uuid ?? '');
    for (const uuid of uuids) expect(uuid).toMatch(uuidV4);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(new Set(seedPaymentPoints.map(label)).size).toBe(seedPaymentPoints.length);
  });

  test('fields have the shapes the spec describes', () => {
    for (const point of seedPaymentPoints) {
      const name = label(point);
      expect(point.institution_identifications.length, name).toBeGreaterThan(0);
      // "phone number without country code": national digits only, no +, no spaces.
      expect(point.institution_phone_number, name).toMatch(/^[0-9]{7,12}$/);
      for (const url of [point.institution_website_url, point.payment_point_logo_url])
        expect(new URL(url).protocol, name).toBe('https:');
      expect(point.payment_point_currency.length, name).toBeGreaterThan(0);
      for (const code of point.payment_point_currency) expect(isIso4217Code(code), `${name}: ${code}`).toBe(true);
      expect(point.payment_point_business_hours.length, name).toBeGreaterThan(0);
      for (const hours of point.payment_point_business_hours) {
        expect(hours.open_time, name).toMatch(hourMinute);
        expect(hours.close_time, name).toMatch(hourMinute);
        expect(hours.open_time < hours.close_time, name).toBe(true);
        expect(hours.work_days.length, name).toBeGreaterThan(0);
        for (const day of hours.work_days) expect(weekdays, name).toContain(day);
      }
      for (const method of point.payment_point_methods)
        expect(method.payment_point_terms.length, name).toBeGreaterThan(0);
      for (const { latitude, longitude } of coordinatesOf(point)) {
        expect(Math.abs(latitude), name).toBeLessThanOrEqual(90);
        expect(Math.abs(longitude), name).toBeLessThanOrEqual(180);
      }
    }
  });

  test('a point has one position and one street address; an area has a polygon', () => {
    for (const point of seedPaymentPoints) {
      const [geo, ...more] = point.payment_point_geo_coordinates;
      expect(more, label(point)).toEqual([]);
      if (geo?.geo_type === 'point') {
        expect(geo.geo_coordinates, label(point)).toHaveLength(1);
        expect(point.payment_point_address, label(point)).toHaveLength(1);
        expect(point.payment_point_child_uuids, label(point)).toEqual([]);
      } else {
        expect(geo?.geo_coordinates.length ?? 0, label(point)).toBeGreaterThanOrEqual(3);
      }
      for (const address of point.payment_point_address ?? [])
        expect(address.country_code, label(point)).toMatch(/^[A-Z]{2}$/);
    }
  });

  test('parent and child links point at existing entries, both ways, and parents are areas', () => {
    let links = 0;
    for (const point of seedPaymentPoints) {
      for (const childUuid of point.payment_point_child_uuids) {
        const child = byUuid.get(childUuid);
        expect(child, `${label(point)} -> ${childUuid}`).toBeDefined();
        expect(child?.payment_point_parent_uuids, `${label(point)} -> ${childUuid}`).toContain(
          point.payment_point_uuid,
        );
        links++;
      }
      for (const parentUuid of point.payment_point_parent_uuids) {
        const parent = byUuid.get(parentUuid);
        expect(parent && isArea(parent), `${label(point)} <- ${parentUuid}`).toBe(true);
        expect(parent?.payment_point_child_uuids, `${label(point)} <- ${parentUuid}`).toContain(
          point.payment_point_uuid,
        );
      }
    }
    expect(links).toBeGreaterThanOrEqual(20);
    // One area inside another, so that the nesting the spec allows ("points or areas") is covered.
    expect(seedPaymentPoints.some((point) => isArea(point) && point.payment_point_parent_uuids.length > 0)).toBe(true);
  });

  test('an area encloses its children and names their institutions, currencies and methods', () => {
    for (const area of seedPaymentPoints.filter(isArea)) {
      const corners = coordinatesOf(area);
      const latitudes = corners.map((corner) => corner.latitude);
      const longitudes = corners.map((corner) => corner.longitude);
      for (const childUuid of area.payment_point_child_uuids) {
        const child = byUuid.get(childUuid);
        if (!child) throw new Error(`${label(area)} lists unknown child ${childUuid}`);
        const name = `${label(area)} > ${label(child)}`;
        for (const { latitude, longitude } of coordinatesOf(child)) {
          expect(latitude, name).toBeGreaterThanOrEqual(Math.min(...latitudes));
          expect(latitude, name).toBeLessThanOrEqual(Math.max(...latitudes));
          expect(longitude, name).toBeGreaterThanOrEqual(Math.min(...longitudes));
          expect(longitude, name).toBeLessThanOrEqual(Math.max(...longitudes));
        }
        for (const institution of child.institution_identifications)
          expect(area.institution_identifications, name).toContain(institution);
        for (const currency of child.payment_point_currency)
          expect(area.payment_point_currency, name).toContain(currency);
        const areaMethods = area.payment_point_methods.map((method) => method.method_identification);
        for (const method of child.payment_point_methods)
          expect(areaMethods, name).toContain(method.method_identification);
      }
    }
  });
});
