import { test, expect } from '@playwright/test';
import { BoundedMap } from './bounded-map.ts';

test('keeps at most its capacity, dropping the oldest entry first', () => {
  const map = new BoundedMap<string, number>(2);
  map.set('a', 1);
  map.set('b', 2);
  map.set('c', 3);
  expect(map.size).toBe(2);
  expect(map.get('a')).toBeUndefined();
  expect([map.get('b'), map.get('c')]).toEqual([2, 3]);
});

test('replacing a kept key drops nothing', () => {
  const map = new BoundedMap<string, number>(2);
  map.set('a', 1);
  map.set('b', 2);
  expect(map.set('a', 10)).toBe(10);
  expect([map.get('a'), map.get('b'), map.size]).toEqual([10, 2, 2]);
});
