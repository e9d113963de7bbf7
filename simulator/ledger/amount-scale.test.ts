import { test, expect } from '@playwright/test';
import { createState } from '../state.ts';
import { readingsScale } from './amount-scale.ts';
import { ReadingSwitch } from '../readings/catalogue.ts';

test('the reference keeps 7 fraction digits: reads at most 7, writes exactly 7', () => {
  const amounts = readingsScale(new ReadingSwitch());
  expect(amounts.digits).toBe(7);
  expect(amounts.format(amounts.parse('12.3456789'))).toBe('12.3456789');
  expect(amounts.format(amounts.parse(2))).toBe('2.0000000');
  expect(() => amounts.parse('1.00000001', 'funding_amount')).toThrow(
    /^AMOUNT-INVALID: funding_amount: 1.00000001 has more than 7 fraction digits$/,
  );
  expect(amounts.format(amounts.multiplyRoundDown(amounts.parse('10.0000001'), 0.9))).toBe('9.0000000');
  expect(amounts.toNumber(amounts.parse('0.0000001'))).toBe(1e-7);
});

test('two-decimal-amounts: reads at most 2 digits, writes exactly 2, rounds the quoted leg down to 2', () => {
  const amounts = readingsScale(new ReadingSwitch(['two-decimal-amounts']));
  expect(amounts.digits).toBe(2);
  expect(amounts.format(amounts.parse('12.34'))).toBe('12.34');
  expect(amounts.format(amounts.parse(2.5))).toBe('2.50');
  expect(() => amounts.parse('12.345', 'consolidated_amount')).toThrow(
    /^AMOUNT-INVALID: consolidated_amount: 12.345 has more than 2 fraction digits$/,
  );
  // 10.01 x 0.9 = 9.009
  expect(amounts.format(amounts.multiplyRoundDown(amounts.parse('10.01'), 0.9))).toBe('9.00');
  expect(amounts.toNumber(amounts.parse('0.01'))).toBe(0.01);
});

test('nine-decimal-amounts: holds and writes 9 digits', () => {
  const amounts = readingsScale(new ReadingSwitch(['nine-decimal-amounts']));
  expect(amounts.digits).toBe(9);
  expect(amounts.format(amounts.parse('1.000000001'))).toBe('1.000000001');
  expect(amounts.format(amounts.parse(3))).toBe('3.000000000');
  expect(() => amounts.parse('1.0000000001')).toThrow(/has more than 9 fraction digits$/);
  // 10.000000001 x 0.9 = 9.0000000009
  expect(amounts.format(amounts.multiplyRoundDown(amounts.parse('10.000000001'), 0.9))).toBe('9.000000000');
});

test('the scale follows the readings of a running simulator; both at once play two-decimal-amounts', async () => {
  const state = await createState({ clock: 1_700_000_000_000 });
  expect(state.amounts.digits).toBe(7);
  expect(state.ledger.amounts).toBe(state.amounts);
  state.readings.enable('nine-decimal-amounts');
  expect(state.amounts.digits).toBe(9);
  state.readings.enable('two-decimal-amounts');
  expect(state.amounts.digits).toBe(2);
});
