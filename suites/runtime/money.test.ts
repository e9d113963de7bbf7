import { expect, test } from '@playwright/test';
import { HarnessFault } from './harness-fault.ts';
import {
  atScale,
  ceilToWhole,
  formatUnits,
  fullScaleAmount,
  lastDigit,
  readBalanceText,
  unitsToJsonNumber,
  wholeUnits,
} from './money.ts';

const E5 = 100_000n; // units of 10^-12 per unit of 10^-7

test('balances are read exactly, with their sign, with any number of fraction digits', () => {
  expect(readBalanceText('1250.5000000')).toBe(12_505_000_000n * E5);
  expect(readBalanceText('0.0000001')).toBe(E5);
  expect(readBalanceText('3')).toBe(30_000_000n * E5);
  expect(readBalanceText('-0.5')).toBe(-5_000_000n * E5);
  expect(readBalanceText('1250.50')).toBe(readBalanceText('1250.5000000'));
  expect(readBalanceText('1.000000001')).toBe(wholeUnits(1) + 1_000n);
  expect(readBalanceText('1.00000001')).toBe(wholeUnits(1) + 10_000n);
  expect(readBalanceText('0.000000000001')).toBe(1n);
  expect(readBalanceText('2.50000000000000000000')).toBe(readBalanceText('2.5'));
  // 0.1 + 0.2 is exactly 0.3 here, never 0.30000000000000004.
  expect((readBalanceText('0.1') ?? 0n) + (readBalanceText('0.2') ?? 0n)).toBe(readBalanceText('0.3'));
  // A digit finer than any declarable scale cannot be held exactly.
  for (const text of ['', '0.0000000000001', '1e3', ' 1', '1.', '.5', '+1', 'NaN', '1,5'])
    expect(readBalanceText(text), text).toBeUndefined();
});

test('amounts render with the reference’s 7 fraction digits, more when they have them', () => {
  expect(formatUnits(12_505_000_000n * E5)).toBe('1250.5000000');
  expect(formatUnits(0n)).toBe('0.0000000');
  expect(formatUnits(-E5)).toBe('-0.0000001');
  expect(formatUnits(-30_000_001n * E5)).toBe('-3.0000001');
  expect(formatUnits(wholeUnits(1) + 1_000n)).toBe('1.000000001');
});

test('an amount travels as the JSON number of its exact decimal, or not at all', () => {
  expect(unitsToJsonNumber(E5)).toBe(0.0000001);
  expect(unitsToJsonNumber(1_000n)).toBe(1e-9);
  expect(JSON.stringify(unitsToJsonNumber(123_456_789_012_345n * E5))).toBe('12345678.9012345');
  expect(unitsToJsonNumber(wholeUnits(60))).toBe(60);
  expect(() => unitsToJsonNumber(10n ** 15n * E5 + E5)).toThrow(HarnessFault);
  expect(() => unitsToJsonNumber(-1n)).toThrow(HarnessFault);
});

test('ceilings round a balance up to whole units', () => {
  expect(ceilToWhole(0n)).toBe(0);
  expect(ceilToWhole(1n)).toBe(1);
  expect(ceilToWhole(wholeUnits(12))).toBe(12);
  expect(ceilToWhole(wholeUnits(12) + 1n)).toBe(13);
  expect(ceilToWhole(-5_000_000n * E5)).toBe(0);
});

test('amounts a check sends stay within the declared scale', () => {
  expect(formatUnits(lastDigit(7))).toBe('0.0000001');
  expect(formatUnits(lastDigit(2))).toBe('0.0100000');
  expect(formatUnits(lastDigit(9))).toBe('0.000000001');
  expect(() => lastDigit(13)).toThrow(HarnessFault);
  expect(atScale(E5, 7)).toBe(E5);
  expect(formatUnits(atScale(E5, 2))).toBe('0.0100000');
  expect(formatUnits(atScale(wholeUnits(2) + 5_000_000n * E5, 0))).toBe('3.0000000');
  expect(atScale(0n, 2)).toBe(0n);
  expect(formatUnits(fullScaleAmount(12, 7))).toBe('12.3456789');
  expect(formatUnits(fullScaleAmount(12, 2))).toBe('12.3400000');
  expect(formatUnits(fullScaleAmount(12, 9))).toBe('12.345678912');
  expect(formatUnits(fullScaleAmount(12, 0))).toBe('12.0000000');
});
