import { test, expect } from '@playwright/test';
import { normaliseIp } from './ip.ts';

test('normaliseIp gives one spelling per address and refuses what is not an address', () => {
  expect(normaliseIp('::ffff:10.1.2.3')).toBe('10.1.2.3');
  expect(normaliseIp('::FFFF:10.1.2.3')).toBe('10.1.2.3');
  expect(normaliseIp('10.1.2.3')).toBe('10.1.2.3');
  expect(normaliseIp('2001:DB8:0:0::1')).toBe('2001:db8::1');
  expect(normaliseIp('0:0:0:0:0:0:0:1')).toBe('::1');
  for (const bad of ['', 'localhost', '10.1.2.300', '::ffff:10.1.2', '2001:db8::g'])
    expect(normaliseIp(bad), bad).toBeUndefined();
});
