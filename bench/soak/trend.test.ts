import { expect, test } from '@playwright/test';
import { linearTrend, studentT975 } from './trend.ts';

test('the t quantile matches published values (scipy.stats.t.ppf(0.975, df))', () => {
  const published: Array<[number, number]> = [
    [1, 12.7062047],
    [2, 4.3026527],
    [3, 3.1824463],
    [5, 2.5705818],
    [10, 2.2281389],
    [24, 2.0638986],
    [100, 1.9839715],
  ];
  for (const [df, t] of published) expect(Math.abs(studentT975(df) / t - 1), `df ${df}`).toBeLessThan(0.002);
  expect(() => studentT975(0)).toThrow(/positive integer/);
});

test('points on a line give its slope with no uncertainty; noise widens the interval around it', () => {
  const line = linearTrend([
    [5, 3],
    [6, 3.5],
    [7, 4],
    [8, 4.5],
  ]);
  expect(line.slope).toBeCloseTo(0.5, 12);
  expect(line.slope95[0]).toBeCloseTo(0.5, 12);
  expect(line.slope95[1]).toBeCloseTo(0.5, 12);
  expect(line.at(10)).toBeCloseTo(5.5, 12);

  // Published figures for these points: scipy.stats.linregress gives slope 0.02 and stderr 0.0653197,
  // and stderr * t(3) = 0.2078765 is the half-width of the 95 % interval.
  const noisy = linearTrend([
    [1, 2.3],
    [2, 2.0],
    [3, 2.5],
    [4, 2.2],
    [5, 2.3],
  ]);
  expect(noisy.slope).toBeCloseTo(0.02, 12);
  expect(noisy.slope95[0]).toBeCloseTo(0.02 - 0.2078765, 3);
  expect(noisy.slope95[1]).toBeCloseTo(0.02 + 0.2078765, 3);
  expect(() =>
    linearTrend([
      [1, 1],
      [2, 2],
    ]),
  ).toThrow(/at least 3/);
  expect(() =>
    linearTrend([
      [1, 1],
      [1, 2],
      [1, 3],
    ]),
  ).toThrow(/more than one x/);
});
