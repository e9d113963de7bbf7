import { randomBytes } from 'node:crypto';
import { test, expect } from '@playwright/test';
import { decodeAccountAddress, encodeAccountAddress } from './strkey.ts';

test.describe('StrKey account addresses', () => {
  test('encodes a known public key to its published address', () => {
    // Zero key: a value any StrKey implementation agrees on.
    expect(encodeAccountAddress(new Uint8Array(32))).toBe('GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF');
  });

  test('round-trips any key and refuses a corrupted checksum', () => {
    for (let i = 0; i < 50; i++) {
      const key = randomBytes(32);
      const address = encodeAccountAddress(key);
      expect(address).toMatch(/^G[A-Z2-7]{55}$/);
      expect(Buffer.from(decodeAccountAddress(address)!)).toEqual(key);
      const corrupted = address.slice(0, 55) + (address.endsWith('A') ? 'B' : 'A');
      expect(decodeAccountAddress(corrupted)).toBeUndefined();
    }
  });

  test('refuses what is not an account address', () => {
    const zero = 'GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF';
    for (const text of [
      '',
      zero.slice(1),
      `${zero}A`,
      zero.toLowerCase(),
      `S${zero.slice(1)}`,
      zero.replace('W', '1'),
    ]) {
      expect(decodeAccountAddress(text), text).toBeUndefined();
    }
  });
});
