import { test, expect } from '@playwright/test';
import { LATEST_INSTANT, SimClock } from './clock.ts';

test.describe('SimClock', () => {
  test('follows its source from the given start and moves forward on demand', () => {
    let real = 1_000;
    const clock = new SimClock(5_000_000, () => real);
    expect(clock.now()).toBe(5_000_000);
    real += 250;
    expect(clock.now()).toBe(5_000_250);
    expect(clock.advance(1_000)).toBe(5_001_250);
    expect(clock.set(6_000_000)).toBe(6_000_000);
  });

  test('never goes backwards', () => {
    const clock = new SimClock(10_000, () => 0);
    expect(() => clock.set(9_999)).toThrow(/never goes backwards/);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(clock.now()).toBe(10_000);
  });

  test('stays within four-digit years, where every date the service writes still works', () => {
    const clock = new SimClock(LATEST_INSTANT - 10, () => 0);
    expect(() => clock.advance(11)).toThrow(/latest instant/);
    expect(() => clock.set(LATEST_INSTANT + 1)).toThrow(/latest instant/);
    expect(clock.advance(10)).toBe(LATEST_INSTANT);
    expect(() => new SimClock(LATEST_INSTANT + 1)).toThrow(RangeError);
  });
});
