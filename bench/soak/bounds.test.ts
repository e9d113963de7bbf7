import { expect, test } from '@playwright/test';
import { droppedByStore, plateauOf, SOAK_STORES, type PlateauMinute, type SoakStore } from './bounds.ts';

const none = Object.fromEntries(SOAK_STORES.map((store) => [store, 0])) as Record<SoakStore, number>;
const all = Object.fromEntries(SOAK_STORES.map((store) => [store, 1])) as Record<SoakStore, number>;

/** `count` minutes whose bounds are all reached from `reachedAt` on, with RSS from `rss(minute)`. */
function minutes(count: number, reachedAt: number, rss: (minute: number) => number): PlateauMinute[] {
  return Array.from({ length: count }, (_, index) => ({
    minute: index + 1,
    rss_mb: rss(index + 1),
    dropped: index + 1 >= reachedAt ? all : none,
  }));
}

test('the gateway queues count as one store; stores the soak does not grow are left out', () => {
  expect(droppedByStore({ 'gateway:A|payment': 3, 'gateway:B|transactions': 4, payments: 2, charges: 9 })).toEqual({
    ...none,
    gatewayMessages: 7,
    payments: 2,
  });
});

test('each bound is reached at the first minute its store dropped something, all of them at the latest', () => {
  const run = minutes(3, 99, () => 200);
  run[1]!.dropped = { ...none, payments: 5 };
  run[2]!.dropped = { ...all };
  const plateau = plateauOf(run);
  expect(plateau.reached_at_minute.payments).toBe(2);
  expect(plateau.reached_at_minute.quotations).toBe(3);
  expect(plateau.all_reached_at_minute).toBe(3);
  expect(plateau.met).toBe(false); // shorter than the band's 20 minutes
});

test('a flat plateau under 300 MB over the last 20 minutes meets the targets', () => {
  const plateau = plateauOf(minutes(30, 6, (minute) => 250 + (minute % 2 === 0 ? 20 : -20)));
  expect(plateau.rss_mb_after_reached).toEqual([230, 270]);
  expect(plateau.last_minutes).toEqual({ from: 11, to: 30, median_mb: 250, deviation_mb: [-20, 20] });
  expect(plateau.met).toBe(true);
});

test('RSS above 300 MB after the bounds, a swing past 50 MB, or a bound reached late each miss the targets', () => {
  expect(plateauOf(minutes(30, 6, (minute) => (minute === 20 ? 301 : 280))).met).toBe(false);
  expect(plateauOf(minutes(30, 6, (minute) => (minute === 20 ? 149 : 200))).met).toBe(false);
  expect(plateauOf(minutes(30, 11, () => 200)).met).toBe(false);
  expect(plateauOf(minutes(30, 10, () => 200)).met).toBe(true);
  const never = minutes(30, 1, () => 200).map((entry) => ({ ...entry, dropped: { ...all, payments: 0 } }));
  expect(plateauOf(never)).toMatchObject({ all_reached_at_minute: null, rss_mb_after_reached: null, met: false });
});
