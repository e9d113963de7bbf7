import { test, expect } from '@playwright/test';
import { decodeAccountAddress, encodeAccountAddress } from './strkey.ts';
import { AccountKey, verifyWithAddress } from './keys.ts';

test.describe('StrKey account addresses', () => {
  test('encodes a known public key to its published address', () => {
    // Zero key: a value any StrKey implementation agrees on.
    expect(encodeAccountAddress(new Uint8Array(32))).toBe('GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF');
  });

  test('round-trips and rejects a corrupted checksum', () => {
    const key = AccountKey.derive('seed', 'member-a', 'main');
    expect(key.address).toMatch(/^G[A-Z2-7]{55}$/);
    expect(Buffer.from(decodeAccountAddress(key.address)!)).toEqual(key.publicKey);
    const corrupted = key.address.slice(0, 55) + (key.address.endsWith('A') ? 'B' : 'A');
    expect(decodeAccountAddress(corrupted)).toBeUndefined();
  });

  test('signatures verify with the address and with nothing else', () => {
    const a = AccountKey.derive('seed', 'member-a', 'main');
    const b = AccountKey.derive('seed', 'member-b', 'main');
    const bytes = Buffer.from('payload');
    const signature = a.sign(bytes);
    expect(verifyWithAddress(a.address, bytes, signature)).toBe(true);
    expect(verifyWithAddress(b.address, bytes, signature)).toBe(false);
    expect(verifyWithAddress(a.address, Buffer.from('payloaD'), signature)).toBe(false);
  });

  test('keys are derived deterministically from the network seed', () => {
    expect(AccountKey.derive('s', 'm1234', 'main').address).toBe(AccountKey.derive('s', 'm1234', 'main').address);
    expect(AccountKey.derive('s', 'm1234', 'main').address).not.toBe(AccountKey.derive('t', 'm1234', 'main').address);
  });
});
