import { test, expect } from '@playwright/test';
import {
  addAmounts,
  amountFromWholeUnits,
  amountToNumber,
  compareAmounts,
  formatAmount,
  HELD_DIGITS,
  multiplyRoundDown,
  parseAmount,
  subtractAmounts,
} from './amount.ts';

test.describe('parseAmount', () => {
  test('holds units of 10^-9, whatever scale the amount was read at', () => {
    expect(HELD_DIGITS).toBe(9);
    expect(parseAmount('1.25', 'amount', 2)).toBe(parseAmount('1.25'));
    expect(parseAmount('0.000000001', 'amount', 9)).toBe(1n);
    expect(amountFromWholeUnits(1)).toBe(10n ** 9n);
  });

  test('refuses more fraction digits than the scale it reads at', () => {
    expect(() => parseAmount('1.005', 'funding_amount', 2)).toThrow(
      /^AMOUNT-INVALID: funding_amount: 1.005 has more than 2 fraction digits$/,
    );
    expect(() => parseAmount('0.0000000001', 'amount', 9)).toThrow(/has more than 9 fraction digits$/);
    expect(() => parseAmount('1', 'amount', 10)).toThrow(RangeError);
  });

  test('reads decimals exactly, where binary floats would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatAmount(addAmounts(parseAmount(0.1), parseAmount(0.2)))).toBe('0.3000000');
    expect(formatAmount(addAmounts(parseAmount('0.1'), parseAmount('0.2')))).toBe('0.3000000');
    expect(parseAmount(0.1)).toBe(100_000_000n);
    expect(parseAmount('1250.5')).toBe(1_250_500_000_000n);
    // The float sum itself has 17 fraction digits: it is refused, never rounded.
    expect(() => parseAmount(0.1 + 0.2)).toThrow(
      /^AMOUNT-INVALID: amount: 0.30000000000000004 has more than 7 fraction digits$/,
    );
  });

  test('accepts exactly 7 fraction digits and refuses 8', () => {
    expect(parseAmount('0.0000001')).toBe(100n);
    expect(parseAmount(1e-7)).toBe(100n);
    expect(parseAmount('123.4567891')).toBe(123_456_789_100n);
    for (const value of ['0.00000001', '1.12345678', 1e-8, 1.5e-7, 123.45678912]) {
      expect(() => parseAmount(value)).toThrow(/^AMOUNT-INVALID: amount: .* has more than 7 fraction digits$/);
    }
  });

  test('trailing zeros do not count as fraction digits', () => {
    expect(parseAmount('1.50000000000')).toBe(1_500_000_000n);
  });

  test('reads exponent forms exactly', () => {
    expect(parseAmount(1e21)).toBe(10n ** 30n);
    expect(parseAmount('1.5e3')).toBe(1_500_000_000_000n);
    expect(parseAmount('25E-7')).toBe(2_500n);
    expect(parseAmount(1.5e-6)).toBe(1_500n);
  });

  test('keeps big values exact beyond the float range of integers', () => {
    expect(formatAmount(parseAmount('9007199254740993.1234567'))).toBe('9007199254740993.1234567');
    expect(formatAmount(parseAmount('922337203685.4775807'))).toBe('922337203685.4775807');
  });

  test('refuses what is not a non-negative decimal', () => {
    const inputs: (string | number)[] = [
      NaN,
      Infinity,
      -Infinity,
      -1,
      '-1',
      '',
      ' 1',
      '1 ',
      '+1',
      '.5',
      '5.',
      '1e',
      '0x10',
      '1,5',
      '1e1234',
      'x'.repeat(100),
      '1'.repeat(65),
    ];
    for (const value of inputs)
      expect(() => parseAmount(value, 'funding_amount')).toThrow(/^AMOUNT-INVALID: funding_amount: /);
  });
});

test.describe('formatting and arithmetic', () => {
  test('formatAmount always writes 7 fraction digits', () => {
    expect(formatAmount(parseAmount(1250.5))).toBe('1250.5000000');
    expect(formatAmount(parseAmount('0'))).toBe('0.0000000');
    expect(formatAmount(parseAmount('0.0000042'))).toBe('0.0000042');
    expect(formatAmount(amountFromWholeUnits(5))).toBe('5.0000000');
  });

  test("formatAmount writes the scale's digits, and more only when the amount has them", () => {
    expect(formatAmount(parseAmount('1250.5'), 2)).toBe('1250.50');
    expect(formatAmount(parseAmount('3'), 0)).toBe('3');
    expect(formatAmount(parseAmount('0.000000001', 'amount', 9), 9)).toBe('0.000000001');
    // Held at 7 digits before the scale became 2: written with the digits it has, never cut.
    expect(formatAmount(parseAmount('1.0000001'), 2)).toBe('1.0000001');
    expect(amountToNumber(parseAmount('0.000000001', 'amount', 9), 9)).toBe(1e-9);
  });

  test('amountToNumber gives the nearest double of the exact decimal', () => {
    expect(amountToNumber(parseAmount('1250.5'))).toBe(1250.5);
    expect(amountToNumber(addAmounts(parseAmount('0.1'), parseAmount('0.2')))).toBe(0.3);
  });

  test('subtraction never goes below zero; comparison orders amounts', () => {
    expect(formatAmount(subtractAmounts(parseAmount('1'), parseAmount('0.0000001')))).toBe('0.9999999');
    expect(() => subtractAmounts(parseAmount('1'), parseAmount('1.0000001'))).toThrow(RangeError);
    expect(compareAmounts(parseAmount('2'), parseAmount('10'))).toBe(-1);
    expect(compareAmounts(parseAmount('10'), parseAmount('2'))).toBe(1);
    expect(compareAmounts(parseAmount('1.5'), parseAmount(1.5))).toBe(0);
    expect(() => amountFromWholeUnits(1.5)).toThrow(RangeError);
  });
});

test.describe('multiplyRoundDown', () => {
  test('multiplies exactly and rounds down to 7 fraction digits', () => {
    expect(formatAmount(multiplyRoundDown(parseAmount('0.1'), 3))).toBe('0.3000000');
    expect(formatAmount(multiplyRoundDown(parseAmount('10'), '0.3333333333'))).toBe('3.3333333');
    // 0.99999999 x 1 would round up to 1.0000000 under half-up; down keeps 0.9999999.
    expect(formatAmount(multiplyRoundDown(parseAmount('1'), '0.99999999'))).toBe('0.9999999');
    expect(formatAmount(multiplyRoundDown(parseAmount('2'), '0.66666666'))).toBe('1.3333333');
    expect(formatAmount(multiplyRoundDown(parseAmount('123456789.1234567'), 1.1))).toBe('135802468.0358023');
    expect(formatAmount(multiplyRoundDown(parseAmount('100'), 1e-8))).toBe('0.0000010');
  });

  test('rounds down to the scale it is given', () => {
    // 10.0000001 x 0.9 = 9.00000009
    expect(formatAmount(multiplyRoundDown(parseAmount('10.0000001'), 0.9))).toBe('9.0000000');
    expect(formatAmount(multiplyRoundDown(parseAmount('10.01', 'amount', 2), 0.9, 2), 2)).toBe('9.00');
    expect(formatAmount(multiplyRoundDown(parseAmount('10.000000001', 'amount', 9), 0.9, 9), 9)).toBe('9.000000000');
    expect(formatAmount(multiplyRoundDown(parseAmount('1', 'amount', 9), '0.1234567891', 9), 9)).toBe('0.123456789');
  });

  test('refuses rates that are not non-negative decimals', () => {
    for (const rate of [NaN, -1.2, '1,2', 'abc']) {
      expect(() => multiplyRoundDown(parseAmount('1'), rate)).toThrow(/^AMOUNT-INVALID: foreign_exchange_rate: /);
    }
  });
});
