import { test, expect } from '@playwright/test';
import { decodeAccountAddress } from '../../protocol/strkey.ts';
import { AccountKey, verifyWithAddress } from './keys.ts';

test.describe('account keys', () => {
  test('an account key has a StrKey address that decodes to its public key', () => {
    const key = AccountKey.derive('seed', 'member-a', 'main');
    expect(key.address).toMatch(/^G[A-Z2-7]{55}$/);
    expect(Buffer.from(decodeAccountAddress(key.address)!)).toEqual(key.publicKey);
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
