import { expect, test } from '@playwright/test';
import { HarnessFault } from './harness-fault.ts';
import { ceilToWhole, formatUnits, readBalanceText, unitsToJsonNumber, wholeUnits } from './money.ts';

test('balances are read exactly, with their sign, up to 7 fraction digits', () => {
  expect(readBalanceText('1250.5000000')).toBe(12_505_000_000n);
  expect(readBalanceText('0.0000001')).toBe(1n);
  expect(readBalanceText('3')).toBe(30_000_000n);
  expect(readBalanceText('-0.5')).toBe(-5_000_000n);
  // 0.1 + 0.2 is exactly 0.3 here, never 0.30000000000000004.
  expect((readBalanceText('0.1') ?? 0n) + (readBalanceText('0.2') ?? 0n)).toBe(readBalanceText('0.3'));
  for (const text of ['', '1.00000001', '1e3', ' 1', '1.', '.5', '+1', 'NaN', '1,5']) expect(readBalanceText(text), text).toBeUndefined();
});

test('amounts render with exactly 7 fraction digits, negative ones too', () => {
  expect(formatUnits(12_505_000_000n)).toBe('1250.5000000');
  expect(formatUnits(0n)).toBe('0.0000000');
  expect(formatUnits(-1n)).toBe('-0.0000001');
  expect(formatUnits(-30_000_001n)).toBe('-3.0000001');
});

test('an amount travels as the JSON number of its exact decimal, or not at all', () => {
  expect(unitsToJsonNumber(1n)).toBe(0.0000001);
  expect(JSON.stringify(unitsToJsonNumber(123_456_789_012_345n))).toBe('12345678.9012345');
  expect(unitsToJsonNumber(wholeUnits(60))).toBe(60);
  expect(() => unitsToJsonNumber(10n ** 15n)).toThrow(HarnessFault);
  expect(() => unitsToJsonNumber(-1n)).toThrow(HarnessFault);
});

test('ceilings round a balance up to whole units', () => {
  expect(ceilToWhole(0n)).toBe(0);
  expect(ceilToWhole(1n)).toBe(1);
  expect(ceilToWhole(wholeUnits(12))).toBe(12);
  expect(ceilToWhole(wholeUnits(12) + 1n)).toBe(13);
  expect(ceilToWhole(-5_000_000n)).toBe(0);
});
