import { test, expect } from '@playwright/test';
import { greatCircleKm, parseGeoCoordinates } from './geo.ts';

const london = { latitude: 51.5074, longitude: -0.1278 };
const paris = { latitude: 48.8566, longitude: 2.3522 };
const newYork = { latitude: 40.7128, longitude: -74.006 };

test.describe('great-circle distance', () => {
  test('matches published city distances', () => {
    expect(greatCircleKm(london, paris)).toBeCloseTo(343.6, 0);
    expect(greatCircleKm(newYork, london)).toBeCloseTo(5570, -1);
    expect(greatCircleKm(paris, paris)).toBe(0);
    expect(greatCircleKm(london, paris)).toBeCloseTo(greatCircleKm(paris, london), 9);
  });

  test('crosses the antimeridian the short way and reaches antipodes', () => {
    const west = { latitude: 0, longitude: 179.5 };
    const east = { latitude: 0, longitude: -179.5 };
    expect(greatCircleKm(west, east)).toBeCloseTo(111.2, 0);
    expect(greatCircleKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * 6371.0088,
      3,
    );
  });
});

test.describe('geo_coordinates parsing', () => {
  test('reads "lat,lon" in decimal degrees, with optional signs and spaces', () => {
    expect(parseGeoCoordinates('52.52,13.405')).toEqual({ latitude: 52.52, longitude: 13.405 });
    expect(parseGeoCoordinates(' -1.2841 , +36.8155 ')).toEqual({ latitude: -1.2841, longitude: 36.8155 });
    expect(parseGeoCoordinates('-90,180')).toEqual({ latitude: -90, longitude: 180 });
    expect(parseGeoCoordinates('0,.5')).toEqual({ latitude: 0, longitude: 0.5 });
  });

  test('refuses anything else with PAYMENT-POINT-BAD-COORDINATES', () => {
    for (const text of [
      '52.52',
      '52.52,13.4,7',
      'abc,def',
      '52.52;13.405',
      ',',
      '1e1,2',
      'Infinity,0',
      '0x10,0',
      '90.0001,0',
      '0,-180.5',
      '-91,0',
      ' , 13',
    ]) {
      expect(() => parseGeoCoordinates(text), text).toThrow(/^PAYMENT-POINT-BAD-COORDINATES:/);
    }
  });
});
