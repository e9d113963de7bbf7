import { test, expect } from '@playwright/test';
import { currencyMinorUnits, isIso4217Code } from './iso4217.ts';

test.describe('ISO 4217 list one', () => {
  test('minor units of currencies with 0, 2, 3 and 4 decimals', () => {
    expect(currencyMinorUnits('USD')).toBe(2);
    expect(currencyMinorUnits('EUR')).toBe(2);
    expect(currencyMinorUnits('JPY')).toBe(0);
    expect(currencyMinorUnits('KRW')).toBe(0);
    expect(currencyMinorUnits('KWD')).toBe(3);
    expect(currencyMinorUnits('BHD')).toBe(3);
    expect(currencyMinorUnits('CLF')).toBe(4);
    expect(currencyMinorUnits('UYW')).toBe(4);
  });

  test('funds and special codes are codes; "N.A." minor units are null', () => {
    expect(currencyMinorUnits('USN')).toBe(2);
    expect(currencyMinorUnits('UYI')).toBe(0);
    for (const code of ['XAU', 'XAG', 'XDR', 'XTS', 'XXX']) {
      expect(isIso4217Code(code)).toBe(true);
      expect(currencyMinorUnits(code)).toBeNull();
    }
  });

  test('recent additions are present and withdrawn codes are not', () => {
    for (const code of ['XCG', 'ZWG', 'SLE', 'VED', 'XAD']) expect(isIso4217Code(code)).toBe(true);
    for (const code of ['ANG', 'BGN', 'CUC', 'HRK', 'SLL', 'ZWL', 'VEF', 'MRO']) {
      expect(isIso4217Code(code)).toBe(false);
      expect(currencyMinorUnits(code)).toBeUndefined();
    }
  });

  test('anything but an upper-case listed code is not a code', () => {
    for (const text of ['usd', 'US', 'USDD', 'USDDSO', 'ABC', '', 'constructor', '__proto__', 'toString']) {
      expect(isIso4217Code(text)).toBe(false);
      expect(currencyMinorUnits(text)).toBeUndefined();
    }
  });
});
